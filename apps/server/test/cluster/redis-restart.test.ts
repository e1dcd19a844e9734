/**
 * Redis restarting under a running cluster (issue 19 §3): two nodes, a match whose manager B sits on node 2
 * (its actions are forwarded to node 1 through Redis). Redis stops; node 1's own manager still acts (PostgreSQL
 * is enough for that); node 2's forward gets no answer and is refused 'moved' (send it again; the web client does so silently). Redis
 * comes back on the same port: the client's resend is acked, views reach node 2 again, both nodes' health is ok,
 * without restarting anything, and the match plays on to its result: every acked action is in PostgreSQL at its
 * seq, the final state hash equals the replay's, and no view leaked hidden information.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hashState, makeRng } from '@vroyale/engine';
import { replayStates, scanForLeaks, secretsFor, type Replay } from '../helpers/leak-scan.js';
import { usePostgres } from '../helpers/postgres.js';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from '../helpers/redis.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { TestClient } from '../helpers/test-client.js';

const pgTest = usePostgres();
noteRedisMissing('redis-restart.test.ts');
let redis: RunningRedis | null = null;
afterAll(async () => void (await redis?.stop()), 30_000);

describe.skipIf(!pgTest.available || !redisInstalled)('Redis restarting', () => {
  it('delays cross-node messages while it is away and loses no action', async () => {
    const databaseUrl = await pgTest.freshDatabase();
    redis = await startRedis();
    const nodes: TestServer[] = [];
    nodes.push(await startTestServer({ databaseUrl, redisUrl: redis.url, nodeId: 'n1' }));
    nodes.push(await startTestServer({ databaseUrl, redisUrl: redis.url, nodeId: 'n2' }));
    const [n1, n2] = nodes as [TestServer, TestServer];
    const clients: TestClient[] = [];
    try {
      const a = await TestClient.connect(n1.url, 'Alice');
      const b = await TestClient.connect(n2.url, 'Bob');
      clients.push(a, b);
      const created = await a.emit('room:create', { visibility: 'public' });
      if (!created.ok) throw new Error(created.message);
      const roomId = created.roomId;
      await a.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' });
      expect(await b.emit('room:join', { roomId, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true });
      await b.waitFor(() => b.view(roomId) !== undefined, 10_000, 'B view');
      const matchId = a.view(roomId)!.matchId;

      const port = redis.port;
      await redis.stop();
      redis = null;
      // Node 1's manager acts on node 1: no Redis needed.
      expect(await a.emit('match:action', { roomId, clientActionId: 'a1', seenSeq: 0, action: { type: 'mulligan', redraw: false } })).toEqual({
        ok: true,
        seq: 1,
      });
      // Node 2's manager: the forward waits for Redis.
      const pending = b.emit('match:action', { roomId, clientActionId: 'b1', seenSeq: 1, action: { type: 'mulligan', redraw: false } }, 20_000);
      await new Promise((r) => setTimeout(r, 1_000));
      redis = await startRedis({ port });
      // Acked, or told to send again (no node answered while Redis was away): the client sends it again, as the
      // message says, until it goes through; the same clientActionId, so never applied twice.
      let ack = await pending;
      const refusals: string[] = [];
      const until = Date.now() + 15_000;
      while (!ack.ok && Date.now() < until) {
        refusals.push(ack.code);
        await new Promise((r) => setTimeout(r, 300));
        ack = await b.emit('match:action', { roomId, clientActionId: 'b1', seenSeq: 1, action: { type: 'mulligan', redraw: false } }, 20_000);
      }
      console.log(`redis restart: B's action acked after ${refusals.length} refusals (${[...new Set(refusals)].join(', ')})`);
      expect(ack).toEqual({ ok: true, seq: 2 });
      for (const code of refusals) expect(['moved', 'shutting-down']).toContain(code);
      await b.waitFor(() => (b.view(roomId)?.seq ?? 0) >= 2, 15_000, 'views on node 2 after Redis came back');
      expect((await n1.server.storage.actions(matchId)).map((r) => r.seq)).toEqual([1, 2]);
      // Health says ok again on both nodes.
      for (const n of nodes) expect(await (await fetch(`${n.url}/healthz`)).json()).toMatchObject({ ok: true, checks: { redis: 'ok' } });

      // The match plays on to its result through the restarted Redis.
      a.startAutoplay(roomId, makeRng('redis-a'));
      b.startAutoplay(roomId, makeRng('redis-b'));
      await a.waitFor(() => a.view(roomId)?.result != null, 90_000, 'the result');
      await b.waitFor(() => b.view(roomId)?.result != null, 10_000, 'the result on node 2');
      const final = a.view(roomId)!;
      expect(b.view(roomId)!.seq).toBe(final.seq);
      const stored = await n1.server.storage.actions(matchId);
      const bySeq = new Map(stored.map((r) => [r.seq, r]));
      for (const [id, seq] of [...a.accepted, ...b.accepted]) expect(bySeq.get(seq)?.clientActionId?.endsWith(id)).toBe(true);
      expect(stored.length).toBe(final.seq);
      const replay = (await (await fetch(`${n2.url}/api/matches/${matchId}/replay`)).json()) as Replay;
      const states = replayStates(replay);
      expect(hashState(states[states.length - 1]!)).toBe(final.stateHash);
      for (const [cl, viewer] of [
        [a, 'A'],
        [b, 'B'],
      ] as const)
        expect(scanForLeaks(cl.received, secretsFor(states, viewer)).slice(0, 5)).toEqual([]);
    } finally {
      for (const c of clients) c.close();
      await Promise.all(nodes.map((n) => n.close()));
    }
  }, 150_000);
});
