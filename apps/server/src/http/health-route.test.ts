import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { healthRoute, runHealthChecks } from './health-route.js';

const fail = async () => {
  throw new Error('connection refused');
};
const hang = () => new Promise<void>(() => {});
const ok = async () => {};

describe('health checks', () => {
  it('says ok only when the database answers and Redis, when configured, too', async () => {
    expect(await runHealthChecks({ database: ok, redis: null })).toEqual({ ok: true, checks: { database: 'ok', redis: 'off' } });
    expect(await runHealthChecks({ database: ok, redis: ok })).toEqual({ ok: true, checks: { database: 'ok', redis: 'ok' } });
    expect(await runHealthChecks({ database: fail, redis: ok })).toEqual({ ok: false, checks: { database: 'down', redis: 'ok' } });
    expect(await runHealthChecks({ database: ok, redis: fail })).toEqual({ ok: false, checks: { database: 'ok', redis: 'down' } });
  });

  it('counts a check that hangs as down, after its timeout, and says why to onDown', async () => {
    const why: string[] = [];
    const t0 = performance.now();
    const h = await runHealthChecks({ database: hang, redis: fail, timeoutMs: 100, onDown: (c, e) => why.push(`${c}: ${(e as Error).message}`) });
    expect(h).toEqual({ ok: false, checks: { database: 'down', redis: 'down' } });
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(why.sort()).toEqual(['database: no answer within 100 ms', 'redis: connection refused']);
  });

  it('answers 503 with the checks over HTTP when the database is down', async () => {
    const app = express();
    let dbUp = false;
    app.get('/healthz', healthRoute({ database: () => (dbUp ? ok() : fail()), redis: null }));
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
    try {
      const down = await fetch(url);
      expect(down.status).toBe(503);
      expect(down.headers.get('cache-control')).toBe('no-store');
      expect(await down.json()).toEqual({ ok: false, checks: { database: 'down', redis: 'off' } });
      dbUp = true;
      const up = await fetch(url);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'off' } });
    } finally {
      server.close();
    }
  });
});
