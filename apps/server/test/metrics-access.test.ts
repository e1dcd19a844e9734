/**
 * /api/metrics is served to loopback clients (the load benchmark's way in) and to holders of
 * VROYALE_METRICS_TOKEN; a client on another address, a proxied request and a DNS-rebinding page get the
 * /api 404. The server listens on all interfaces so that a request can come from this machine's own
 * non-loopback address when it has one.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHttp } from './helpers/raw-http.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const TOKEN = 'metrics-secret-for-tests';
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ host: '0.0.0.0', metricsToken: TOKEN });
});
afterAll(async () => {
  await t.close();
});

const get = (address: string, headers: Record<string, string> = {}) => rawHttp({ host: address, port: t.server.port, path: '/api/metrics', headers });

describe('/api/metrics access', () => {
  it('answers loopback clients (the benchmark) without a token', async () => {
    const res = await get('127.0.0.1');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty('eventLoopDelayMs');
    expect((await get('127.0.0.1', { Host: `localhost:${t.server.port}` })).status).toBe(200);
  });

  it('is a 404 through a proxy or for a DNS-rebinding page, unless the token is given', async () => {
    expect(JSON.parse((await get('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })).body)).toEqual({ error: 'not-found' });
    expect((await get('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(404);
    expect((await get('127.0.0.1', { Forwarded: 'for=203.0.113.9' })).status).toBe(404);
    expect((await get('127.0.0.1', { Host: `evil.example:${t.server.port}` })).status).toBe(404);
    expect((await get('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer wrong' })).status).toBe(404);
    expect((await get('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it.skipIf(!lanAddress)('is a 404 for a client on a non-loopback address, unless the token is given', async () => {
    expect((await get(lanAddress!)).status).toBe(404);
    expect((await get(lanAddress!, { Authorization: `Bearer ${TOKEN.slice(0, -1)}` })).status).toBe(404);
    expect((await get(lanAddress!, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
