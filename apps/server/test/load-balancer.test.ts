/**
 * HAProxy in front of two nodes (deploy/haproxy/haproxy.cfg.template through scripts/services/haproxy.mjs): a
 * Socket.IO client on the websocket transport reaches a node through the balancer and gets its hello ack, the
 * balancer's health checks read /healthz, a node that is gone is skipped (redispatch), and a node whose Redis is
 * down (/healthz 503) gets no new clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyInstalled, noteHaproxyMissing, startHaproxy, type RunningHaproxy } from './helpers/haproxy.js';
import { noteRedisMissing, redisInstalled, startRedis } from './helpers/redis.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

noteHaproxyMissing('test/load-balancer.test.ts');
noteRedisMissing('test/load-balancer.test.ts');

describe.skipIf(!haproxyInstalled)('through HAProxy', () => {
  const nodes: TestServer[] = [];
  let lb: RunningHaproxy;
  let url: string;
  beforeAll(async () => {
    // The balancer adds X-Forwarded-For; the nodes believe it from loopback only (VROYALE_TRUST_PROXY).
    for (let i = 0; i < 2; i++) nodes.push(await startTestServer({ trustProxy: ['loopback'] }));
    lb = await startHaproxy({ backends: nodes.map((n) => ({ host: '127.0.0.1', port: n.server.port })), checkIntervalMs: 200 });
    url = `http://127.0.0.1:${lb.port}`;
  });
  afterAll(async () => {
    await lb?.stop();
    for (const n of nodes) await n.close();
  });

  it('carries a websocket client to a node, which acks its hello', async () => {
    const c = await TestClient.connect(url, 'Viaproxy');
    try {
      expect(c.userId).toMatch(/\S/);
      expect(c.token).toMatch(/\S/);
      const created = await c.emit('room:create', { visibility: 'private' });
      expect(created).toMatchObject({ ok: true });
      // Exactly one node holds the socket and the room.
      expect(nodes.map((n) => n.server.game.connections).sort()).toEqual([0, 1]);
    } finally {
      c.close();
    }
  });

  it('passes /healthz through, and sends new clients to the node that is left when one stops', async () => {
    const h = await fetch(`${url}/healthz`);
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'off' } });
    await nodes[0]!.server.stop();
    for (let i = 0; i < 4; i++) {
      // connect() fails on a connect_error and on a refused hello: each of these reached the live node.
      const c = await TestClient.connect(url, `After${'abcd'[i]}`);
      expect(c.userId).toMatch(/\S/);
      c.close();
    }
  });
});

describe.skipIf(!haproxyInstalled || !redisInstalled)('HAProxy and /healthz', () => {
  it('sends no new clients to a node whose Redis is unreachable', async () => {
    const redis = await startRedis();
    const sick = await startTestServer({ redisUrl: redis.url, trustProxy: ['loopback'] });
    const well = await startTestServer({ trustProxy: ['loopback'] });
    const lb = await startHaproxy({ backends: [sick, well].map((n) => ({ host: '127.0.0.1', port: n.server.port })), checkIntervalMs: 200 });
    const url = `http://127.0.0.1:${lb.port}`;
    const clients: TestClient[] = [];
    try {
      // Both healthy: leastconn spreads four clients over both nodes.
      for (let i = 0; i < 4; i++) clients.push(await TestClient.connect(url, `Early${'abcd'[i]}`));
      expect(sick.server.game.connections).toBeGreaterThan(0);
      expect(well.server.game.connections).toBeGreaterThan(0);
      for (const c of clients.splice(0)) c.close();

      await redis.stop();
      expect((await fetch(`${sick.url}/healthz`)).status).toBe(503);
      // `fall 2` checks 200 ms apart, plus the check's own time: well within 3 s.
      await new Promise((r) => setTimeout(r, 3_000));
      const before = sick.server.game.connections;
      for (let i = 0; i < 4; i++) clients.push(await TestClient.connect(url, `Later${'abcd'[i]}`));
      expect(sick.server.game.connections).toBe(before);
      expect(well.server.game.connections).toBeGreaterThanOrEqual(4);
    } finally {
      for (const c of clients) c.close();
      await lb.stop();
      await sick.close();
      await well.close();
      await redis.stop();
    }
  });
});
