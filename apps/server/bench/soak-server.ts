/**
 * The soak benchmark's server side: the real server in a child process (as `bench-kit.ts` starts it: its own
 * temporary database, `--expose-gc`, the Prometheus listener on a loopback port of its own, never the public
 * one), every line it logs kept in a file and read for errors, samples of its memory, handles, event loop and
 * database, and at the end the database checked against what the clients were acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { parsePromText, sampleSum } from '../src/metrics/prom-text.js';
import { SERVER_NODE_FLAGS } from '../src/node-flags.js';

export interface ServerLog {
  /** Lines at level error or fatal (pino 50, 60), and anything the process wrote to stderr. */
  errors: number;
  warnings: number;
  /** The first few error lines, as logged (for the report). */
  firstErrors: string[];
  /** Warning messages by `msg`, counted. */
  warningsByMsg: Record<string, number>;
}

export interface SoakServer {
  child: ChildProcess;
  url: string;
  metricsUrl: string;
  dbPath: string;
  log: ServerLog;
  /** SIGTERM, then wait for the exit (SIGKILL after `graceMs`); the exit code, or the signal's name. */
  stop(graceMs?: number): Promise<number | string>;
}

/** Starts `apps/server/src/main.ts` with a database in `dir`; `env` adds to or overrides the defaults below. */
export async function startSoakServer(dir: string, env: Record<string, string> = {}): Promise<SoakServer> {
  const dbPath = join(dir, 'soak.db');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--expose-gc', '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      VROYALE_METRICS_PORT: '0',
      VROYALE_METRICS_HOST: '127.0.0.1',
      VROYALE_DB: dbPath,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = createWriteStream(join(dir, 'server.log'));
  const log: ServerLog = { errors: 0, warnings: 0, firstErrors: [], warningsByMsg: {} };
  const error = (line: string) => {
    log.errors++;
    if (log.firstErrors.length < 10) log.firstErrors.push(line.slice(0, 2000));
  };
  let ports: ((p: [number, number]) => void) | null = null;
  let port = 0;
  let metricsPort = 0;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    file.write(`${line}\n`);
    let entry: { level?: number; msg?: string; port?: number; metricsPort?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return error(`(not a log line) ${line}`);
    }
    const level = entry.level ?? 0;
    if (level >= 50) error(line);
    else if (level >= 40) {
      log.warnings++;
      const msg = String(entry.msg ?? '');
      log.warningsByMsg[msg] = (log.warningsByMsg[msg] ?? 0) + 1;
    }
    if (entry.msg === 'metrics listening') metricsPort = Number(entry.metricsPort);
    if (entry.msg === 'server listening') port = Number(entry.port);
    if (port && metricsPort && ports) {
      ports([port, metricsPort]);
      ports = null;
    }
  });
  createInterface({ input: child.stderr! }).on('line', (line) => {
    file.write(`[stderr] ${line}\n`);
    error(`[stderr] ${line}`);
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const [p, mp] = await Promise.race([
    new Promise<[number, number]>((resolve) => (ports = resolve)),
    exited.then((code) => {
      throw new Error(`the server exited with ${code} before listening (log: ${join(dir, 'server.log')})`);
    }),
  ]);
  return {
    child,
    url: `http://127.0.0.1:${p}`,
    metricsUrl: `http://127.0.0.1:${mp}/metrics`,
    dbPath,
    log,
    async stop(graceMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      await new Promise((r) => file.end(r));
      return code;
    },
  };
}

export interface ServerSample {
  /** Minutes since the load was reached. */
  minute: number;
  /** Live heap after full collections (two scrapes with ?gc=1, the second read). */
  heapBytes: number;
  /**
   * Resident memory 2 s after those collections: a full collection first maps new pages to compact into and gives
   * the old ones back a moment later, so RSS read at once lands anywhere in between (70 MB apart at 300 matches).
   */
  rssBytes: number;
  /** libuv handles the process holds open (sockets, timers, files: prom-client's nodejs_active_handles_total). */
  openHandles: number;
  /** Event-loop delay p99 and max since the previous sample (the scrape resets prom-client's histogram). */
  loopP99Ms: number;
  loopMaxMs: number;
  /** The database file with its WAL and shared-memory files. */
  dbBytes: number;
  liveMatches: number;
  sockets: number;
  roomsInMemory: number;
  /** Linux PSI: share of the last 10 s some task waited for a CPU (null without PSI). */
  cpuPressurePct: number | null;
}

async function scrape(metricsUrl: string, gc: boolean) {
  const res = await fetch(`${metricsUrl}${gc ? '?gc=1' : ''}`);
  if (!res.ok) throw new Error(`${metricsUrl}: ${res.status}`);
  const s = parsePromText(await res.text());
  return (name: string, labels: Record<string, string> = {}) => sampleSum(s, name, labels);
}

export function dbBytes(dbPath: string): number {
  return ['', '-wal', '-shm'].reduce((n, ext) => n + (existsSync(dbPath + ext) ? statSync(dbPath + ext).size : 0), 0);
}

/** One sample. The event-loop figures come from a plain scrape first, so the collections do not stall their window. */
export async function sampleServer(s: SoakServer, minute: number, cpuPressurePct: number | null): Promise<ServerSample> {
  const v = await scrape(s.metricsUrl, false);
  await scrape(s.metricsUrl, true);
  const m = await scrape(s.metricsUrl, true);
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await scrape(s.metricsUrl, false);
  return {
    minute: Math.round(minute * 100) / 100,
    heapBytes: m('nodejs_heap_size_used_bytes'),
    rssBytes: after('process_resident_memory_bytes'),
    openHandles: v('nodejs_active_handles_total'),
    loopP99Ms: Math.round(v('nodejs_eventloop_lag_p99_seconds') * 1e5) / 100,
    loopMaxMs: Math.round(v('nodejs_eventloop_lag_max_seconds') * 1e5) / 100,
    dbBytes: dbBytes(s.dbPath),
    liveMatches: v('vroyale_matches_live'),
    sockets: v('vroyale_sockets'),
    roomsInMemory: v('vroyale_rooms'),
    cpuPressurePct,
  };
}

/** What the clients were told was saved: client action id (`<seat>:<id>`, as stored) → seq and room. */
export type AckedActions = Map<string, { seq: number; roomId: string }>;

export interface DbCheck {
  acked: number;
  /** Acknowledged but not in the database. */
  lost: number;
  /** In the database under another seq or room than acknowledged. */
  mismatched: number;
  examples: string[];
  rows: { actions: number; matches: Record<string, number>; users: number; sessions: number; reports: number };
}

/** Reads the stopped server's database and checks every acknowledged action is there as acknowledged. */
export function checkDatabase(dbPath: string, acked: AckedActions): DbCheck {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const stored = new Map<string, { seq: number; roomId: string }>();
    const rows = db
      .prepare(
        'SELECT a.client_action_id AS cid, a.seq AS seq, m.room_id AS roomId FROM actions a JOIN matches m ON m.id = a.match_id WHERE a.client_action_id IS NOT NULL',
      )
      .iterate() as Iterable<{ cid: string; seq: number; roomId: string }>;
    for (const r of rows) stored.set(r.cid, { seq: r.seq, roomId: r.roomId });
    const check: DbCheck = { acked: acked.size, lost: 0, mismatched: 0, examples: [], rows: { actions: 0, matches: {}, users: 0, sessions: 0, reports: 0 } };
    for (const [cid, want] of acked) {
      const got = stored.get(cid);
      if (!got) check.lost++;
      else if (got.seq !== want.seq || got.roomId !== want.roomId) check.mismatched++;
      else continue;
      if (check.examples.length < 10)
        check.examples.push(`${cid}: acked seq ${want.seq} in ${want.roomId}, stored ${got ? `seq ${got.seq} in ${got.roomId}` : 'nothing'}`);
    }
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    check.rows.actions = count('SELECT COUNT(*) AS n FROM actions');
    check.rows.users = count('SELECT COUNT(*) AS n FROM users');
    check.rows.sessions = count('SELECT COUNT(*) AS n FROM sessions');
    check.rows.reports = count('SELECT COUNT(*) AS n FROM reports');
    for (const r of db.prepare('SELECT status, COUNT(*) AS n FROM matches GROUP BY status').all() as { status: string; n: number }[])
      check.rows.matches[r.status] = r.n;
    return check;
  } finally {
    db.close();
  }
}
