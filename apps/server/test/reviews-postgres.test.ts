/**
 * Game reviews on PostgreSQL across nodes (issue 35 §1): storage is shared, each node runs its own queue. Two real
 * servers on one real PostgreSQL database (scripts/services/postgres.mjs; the file skips, saying so, where
 * PostgreSQL is not installed): a review done on one node is read from the other and not run again; a review
 * left pending by a stopped node is joined while its heartbeat is fresh, and taken over once it has been silent
 * for STALE_MS (the second node's clock is a ManualClock moved past it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_MS } from '../src/reviews/review-queue.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { POSTGRES_MISSING, usePostgres } from './helpers/postgres.js';
import { finishedMatch, getReview, postReview, reviewConfig, settled } from './helpers/review-kit.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const pg = usePostgres();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
});

describe('game reviews on PostgreSQL, two nodes', () => {
  it.skipIf(!pg.available)(pg.available ? 'a done review is read on another node; a silent node’s review is taken over' : POSTGRES_MISSING, async () => {
    const url = await pg.freshDatabase();
    const cfg = { databaseUrl: url, rateLimit: { capacity: 1000, refillPerSec: 1000 }, reviews: reviewConfig() };
    const one = await startTestServer({ ...cfg, nodeId: 'review-one' });
    servers.push(one);
    const m1 = await finishedMatch(one, 12);
    const m2 = await finishedMatch(one);
    expect((await postReview(one, m1.matchId)).status).toBe(202);
    const done = (await settled(one, m1.matchId)).last;
    expect(done).toMatchObject({ status: 'done', progress: { done: m1.actions, total: m1.actions } });
    // Asked on node one, which stops at once: the row stays queued or running, node one's.
    expect((await postReview(one, m2.matchId)).status).toBe(202);
    await one.server.stop();

    const clock = new ManualClock(Date.now());
    const two = await startTestServer({ ...cfg, nodeId: 'review-two' }, clock);
    servers.push(two);
    // Fresh: not taken at start. The done one reads the same from here and is not run again.
    expect(two.server.reviews.size).toEqual({ waiting: 0, running: 0 });
    expect(await getReview(two, m1.matchId)).toMatchObject({ status: 200, body: done });
    expect((await postReview(two, m1.matchId)).status).toBe(200);
    const joined = await postReview(two, m2.matchId);
    expect(joined).toMatchObject({ status: 202, body: { status: expect.stringMatching(/^(queued|running)$/), queuePosition: null } });
    expect(two.server.reviews.size).toEqual({ waiting: 0, running: 0 });
    expect((await two.server.storage.reviews.get(m2.matchId))?.node).toBe('review-one');

    // Silent past the limit: the next ask takes it over and runs it here.
    clock.advance(STALE_MS + 1_000);
    expect((await postReview(two, m2.matchId)).status).toBe(202);
    expect((await two.server.storage.reviews.get(m2.matchId))?.node).toBe('review-two');
    expect((await settled(two, m2.matchId)).last).toMatchObject({ status: 'done', progress: { done: m2.actions, total: m2.actions } });
    expect(two.server.reviews.stats).toEqual({ done: 1, failed: 0 });
  });
});
