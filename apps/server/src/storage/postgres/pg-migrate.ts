/**
 * The migrations (../migrations/) on PostgreSQL, through umzug like SQLite's runner (../migrate.ts): executed
 * ones are rows of `schema_migrations`, each migration runs in its own transaction together with its row, so a
 * failure leaves the database at the previous migration. Several nodes start at once: every step takes the same
 * transaction-scoped advisory lock first (`pg_advisory_xact_lock`), so a second node waits, then finds the row
 * and skips; the lock goes with the COMMIT or ROLLBACK.
 */
import type pg from 'pg';
import { Umzug, type UmzugStorage } from 'umzug';
import type { Logger } from '../../logger.js';
import { MIGRATIONS } from '../migrations/index.js';
import type { Migration, MigrationContext } from '../migrations/migration.js';
import { inTransaction } from './pg-db.js';

/** Any constant both nodes agree on: "vroyale migrations". */
const LOCK_KEY = 0x76_72_6f_79;

async function inLockedTx<T>(pool: pg.Pool, job: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    return await inTransaction(c, async () => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      return job(c);
    });
  } finally {
    c.release();
  }
}

/** Runs the migrations the database has not run yet; returns the names run now (by this node). */
export async function migratePostgres(pool: pg.Pool, opts: { migrations?: readonly Migration[]; log?: Logger; now?: () => number } = {}): Promise<string[]> {
  const list = opts.migrations ?? MIGRATIONS;
  const now = opts.now ?? Date.now;
  await inLockedTx(pool, (c) => c.query('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)'));
  const ran: string[] = [];
  const storage: UmzugStorage<MigrationContext> = {
    executed: async () => (await pool.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    // Recorded inside the migration's own transaction (below).
    logMigration: async () => {},
    unlogMigration: async ({ name }) => void (await pool.query('DELETE FROM schema_migrations WHERE name = $1', [name])),
  };
  const log = opts.log;
  const umzug = new Umzug<MigrationContext>({
    context: { dialect: 'postgres', exec: () => Promise.reject(new Error('a migration runs inside its runner')) },
    storage,
    logger: log
      ? { info: (m) => log.info(m, 'migration'), warn: (m) => log.warn(m, 'migration'), error: (m) => log.error(m, 'migration'), debug: () => {} }
      : undefined,
    migrations: list.map((m) => ({
      name: m.name,
      up: () =>
        inLockedTx(pool, async (c) => {
          const done = await c.query('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
          if (done.rowCount) return;
          await m.up({ dialect: 'postgres', exec: async (sql) => void (await c.query(sql)) });
          await c.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [m.name, now()]);
          ran.push(m.name);
        }),
    })),
  });
  await umzug.up();
  return ran;
}
