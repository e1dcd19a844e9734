/**
 * Issue 34 §1, history and profiles show a best-of-three with its games: `rooms.series_id` links each game's room
 * to its series (set when the series is saved: the first game's room exists before its series does), so the
 * history's query reads it with the room it already joins, by primary key.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0009-room-series',
  up: (db) => db.exec('ALTER TABLE rooms ADD COLUMN series_id TEXT;'),
};
