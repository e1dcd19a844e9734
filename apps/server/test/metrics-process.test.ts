/**
 * `npm start` with VROYALE_METRICS_PORT (src/main.ts in its own process): the listener comes up on loopback,
 * serves Prometheus text, and closes with the server on SIGTERM; a bad VROYALE_METRICS_PORT or
 * VROYALE_REDIS_URL stops the start with the variable's name.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logLine as line, spawnNode, type SpawnedNode } from './helpers/node-process.js';

const dir = mkdtempSync(join(tmpdir(), 'vroyale-metrics-proc-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>): SpawnedNode {
  const node = spawnNode({ VROYALE_DB: join(dir, `m${children.length}.db`), ...env });
  children.push(node.child);
  return node;
}

describe('metrics in the server process', () => {
  it('listens on loopback when VROYALE_METRICS_PORT is set, and closes on SIGTERM', async () => {
    const p = start({ VROYALE_METRICS_PORT: '0' });
    const m = await line(p.lines, 'metrics listening');
    const s = await line(p.lines, 'server listening');
    expect(m.metricsHost).toBe('127.0.0.1');
    const metricsUrl = `http://127.0.0.1:${Number(m.metricsPort)}/metrics`;
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^vroyale_sockets 0$/m);
    expect((await fetch(`http://127.0.0.1:${Number(s.port)}/api/metrics`)).status).toBe(404);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.unparsed).toEqual([]);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });

  it('opens no metrics listener by default', async () => {
    const p = start({});
    await line(p.lines, 'server listening');
    expect(p.lines.some((l) => l.msg === 'metrics listening')).toBe(false);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('refuses to start on a bad VROYALE_METRICS_PORT or VROYALE_REDIS_URL, naming it', async () => {
    const badPort = start({ VROYALE_METRICS_PORT: 'ninety' });
    expect(await badPort.exited).not.toBe(0);
    expect(badPort.stderr()).toMatch(/VROYALE_METRICS_PORT must be a port number/);
    const badRedis = start({ VROYALE_REDIS_URL: 'http://127.0.0.1:6379' });
    expect(await badRedis.exited).not.toBe(0);
    expect(badRedis.stderr()).toMatch(/VROYALE_REDIS_URL must start with redis:\/\/ or rediss:\/\//);
  });
});
