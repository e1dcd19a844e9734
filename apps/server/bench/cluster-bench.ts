/**
 * Cluster benchmark (issue 19 §5): `npm run bench:cluster [-- --matches 100 --hold 20 --think 1000 --vsbot 0.1
 * --max-pressure 30 --setups sqlite-1,postgres-1,postgres-2 --split 0.5]`.
 *
 * The same client workload as `npm run bench:server` (load.ts: real Socket.IO clients, think time uniform in
 * 0.5–1.5 × `--think`, random legal actions, a tenth of the matches against the server bot), at one level,
 * against these setups one after the other:
 * - `sqlite-1`: one node on SQLite (the default);
 * - `postgres-1`: one node on a fresh database of a private PostgreSQL (scripts/services/postgres.mjs);
 * - `postgres-2`: two nodes on a fresh database of that PostgreSQL and a private Redis. Clients connect to the
 *   nodes directly, not through HAProxy, so that placement is exact (`placement` in bench-window.ts): seat A creates
 *   the room, which runs on A's node; in half of the two-client matches (`--split`) B sits on the other node, so
 *   B's actions are forwarded to the room's node and B's views come back through Redis.
 * - `postgres-3`: the same on three nodes (a split match's B on the node after A's). Not in the default list; run
 *   `--setups postgres-2,postgres-3` to see whether Redis's cost per action grows with the node count: the JSON's
 *   `redisByNodes` puts the two side by side (commands and bytes per player action, and their 3-to-2 ratio).
 *
 * For each: matches, actions/s (acked to the clients: every per-action cost below divides by these, so the
 * server bot's answers and the passes the server makes for players are charged to them), action-to-broadcast latency as the acting client sees it (p50/p99) and the
 * server's share of it (`vroyale_action_to_broadcast_seconds`, all nodes' buckets merged), CPU ms per action
 * (/proc/<pid>/stat of the setup's node processes), memory per match (RSS and live heap over each node's idle
 * baseline), event-loop delay per node, and what the capacity model needs: PostgreSQL transactions, rows and
 * WAL bytes per action (and rows per table), Redis commands (by name) and network bytes per action. A window
 * during which tasks waited for a CPU more than `--max-pressure` % is measured again (bench-window.ts).
 * A setup whose PostgreSQL or Redis is not installed is skipped with a line saying what to install.
 * Every process started (nodes, PostgreSQL, Redis) is stopped at the end, on an error and on Ctrl-C.
 * The last line is one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import { makeRng } from '@vroyale/engine';
import {
  cpuPressure,
  flag,
  histogramWindow,
  latencyFigures,
  metrics,
  newWindow,
  round,
  Slot,
  startBenchServer,
  sumBuckets,
  type Recorder,
} from './bench-kit.js';
import { measureWindow, placement, rampTo } from './bench-window.js';
import { diffPostgres, diffRedis, perAction, processCpuSeconds, samplePostgres, sampleRedis } from './cluster-costs.js';
import { findPostgres, startPostgres, type RunningPostgres } from '../../../scripts/services/postgres.mjs';
import { findBinary } from '../../../scripts/services/service-kit.mjs';
import { startRedis } from '../../../scripts/services/redis.mjs';

const MATCHES = Number(flag('matches', '100'));
const HOLD_S = Number(flag('hold', '20'));
const THINK_MS = Number(flag('think', '1000'));
const RAMP_PER_SEC = Number(flag('ramp', '100'));
const VS_BOT = Math.min(1, Math.max(0, Number(flag('vsbot', '0.1'))));
const MAX_PRESSURE = Number(flag('max-pressure', '30'));
/** Share of the two-client matches whose managers sit on different nodes (postgres-2, postgres-3). */
const SPLIT = Number(flag('split', '0.5'));
const SETUPS = ['sqlite-1', 'postgres-1', 'postgres-2', 'postgres-3'] as const;
type SetupName = (typeof SETUPS)[number];
const chosen = flag('setups', SETUPS.join(',')).split(',');
for (const s of chosen) if (!(SETUPS as readonly string[]).includes(s)) throw new Error(`--setups: unknown setup '${s}' (known: ${SETUPS.join(', ')})`);
if (!Number.isInteger(MATCHES) || MATCHES < 1) throw new Error('--matches must be a whole number ≥ 1');
if (!(HOLD_S > 0)) throw new Error('--hold must be a number of seconds > 0');
if (!(SPLIT >= 0 && SPLIT <= 1)) throw new Error('--split must be a share between 0 and 1');

/**
 * What stops what a setup started, newest first: run after each setup, on an error and on Ctrl-C. PostgreSQL
 * serves every setup (a fresh database each) and is stopped last (`stopEverything`).
 */
const stops: (() => Promise<void>)[] = [];
async function stopAll(): Promise<void> {
  while (stops.length) await stops.pop()!().catch((e: unknown) => console.error(`stopping: ${String(e)}`));
}
async function stopEverything(): Promise<void> {
  await stopAll();
  const running = postgres;
  postgres = null;
  await running?.stop().catch((e: unknown) => console.error(`stopping PostgreSQL: ${String(e)}`));
}
let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`${sig}: stopping the nodes and services`);
    void stopEverything().then(() => process.exit(130));
  });

/** A node's SIGTERM drains its queues (and in a cluster releases its leases); SIGKILL after 15 s. */
function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let postgres: RunningPostgres | null = null;
/** A fresh database on the run's PostgreSQL (started on first use): its name and URL. */
async function freshDatabase(name: string): Promise<{ name: string; url: string }> {
  postgres ??= await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { name, url: postgres.url.replace(/\/postgres$/, `/${name}`) };
}

/** How many nodes a setup runs (its name's number); several nodes share a private Redis. */
const nodesOf = (setup: SetupName): number => Number(setup.split('-')[1]);

/** Why a setup cannot run here (null: it can). */
function missing(setup: SetupName): string | null {
  if (setup === 'sqlite-1') return null;
  if (!findPostgres()) return 'PostgreSQL is not installed (sudo apt-get install -y postgresql, or: sudo node scripts/services/postgres.mjs install)';
  if (nodesOf(setup) > 1 && !findBinary('redis-server'))
    return 'redis-server is not installed (sudo apt-get install -y redis-server, or: sudo node scripts/services/redis.mjs install)';
  return null;
}

const rnd = makeRng('cluster-bench');
const rec: Recorder = { win: newWindow(), finishedMatches: 0, thinkMs: THINK_MS, rnd };
const own = monitorEventLoopDelay({ resolution: 5 });
own.enable();
type Metrics = Awaited<ReturnType<typeof metrics>>;

async function runSetup(setup: SetupName) {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-cluster-bench-'));
  stops.push(async () => rmSync(dir, { recursive: true, force: true }));
  let db: { name: string; url: string } | null = null;
  let redisUrl: string | null = null;
  if (setup !== 'sqlite-1') db = await freshDatabase(`bench_${setup.replace('-', '_')}`);
  if (nodesOf(setup) > 1) {
    const redis = await startRedis();
    stops.push(() => redis.stop());
    redisUrl = redis.url;
  }
  const nodeCount = nodesOf(setup);
  const nodes: { child: ChildProcess; url: string; metricsUrl: string; pid: number }[] = [];
  // One after another: the first migrates the fresh database, the second finds it done.
  for (let i = 1; i <= nodeCount; i++) {
    const env: Record<string, string> = {};
    if (db) env.VROYALE_DATABASE_URL = db.url;
    if (redisUrl) Object.assign(env, { VROYALE_REDIS_URL: redisUrl, VROYALE_NODE_ID: `n${i}` });
    const node = await startBenchServer(join(dir, `n${i}`), env);
    stops.push(() => stopNode(node.child));
    nodes.push({ ...node, pid: node.child.pid! });
  }
  const pgClient = db ? new pg.Client({ connectionString: db.url }) : null;
  if (pgClient) {
    await pgClient.connect();
    stops.push(() => pgClient.end());
  }
  const redisClient = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  if (redisClient) stops.push(async () => void (await redisClient.quit()));

  await new Promise((r) => setTimeout(r, 500));
  const base = await Promise.all(nodes.map((n) => metrics(n.metricsUrl, true)));
  const slots: Slot[] = [];
  stops.push(async () => slots.forEach((s) => s.close()));
  rec.finishedMatches = 0;
  const urls = (i: number): readonly [string, string] => {
    const [a, b] = placement(i, nodes.length, SPLIT);
    return [nodes[a]!.url, nodes[b]!.url];
  };
  await rampTo(slots, MATCHES, { urls, rampPerSec: RAMP_PER_SEC, vsBot: VS_BOT, rec });
  await new Promise((r) => setTimeout(r, Math.min(5_000, THINK_MS * 3)));

  const sample = async () => ({
    m: await Promise.all(nodes.map((n) => metrics(n.metricsUrl))),
    cpu: nodes.reduce((s, n) => s + processCpuSeconds(n.pid), 0),
    pg: pgClient && db ? await samplePostgres(pgClient, db.name) : null,
    redis: redisClient ? await sampleRedis(redisClient) : null,
  });
  const row = await measureWindow({
    holdS: HOLD_S,
    maxPressure: MAX_PRESSURE,
    rec,
    own,
    begin: sample,
    end: async (s0, w) => {
      const s1 = await sample();
      const mem = (await Promise.all(nodes.map((n) => metrics(n.metricsUrl, true)))).map((m) => m.memory);
      return makeRow(setup, base, s0, s1, mem, w);
    },
    label: (r) => `${r.matches} matches on ${r.setup}`,
  });
  return row;
}

type Sample = { m: Metrics[]; cpu: number; pg: Awaited<ReturnType<typeof samplePostgres>> | null; redis: Awaited<ReturnType<typeof sampleRedis>> | null };

function makeRow(
  setup: SetupName,
  base: Metrics[],
  s0: Sample,
  s1: Sample,
  mem: Metrics['memory'][],
  w: { seconds: number; pressure: number | null; pressures: number[]; benchCpu: number },
) {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const matches = sum(s1.m.map((m) => m.activeMatches));
  const committed = sum(s1.m.map((m, i) => m.storage.appends - s0.m[i]!.storage.appends));
  const groupCommits = sum(s1.m.map((m, i) => m.storage.commits - s0.m[i]!.storage.commits));
  const server = histogramWindow(sumBuckets(s1.m.map((m) => m.serverActionBuckets)));
  const pgCost = s0.pg && s1.pg ? diffPostgres(s0.pg, s1.pg) : null;
  const redisCost = s0.redis && s1.redis ? diffRedis(s0.redis, s1.redis) : null;
  const cpuSeconds = s1.cpu - s0.cpu;
  // The unit of every per-action cost: an action a player's client sent and got acked. What it brings with it
  // (the bot's answers, the passes the server makes, lease renewals) is charged to it.
  const acted = rec.win.actions;
  return {
    setup,
    nodes: s1.m.length,
    matches,
    seconds: round(w.seconds),
    actionsPerSec: round(rec.win.actions / w.seconds),
    /** Every action committed: the clients', the server bot's and the passes the server makes for a player (stops). */
    committedActionsPerSec: round(committed / w.seconds),
    committedPerPlayerAction: round(committed / Math.max(1, acted)),
    /** Actions the nodes applied in the window, by origin, per player action. */
    appliedPerPlayerAction: perAction(
      Object.fromEntries(Object.keys(s1.m[0]!.actionsByOrigin).map((o) => [o, sum(s1.m.map((m, i) => m.actionsByOrigin[o]! - s0.m[i]!.actionsByOrigin[o]!))])),
      acted,
    ),
    forwardedShare: round(rec.win.forwarded / Math.max(1, rec.win.actions)),
    latencyMs: latencyFigures(rec.win.latencies),
    serverSideActionMs: server,
    cpuMsPerAction: round((cpuSeconds * 1000) / Math.max(1, acted)),
    serverCpuShareOfOneCore: round(cpuSeconds / w.seconds),
    serverLoopDelayMs: s1.m.map((m) => m.eventLoopDelayMs),
    actionsPerCommit: round(committed / Math.max(1, groupCommits)),
    commitMs: s1.m.map((m) => m.storage.commitMs),
    rssPerMatchKB: round(sum(mem.map((m, i) => m.rss - base[i]!.memory.rss)) / 1024 / Math.max(1, matches)),
    heapPerMatchKB: round(sum(mem.map((m, i) => m.heapUsed - base[i]!.memory.heapUsed)) / 1024 / Math.max(1, matches)),
    /** Each node's RSS when idle (before the clients) and after the window: what a node costs besides its matches. */
    nodeRssMB: mem.map((m, i) => ({ idle: round(base[i]!.memory.rss / 1e6), loaded: round(m.rss / 1e6) })),
    postgres: pgCost && {
      perAction: perAction({ commits: pgCost.commits, rowsWritten: pgCost.rowsWritten, walBytes: pgCost.walBytes }, acted),
      rowsPerActionByTable: perAction(pgCost.rowsByTable, acted),
      window: pgCost,
    },
    redis: redisCost && {
      perAction: perAction({ commands: redisCost.commands, netInBytes: redisCost.netInBytes, netOutBytes: redisCost.netOutBytes }, acted),
      commandsPerActionByName: perAction(redisCost.byCommand, acted),
      window: redisCost,
    },
    benchLoopDelayMs: { p99: round(own.percentile(99) / 1e6), max: round(own.max / 1e6) },
    benchCpuShareOfOneCore: w.benchCpu,
    staleRefusals: rec.win.stale,
    otherErrors: rec.win.errors,
    machineLoadAvg1m: round(loadavg()[0]!),
    cpuPressurePct: w.pressure,
    pressureOfEachTryPct: w.pressures,
  };
}
type Row = ReturnType<typeof makeRow>;

function describe(r: Row): string {
  const top = (o: Record<string, number>) =>
    Object.entries(o)
      .slice(0, 4)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const lines = [
    `${r.setup}: ${r.nodes} node(s), ${r.matches} matches | ${r.actionsPerSec} actions/s acked (${r.committedActionsPerSec}/s committed with the bots' and the server's passes; ${Math.round(r.forwardedShare * 100)}% forwarded) | latency p50 ${r.latencyMs.p50} ms p99 ${r.latencyMs.p99} ms max ${r.latencyMs.max} ms | in-server p50 ${r.serverSideActionMs.p50} ms p99 ${r.serverSideActionMs.p99} ms`,
    `  cpu ${r.cpuMsPerAction} ms/action (${Math.round(r.serverCpuShareOfOneCore * 100)}% of one core, all nodes) | server loop p99 ${r.serverLoopDelayMs.map((d) => d.p99).join(' / ')} ms | ${r.actionsPerCommit} actions/commit, commit p99 ${r.commitMs.map((c) => c.p99).join(' / ')} ms | rss/match ${r.rssPerMatchKB} KB heap/match ${r.heapPerMatchKB} KB (node rss ${r.nodeRssMB.map((n) => `${n.idle} → ${n.loaded}`).join(' / ')} MB)`,
  ];
  const applied = Object.entries(r.appliedPerPlayerAction).filter(([o, n]) => o !== 'player' && n > 0);
  lines.push(
    `  per player action: ${r.committedPerPlayerAction} actions committed${applied.length ? ` (besides it: ${applied.map(([o, n]) => `${o} ${n}`).join(', ')})` : ''}`,
  );
  if (r.postgres)
    lines.push(
      `  postgres per action: ${r.postgres.perAction.commits} commits, ${r.postgres.perAction.rowsWritten} rows (${top(r.postgres.rowsPerActionByTable)}), ${r.postgres.perAction.walBytes} WAL bytes`,
    );
  if (r.redis)
    lines.push(
      `  redis per action: ${r.redis.perAction.commands} commands (${top(r.redis.commandsPerActionByName)}), in ${r.redis.perAction.netInBytes} B out ${r.redis.perAction.netOutBytes} B`,
    );
  lines.push(
    `  bench loop p99 ${r.benchLoopDelayMs.p99} ms, cpu ${Math.round(r.benchCpuShareOfOneCore * 100)}% | stale ${r.staleRefusals}, errors ${r.otherErrors} | load avg ${r.machineLoadAvg1m}, cpu pressure ${r.cpuPressurePct ?? '-'}%${r.pressureOfEachTryPct.length > 1 ? ` (try ${r.pressureOfEachTryPct.length}: ${r.pressureOfEachTryPct.join(', ')})` : ''}`,
  );
  return lines.join('\n');
}

/**
 * Redis per player action for each clustered setup, and how the larger node count compares with the smaller
 * (1 = no growth; the streams adapter that every node read made bytes out grow with the nodes).
 */
function redisByNodes(results: readonly (Row | object)[]) {
  const rows = results.filter((r): r is Row => 'redis' in r && !!(r as Row).redis);
  const by = Object.fromEntries(rows.map((r) => [r.nodes, { ...r.redis!.perAction, byCommand: r.redis!.commandsPerActionByName }]));
  const [a, b] = rows.map((r) => r.redis!.perAction);
  const ratio = (x: number, y: number) => (x > 0 ? round(y / x) : null);
  return {
    ...by,
    growth:
      a && b && rows.length === 2
        ? {
            of: `${rows[1]!.nodes} nodes over ${rows[0]!.nodes}`,
            commands: ratio(a.commands, b.commands),
            netInBytes: ratio(a.netInBytes, b.netInBytes),
            netOutBytes: ratio(a.netOutBytes, b.netOutBytes),
          }
        : null,
  };
}

async function main(): Promise<void> {
  const idle = { loadAvg1m: round(loadavg()[0]!), cpuPressureSome10sPct: cpuPressure() };
  console.log(
    `cluster bench: ${MATCHES} matches per setup (several nodes: ${Math.round(SPLIT * 100)}% of the two-client ones split across the nodes), hold ${HOLD_S} s, think ${THINK_MS} ms (uniform ×0.5–1.5), ${Math.round(VS_BOT * 100)}% of slots vs the server bot; ${cpus().length} cores; before: load avg ${idle.loadAvg1m}, cpu pressure ${idle.cpuPressureSome10sPct ?? '-'}%`,
  );
  const results: (Row | { setup: SetupName; skipped: string } | { setup: SetupName; failed: string })[] = [];
  for (const setup of chosen as SetupName[]) {
    if (interrupted) break;
    const why = missing(setup);
    if (why) {
      console.log(`${setup}: skipped: ${why}`);
      results.push({ setup, skipped: why });
      continue;
    }
    try {
      const row = await runSetup(setup);
      console.log(describe(row));
      results.push(row);
    } catch (e) {
      console.log(`${setup}: failed: ${e instanceof Error ? e.message : String(e)}`);
      results.push({ setup, failed: e instanceof Error ? e.message : String(e) });
    } finally {
      // Each setup's clients, nodes, Redis and folder go before the next setup starts.
      await stopAll();
    }
  }
  await stopEverything();
  console.log(
    JSON.stringify({
      matchesPerSetup: MATCHES,
      holdSeconds: HOLD_S,
      thinkMs: THINK_MS,
      thinkModel: 'uniform [0.5, 1.5] x thinkMs per decision',
      vsBotShare: VS_BOT,
      maxPressurePct: MAX_PRESSURE,
      cores: cpus().length,
      idleMachine: idle,
      splitShare: SPLIT,
      placement: 'clients connect to the nodes directly; slot i: A on node i mod n, B on the next node in a splitShare of the pairs of slots',
      setups: results,
      redisByNodes: redisByNodes(results),
    }),
  );
}

try {
  await main();
} finally {
  // Also when main itself throws: no node, PostgreSQL or Redis outlives the benchmark.
  await stopEverything();
}
process.exit(interrupted ? 130 : 0);
