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
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8 || oid === NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format ?? 'text')),
};

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: types as pg.CustomTypesConfig, idleTimeoutMillis: 30_000 });
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

/** Writes in issue order, one at a time, each in a transaction on a pooled connection. */
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
      try {
        c = await this.pool.connect();
        return await job(c);
      } catch (e) {
        // A connection that failed mid-protocol is not given back for reuse.
        if (!(e instanceof pg.DatabaseError)) broken = e as Error;
        throw e;
      } finally {
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
