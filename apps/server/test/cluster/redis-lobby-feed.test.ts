/**
 * The lobby's shared list in Redis (issue 33 §4, src/cluster/redis-lobby-feed.ts), three feeds standing for three
 * nodes on one real Redis: each sees the others' rooms (never its own echo) in the lobby's order, a change or a
 * removal shows, a node that lost a room to another never takes the new holder's entry out, a node that stops
 * takes its rooms out at once, and a node killed (its alive key gone) is left out and cleaned up by a reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { LobbyRooms } from '@vroyale/protocol';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from '../helpers/redis.js';
import { createLogger } from '../../src/logger.js';
import { RedisLobbyFeed } from '../../src/cluster/redis-lobby-feed.js';

type Summary = LobbyRooms['rooms'][number];
noteRedisMissing('redis-lobby-feed.test.ts');

const room = (roomId: string, o: { status?: string; createdAt?: number; bot?: boolean; endedAt?: number } = {}) =>
  ({
    roomId,
    status: o.status ?? 'waiting',
    createdAt: o.createdAt ?? 1,
    endedAt: o.endedAt ?? null,
    seats: { A: { name: 'x', bot: false }, B: o.bot ? { name: 'Bot (easy)', bot: true } : null },
  }) as unknown as Summary;

const ids = (f: RedisLobbyFeed) => f.remoteRooms().map((r) => r.roomId);

describe.skipIf(!redisInstalled)('the lobby list shared in Redis', () => {
  let redis: RunningRedis;
  beforeAll(async () => void (redis = await startRedis()), 30_000);
  afterAll(async () => await redis?.stop(), 30_000);

  it('merges the other nodes’ rooms in the lobby’s order, follows changes, and leaves out a stopped or dead node', async () => {
    const clients = [1, 2, 3].map(() => new Redis(redis.url, { maxRetriesPerRequest: 1 }));
    const log = createLogger('silent');
    const [f1, f2, f3] = clients.map((c, i) => new RedisLobbyFeed(c, `n${i + 1}`, log, 0)) as [RedisLobbyFeed, RedisLobbyFeed, RedisLobbyFeed];
    try {
      let changes = 0;
      f1.onRemoteChange(() => changes++);
      f2.publish([room('r2-match', { status: 'active', createdAt: 5 }), room('r2-wait', { createdAt: 2 })]);
      f3.publish([
        room('r3-bot', { status: 'active', createdAt: 9, bot: true }),
        room('r3-wait', { createdAt: 3 }),
        room('r3-done', { status: 'finished', endedAt: 7 }),
      ]);
      f1.publish([room('r1', { createdAt: 4 })]);
      await Promise.all([f1, f2, f3].map((f) => f.settled()));
      await f1.poll();
      // Waiting rooms first (newest first), then human matches, then bot matches; results apart; never its own.
      expect(ids(f1)).toEqual(['r3-wait', 'r2-wait', 'r2-match', 'r3-bot', 'r3-done']);
      expect(changes).toBe(1);
      await f1.poll();
      expect(changes).toBe(1); // nothing changed: no call

      // A change and a removal on node 2.
      f2.publish([room('r2-match', { status: 'finished', createdAt: 5, endedAt: 10 })]);
      await f2.settled();
      await f1.poll();
      expect(ids(f1)).toEqual(['r3-wait', 'r3-bot', 'r2-match', 'r3-done']);
      expect(changes).toBe(2);

      // Node 3's match moves to node 2 (a takeover): node 3 dropping it later does not take node 2's entry out.
      f2.publish([room('r2-match', { status: 'finished', createdAt: 5, endedAt: 10 }), room('r3-bot', { status: 'active', createdAt: 9, bot: true })]);
      await f2.settled();
      f3.publish([room('r3-wait', { createdAt: 3 }), room('r3-done', { status: 'finished', endedAt: 7 })]);
      await f3.settled();
      await f1.poll();
      expect(ids(f1)).toContain('r3-bot');

      // Node 2 stops: its rooms go at once.
      f2.close();
      await f2.settled();
      await new Promise((r) => setTimeout(r, 50));
      await f1.poll();
      expect(ids(f1)).toEqual(['r3-wait', 'r3-done']);

      // Node 3 dies (its alive key expires; here deleted): left out, and its rooms are cleaned up.
      const probe = clients[0]!;
      for (const key of await probe.keys('vroyale:lobby:alive:n3:*')) await probe.del(key);
      await f1.poll();
      expect(ids(f1)).toEqual([]);
      await new Promise((r) => setTimeout(r, 50));
      expect(await probe.zrange('vroyale:lobby:live', '0', '-1')).toEqual(['r1']);
      expect(await probe.hkeys('vroyale:lobby:rooms')).toEqual(['r1']);
    } finally {
      for (const f of [f1, f2, f3]) f.close();
      await new Promise((r) => setTimeout(r, 50));
      for (const c of clients) c.disconnect();
    }
  }, 30_000);
});
