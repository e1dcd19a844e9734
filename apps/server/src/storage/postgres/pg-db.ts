/**
 * The PostgreSQL plumbing the backend shares: a `pg` Pool whose BIGINT columns (ms timestamps, counts) read as
 * numbers, `?` placeholders (the SQLite queries' style) turned into `$n`, a transaction helper, and the write
 * lane.
 *
 * The write lane runs every write of this process one after another, in the order they were issued, each on a
 * pooled connection in its own transaction. That is what keeps SQLite's ordering for the writes the room state
 * machine does not await (a room saved, then its match started, then its first action appended: the append
 * cannot reach the server before the match row exists). Reads go to the pool directly and run side by side.
 * Group commit puts a whole batch of appends in one lane job, so the lane costs one round trip per batch.
 */
import pg from 'pg';

const INT8 = 20;
const NUMERIC = 1700;
/** INT8 as a JS number: every BIGINT here is a ms timestamp, a count or an id, all far below 2^53. */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format ?? 'text'),
};

export function createPool(url: string, max = 10): pg.Pool {
  // A connect that gets no answer (a partition rather than a refused port) fails after 5 s instead of holding
  // the write lane forever.
  const pool = new pg.Pool({ connectionString: url, max, types: types as pg.CustomTypesConfig, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle connection the server closed (a restart) errors here, not in a query; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** `?` → `$1, $2, ...` (no `?` appears inside our SQL's string literals). */
export function pgSql(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export type Queryable = pg.Pool | pg.PoolClient;
export type Row = Record<string, unknown>;

export async function rows(db: Queryable, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query(pgSql(sql), params)).rows as Row[];
}

export async function row(db: Queryable, sql: string, params: unknown[] = []): Promise<Row | undefined> {
  return (await rows(db, sql, params))[0];
}

/** The number of rows a write touched. */
export async function run(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  return (await db.query(pgSql(sql), params)).rowCount ?? 0;
}

/** Is this error PostgreSQL refusing a duplicate key (UNIQUE or PRIMARY KEY)? */
export function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string } | null)?.code === '23505';
}

/**
 * Did this fail because the server is away (refused or lost connection, shutting down, restarting) rather than
 * refusing the statement? SQLSTATE class 08 (connection exception), 57P01-57P03 (terminated by an administrator,
 * crash shutdown, cannot connect now), 53300 (too many connections); a socket error; pg's own "Connection
 * terminated" and connection-timeout errors. A bug (a TypeError) is not: it must not read as an outage.
 */
export function isUnavailable(e: unknown): boolean {
  if (e instanceof pg.DatabaseError) {
    const code = e.code ?? '';
    return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
  }
  const err = e as { code?: unknown; message?: unknown } | null;
  if (typeof err?.code === 'string' && /^E[A-Z]+$/.test(err.code)) return true; // ECONNREFUSED, ECONNRESET, EPIPE...
  return typeof err?.message === 'string' && /connection terminated|connection error|timeout exceeded when trying to connect|not queryable/i.test(err.message);
}

/** `job` between BEGIN and COMMIT on `c`; ROLLBACK (its own failure ignored) and rethrow if anything throws. */
export async function inTransaction<T>(c: pg.PoolClient, job: () => Promise<T>): Promise<T> {
  await c.query('BEGIN');
  try {
    const out = await job();
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  }
}

/** Writes in issue order, one at a time, each in a transaction on a pooled connection. */
export class WriteLane {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(private readonly pool: pg.Pool) {}

  /** Runs `job` inside BEGIN ... COMMIT after every write issued before it; ROLLBACK if it throws. */
  tx<T>(job: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.raw((c) => inTransaction(c, () => job(c)));
  }

  /** Runs `job` on a connection after every write issued before it (the job manages its own transaction). */
  raw<T>(job: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(async () => {
      let c: pg.PoolClient | null = null;
      let broken: Error | undefined;
      // A checked-out client whose connection ends between two queries (the server restarting) emits 'error';
      // the pool listens only while a client is idle, so without this listener the process would crash.
      const onError = (e: Error) => void (broken ??= e);
      try {
        c = await this.pool.connect();
        c.on('error', onError);
        return await job(c);
      } catch (e) {
        // A connection that failed mid-protocol (or was terminated by the server) is not given back for reuse.
        if (!(e instanceof pg.DatabaseError) || isUnavailable(e)) broken ??= e as Error;
        throw e;
      } finally {
        c?.removeListener('error', onError);
        c?.release(broken);
        this.pending--;
      }
    });
    // The next job waits for this one to settle, not to succeed.
    this.tail = result.catch(() => {});
    return result;
  }

  /** Resolves once every write issued so far has settled. */
  async drain(): Promise<void> {
    await this.tail;
  }

  get queued(): number {
    return this.pending;
  }
}
