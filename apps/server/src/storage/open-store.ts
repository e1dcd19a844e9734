/**
 * Opens the configured backend: SQLite at `dbPath` (the default), or PostgreSQL when `databaseUrl` is set
 * (VROYALE_DATABASE_URL). Either way the schema is migrated before this resolves.
 */
import type { Logger } from '../logger.js';
import { PgStore } from './postgres/pg-store.js';
import { SqliteStore, type SyncMode } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface StoreConfig {
  dbPath: string;
  dbSync: SyncMode;
  checkpointEveryMs: number;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | null;
}

export async function openStore(config: StoreConfig, log: Logger): Promise<Store> {
  if (config.databaseUrl) return PgStore.open(config.databaseUrl, log);
  const store = await SqliteStore.open(config.dbPath, config.dbSync, log);
  // 0: no checkpoint thread (the admin command's short-lived connection).
  if (config.checkpointEveryMs > 0) store.startBackgroundCheckpoints(config.checkpointEveryMs, log);
  return store;
}
