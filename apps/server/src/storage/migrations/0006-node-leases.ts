/**
 * Issue 33 §4 (docs/scaling.md "Ownership protocol"): one lease per node instead of one per match, and the clocks
 * in the action row.
 * - `node_leases`: a node's lease (`lease_until`, ms) and its `generation`, raised each time the node (re)joins.
 *   A match is owned through its `match_owners` row (node, `node_generation`, fencing `epoch`): it is free to take
 *   when that node's lease ran out, the node joined again since (a newer generation), or it was released
 *   (`node_generation` 0). A node renews one row a second, whatever number of matches it runs.
 *   `match_owners.lease_until` stays (the previous release's nodes read it during a rolling restart) but is no
 *   longer written; its index goes, the scan now starts from the node leases.
 * - `actions.clocks_json`: the clocks after the action, written with it (NULL for rows written before, and by a
 *   writer that still updates `matches.clocks_json`): a unit of actions is then one multi-row INSERT, with no
 *   UPDATE of the match row per action.
 * Only PostgreSQL clusters use the lease tables; on SQLite they stay empty.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0006-node-leases',
  up: (db) => db.exec(db.dialect === 'postgres' ? sql('BIGINT') : sql('INTEGER')),
};

const sql = (int: string) => `
  CREATE TABLE node_leases (
    node_id TEXT PRIMARY KEY,
    generation ${int} NOT NULL,
    lease_until ${int} NOT NULL
  );
  ALTER TABLE match_owners ADD COLUMN node_generation ${int} NOT NULL DEFAULT 0;
  DROP INDEX match_owners_lease_until;
  CREATE INDEX match_owners_node ON match_owners (node_id, node_generation);
  ALTER TABLE actions ADD COLUMN clocks_json TEXT;
  `;
