/**
 * The game review on a real server (issue 35 §1; docs/api.md "Reviews"): real sockets finish real matches (two
 * managers play, then one concedes), `POST /api/matches/:id/review` queues the review on a real review process
 * (review-child.mjs, every thread at nice 19 on Linux), the result is stored in the real SQLite file. Each server gets a tiny
 * search budget so a review takes moments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../src/config.js';
import { finishedMatch, getReview as get, postReview as post, processRunning, reviewConfig as reviews, settled, TINY } from './helpers/review-kit.js';
import { twoManagers } from './helpers/match-setup.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { poll } from './helpers/until.js';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
async function server(o: Partial<ServerConfig['reviews']> = {}): Promise<TestServer> {
  const t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, reviews: reviews(o) });
  servers.push(t);
  return t;
}

const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
/** Scheduling policy (field 41): 5 is SCHED_IDLE. */
const policyOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
const SCHED_IDLE = 5;

describe('game review', () => {
  it('reviews a finished match in a review process: queued, running with progress, done; one decision per action', async () => {
    const myNice = niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
    const t = await server({ budget: { deals: 2, verify: 2, maxCandidates: 4 } });
    const { matchId, actions } = await finishedMatch(t, 40);
    expect(actions).toBeGreaterThan(20);

    const first = await post(t, matchId);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ matchId, status: 'queued', queuePosition: 0, review: null, error: null });
    // Asked again at once: the same job (nothing new queued).
    const second = await post(t, matchId);
    expect(second.status).toBe(202);
    expect(second.body.status).toMatch(/queued|running/);
    expect(t.server.reviews.size).toEqual({ waiting: 0, running: 1 });

    const { last, seen } = await settled(t, matchId);
    expect(last.error).toBeNull();
    expect(last.status).toBe('done');
    expect(last.progress).toEqual({ done: actions, total: actions });
    // Progress came from the process while it ran.
    expect(seen.some((s) => s.status === 'running' && s.progress.done > 0 && s.progress.done < actions && s.progress.total === actions)).toBe(true);
    const review = last.review!;
    expect(review.decisions.map((d) => d.index)).toEqual([...Array(actions).keys()]);
    expect(review.winner).toBe('B');
    for (const d of review.decisions) expect(d.chance.A + d.chance.B).toBeCloseTo(100, 6);
    expect(review.managers.A.judged + review.managers.B.judged).toBe(review.decisions.filter((d) => d.judgement).length);
    expect(review.managers.A.judged + review.managers.B.judged).toBeGreaterThan(0);

    // A done review is read, never run again.
    const again = await post(t, matchId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(last);
    expect(t.server.reviews.stats).toEqual({ done: 1, failed: 0 });

    // Every thread of the review process runs at nice 19 and under SCHED_IDLE (Linux: V8's helpers too), as it
    // said when ready and as /proc reads now (threads started since inherit both); this process's own thread is
    // unchanged.
    const [info] = t.server.reviews.processInfo();
    expect(info?.lowered).toBe(true);
    expect(info!.pid).not.toBe(process.pid);
    expect(info!.threads.length).toBeGreaterThan(1);
    expect(info!.threads.every((th) => th.nice === 19)).toBe(true);
    const tids = readdirSync(`/proc/${info!.pid}/task`);
    expect(tids.length).toBeGreaterThan(1);
    expect(tids.map((tid) => niceOf(readFileSync(`/proc/${info!.pid}/task/${tid}/stat`, 'utf8')))).toEqual(tids.map(() => 19));
    expect(niceOf(readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(myNice);
    expect(info?.idle).toBe(true);
    expect(info!.threads.every((th) => th.policy === SCHED_IDLE)).toBe(true);
    expect(tids.map((tid) => policyOf(readFileSync(`/proc/${info!.pid}/task/${tid}/stat`, 'utf8')))).toEqual(tids.map(() => SCHED_IDLE));
    expect(policyOf(readFileSync('/proc/thread-self/stat', 'utf8'))).not.toBe(SCHED_IDLE);
  });

  it('refuses: 404 no such match, 403 a live match, 404 GET before anyone asked, 503 when reviews are off', async () => {
    const t = await server();
    expect(await post(t, 'no-such-match')).toMatchObject({ status: 404, body: { error: 'not-found', message: 'No such match' } });
    expect((await get(t, 'no-such-match')).status).toBe(404);
    const { a, b, matchId } = await twoManagers(t.url);
    expect(await post(t, matchId)).toMatchObject({ status: 403, body: { error: 'match-not-finished' } });
    expect(await get(t, matchId)).toMatchObject({ status: 403, body: { error: 'match-not-finished' } });
    a.close();
    b.close();
    const ended = await finishedMatch(t);
    expect(await get(t, ended.matchId)).toMatchObject({ status: 404, body: { error: 'not-found', message: expect.stringMatching(/Nobody has asked/) } });
    expect(await t.server.storage.reviews.get(ended.matchId)).toBeNull();

    const off = await server({ processes: 0 });
    const m = await finishedMatch(off);
    expect(await post(off, m.matchId)).toMatchObject({ status: 503, body: { error: 'reviews-off', message: 'Game reviews are turned off on this server' } });
    expect(await off.server.storage.reviews.get(m.matchId)).toBeNull();
  });

  it('429 when the queue is full (costing the asker nothing) and when one address asks for too many', async () => {
    // The first review takes a while (a longer match, the default budget); the others are a concession each.
    const t = await server({ maxQueued: 1, perAddressPerHour: 3, budget: {} });
    const ms = [(await finishedMatch(t, 40)).matchId];
    for (let i = 0; i < 3; i++) ms.push((await finishedMatch(t)).matchId);
    // While the thread starts: the first is handed to it (next), the second waits behind it, the third finds the
    // queue full. The thread takes one review at a time, even before it is ready.
    expect((await post(t, ms[0]!)).body).toMatchObject({ status: 'queued', queuePosition: 0 });
    expect((await post(t, ms[1]!)).body).toMatchObject({ status: 'queued', queuePosition: 1 });
    const full = await post(t, ms[2]!);
    expect(full).toMatchObject({ status: 429, body: { error: 'review-queue-full' } });
    expect(full.headers.get('retry-after')).toBe('60');
    expect(await t.server.storage.reviews.get(ms[2]!)).toBeNull();
    expect((await get(t, ms[1]!)).body).toMatchObject({ status: 'queued' });
    for (const id of ms.slice(0, 2)) expect((await settled(t, id)).last.status).toBe('done');
    expect(t.server.reviews.stats).toEqual({ done: 2, failed: 0 });
    // The refusal was not counted: a third new review is allowed, a fourth is not; joining a done one still is.
    expect((await post(t, ms[2]!)).status).toBe(202);
    const limited = await post(t, ms[3]!);
    expect(limited).toMatchObject({ status: 429, body: { error: 'too-many-attempts', message: expect.stringMatching(/At most 3 new reviews an hour/) } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(t, ms[0]!)).status).toBe(200);
    expect(await t.server.storage.reviews.get(ms[3]!)).toBeNull();
  });

  it('over its CPU budget or its wall time: failed with the reason; the process is killed and replaced; asked again, it runs', async () => {
    const t = await server({ cpuMs: 0 });
    const short = await finishedMatch(t);
    expect((await post(t, short.matchId)).status).toBe(202);
    const cpu = await settled(t, short.matchId);
    expect(cpu.last).toMatchObject({
      status: 'failed',
      review: null,
      error: expect.stringMatching(/^The review went over its CPU budget \(0 s\) after 1 of \d+ decisions$/),
    });
    expect(await t.server.storage.reviews.get(short.matchId)).toMatchObject({ status: 'failed', error: cpu.last.error });

    // The queue reads its limits per review: a wall-time cap far below what a 30-action review takes.
    const first = t.server.reviews.processInfo()[0]!.pid;
    const long = await finishedMatch(t, 30);
    t.server.reviews.config.cpuMs = 60_000;
    t.server.reviews.config.wallMs = 20;
    t.server.reviews.config.budget = {};
    expect((await post(t, long.matchId)).status).toBe(202);
    const wall = await settled(t, long.matchId);
    expect(wall.last).toMatchObject({ status: 'failed', error: 'The review took longer than its time limit (0.02 s of wall time)' });
    await poll(async () => !processRunning(first), 10_000, 'the killed review process gone');

    // A new process takes the next review; a failed review asked again runs afresh.
    t.server.reviews.config.wallMs = 60_000;
    t.server.reviews.config.budget = TINY;
    expect((await post(t, short.matchId)).body).toMatchObject({ status: 'queued', error: null });
    expect((await settled(t, short.matchId)).last).toMatchObject({ status: 'done', error: null, progress: { done: short.actions, total: short.actions } });
    expect(t.server.reviews.stats).toEqual({ done: 1, failed: 2 });
    expect(t.server.reviews.processInfo()[0]!.pid).not.toBe(first);
  });

  it('survives a restart: a queued review runs after it, a done one is read back and not run again', async () => {
    // A review that takes seconds (the default budget), so the stop comes before it is done.
    const t = await server({ budget: {} });
    const m = await finishedMatch(t, 30);
    expect((await post(t, m.matchId)).status).toBe(202);
    // Stopped while it is queued or running: the row stays so.
    await t.restart();
    expect((await t.server.storage.reviews.get(m.matchId))?.status).toMatch(/queued|running/);
    expect(t.server.reviews.size.waiting + t.server.reviews.size.running).toBe(1);
    const { last } = await settled(t, m.matchId);
    expect(last).toMatchObject({ status: 'done', progress: { done: m.actions, total: m.actions } });
    expect(last.review!.decisions).toHaveLength(m.actions);

    await t.restart();
    expect(t.server.reviews.size).toEqual({ waiting: 0, running: 0 });
    expect(await get(t, m.matchId)).toMatchObject({ status: 200, body: last });
    expect((await post(t, m.matchId)).status).toBe(200);
    expect(t.server.reviews.stats).toEqual({ done: 0, failed: 0 });
  });

  it('after a restart with no room left in the queue, a pending review fails saying to ask again', async () => {
    const t = await server({ budget: {} });
    const m = await finishedMatch(t, 30);
    expect((await post(t, m.matchId)).status).toBe(202);
    t.config.reviews = { ...t.config.reviews, maxQueued: 0 };
    await t.restart();
    expect(t.server.reviews.size).toEqual({ waiting: 0, running: 0 });
    expect(await get(t, m.matchId)).toMatchObject({
      status: 200,
      body: { status: 'failed', review: null, error: 'The server restarted with more reviews waiting than its queue holds; ask again' },
    });
  });
});
