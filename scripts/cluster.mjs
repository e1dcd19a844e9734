#!/usr/bin/env node
/**
 * `npm run cluster` (issue 19 §2; `--port 0`: any free port): a local cluster from Debian's packages, installing what is missing (as root):
 * a private PostgreSQL and Redis (scripts/services/), three server nodes (`apps/server/src/main.ts`, node ids
 * n1..n3, each with its metrics on a private port) and HAProxy in front. Prints the public URL; Ctrl-C (or
 * SIGTERM) stops the nodes (SIGTERM: their matches are released to no one, so a restart takes them back), then
 * HAProxy, Redis and PostgreSQL, and removes their folders.
 *
 *   node scripts/cluster.mjs [--nodes 3] [--port 8080]
 *
 * The web app must be built first for the browser to get a page (`npm run build:web`); the API and sockets work
 * without it. Needs tsx (a dev dependency) like `npm start`.
 */
import { spawn } from 'node:child_process';
import { findPostgres, install as installPostgres, startPostgres } from './services/postgres.mjs';
import { installRedis, startRedis } from './services/redis.mjs';
import { installHaproxy, startHaproxy } from './services/haproxy.mjs';
import { stopChild } from './services/service-kit.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const count = arg('nodes', 3);
const publicPort = arg('port', 8080);
if (!Number.isInteger(count) || count < 1 || count > 9) throw new Error('--nodes must be 1..9');

const log = (msg) => console.log(`[cluster] ${msg}`);
if (!findPostgres()) installPostgres();
installRedis();
installHaproxy();

const stops = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const pg = await startPostgres();
  stops.push(() => pg.stop());
  log(`PostgreSQL ${pg.url}`);
  const redis = await startRedis();
  stops.push(() => redis.stop());
  log(`Redis ${redis.url}`);

  const nodes = [];
  const nodeStops = [];
  stops.push(() => Promise.all(nodeStops.map((s) => s())));
  for (let i = 1; i <= count; i++) {
    const id = `n${i}`;
    const child = spawn(process.execPath, ['--max-semi-space-size=4', '--v8-pool-size=1', '--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        VROYALE_NODE_ID: id,
        VROYALE_DATABASE_URL: pg.url,
        VROYALE_REDIS_URL: redis.url,
        VROYALE_TRUST_PROXY: 'loopback',
        VROYALE_METRICS_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    nodeStops.push(() => stopChild(child, 10_000));
    const port = await new Promise((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (d) => {
        buf += d.toString();
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          try {
            const l = JSON.parse(line);
            if (l.level >= 40) console.error(`[${id}] ${line}`);
            if (l.msg === 'server listening') resolve(l.port);
          } catch {
            // not a log line
          }
        }
      });
      child.once('exit', (code) => reject(new Error(`node ${id} exited (${code}) before listening`)));
    });
    nodes.push({ id, port });
    log(`node ${id} on 127.0.0.1:${port}`);
  }
  const lb = await startHaproxy({
    backends: nodes.map((n) => ({ host: '127.0.0.1', port: n.port, name: n.id })),
    ...(publicPort > 0 ? { port: publicPort } : {}),
    checkIntervalMs: 500,
  });
  stops.push(() => lb.stop());
  log(`ready: http://127.0.0.1:${lb.port}  (Ctrl-C stops everything)`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  await stopAll(1);
}
