/**
 * The SQLite backend behind a test server's store, for tests that look at rows directly (the server itself
 * never does: everything goes through `Store`). Throws on another backend, so such a test says why it cannot run.
 */
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../../src/storage/store.js';

export function sqliteOf(store: Store): SqliteStore {
  if (!(store instanceof SqliteStore)) throw new Error(`this test reads SQLite rows; the store is ${store.backend}`);
  return store;
}
