/**
 * Routing (issue 19 §2): a match whose two managers and a spectator sit on three different nodes plays to the
 * end. The room lives on node 1 (its creator's); node 2's manager joins and acts, node 3's spectator watches and
 * chats, all through forwards to node 1, which checks seats itself and acks after the commit; views and chat
 * reach nodes 2 and 3 through the Redis streams adapter. Every acked action is in PostgreSQL, the final state
 * hash is the replay's, and no view leaked hidden information.
 */
import { describe, expect, it } from 'vitest';
import { hashState, makeRng } from '@vroyale/engine';
import { useCluster } from '../helpers/cluster.js';
import { TestClient } from '../helpers/test-client.js';
import type { TestServer } from '../helpers/test-server.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from '../helpers/leak-scan.js';
import type { PgStore } from '../../src/storage/postgres/pg-store.js';

const cluster = useCluster('three-nodes.test.ts');

describe.skipIf(!cluster.available)('a match across three nodes', () => {
  it('plays to the end with managers and a spectator on different nodes; acked actions stored, nothing leaked', async () => {
    const c = await cluster.start(3, { rateLimit: { capacity: 1000, refillPerSec: 1000 } });
    const [n1, n2, n3] = c.nodes as [TestServer, TestServer, TestServer];
    const clients: TestClient[] = [];
    try {
      const a = await TestClient.connect(n1.url, 'Alice');
      const b = await TestClient.connect(n2.url, 'Bob');
      const spec = await TestClient.connect(n3.url, 'Watcher');
      clients.push(a, b, spec);
      const created = await a.emit('room:create', { visibility: 'public' });
      if (!created.ok) throw new Error(created.message);
      const roomId = created.roomId;
      expect(await a.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true, seat: 'A' });
      // Node 2 does not hold the room: its join goes to node 1.
      expect(n2.server.game.room(roomId)).toBeUndefined();
      expect(await b.emit('room:join', { roomId, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true, seat: 'B' });
      await a.waitFor(() => a.view(roomId) !== undefined, 10_000, 'A view');
      await b.waitFor(() => b.view(roomId) !== undefined, 10_000, 'B view');
      expect(await spec.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
      await spec.waitFor(() => spec.view(roomId) !== undefined, 10_000, 'spectator view');
      expect(spec.view(roomId)!.viewer).toBe('spectator');
      // A seat is checked by the room's node: the spectator cannot act, nor can B act for A.
      expect(await spec.emit('match:action', { roomId, clientActionId: 'x', seenSeq: spec.view(roomId)!.seq, action: { type: 'concede' } })).toMatchObject({
        ok: false,
        code: 'not-a-manager',
      });

      // Chat from node 1 and node 3 reaches everyone.
      expect(await a.emit('room:chat', { roomId, text: 'good luck!' })).toEqual({ ok: true });
      expect(await spec.emit('room:chat', { roomId, text: 'go Bob' })).toEqual({ ok: true });
      await b.waitFor(() => b.received.filter((r) => r.event === 'room:chat').length >= 2, 5_000, 'chat on node 2');
      await spec.waitFor(() => spec.received.some((r) => r.event === 'room:chat' && JSON.stringify(r.payload).includes('good luck')), 5_000, 'chat on node 3');

      a.startAutoplay(roomId, makeRng('three-a'));
      b.startAutoplay(roomId, makeRng('three-b'));
      await a.waitFor(() => a.view(roomId)?.result != null, 90_000, 'the result');
      await b.waitFor(() => b.view(roomId)?.result != null, 10_000, 'the result on node 2');
      await spec.waitFor(() => spec.view(roomId)?.result != null, 10_000, 'the result on node 3');
      const final = a.view(roomId)!;
      expect(b.view(roomId)!.seq).toBe(final.seq);
      expect(spec.view(roomId)!.seq).toBe(final.seq);
      expect(b.accepted.size).toBeGreaterThan(0);
      for (const e of [...a.autoplay!.errors, ...b.autoplay!.errors]) expect(['stale', 'rate-limited', 'match-over']).toContain((e as { code: string }).code);

      // Every acked action is in PostgreSQL at the seq it was acked with.
      const matchId = final.matchId;
      const stored = await n1.server.storage.actions(matchId);
      const bySeq = new Map(stored.map((r) => [r.seq, r]));
      for (const [id, seq] of [...a.accepted, ...b.accepted]) expect(bySeq.get(seq)?.clientActionId?.endsWith(id)).toBe(true);
      expect(stored.length).toBe(final.seq);

      const res = await fetch(`${n3.url}/api/matches/${matchId}/replay`);
      expect(res.status).toBe(200);
      const replay = (await res.json()) as Replay;
      const states = replayStates(replay);
      expect(hashState(states[states.length - 1]!)).toBe(final.stateHash);
      for (const [cl, viewer] of [
        [a, 'A'],
        [b, 'B'],
        [spec, 'spectator'],
      ] as const)
        expect(scanForLeaks(cl.received, secretsFor(states, viewer)).slice(0, 5)).toEqual([]);
      expect(scanForLeaks(b.received, secretsFor(states, 'A')).length).toBeGreaterThan(0); // the scan is not vacuous
      // The match ended: its owner row is given back.
      // (The release is written behind the result in the write lane: it may land a moment after the last view.)
      const pool = (n1.server.storage as PgStore).pool;
      const ownerRow = async () =>
        (
          await pool.query('SELECT o.node_id, o.node_generation, m.status FROM match_owners o JOIN matches m ON m.id = o.match_id WHERE o.match_id = $1', [
            matchId,
          ])
        ).rows;
      for (const t0 = Date.now(); (await ownerRow()).length > 0 && Date.now() - t0 < 5_000;) await new Promise((r) => setTimeout(r, 50));
      expect(await ownerRow()).toEqual([]);

      // Node 2's manager leaving: the disconnect reaches node 1, which counts the seat's socket gone.
      b.close();
      await new Promise((r) => setTimeout(r, 300));
      expect(n1.server.game.room(roomId)!.memberCount).toBe(2);
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 120_000);
});
