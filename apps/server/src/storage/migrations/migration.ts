/**
 * What a migration sees: one `exec(sql)` on the database it upgrades. Nothing SQLite-specific (no prepared
 * statements, no pragmas), so the same files can later run on PostgreSQL through another context (issue 19).
 * A migration may be async for that reason; the runner (../migrate.ts) wraps each one in a transaction.
 */
export interface MigrationContext {
  exec(sql: string): void | Promise<void>;
}

export interface Migration {
  /** Stored in `schema_migrations.name`; the order of the list below is the order they run in. */
  name: string;
  up(db: MigrationContext): void | Promise<void>;
}
