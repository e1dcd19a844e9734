/**
 * Ownership leases and fencing on PostgreSQL (issue 19 §2, issue 33 §4; src/storage/postgres/pg-leases.ts): two
 * stores on one database stand for two nodes, each with one node lease. A node whose lease ran out loses every
 * match it ran: another node takes them (epoch + 1) and the old node cannot commit an action for them (refused,
 * nothing written), nor renew; joining again it starts a new generation, which frees what the old one held. Two
 * nodes acquiring the same match at once: exactly one wins. A node renews one row, whatever its number of matches.
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

describe.skipIf(!pgTest.available)('node leases with a fencing epoch per match (PostgreSQL)', () => {
  it('refuses the appends of a node whose lease ran out and whose match was taken over, writing nothing; the new owner writes', async () => {
    const [a, b, close] = await twoNodes();
    try {
      const { room, match } = records(1);
      await a.startMatch(room, match, 1);
      // No lease, no match: a node acquires only once it joined.
      expect(await a.leases.acquire('m1', 1_000)).toBeNull();
      expect(await a.leases.join(1_000, LEASE)).toBe(1); // a's lease runs until 4000
      expect(await b.leases.join(1_000, LEASE)).toBe(1);
      expect(await a.leases.acquire('m1', 1_000)).toBe(1);
      await a.writer.append(action(1, 1));
      // Node b cannot take a match whose owner's lease runs...
      expect(await b.leases.acquire('m1', 2_000)).toBeNull();
      await expect(b.writer.append(action(1, 2))).rejects.toBeInstanceOf(FencedError);
      expect(await b.leases.expired(2_000, 10)).toEqual([]);
      // ...b renews its own (one row), a does not (a paused or dead node)...
      expect(await b.leases.renewNode(3_900, LEASE)).toBe(true); // b until 6900
      // ...and once a's lease ran out, its match is free to take: epoch 2.
      expect(await b.leases.expired(4_001, 10)).toEqual(['m1']);
      expect(await b.leases.acquire('m1', 4_001)).toBe(2);
      // The old owner's append, in a batch with an append of another match it holds, is refused alone.
      const other = records(2);
      await a.startMatch(other.room, other.match, 1);
      expect(await a.leases.acquire('m2', 3_000)).toBe(1);
      const [stale, fine] = await Promise.allSettled([a.writer.append(action(1, 2)), a.writer.append(action(2, 1))]);
      expect(stale.status).toBe('rejected');
      expect((stale as PromiseRejectedResult).reason).toBeInstanceOf(FencedError);
      expect(fine.status).toBe('fulfilled');
      expect((await a.actions('m1')).map((r) => r.seq)).toEqual([1]);
      expect(a.leases.epochOf('m1')).toBeUndefined();
      // The old owner cannot renew a lease that ran out: it joins again, a new generation, and m2 is free.
      expect(await a.leases.renewNode(5_000, LEASE)).toBe(false);
      expect(await a.leases.join(5_000, LEASE)).toBe(2);
      expect(a.leases.epochOf('m2')).toBeUndefined();
      await expect(a.writer.append(action(2, 2))).rejects.toBeInstanceOf(FencedError);
      expect(await b.leases.expired(5_001, 10)).toEqual(['m2']);
      await b.writer.append(action(1, 2));
      expect((await b.actions('m1')).map((r) => r.seq)).toEqual([1, 2]);
      // A node that never acquired a match cannot write for it either.
      const third = records(3);
      await a.startMatch(third.room, third.match, 1);
      await expect(b.writer.append(action(3, 1))).rejects.toBeInstanceOf(FencedError);
      expect(await a.actions('m3')).toEqual([]);
      // Released (a hand-over): at once free for another node, and fenced for the old one.
      await b.leases.release(['m1']);
      expect(await a.leases.expired(5_100, 10)).toEqual(expect.arrayContaining(['m1', 'm2']));
      expect(await a.leases.acquire('m1', 5_100)).toBe(3);
      await expect(b.writer.append(action(1, 3))).rejects.toBeInstanceOf(FencedError);
      // Renewals write the node's row only: the match rows are untouched.
      const before = (await a.pool.query('SELECT match_id, epoch, node_id, node_generation FROM match_owners ORDER BY match_id')).rows;
      for (let t = 5_200; t < 7_000; t += 300) expect(await a.leases.renewNode(t, LEASE)).toBe(true);
      expect((await a.pool.query('SELECT match_id, epoch, node_id, node_generation FROM match_owners ORDER BY match_id')).rows).toEqual(before);
      // A match that ended gives its row back for good.
      await a.pool.query("UPDATE matches SET status = 'finished' WHERE id = 'm1'");
      await a.leases.release(['m1']);
      expect((await a.pool.query("SELECT 1 FROM match_owners WHERE match_id = 'm1'")).rows).toEqual([]);
    } finally {
      await close();
    }
  }, 30_000);

  it('keeps the epoch of a match this node holds when it asks for it again at the same time (scan and hand-over racing)', async () => {
    const [a, b, close] = await twoNodes();
    try {
      const { room, match } = records(1);
      await a.startMatch(room, match, 1);
      await a.leases.join(1_000, LEASE);
      await b.leases.join(1_000, LEASE);
      expect(await b.leases.acquire('m1', 1_000)).toBe(1);
      await b.leases.release(['m1']); // a hand-over: free for any node
      // Node a's takeover scan and its hand-over handler both ask for it: one wins, the other gets nothing...
      const got = await Promise.all([a.leases.acquire('m1', 1_100), a.leases.acquire('m1', 1_100)]);
      expect(got.filter((e) => e !== null)).toEqual([2]);
      // ...and the winner still writes: the losing ask did not drop the epoch a holds.
      expect(a.leases.epochOf('m1')).toBe(2);
      await a.writer.append(action(1, 1));
      expect((await a.actions('m1')).map((r) => r.seq)).toEqual([1]);
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
        // Both nodes (re)join at `now`: the winner of each match in the first round is of a generation that the
        // second round's join leaves behind, so every match is free again in the second round.
        await Promise.all([a.leases.join(now, LEASE), b.leases.join(now, LEASE)]);
        const results = await Promise.all(Array.from({ length: n }, (_, i) => [a.leases.acquire(`m${i + 1}`, now), b.leases.acquire(`m${i + 1}`, now)]).flat());
        for (let i = 0; i < n; i++) {
          const pair = [results[2 * i], results[2 * i + 1]];
          expect(pair.filter((e) => e !== null)).toHaveLength(1);
        }
      }
      const rows = (await a.pool.query('SELECT epoch FROM match_owners')).rows as { epoch: number }[];
      expect(rows.map((r) => Number(r.epoch))).toEqual(Array(n).fill(2));
    } finally {
      await close();
    }
  }, 30_000);
});
