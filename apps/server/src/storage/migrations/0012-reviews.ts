/**
 * Issue 35 §1, the game review: one row per reviewed match (a review depends only on the match's immutable log,
 * so one per match is enough and a second request reads it). `node` and `updated_at` say which node runs a
 * queued or running review and when it last reported: storage is shared in a cluster, each node runs its own
 * queue, and a row whose node went silent may be taken over (reviews/review-queue.ts).
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0012-reviews',
  up: (db) => {
    const ms = db.dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
    return db.exec(
      `CREATE TABLE reviews (
         match_id       TEXT PRIMARY KEY REFERENCES matches (id),
         status         TEXT NOT NULL,
         progress_done  INTEGER NOT NULL DEFAULT 0,
         progress_total INTEGER NOT NULL DEFAULT 0,
         result_json    TEXT,
         error          TEXT,
         node           TEXT NOT NULL,
         requested_at   ${ms} NOT NULL,
         updated_at     ${ms} NOT NULL,
         finished_at    ${ms}
       );
       CREATE INDEX reviews_pending ON reviews (status) WHERE status IN ('queued', 'running');`,
    );
  },
};
