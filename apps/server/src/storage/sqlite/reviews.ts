/** Game reviews on SQLite (../review-store.ts). */
import type Database from 'better-sqlite3';
import { REVIEW_SQL, reviewOf, reviewParams, type ReviewEnd, type ReviewRow, type ReviewStore } from '../review-store.js';

type Row = Record<string, unknown>;

export class SqliteReviews implements ReviewStore {
  private readonly st;
  private readonly beat;

  constructor(db: Database.Database) {
    this.st = Object.fromEntries(Object.entries(REVIEW_SQL).map(([k, sql]) => [k, db.prepare(sql)])) as Record<keyof typeof REVIEW_SQL, Database.Statement>;
    this.beat = db.transaction((node: string, ids: readonly string[], now: number) => {
      for (const id of ids) this.st.heartbeat.run(now, id, node);
    });
  }

  async get(matchId: string): Promise<ReviewRow | null> {
    const r = this.st.get.get(matchId) as Row | undefined;
    return r ? reviewOf(r) : null;
  }

  async claim(matchId: string, node: string, now: number, staleBefore: number) {
    const claimed = this.st.claim.run(...reviewParams.claim(matchId, node, now, staleBefore)).changes > 0;
    return { claimed, row: reviewOf(this.st.get.get(matchId) as Row) };
  }

  async pending(node: string, staleBefore: number): Promise<ReviewRow[]> {
    return (this.st.pending.all(node, staleBefore) as Row[]).map(reviewOf);
  }

  async adopt(matchId: string, node: string, now: number, staleBefore: number): Promise<boolean> {
    return this.st.adopt.run(...reviewParams.adopt(matchId, node, now, staleBefore)).changes > 0;
  }

  async progress(matchId: string, node: string, done: number, total: number, now: number): Promise<boolean> {
    return this.st.progress.run(...reviewParams.progress(matchId, node, done, total, now)).changes > 0;
  }

  async heartbeat(node: string, matchIds: readonly string[], now: number): Promise<void> {
    this.beat(node, matchIds, now);
  }

  async finish(matchId: string, node: string, end: ReviewEnd, now: number): Promise<boolean> {
    return this.st.finish.run(...reviewParams.finish(matchId, node, end, now)).changes > 0;
  }
}
