/**
 * Sessions expire after a period without use: the hourly sweep deletes by last_seen. Matches that ended recently
 * come back at start-up (their room's result stays reachable): found by ended_at, not a scan.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0003-session-expiry',
  up: (db) => db.exec(SQL),
};

const SQL = `
  CREATE INDEX sessions_last_seen ON sessions (last_seen);
  CREATE INDEX matches_ended_at ON matches (ended_at);
  `;
