/**
 * scripts/services/*.mjs from the command line, as the README shows them: `start` prints its JSON and the
 * service answers; `stop <dir>` ends it and removes its folder; SIGTERM to `start` does the same; a bad
 * HAProxy configuration is refused before anything starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { haproxyInstalled, noteHaproxyMissing } from './helpers/haproxy.js';
import { noteRedisMissing, redisInstalled } from './helpers/redis.js';

noteRedisMissing('test/service-scripts.test.ts');
noteHaproxyMissing('test/service-scripts.test.ts');

interface Started {
  port: number;
  pid: number;
  dir: string;
  supervisor: number;
}

function startCli(script: string, ...args: string[]) {
  const child = spawn(process.execPath, [`scripts/services/${script}`, 'start', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const info = new Promise<Started>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as Started);
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    void exited.then((code) => reject(new Error(`${script} start exited ${code}: ${err}`)));
  });
  return { child, info, exited };
}

const answers = (port: number, send: string) =>
  new Promise<string>((resolve, reject) => {
    const c = createConnection({ host: '127.0.0.1', port }, () => c.write(send));
    let got = '';
    c.on('data', (d) => {
      got += d.toString();
      c.end();
    });
    c.on('end', () => resolve(got));
    c.on('error', reject);
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!redisInstalled)('redis.mjs', () => {
  it('start prints port, pid and dir; stop <dir> ends it and removes the folder', async () => {
    const r = startCli('redis.mjs');
    const s = await r.info;
    expect(await answers(s.port, 'PING\r\n')).toBe('+PONG\r\n');
    expect(existsSync(s.dir)).toBe(true);
    const stop = spawnSync(process.execPath, ['scripts/services/redis.mjs', 'stop', s.dir], { encoding: 'utf8' });
    expect(stop.status).toBe(0);
    expect(JSON.parse(stop.stdout)).toEqual({ stopped: s.supervisor });
    expect(await r.exited).toBe(0);
    expect(existsSync(s.dir)).toBe(false);
    expect(alive(s.pid)).toBe(false);
  });

  it('SIGTERM to start stops the service too', async () => {
    const r = startCli('redis.mjs');
    const s = await r.info;
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(existsSync(s.dir)).toBe(false);
    expect(alive(s.pid)).toBe(false);
  });

  it('stop without a started folder says so', () => {
    const stop = spawnSync(process.execPath, ['scripts/services/redis.mjs', 'stop', '/nonexistent-vroyale-dir'], { encoding: 'utf8' });
    expect(stop.status).toBe(1);
    expect(stop.stderr).toMatch(/supervisor\.pid not found/);
  });
});

describe.skipIf(!haproxyInstalled)('haproxy.mjs', () => {
  it('refuses a backend that is not { host, port }, and starts nothing', () => {
    const r = spawnSync(process.execPath, ['scripts/services/haproxy.mjs', 'start', JSON.stringify({ backends: [{ host: '127.0.0.1 ; evil', port: 1 }] })], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/backend 0 must be \{ host, port \}/);
  });

  it('start answers HTTP on its port (503 with no live backend); stop <dir> ends it', async () => {
    const r = startCli('haproxy.mjs', JSON.stringify({ backends: [{ host: '127.0.0.1', port: 1 }] }));
    const s = await r.info;
    expect(await answers(s.port, 'GET /healthz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.[01] 503/);
    const stop = spawnSync(process.execPath, ['scripts/services/haproxy.mjs', 'stop', s.dir], { encoding: 'utf8' });
    expect(stop.status).toBe(0);
    expect(await r.exited).toBe(0);
    expect(existsSync(s.dir)).toBe(false);
    expect(alive(s.pid)).toBe(false);
  });
});
