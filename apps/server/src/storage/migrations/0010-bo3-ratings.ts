/**
 * Issue 34 §1, best-of-three queues with ratings of their own: `ratings.queue` may also be 'casual-bo3' and
 * 'ranked-bo3'. SQLite cannot change a CHECK, so the table (small: a row per player and queue) is copied into a
 * new one; PostgreSQL swaps the constraint.
 */
import type { Migration } from './migration.js';

const QUEUES = "('casual', 'ranked', 'casual-bo3', 'ranked-bo3')";

export const migration: Migration = {
  name: '0010-bo3-ratings',
  up: (db) =>
    db.exec(
      db.dialect === 'postgres'
        ? `ALTER TABLE ratings DROP CONSTRAINT ratings_queue_check;
           ALTER TABLE ratings ADD CONSTRAINT ratings_queue_check CHECK (queue IN ${QUEUES});`
        : `CREATE TABLE ratings_new (
             user_id    TEXT NOT NULL REFERENCES users (id),
             queue      TEXT NOT NULL CHECK (queue IN ${QUEUES}),
             rating     REAL NOT NULL,
             rd         REAL NOT NULL,
             volatility REAL NOT NULL,
             games      INTEGER NOT NULL DEFAULT 0,
             wins       INTEGER NOT NULL DEFAULT 0,
             losses     INTEGER NOT NULL DEFAULT 0,
             draws      INTEGER NOT NULL DEFAULT 0,
             updated_at INTEGER NOT NULL,
             PRIMARY KEY (user_id, queue)
           );
           INSERT INTO ratings_new (user_id, queue, rating, rd, volatility, games, wins, losses, draws, updated_at)
             SELECT user_id, queue, rating, rd, volatility, games, wins, losses, draws, updated_at FROM ratings;
           DROP TABLE ratings;
           ALTER TABLE ratings_new RENAME TO ratings;
           CREATE INDEX ratings_board ON ratings (queue, rating DESC);`,
    ),
};
