/**
 * A private Redis for tests and the local cluster: `node scripts/services/redis.mjs install | start | stop <dir>`,
 * or `import { startRedis } from './redis.mjs'` → `{ port, url, pid, dir, stop() }`.
 *
 * Debian's redis-server, on a free 127.0.0.1 port, in a temporary folder, without persistence (no RDB, no AOF:
 * what the nodes keep in Redis is rebuilt from PostgreSQL and the clients), no password (loopback only).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, freePort, removeDir, serviceCli, stopChild, tempDir, versionOf, waitForPort } from './service-kit.mjs';

export function installRedis() {
  const bin = ensureInstalled('redis-server', 'redis-server');
  return `${bin}: ${versionOf(bin, ['--version'])}`;
}

/** Starts redis-server; `port` (optional) to reuse one, e.g. a Redis restarted on the same address. */
export async function startRedis(opts = {}) {
  const bin = ensureInstalled('redis-server', 'redis-server');
  const dir = tempDir('redis');
  const port = opts.port ?? (await freePort());
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', '', '--protected-mode', 'yes'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d) => (log = (log + d.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForPort(port, child, 10_000, 'redis-server');
  } catch (e) {
    await stopChild(child);
    removeDir(dir);
    throw new Error(`${e.message}\n${log}`);
  }
  let stopped = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    dir,
    // redis-server saves nothing on SIGTERM here (--save ''), and exits at once.
    stop: () => (stopped ??= stopChild(child).then(() => removeDir(dir))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serviceCli('redis', { install: installRedis, start: startRedis });
