/**
 * The per-action costs the cluster benchmark reads from outside the nodes, for the capacity model in
 * docs/scaling.md: node CPU from /proc/<pid>/stat, PostgreSQL's own counters (`pg_stat_database`,
 * `pg_stat_user_tables`, the WAL position) and Redis's (`INFO commandstats`, `INFO stats`). Each sampler
 * returns a snapshot; `diff*` turns two snapshots into the window's counts. The parsers are pure (tested in
 * cluster-costs.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Redis } from 'ioredis';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux we run on). */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * User + system CPU ticks of a /proc/<pid>/stat line. The command name (field 2) is in parentheses and may
 * hold spaces or parentheses itself, so fields are counted after the last ')': utime and stime are fields 14
 * and 15 of the line, 12th and 13th after it.
 */
export function parseProcStat(line: string): number {
  const rest = line.slice(line.lastIndexOf(')') + 2).split(' ');
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  return utime + stime;
}

/** CPU seconds (user + system) of a /proc `stat` file: a process's (all its threads) or one thread's (`task/<tid>/stat`). */
export const statCpuSeconds = (path: string): number => parseProcStat(readFileSync(path, 'utf8')) / CLK_TCK;

/** CPU seconds (user + system, all threads) a live process has used so far. */
export const processCpuSeconds = (pid: number): number => statCpuSeconds(`/proc/${pid}/stat`);

/** `INFO` text as key → value (section headers and blank lines skipped). */
export function parseRedisInfo(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const i = line.indexOf(':');
    if (i > 0) out.set(line.slice(0, i), line.slice(i + 1));
  }
  return out;
}

/** Calls per command from `INFO commandstats` (`cmdstat_xadd:calls=12,usec=...` → { xadd: 12 }). */
export function commandCalls(info: Map<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of info) {
    if (!k.startsWith('cmdstat_')) continue;
    const m = /(?:^|,)calls=(\d+)/.exec(v);
    if (m) out[k.slice('cmdstat_'.length)] = Number(m[1]);
  }
  return out;
}

/** A WAL position ('16/B374D848') as a byte offset (high 32 bits / low 32 bits, both hex). */
export function lsnBytes(lsn: string): number {
  const m = /^([0-9A-Fa-f]+)\/([0-9A-Fa-f]+)$/.exec(lsn);
  if (!m) throw new Error(`not a WAL position: ${lsn}`);
  return parseInt(m[1]!, 16) * 2 ** 32 + parseInt(m[2]!, 16);
}

export interface RedisSample {
  calls: Record<string, number>;
  netInBytes: number;
  netOutBytes: number;
}

/** Redis's counters now. The benchmark's own INFO calls are counted by Redis too: `diffRedis` leaves them out. */
export async function sampleRedis(redis: Redis): Promise<RedisSample> {
  const calls = commandCalls(parseRedisInfo(await redis.info('commandstats')));
  const stats = parseRedisInfo(await redis.info('stats'));
  return { calls, netInBytes: Number(stats.get('total_net_input_bytes') ?? 0), netOutBytes: Number(stats.get('total_net_output_bytes') ?? 0) };
}

/** Commands (by name, most first; `info` left out) and network bytes between two samples. */
export function diffRedis(a: RedisSample, b: RedisSample): { commands: number; byCommand: Record<string, number>; netInBytes: number; netOutBytes: number } {
  const byCommand: Record<string, number> = {};
  for (const [cmd, n] of Object.entries(b.calls)) {
    const d = n - (a.calls[cmd] ?? 0);
    if (d > 0 && cmd !== 'info') byCommand[cmd] = d;
  }
  const sorted = Object.fromEntries(Object.entries(byCommand).sort((x, y) => y[1] - x[1]));
  return {
    commands: Object.values(byCommand).reduce((s, n) => s + n, 0),
    byCommand: sorted,
    netInBytes: b.netInBytes - a.netInBytes,
    netOutBytes: b.netOutBytes - a.netOutBytes,
  };
}

export interface PgSample {
  commits: number;
  rollbacks: number;
  inserted: number;
  updated: number;
  deleted: number;
  walBytes: number;
  /** Rows written per table: inserted + updated + deleted. */
  tables: Record<string, number>;
}

/**
 * PostgreSQL's counters for database `db` now (`client` connected to `db`: pg_stat_user_tables is per
 * database). Backends publish their counts when a transaction ends, at most once a second, so a window's
 * difference is right to about a second's worth of writes.
 */
export async function samplePostgres(client: pg.Client, db: string): Promise<PgSample> {
  const d = await client.query<{ xact_commit: string; xact_rollback: string; tup_inserted: string; tup_updated: string; tup_deleted: string; lsn: string }>(
    'SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, pg_current_wal_lsn()::text AS lsn FROM pg_stat_database WHERE datname = $1',
    [db],
  );
  const row = d.rows[0];
  if (!row) throw new Error(`pg_stat_database has no row for ${db}`);
  const t = await client.query<{ relname: string; n: string }>('SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_user_tables');
  return {
    commits: Number(row.xact_commit),
    rollbacks: Number(row.xact_rollback),
    inserted: Number(row.tup_inserted),
    updated: Number(row.tup_updated),
    deleted: Number(row.tup_deleted),
    walBytes: lsnBytes(row.lsn),
    tables: Object.fromEntries(t.rows.map((r) => [r.relname, Number(r.n)])),
  };
}

/** The window's transactions, rows and WAL bytes; tables that were written, most rows first. */
export function diffPostgres(
  a: PgSample,
  b: PgSample,
): {
  commits: number;
  rollbacks: number;
  rowsWritten: number;
  inserted: number;
  updated: number;
  deleted: number;
  walBytes: number;
  rowsByTable: Record<string, number>;
} {
  const inserted = b.inserted - a.inserted;
  const updated = b.updated - a.updated;
  const deleted = b.deleted - a.deleted;
  const rowsByTable = Object.fromEntries(
    Object.entries(b.tables)
      .map(([t, n]) => [t, n - (a.tables[t] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .sort((x, y) => y[1] - x[1]),
  );
  return {
    commits: b.commits - a.commits,
    rollbacks: b.rollbacks - a.rollbacks,
    rowsWritten: inserted + updated + deleted,
    inserted,
    updated,
    deleted,
    walBytes: b.walBytes - a.walBytes,
    rowsByTable,
  };
}

/** Each count ÷ actions, rounded to 3 decimals (a per-action cost). */
export function perAction<T extends Record<string, number>>(counts: T, actions: number): { [K in keyof T]: number } {
  const out = {} as { [K in keyof T]: number };
  for (const k of Object.keys(counts) as (keyof T)[]) out[k] = actions > 0 ? Math.round(((counts[k] as number) / actions) * 1000) / 1000 : NaN;
  return out;
}
