/**
 * A private Redis for tests and the local cluster: `node scripts/services/redis.mjs install | start | stop <dir>`,
 * or `import { startRedis } from './redis.mjs'` → `{ port, url, pid, dir, stop() }`.
 *
 * Debian's redis-server, on a free 127.0.0.1 port, in a temporary folder, without persistence (no RDB, no AOF:
 * what the nodes keep in Redis is rebuilt from PostgreSQL and the clients), no password (loopback only).
 */
import { fileURLToPath } from 'node:url';
import { ensureInstalled, freePort, runService, serviceCli, tempDir, versionOf } from './service-kit.mjs';

export function installRedis() {
  const bin = ensureInstalled('redis-server', 'redis-server');
  return `${bin}: ${versionOf(bin, ['--version'])}`;
}

/** Starts redis-server; `port` (optional) to reuse one, e.g. a Redis restarted on the same address. */
export async function startRedis(opts = {}) {
  const bin = ensureInstalled('redis-server', 'redis-server');
  const dir = tempDir('redis');
  const port = opts.port ?? (await freePort());
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    '--logfile',
    '',
    '--protected-mode',
    'yes',
  ];
  // redis-server saves nothing on SIGTERM here (--save ''), and exits at once.
  const { pid, stop } = await runService(bin, args, { port, dir, what: 'redis-server' });
  return { port, url: `redis://127.0.0.1:${port}`, pid, dir, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serviceCli('redis', { install: installRedis, start: startRedis });
