/**
 * Per-node delivery (issue 33 §4, docs/decisions/0011-per-node-delivery.md): on three nodes, a match on node 1
 * with its second manager on node 2 plays a while. Node 2's actions are forwarded to node 1 alone (node 1's
 * stream), node 1's answers and views for node 2's socket go to node 2 alone (node 2's stream), and node 3, which
 * holds none of the match's sockets, receives nothing of it: not on its own stream, and not through the adapter's
 * shared stream (which every node reads). Before the change the views crossed the shared stream, so this fails.
 */
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { makeRng } from '@vroyale/engine';
import { useCluster } from '../helpers/cluster.js';
import { TestClient } from '../helpers/test-client.js';
import type { TestServer } from '../helpers/test-server.js';
import { streamOf } from '../../src/cluster/node-link.js';

const cluster = useCluster('per-node-routing.test.ts');

/** Every entry of a stream, as raw text (the adapter's entries are msgpack: strings inside stay readable). */
async function entries(redis: Redis, key: string): Promise<string[]> {
  const got = (await redis.xrangeBuffer(key, '-', '+')) as [Buffer, Buffer[]][];
  return got.map(([, fields]) => Buffer.concat(fields).toString('latin1'));
}

describe.skipIf(!cluster.available)('per-node delivery', () => {
  it("sends node 2's socket's answers and views to node 2 only; node 3 gets nothing of the match", async () => {
    const c = await cluster.start(3, { rateLimit: { capacity: 1000, refillPerSec: 1000 } });
    const [n1, n2, n3] = c.nodes as [TestServer, TestServer, TestServer];
    const redis = new Redis(c.redisUrl, { maxRetriesPerRequest: 1 });
    const clients: TestClient[] = [];
    try {
      const a = await TestClient.connect(n1.url, 'Alice');
      const b = await TestClient.connect(n2.url, 'Bob');
      clients.push(a, b);
      const created = await a.emit('room:create', { visibility: 'private' });
      if (!created.ok) throw new Error(created.message);
      const roomId = created.roomId;
      expect(await a.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true });
      expect(await b.emit('room:join', { roomId, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true, seat: 'B' });
      await b.waitFor(() => b.view(roomId) !== undefined, 10_000, 'B view');
      // The directory names the room's node.
      expect(await redis.get(`vroyale:room:${roomId}`)).toBe('n1');

      const enough = (v: { seq: number }) => v.seq >= 30;
      a.startAutoplay(roomId, makeRng('per-node-a'), enough);
      b.startAutoplay(roomId, makeRng('per-node-b'), enough);
      await b.waitFor(() => b.accepted.size >= 3 && (b.view(roomId)?.seq ?? 0) >= 30, 60_000, 'B acting through node 1');
      const bSocket = b.socket.id!;
      expect(bSocket).toBeTruthy();

      const toN1 = await entries(redis, streamOf('n1'));
      const toN2 = await entries(redis, streamOf('n2'));
      const toN3 = await entries(redis, streamOf('n3'));
      // B's messages went to node 1 as asks, and node 1 answered and sent views to node 2 only.
      expect(toN1.some((e) => e.includes('"k":"forward"') && e.includes(bSocket))).toBe(true);
      expect(toN2.some((e) => e.includes('"t":"ans"'))).toBe(true);
      expect(toN2.some((e) => e.includes('"k":"emit"') && e.includes(bSocket) && e.includes('match:view'))).toBe(true);
      expect(toN3.filter((e) => e.includes(bSocket) || e.includes(roomId))).toEqual([]);
      // Nothing of it through the adapter's stream, which every node (node 3 too) reads.
      const shared = await entries(redis, 'vroyale');
      expect(shared.filter((e) => e.includes(bSocket))).toEqual([]);
      expect(n3.server.game.room(roomId)).toBeUndefined();
    } finally {
      for (const cl of clients) cl.close();
      redis.disconnect();
      await c.close();
    }
  }, 120_000);
});
