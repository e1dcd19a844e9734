/**
 * The load balancer for tests and the local cluster: `node scripts/services/haproxy.mjs install | start
 * '{"backends":[{"host":"127.0.0.1","port":4001}]}' | stop <dir>`, or `import { startHaproxy } from
 * './haproxy.mjs'` → `{ port, pid, dir, stop() }`.
 *
 * Debian's haproxy in the foreground, with deploy/haproxy/haproxy.cfg.template filled in (listen port,
 * one `server` line per backend); why sticky sessions: that file and scripts/services/README.md.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, freePort, removeDir, runService, serviceCli, tempDir, versionOf } from './service-kit.mjs';

const TEMPLATE = join(dirname(fileURLToPath(import.meta.url)), '../../deploy/haproxy/haproxy.cfg.template');

export function installHaproxy() {
  const bin = ensureInstalled('haproxy', 'haproxy');
  return `${bin}: ${versionOf(bin, ['-v'])}`;
}

/** The configuration for these backends (`{{PORT}}`, `{{BIND}}`, `{{SERVERS}}`, `{{CHECK_INTERVAL}}` filled in). */
export function haproxyConfig({ port, bind = '127.0.0.1', backends, checkIntervalMs = 1000 }) {
  if (!Array.isArray(backends) || backends.length === 0) throw new Error('haproxy: give at least one backend { host, port }');
  const servers = backends
    .map((b, i) => {
      if (typeof b.host !== 'string' || !/^[A-Za-z0-9.:_-]+$/.test(b.host) || !Number.isInteger(b.port) || b.port < 1 || b.port > 65535)
        throw new Error(`haproxy: backend ${i} must be { host, port } with a plain host name or address, got ${JSON.stringify(b)}`);
      const name = b.name ?? `node${i + 1}`;
      return `  server ${name} ${b.host}:${b.port} check cookie ${name}`;
    })
    .join('\n');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{BIND}}', bind)
    .replaceAll('{{CHECK_INTERVAL}}', `${checkIntervalMs}ms`)
    .replace('{{SERVERS}}', servers);
}

export async function startHaproxy(opts) {
  const bin = ensureInstalled('haproxy', 'haproxy');
  const port = opts.port ?? (await freePort());
  // Built before the folder exists: a refused backend leaves nothing behind.
  const text = haproxyConfig({ ...opts, port });
  const dir = tempDir('haproxy');
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, text);
  const check = spawn(bin, ['-c', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let checkOut = '';
  check.stdout.on('data', (d) => (checkOut += d));
  check.stderr.on('data', (d) => (checkOut += d));
  const code = await new Promise((r) => check.once('exit', r));
  if (code !== 0) {
    removeDir(dir);
    throw new Error(`haproxy refused the configuration:\n${checkOut}`);
  }
  // -db: stay in the foreground (we are its supervisor); -W would add a master process we do not need.
  // SIGTERM on stop: haproxy stops at once (SIGUSR1 would wait for every websocket to end).
  const { pid, stop } = await runService(bin, ['-db', '-f', cfg], { port, dir, what: 'haproxy' });
  return { port, pid, dir, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serviceCli('haproxy', { install: installHaproxy, start: startHaproxy });
