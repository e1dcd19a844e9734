/**
 * Issue 34 §2, Swiss tournaments: one row per event, its settings, entrants, pure state and rooms as JSON
 * (`data_json`, written whole at each change: a tournament changes a few times per round), `status` to find the
 * ones not over at start-up. A tournament's games are ordinary rooms and matches (kind 'room'); the row links them.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0008-tournaments',
  up: (db) => db.exec(db.dialect === 'postgres' ? sql('BIGINT') : sql('INTEGER')),
};

const sql = (int: string) => `
  CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    data_json TEXT NOT NULL,
    created_at ${int} NOT NULL,
    updated_at ${int} NOT NULL
  );
  CREATE INDEX tournaments_status ON tournaments (status, updated_at);
  `;
