/**
 * Game reviews (issue 35 §1; migration 0012): the interface and the statements both backends share (`?`
 * placeholders; PostgreSQL numbers them). Every write after the claim names the node that holds the row, so a
 * node whose row was taken over (it went silent, another node adopted the review) writes nothing more about it.
 */
import type { ReviewStatus } from '@vroyale/protocol';

export interface ReviewRow {
  matchId: string;
  status: ReviewStatus;
  progress: { done: number; total: number };
  /** The done review (a `GameReview`) as the JSON text stored: read and sent on as it is, never parsed by the server. */
  resultJson: string | null;
  error: string | null;
  /** The node running (or that ran) it. */
  node: string;
  requestedAt: number;
  /** The holder's last word (a claim, progress, its heartbeat): a queued or running row older than the stale limit is free. */
  updatedAt: number;
  finishedAt: number | null;
}

export interface ReviewStore {
  get(matchId: string): Promise<ReviewRow | null>;
  /**
   * Queues a review for `node`: a new row, or a failed one asked again, or a queued or running one whose holder
   * last wrote before `staleBefore`. Returns whether this node now holds it and the row as stored.
   */
  claim(matchId: string, node: string, now: number, staleBefore: number): Promise<{ claimed: boolean; row: ReviewRow }>;
  /** Queued or running rows this node should run after a start: its own, or any whose holder went silent. */
  pending(node: string, staleBefore: number): Promise<ReviewRow[]>;
  /** Takes over a pending row `pending` returned (queued again, progress reset); false when someone was first. */
  adopt(matchId: string, node: string, now: number, staleBefore: number): Promise<boolean>;
  /** Running, `done` of `total`; false when this node no longer holds it. */
  progress(matchId: string, node: string, done: number, total: number, now: number): Promise<boolean>;
  /**
   * The holder is alive: these rows of `node`, still queued or running, are fresh again. Only the reviews the node
   * holds in memory: a row it lost track of (a finish that could not be stored) must go stale and be taken over.
   */
  heartbeat(node: string, matchIds: readonly string[], now: number): Promise<void>;
  /** Done with its review, or failed with a sentence; false when this node no longer holds it. */
  finish(matchId: string, node: string, end: ReviewEnd, now: number): Promise<boolean>;
}

/** How a review ended: its `GameReview` as JSON text (made by the review process), or a sentence saying why not. */
export type ReviewEnd = { resultJson: string } | { error: string };

const PENDING = "status IN ('queued', 'running')";

export const REVIEW_SQL = {
  get: 'SELECT * FROM reviews WHERE match_id = ?',
  claim: `INSERT INTO reviews (match_id, status, progress_done, progress_total, node, requested_at, updated_at) VALUES (?, 'queued', 0, 0, ?, ?, ?)
    ON CONFLICT (match_id) DO UPDATE SET status = 'queued', progress_done = 0, progress_total = 0, result_json = NULL, error = NULL,
      node = excluded.node, requested_at = excluded.requested_at, updated_at = excluded.updated_at, finished_at = NULL
    WHERE reviews.status = 'failed' OR (reviews.${PENDING} AND reviews.updated_at < ?)`,
  pending: `SELECT * FROM reviews WHERE ${PENDING} AND (node = ? OR updated_at < ?) ORDER BY requested_at, match_id`,
  adopt: `UPDATE reviews SET status = 'queued', progress_done = 0, node = ?, updated_at = ? WHERE match_id = ? AND ${PENDING} AND (node = ? OR updated_at < ?)`,
  progress: `UPDATE reviews SET status = 'running', progress_done = ?, progress_total = ?, updated_at = ? WHERE match_id = ? AND node = ? AND ${PENDING}`,
  heartbeat: `UPDATE reviews SET updated_at = ? WHERE match_id = ? AND node = ? AND ${PENDING}`,
  finish: `UPDATE reviews SET status = ?, progress_done = CASE WHEN ? = 'done' THEN progress_total ELSE progress_done END, result_json = ?, error = ?,
      updated_at = ?, finished_at = ? WHERE match_id = ? AND node = ? AND ${PENDING}`,
} as const;

type Row = Record<string, unknown>;

export const reviewOf = (r: Row): ReviewRow => ({
  matchId: String(r.match_id),
  status: String(r.status) as ReviewStatus,
  progress: { done: Number(r.progress_done), total: Number(r.progress_total) },
  resultJson: r.result_json == null ? null : String(r.result_json),
  error: r.error == null ? null : String(r.error),
  node: String(r.node),
  requestedAt: Number(r.requested_at),
  updatedAt: Number(r.updated_at),
  finishedAt: r.finished_at == null ? null : Number(r.finished_at),
});

/** The parameters of REVIEW_SQL's statements, in their order. */
export const reviewParams = {
  claim: (matchId: string, node: string, now: number, staleBefore: number) => [matchId, node, now, now, staleBefore],
  adopt: (matchId: string, node: string, now: number, staleBefore: number) => [node, now, matchId, node, staleBefore],
  progress: (matchId: string, node: string, done: number, total: number, now: number) => [done, total, now, matchId, node],
  finish: (matchId: string, node: string, end: ReviewEnd, now: number) => {
    const status = 'resultJson' in end ? 'done' : 'failed';
    return [status, status, 'resultJson' in end ? end.resultJson : null, 'error' in end ? end.error : null, now, now, matchId, node];
  },
};
