/**
 * Storage and restore: the action log's uniqueness rules, and a match whose log no longer replays is
 * marked 'broken' at start-up instead of stopping the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { cardPool, starterRosters } from '@vroyale/cards';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { replayMatch } from '../../src/master/replay.js';
import type { MatchRecord, RoomRecord } from '../../src/storage/records.js';

const dir = mkdtempSync(join(tmpdir(), 'vroyale-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const roster = (id: string) => {
  const s = starterRosters.find((r) => r.id === id)!;
  return { centre: s.centre, cards: [...s.cards] };
};

async function seed(st: SqliteStore): Promise<MatchRecord> {
  const occ = (name: string, r: string) => ({ userId: `u_${name}`, name, roster: roster(r), rosterLabel: r, bot: false });
  const room: RoomRecord = {
    id: 'room1',
    visibility: 'public',
    status: 'active',
    clock: { initialMs: 60_000, incrementMs: 0 },
    seats: { A: occ('a', 'raid-night'), B: occ('b', 'mod-squad') },
    matchId: 'm1',
    createdAt: 1,
  };
  const match: MatchRecord = {
    id: 'm1',
    roomId: 'room1',
    seed: 'abc',
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
  return match;
}

describe('SqliteStore', () => {
  it('uses WAL and refuses a second action with the same seq or the same client action id', async () => {
    const st = await SqliteStore.open(join(dir, 'a.db'));
    expect(st.db.pragma('journal_mode', { simple: true })).toBe('wal');
    await seed(st);
    const base = { matchId: 'm1', roomId: 'room1', actor: 'A' as const, origin: 'player' as const, at: 2, clocks: { A: 1, B: 1 }, result: null };
    st.appendRow({ ...base, seq: 1, action: { type: 'mulligan', manager: 'A', redraw: false }, clientActionId: 'A:1' });
    expect(() => st.appendRow({ ...base, seq: 1, action: { type: 'pass', manager: 'A' }, clientActionId: 'A:2' })).toThrow(/UNIQUE/);
    expect(() => st.appendRow({ ...base, seq: 2, action: { type: 'pass', manager: 'A' }, clientActionId: 'A:1' })).toThrow(/UNIQUE/);
    // The failed inserts rolled back whole: one action, clocks untouched by them.
    expect(await st.actions('m1')).toHaveLength(1);
    st.closeNow();
  });

  it('replays a log to its state, and reports a log that does not replay', async () => {
    const st = await SqliteStore.open(join(dir, 'b.db'));
    const match = await seed(st);
    const base = { matchId: 'm1', roomId: 'room1', origin: 'player' as const, at: 2, clocks: { A: 1, B: 1 }, result: null };
    st.appendRow({ ...base, actor: 'A', seq: 1, action: { type: 'mulligan', manager: 'A', redraw: false }, clientActionId: 'A:1' });
    const good = replayMatch(match, await st.actions('m1'), cardPool);
    expect(good.ok && good.state.seq).toBe(1);
    expect(good.ok && good.clientAcks.get('A:1')).toBe(1);
    st.appendRow({ ...base, actor: 'A', seq: 2, action: { type: 'mulligan', manager: 'A', redraw: false }, clientActionId: 'A:2' });
    const bad = replayMatch(match, await st.actions('m1'), cardPool);
    expect(bad.ok).toBe(false);
    st.closeNow();
  });

  it('checkpoints the WAL on a worker thread, never on the main connection', async () => {
    const st = await SqliteStore.open(join(dir, 'c.db'));
    await seed(st);
    st.startBackgroundCheckpoints(20, createLogger('silent'));
    expect(st.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const base = { matchId: 'm1', roomId: 'room1', origin: 'player' as const, at: 2, clocks: { A: 1, B: 1 }, result: null };
    for (let seq = 1; seq <= 200; seq++) st.appendRow({ ...base, actor: 'A', seq, action: { type: 'pass', manager: 'A' }, clientActionId: `A:${seq}` });
    const deadline = Date.now() + 10_000;
    while (!(st.checkpoints.walFrames > 0 && st.checkpoints.copiedFrames === st.checkpoints.walFrames) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(st.checkpoints.walFrames).toBeGreaterThan(0);
    expect(st.checkpoints.copiedFrames).toBe(st.checkpoints.walFrames);
    expect(st.checkpoints.failures).toBe(0);
    await st.stopBackgroundCheckpoints();
    expect(st.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(await st.actions('m1')).toHaveLength(200);
    st.closeNow();
  });
});
