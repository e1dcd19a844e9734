/**
 * Match ownership leases and fencing on PostgreSQL (issue 19 §2; src/storage/postgres/pg-leases.ts): two stores
 * on one database stand for two nodes. A node whose lease was taken over cannot commit an action for that match
 * (refused, nothing written), and two nodes acquiring the same match at once: exactly one wins.
 */
import { describe, expect, it } from 'vitest';
import { starterRosters } from '@vroyale/cards';
import { PgStore } from '../../src/storage/postgres/pg-store.js';
import type { MatchRecord, RoomRecord } from '../../src/storage/records.js';
import { FencedError, type AppendAction } from '../../src/storage/store.js';
import { usePostgres } from '../helpers/postgres.js';

const pgTest = usePostgres();
const LEASE = 3_000;

const roster = (id: string) => {
  const s = starterRosters.find((r) => r.id === id)!;
  return { centre: s.centre, cards: [...s.cards] };
};

function records(n: number): { room: RoomRecord; match: MatchRecord } {
  const occ = (userId: string, r: string) => ({ userId, name: userId, roster: roster(r), rosterLabel: r, bot: false });
  const room: RoomRecord = {
    id: `room${n}`,
    visibility: 'public',
    status: 'active',
    clock: { initialMs: 60_000, incrementMs: 0 },
    seats: { A: occ('u_a', 'raid-night'), B: occ('u_b', 'mod-squad') },
    matchId: `m${n}`,
    createdAt: 1,
    kind: 'room',
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
  return { room, match };
}

const action = (n: number, seq: number): AppendAction => ({
  matchId: `m${n}`,
  roomId: `room${n}`,
  seq,
  actor: 'A',
  origin: 'player',
  action: { type: 'pass', manager: 'A' },
  clientActionId: `A:${n}-${seq}`,
  at: 1_000 + seq,
  clocks: { A: 50_000 - seq, B: 60_000 },
  result: null,
});

async function twoNodes(): Promise<[PgStore, PgStore, () => Promise<void>]> {
  const url = await pgTest.freshDatabase();
  const a = await PgStore.open(url);
  const b = await PgStore.open(url);
  a.leases.fence('a');
  b.leases.fence('b');
  return [a, b, async () => void (await Promise.all([a.close(), b.close()]))];
}

describe.skipIf(!pgTest.available)('match leases with a fencing epoch (PostgreSQL)', () => {
  it('refuses the appends of a node whose lease was taken over, writing nothing; the new owner writes', async () => {
    const [a, b, close] = await twoNodes();
    try {
      const { room, match } = records(1);
      await a.startMatch(room, match, 1);
      expect(await a.leases.acquire('m1', 1_000, LEASE)).toBe(1);
      await a.writer.append(action(1, 1));
      // Node b cannot take a running lease...
      expect(await b.leases.acquire('m1', 2_000, LEASE)).toBeNull();
      await expect(b.writer.append(action(1, 2))).rejects.toBeInstanceOf(FencedError);
      // ...but takes it once it ran out (a paused or dead owner): epoch 2.
      expect(await b.leases.acquire('m1', 1_000 + LEASE + 1, LEASE)).toBe(2);
      // The old owner's append, in a batch with an append of another match it does own, is refused alone.
      const other = records(2);
      await a.startMatch(other.room, other.match, 1);
      expect(await a.leases.acquire('m2', 5_000, LEASE)).toBe(1);
      const [stale, fine] = await Promise.allSettled([a.writer.append(action(1, 2)), a.writer.append(action(2, 1))]);
      expect(stale.status).toBe('rejected');
      expect((stale as PromiseRejectedResult).reason).toBeInstanceOf(FencedError);
      expect(fine.status).toBe('fulfilled');
      expect((await a.actions('m1')).map((r) => r.seq)).toEqual([1]);
      expect(a.leases.epochOf('m1')).toBeUndefined();
      // The old owner's renewal finds the match gone; the new owner's keeps it.
      expect([...(await a.leases.renew(['m1', 'm2'], 6_000, LEASE))]).toEqual(['m2']);
      expect([...(await b.leases.renew(['m1'], 6_000, LEASE))]).toEqual(['m1']);
      await b.writer.append(action(1, 2));
      expect((await b.actions('m1')).map((r) => r.seq)).toEqual([1, 2]);
      // A node that never acquired a match cannot write for it either.
      const third = records(3);
      await a.startMatch(third.room, third.match, 1);
      await expect(b.writer.append(action(3, 1))).rejects.toBeInstanceOf(FencedError);
      expect(await a.actions('m3')).toEqual([]);
      // Released (a hand-over): at once free for another node, and fenced for the old one.
      await b.leases.release(['m1']);
      expect(await a.leases.acquire('m1', 6_001, LEASE)).toBe(3);
      await expect(b.writer.append(action(1, 3))).rejects.toBeInstanceOf(FencedError);
      expect(await a.leases.expired(6_001 + LEASE + 1, 10)).toEqual(expect.arrayContaining(['m1', 'm2']));
    } finally {
      await close();
    }
  }, 30_000);

  it('lets exactly one of two nodes win each race for a match (new and expired leases)', async () => {
    const [a, b, close] = await twoNodes();
    try {
      const n = 20;
      for (let i = 1; i <= n; i++) {
        const { room, match } = records(i);
        await a.startMatch(room, match, 1);
      }
      for (const now of [10_000, 10_000 + LEASE + 1]) {
        const results = await Promise.all(
          Array.from({ length: n }, (_, i) => [a.leases.acquire(`m${i + 1}`, now, LEASE), b.leases.acquire(`m${i + 1}`, now, LEASE)]).flat(),
        );
        for (let i = 0; i < n; i++) {
          const pair = [results[2 * i], results[2 * i + 1]];
          expect(pair.filter((e) => e !== null)).toHaveLength(1);
        }
      }
      const rows = (await a.pool.query('SELECT epoch FROM match_owners')).rows as { epoch: number }[];
      expect(rows.map((r) => r.epoch)).toEqual(Array(n).fill(2));
    } finally {
      await close();
    }
  }, 30_000);
});
