/**
 * What a migration sees: one `exec(sql)` on the database it upgrades, and which engine that is. Nothing else (no
 * prepared statements, no pragmas), so the same files run on SQLite (../migrate.ts) and PostgreSQL
 * (../postgres/pg-migrate.ts); each runner wraps every migration in a transaction with its schema_migrations row.
 * Where the engines' SQL differs (PostgreSQL: BIGINT for ms timestamps, identity columns where SQLite has an
 * INTEGER PRIMARY KEY, DOUBLE PRECISION where SQLite's REAL is 8 bytes, jsonb operators for json_extract) a
 * migration gives each dialect its own text; the tables, columns, keys and indexes are the same.
 */
export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
  exec(sql: string): void | Promise<void>;
}

export interface Migration {
  /** Stored in `schema_migrations.name`; the order of the list below is the order they run in. */
  name: string;
  up(db: MigrationContext): void | Promise<void>;
}
