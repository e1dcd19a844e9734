/**
 * Issue 34 §1, matches of several games (best-of-three):
 * - `series`: one row per match of several games; its games, decks and side-deck window as JSON (`data_json`,
 *   written whole: a series changes a few times per game), `status` to find the ones still running at start-up.
 * - `matches.chooser`: in a later game of a match, the seat that chose who went first (PR-18); NULL when a coin
 *   flip decided. A replay needs it: the engine flips no coin then.
 * - `rooms.format`: 'bo3' for a room made for a best-of-three (its series starts with its match); NULL: one game.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0007-series',
  up: (db) => db.exec(db.dialect === 'postgres' ? sql('BIGINT') : sql('INTEGER')),
};

const sql = (int: string) => `
  CREATE TABLE series (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    data_json TEXT NOT NULL,
    created_at ${int} NOT NULL,
    updated_at ${int} NOT NULL
  );
  CREATE INDEX series_status ON series (status, updated_at);
  ALTER TABLE matches ADD COLUMN chooser TEXT;
  ALTER TABLE rooms ADD COLUMN format TEXT;
  `;
