/**
 * Several nodes on one PostgreSQL and one Redis (issue 19 §2), in this process: `startTestServer` with the same
 * `databaseUrl` and `redisUrl` and a node id each. For tests that do not kill a node (those spawn processes:
 * test/cluster/failover.test.ts). Skips with one line when PostgreSQL or Redis is missing.
 */
import { afterAll, beforeAll } from 'vitest';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from './redis.js';
import { usePostgres } from './postgres.js';
import { startTestServer, type TestServer } from './test-server.js';
import type { Ack } from '@vroyale/protocol';
import type { ServerConfig } from '../../src/config.js';
import type { TestClient } from './test-client.js';

export interface TestCluster {
  readonly available: boolean;
  /** Starts `n` nodes on a fresh database and the file's Redis; closed by `close` (call it in the test). */
  start(n: number, overrides?: Partial<ServerConfig>): Promise<{ nodes: TestServer[]; databaseUrl: string; redisUrl: string; close(): Promise<void> }>;
}

export function useCluster(file: string): TestCluster {
  const pg = usePostgres();
  noteRedisMissing(file);
  const available = pg.available && redisInstalled;
  let redis: RunningRedis | null = null;
  if (available) {
    beforeAll(async () => {
      redis = await startRedis();
    }, 30_000);
    afterAll(async () => {
      await redis?.stop();
    }, 30_000);
  }
  return {
    available,
    async start(n, overrides = {}) {
      if (!redis) throw new Error('Redis is not running (not installed, or used outside a test)');
      const databaseUrl = await pg.freshDatabase();
      const redisUrl = redis.url;
      const nodes: TestServer[] = [];
      // One after another: the first migrates the fresh database, the others find it done.
      for (let i = 0; i < n; i++) nodes.push(await startTestServer({ databaseUrl, redisUrl, nodeId: `n${i + 1}`, ...overrides }));
      return { nodes, databaseUrl, redisUrl, close: async () => void (await Promise.all(nodes.map((t) => t.close()))) };
    },
  };
}

/** As the web client: a `moved` refusal (a room or an event changing nodes) is sent again, silently, a moment later. */
export async function emitMoving(c: TestClient, event: string, payload: object): Promise<Ack<object>> {
  for (let i = 0; ; i++) {
    const ack = (await (c.emit as (e: string, p: object, ms?: number) => Promise<Ack<object>>)(event, payload, 15_000)) as Ack<object>;
    if (ack.ok || ack.code !== 'moved' || i >= 40) return ack;
    await new Promise((r) => setTimeout(r, 250));
  }
}
