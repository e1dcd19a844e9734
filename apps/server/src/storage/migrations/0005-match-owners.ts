/**
 * Match ownership (issue 19 §2, docs/scaling.md "Ownership protocol"): which node runs each live match, under a
 * lease with a fencing epoch. Only PostgreSQL clusters use it; on SQLite (one node) the table stays empty.
 * `lease_until` is a ms timestamp; the index serves the takeover scan (`WHERE lease_until < now`).
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0005-match-owners',
  up: (db) => db.exec(db.dialect === 'postgres' ? sql('BIGINT') : sql('INTEGER')),
};

const sql = (int: string) => `
  CREATE TABLE match_owners (
    match_id TEXT PRIMARY KEY,
    node_id TEXT NOT NULL,
    epoch ${int} NOT NULL,
    lease_until ${int} NOT NULL
  );
  CREATE INDEX match_owners_lease_until ON match_owners (lease_until);
  `;
