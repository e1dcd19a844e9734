/**
 * Group commit on SQLite (storage/sqlite/group-commit.ts): appends made in one event-loop turn share one transaction; an
 * append resolves only once its transaction has committed (another connection reads the row by then); a
 * refused row fails alone; a failed commit fails the whole batch and writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { starterRosters } from '@vroyale/cards';
import { ActionWriter } from '../../src/storage/sqlite/group-commit.js';
import { createLogger } from '../../src/logger.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { AppendAction } from '../../src/storage/store.js';
import type { MatchRecord, RoomRecord } from '../../src/storage/records.js';

const dir = mkdtempSync(join(tmpdir(), 'vroyale-gc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const roster = (id: string) => {
  const s = starterRosters.find((r) => r.id === id)!;
  return { centre: s.centre, cards: [...s.cards] };
};

async function addMatch(st: SqliteStore, n: number): Promise<void> {
  const occ = (name: string, r: string) => ({ userId: `u_${name}`, name, roster: roster(r), rosterLabel: r, bot: false });
  const room: RoomRecord = {
    id: `room${n}`,
    visibility: 'public',
    status: 'active',
    clock: { initialMs: 60_000, incrementMs: 0 },
    seats: { A: occ('a', 'raid-night'), B: occ('b', 'mod-squad') },
    matchId: `m${n}`,
    createdAt: 1,
  };
  const match: MatchRecord = {
    id: `m${n}`,
    roomId: room.id,
    seed: 's',
    rosters: { A: roster('raid-night'), B: roster('mod-squad') },
    seats: { A: room.seats.A!, B: room.seats.B! },
    status: 'active',
    result: null,
    clocks: { A: 60_000, B: 60_000 },
    createdAt: 1,
    kind: 'room',
    endedAt: null,
  };
  await st.startMatch(room, match, 1);
}

const row = (n: number, seq: number): AppendAction => ({
  matchId: `m${n}`,
  roomId: `room${n}`,
  seq,
  actor: 'A',
  origin: 'player',
  action: { type: 'pass', manager: 'A' },
  clientActionId: `A:${n}-${seq}`,
  at: 2,
  clocks: { A: 1, B: 1 },
  result: null,
});

describe('ActionWriter', () => {
  it('commits one turn of appends in one transaction and resolves each only after the commit', async () => {
    const path = join(dir, 'a.db');
    const st = await SqliteStore.open(path);
    for (const n of [1, 2, 3]) await addMatch(st, n);
    const w = new ActionWriter(st);
    const reader = new Database(path, { readonly: true });
    const visible = (n: number) => reader.prepare('SELECT COUNT(*) AS c FROM actions WHERE match_id = ?').get(`m${n}`) as { c: number };
    const seenOnResolve: number[] = [];
    const appends = [1, 2, 3].map((n) => w.append(row(n, 1)).then(() => seenOnResolve.push(visible(n).c)));
    // Nothing is written until the turn's I/O is done.
    expect(visible(1).c).toBe(0);
    await Promise.all(appends);
    expect(seenOnResolve).toEqual([1, 1, 1]);
    expect(w.stats()).toMatchObject({ commits: 1, appends: 3, largestBatch: 3 });
    reader.close();
    st.closeNow();
  });

  it('fails only the refused row of a batch', async () => {
    const st = await SqliteStore.open(join(dir, 'b.db'));
    for (const n of [1, 2]) await addMatch(st, n);
    const w = new ActionWriter(st);
    await w.append(row(1, 1));
    const results = await Promise.allSettled([w.append(row(1, 1)), w.append(row(2, 1)), w.append(row(1, 2))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect((await st.actions('m1')).map((a) => a.seq)).toEqual([1, 2]);
    expect((await st.actions('m2')).map((a) => a.seq)).toEqual([1]);
    st.closeNow();
  });

  it('commits a unit of several rows all or none: a refused row fails its whole unit, the other units of the batch commit', async () => {
    const st = await SqliteStore.open(join(dir, 'u.db'));
    for (const n of [1, 2, 3]) await addMatch(st, n);
    const w = new ActionWriter(st);
    await w.append(row(1, 2));
    const results = await Promise.allSettled([
      w.appendUnit([row(2, 1), row(2, 2), row(2, 3)]),
      // Its second row's seq is taken: its first row must not stay either.
      w.appendUnit([row(1, 1), row(1, 2), row(1, 3)]),
      w.appendUnit([row(3, 1), row(3, 2)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await st.actions('m1')).map((a) => a.seq)).toEqual([2]);
    expect((await st.actions('m2')).map((a) => a.seq)).toEqual([1, 2, 3]);
    expect((await st.actions('m3')).map((a) => a.seq)).toEqual([1, 2]);
    expect(w.stats()).toMatchObject({ appends: 6 });
    st.closeNow();
  });

  it('fails every append of a batch whose commit fails, writing none of them', async () => {
    const st = await SqliteStore.open(join(dir, 'c.db'));
    for (const n of [1, 2]) await addMatch(st, n);
    const w = new ActionWriter(st);
    const real = st.db.transaction.bind(st.db);
    let batch = true;
    // The batch's own transaction fails as a whole after its rows (as a COMMIT on a full disk would).
    (st.db as { transaction: unknown }).transaction = (fn: () => void) => {
      if (!batch) return real(fn);
      batch = false;
      return real(() => {
        fn();
        throw new Error('SQLITE_FULL (test)');
      });
    };
    const results = await Promise.allSettled([w.append(row(1, 1)), w.append(row(2, 1))]);
    (st.db as { transaction: unknown }).transaction = real;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect([...(await st.actions('m1')), ...(await st.actions('m2'))]).toEqual([]);
    st.closeNow();
  });

  it('keeps the WAL bounded under a steady stream of commits (the checkpoint thread restarts it)', async () => {
    const path = join(dir, 'd.db');
    const st = await SqliteStore.open(path);
    for (const n of [1, 2, 3]) await addMatch(st, n);
    // Checkpoint every 5 ms and restart the WAL past 64 frames, so a short test sees many restarts.
    st.startBackgroundCheckpoints(5, createLogger('silent'), 64);
    const w = new ActionWriter(st);
    let seq = 0;
    // About a thousand commits a second (twice the rate of 500 matches in the load benchmark).
    const turn = async () => {
      seq++;
      await Promise.all([1, 2, 3].map((n) => w.append(row(n, seq))));
      await new Promise((r) => setTimeout(r, 1));
    };
    while (st.checkpoints.runs === 0) await turn();
    const from = w.stats().commits;
    let largestWal = 0;
    const t0 = Date.now();
    while (Date.now() - t0 < 1_500 || st.checkpoints.restarts < 3) {
      await turn();
      largestWal = Math.max(largestWal, st.checkpoints.walFrames);
      if (Date.now() - t0 > 20_000) break;
    }
    const commits = w.stats().commits - from;
    expect(w.stats().appends).toBe(3 * seq);
    expect(st.checkpoints.restarts).toBeGreaterThanOrEqual(3);
    // Each commit adds at least one frame: a WAL that never restarted would hold one per commit by now.
    expect(largestWal).toBeLessThan(commits / 2);
    await st.stopBackgroundCheckpoints();
    for (const n of [1, 2, 3]) expect(await st.actions(`m${n}`)).toHaveLength(seq);
    st.closeNow();
  });
});
