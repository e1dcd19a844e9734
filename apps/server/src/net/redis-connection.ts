/**
 * The node's Redis connections (VROYALE_REDIS_URL), through ioredis: the client the Socket.IO streams adapter
 * and rate-limiter-flexible's Redis store take, so one library serves them all. `client` answers `/healthz`
 * (issue 19 §4); `adapterClient` is the cluster adapter's (server.ts), set up differently (below).
 *
 * `lazyConnect`: starting a node never waits on Redis (the health check reports it down instead);
 * `maxRetriesPerRequest: 1`: a command fails after one reconnection attempt instead of queueing for ~20, so a
 * health check answers 'down' while Redis is away; ioredis keeps reconnecting in the background and the next
 * check says 'ok' once it is back.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export interface RedisConnection {
  readonly client: Redis;
  /**
   * The Socket.IO adapter's client, connecting at once and queueing commands while Redis is away
   * (`maxRetriesPerRequest: null`): the adapter does not handle a failed PUBLISH (an unhandled rejection), and
   * with a lazy client it awaits `connect()` once at start and never reads the stream if that fails. Queued
   * commands go out when Redis is back: a Redis restart delays cross-node messages instead of dropping them
   * (memory grows with the outage; a long one shows as /healthz 503 and HAProxy sends the node no one new).
   */
  adapterClient(): Redis;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function redisConnection(url: string, log: Logger): RedisConnection {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000, enableReadyCheck: true });
  // Without a listener ioredis prints every failed reconnection to stderr; one warning per outage is enough.
  let lastError: string | null = null;
  client.on('error', (e: Error) => {
    if (e.message === lastError) return;
    lastError = e.message;
    log.warn({ err: e.message }, 'redis connection error');
  });
  client.on('ready', () => {
    if (lastError !== null) log.info('redis connection back');
    lastError = null;
  });
  let adapter: Redis | null = null;
  return {
    client,
    adapterClient() {
      if (adapter) return adapter;
      adapter = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 2_000 });
      adapter.on('error', () => {}); // the health client already logs each outage once
      return adapter;
    },
    async ping() {
      // A lazy client connects on its first command; `connect()` is refused once it is connecting already.
      if (client.status === 'wait') await client.connect();
      await client.ping();
    },
    async close() {
      // quit() would wait for a Redis that may be gone; nothing is pending that must reach it.
      client.disconnect();
      adapter?.disconnect();
    },
  };
}
