/**
 * SQLite's migration runner (PostgreSQL's is postgres/pg-migrate.ts; both run the same files, ./migrations/).
 * Schema migrations through umzug (chosen: the maintained, storage-agnostic runner behind Sequelize's
 * migrations; it orders, records and reports, and leaves the SQL to us, so the same migration files can run on
 * PostgreSQL later). Executed migrations are rows of `schema_migrations`; each migration runs in its own
 * transaction together with its row, so a failure leaves the database at the previous migration.
 *
 * Databases from before umzug numbered their migrations with `PRAGMA user_version` = N and have no
 * `schema_migrations`: the first N are recorded as applied (in one transaction with the table) and the rest run.
 * `user_version` is still kept equal to the number applied, so an older server build sees a newer database.
 */
import type Database from 'better-sqlite3';
import { Umzug, type UmzugStorage } from 'umzug';
import type { Logger } from '../logger.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration, MigrationContext } from './migrations/migration.js';

const TABLE = 'schema_migrations';

/** Runs the migrations `db` has not run yet; returns the names run now. */
export async function migrate(db: Database.Database, opts: { migrations?: readonly Migration[]; log?: Logger; now?: () => number } = {}): Promise<string[]> {
  const list = opts.migrations ?? MIGRATIONS;
  const now = opts.now ?? Date.now;
  adoptLegacyVersion(db, list, now());
  const ctx: MigrationContext = { dialect: 'sqlite', exec: (sql) => void db.exec(sql) };
  const record = db.prepare(`INSERT OR IGNORE INTO ${TABLE} (name, applied_at) VALUES (?, ?)`);
  const isRecorded = db.prepare(`SELECT 1 FROM ${TABLE} WHERE name = ?`);
  const storage: UmzugStorage<MigrationContext> = {
    executed: async () => (db.prepare(`SELECT name FROM ${TABLE}`).all() as { name: string }[]).map((r) => r.name),
    // The row is written inside the migration's own transaction (below); this only covers a caller that
    // bypasses it.
    logMigration: async ({ name }) => void record.run(name, now()),
    unlogMigration: async ({ name }) => void db.prepare(`DELETE FROM ${TABLE} WHERE name = ?`).run(name),
  };
  const log = opts.log;
  const umzug = new Umzug<MigrationContext>({
    context: ctx,
    storage,
    logger: log
      ? { info: (m) => log.info(m, 'migration'), warn: (m) => log.warn(m, 'migration'), error: (m) => log.error(m, 'migration'), debug: () => {} }
      : undefined,
    migrations: list.map((m, i) => ({
      name: m.name,
      // BEGIN IMMEDIATE takes the write lock first: another process (the admin command, a second server on the
      // same file) migrating at the same moment waits (busy_timeout), then finds the row and skips.
      up: async ({ context }) => {
        db.exec('BEGIN IMMEDIATE');
        try {
          if (!isRecorded.get(m.name)) {
            await m.up(context);
            record.run(m.name, now());
            db.pragma(`user_version = ${i + 1}`);
          }
          db.exec('COMMIT');
        } catch (e) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw e;
        }
      },
    })),
  });
  const ran = await umzug.up();
  return ran.map((m) => m.name);
}

/** Creates `schema_migrations`; on a database numbered by user_version, records its first N migrations as run. */
function adoptLegacyVersion(db: Database.Database, list: readonly Migration[], at: number): void {
  db.transaction(() => {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(TABLE);
    if (exists) return;
    db.exec(`CREATE TABLE ${TABLE} (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > list.length) throw new Error(`The database is at schema version ${version}, newer than this server knows (${list.length})`);
    const insert = db.prepare(`INSERT INTO ${TABLE} (name, applied_at) VALUES (?, ?)`);
    for (const m of list.slice(0, version)) insert.run(m.name, at);
  }).immediate();
}
