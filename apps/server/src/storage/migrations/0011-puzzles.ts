/**
 * Issue 35 §2, the puzzle page: a Glicko-2 rating per puzzle (seeded from its file's `rating` on first use, so a
 * row exists only for puzzles somebody played) and per player, and each player's first attempt of each puzzle
 * (its key is what makes "rated on the first attempt only" hold under a double submit), with the streak.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0011-puzzles',
  up: (db) => {
    const real = db.dialect === 'postgres' ? 'DOUBLE PRECISION' : 'REAL';
    const ms = db.dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
    return db.exec(
      `CREATE TABLE puzzle_ratings (
         puzzle_id  TEXT PRIMARY KEY,
         rating     ${real} NOT NULL,
         rd         ${real} NOT NULL,
         volatility ${real} NOT NULL,
         plays      INTEGER NOT NULL DEFAULT 0,
         updated_at ${ms} NOT NULL
       );
       CREATE TABLE puzzle_players (
         user_id     TEXT PRIMARY KEY REFERENCES users (id),
         rating      ${real} NOT NULL,
         rd          ${real} NOT NULL,
         volatility  ${real} NOT NULL,
         streak      INTEGER NOT NULL DEFAULT 0,
         best_streak INTEGER NOT NULL DEFAULT 0,
         updated_at  ${ms} NOT NULL
       );
       CREATE TABLE puzzle_attempts (
         user_id   TEXT NOT NULL REFERENCES users (id),
         puzzle_id TEXT NOT NULL,
         solved    INTEGER NOT NULL,
         at        ${ms} NOT NULL,
         PRIMARY KEY (user_id, puzzle_id)
       );`,
    );
  },
};
