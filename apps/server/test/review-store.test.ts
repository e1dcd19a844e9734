/**
 * The reviews table (migration 0012) on both backends, SQLite and PostgreSQL (skipped, with the reason, where
 * PostgreSQL is not installed): one row per match; a second claim joins it; a failed or silent one can be claimed
 * again; every write after the claim is fenced by the holder's node; a done review reads back whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { GameReview } from '@vroyale/protocol';
import { hashToken } from '../src/identity/ids.js';
import { PgStore } from '../src/storage/postgres/pg-store.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../src/storage/store.js';
import { POSTGRES_MISSING, usePostgres } from './helpers/postgres.js';
import { matchRows, roster } from './helpers/unit-kit.js';

const pgTest = usePostgres();
const dir = mkdtempSync(join(tmpdir(), 'vroyale-reviews-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const BACKENDS = [
  { name: 'sqlite', available: true, open: (): Promise<Store> => SqliteStore.open(join(dir, `r${++files}.db`)) },
  { name: 'postgres', available: pgTest.available, open: async (): Promise<Store> => PgStore.open(await pgTest.freshDatabase()) },
];

async function aMatch(st: Store, id: string): Promise<void> {
  await st.createSession(hashToken(`t-${id}`), 'u_a', 'A', 1);
  const occ = (r: string) => ({ userId: 'u_a', name: 'u_a', roster: roster(r), rosterLabel: r, bot: false });
  const { room, match } = matchRows(id, { seats: { A: occ('raid-night'), B: occ('mod-squad') }, at: 1 });
  await st.startMatch(room, match, 1);
}

const REVIEW: GameReview = {
  decisions: [{ index: 0, turn: 1, manager: 'A', chance: { A: 50, B: 50 }, judgement: null, skipped: 'not-a-play' }],
  managers: {
    A: { accuracy: null, judged: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } },
    B: { accuracy: null, judged: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } },
  },
  winner: 'B',
  turns: 1,
};

describe.each(BACKENDS)('review store on $name', (backend) => {
  let st: Store | undefined;
  afterEach(async () => {
    await st?.close();
    st = undefined;
  });

  it.skipIf(!backend.available)(backend.available ? 'claims once, fences writes by node, takes over failed or silent rows' : POSTGRES_MISSING, async () => {
    st = await backend.open();
    await aMatch(st, 'm1');
    expect(await st.reviews.get('m1')).toBeNull();

    const first = await st.reviews.claim('m1', 'n1', 1_000, 0);
    expect(first.claimed).toBe(true);
    expect(first.row).toMatchObject({ matchId: 'm1', status: 'queued', node: 'n1', progress: { done: 0, total: 0 }, requestedAt: 1_000, finishedAt: null });
    // Asked again (from this node or another) while it is fresh: joined, not claimed.
    const again = await st.reviews.claim('m1', 'n2', 2_000, 500);
    expect(again).toMatchObject({ claimed: false, row: { node: 'n1', requestedAt: 1_000 } });

    expect(await st.reviews.progress('m1', 'n1', 3, 10, 2_500)).toBe(true);
    expect(await st.reviews.get('m1')).toMatchObject({ status: 'running', progress: { done: 3, total: 10 }, updatedAt: 2_500 });
    // Another node's writes change nothing.
    expect(await st.reviews.progress('m1', 'n2', 9, 10, 2_600)).toBe(false);
    expect(await st.reviews.finish('m1', 'n2', { error: 'no' }, 2_600)).toBe(false);
    await st.reviews.heartbeat('n1', ['m1'], 2_700);
    expect(await st.reviews.get('m1')).toMatchObject({ status: 'running', progress: { done: 3 }, updatedAt: 2_700 });
    // Only the rows named, and only the holder's.
    await st.reviews.heartbeat('n2', ['m1'], 2_750);
    await st.reviews.heartbeat('n1', [], 2_750);
    expect((await st.reviews.get('m1'))?.updatedAt).toBe(2_700);

    // Pending: this node's own rows, or any row silent since before the limit.
    expect((await st.reviews.pending('n1', 0)).map((r) => r.matchId)).toEqual(['m1']);
    expect(await st.reviews.pending('n2', 2_700)).toEqual([]);
    expect((await st.reviews.pending('n2', 2_701)).map((r) => r.matchId)).toEqual(['m1']);
    expect(await st.reviews.adopt('m1', 'n2', 3_000, 2_000)).toBe(false);
    expect(await st.reviews.adopt('m1', 'n2', 3_000, 2_701)).toBe(true);
    expect(await st.reviews.get('m1')).toMatchObject({ status: 'queued', node: 'n2', progress: { done: 0 } });
    // The old holder lost it: its result is not written.
    expect(await st.reviews.finish('m1', 'n1', { resultJson: JSON.stringify(REVIEW) }, 3_100)).toBe(false);

    expect(await st.reviews.progress('m1', 'n2', 10, 10, 3_200)).toBe(true);
    expect(await st.reviews.finish('m1', 'n2', { resultJson: JSON.stringify(REVIEW) }, 3_300)).toBe(true);
    const done = await st.reviews.get('m1');
    expect(done).toEqual({
      matchId: 'm1',
      status: 'done',
      progress: { done: 10, total: 10 },
      resultJson: JSON.stringify(REVIEW),
      error: null,
      node: 'n2',
      requestedAt: 1_000,
      updatedAt: 3_300,
      finishedAt: 3_300,
    });
    // A done review is never claimed again, however old; no pending row is left.
    expect((await st.reviews.claim('m1', 'n3', 9_000, 9_000)).claimed).toBe(false);
    expect(await st.reviews.pending('n3', 9_000)).toEqual([]);

    // A failed one may be asked again: queued afresh for the asker.
    await aMatch(st, 'm2');
    await st.reviews.claim('m2', 'n1', 4_000, 0);
    await st.reviews.progress('m2', 'n1', 1, 5, 4_100);
    expect(await st.reviews.finish('m2', 'n1', { error: 'The review went over its budget' }, 4_200)).toBe(true);
    expect(await st.reviews.get('m2')).toMatchObject({
      status: 'failed',
      error: 'The review went over its budget',
      progress: { done: 1, total: 5 },
      resultJson: null,
    });
    const retry = await st.reviews.claim('m2', 'n3', 5_000, 0);
    expect(retry).toMatchObject({
      claimed: true,
      row: { status: 'queued', node: 'n3', error: null, progress: { done: 0, total: 0 }, requestedAt: 5_000, finishedAt: null },
    });
  });
});
