/**
 * `/healthz` on a real server (issue 19 §4): the database answering and, with VROYALE_REDIS_URL, a real Redis
 * (scripts/services/redis.mjs); stopping that Redis makes the node unhealthy (503) and starting it again on the
 * same port makes it healthy without a restart. The database-down answer: src/http/health-route.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { noteRedisMissing, redisInstalled, startRedis } from './helpers/redis.js';
import { startTestServer } from './helpers/test-server.js';

noteRedisMissing('test/health.test.ts');

const health = async (url: string) => {
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, body: (await res.json()) as unknown };
};

async function eventually<T>(read: () => Promise<T>, accept: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (accept(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('/healthz', () => {
  it('is ok with the database up and no Redis configured (redis: off)', async () => {
    const t = await startTestServer();
    cleanups.push(() => t.close());
    expect(await health(t.url)).toEqual({ status: 200, body: { ok: true, checks: { database: 'ok', redis: 'off' } } });
  });

  it.skipIf(!redisInstalled)('reports Redis ok, then down (503) once it stops, then ok again when it is back', async () => {
    let redis = await startRedis();
    cleanups.push(() => redis.stop());
    const t = await startTestServer({ redisUrl: redis.url });
    cleanups.push(() => t.close());
    expect(await health(t.url)).toEqual({ status: 200, body: { ok: true, checks: { database: 'ok', redis: 'ok' } } });

    await redis.stop();
    const t0 = performance.now();
    const down = await eventually(
      () => health(t.url),
      (h) => h.status === 503,
    );
    expect(down).toEqual({ status: 503, body: { ok: false, checks: { database: 'ok', redis: 'down' } } });
    // Within the check's own timeout (2 s) plus a reconnection attempt: a load balancer notices at once.
    expect(performance.now() - t0).toBeLessThan(5_000);

    redis = await startRedis({ port: redis.port });
    const back = await eventually(
      () => health(t.url),
      (h) => h.status === 200,
    );
    expect(back).toEqual({ status: 200, body: { ok: true, checks: { database: 'ok', redis: 'ok' } } });
  });
});
