/** Game reviews on PostgreSQL (the rules of ../sqlite/reviews.ts); writes go through the lane. */
import type pg from 'pg';
import { REVIEW_SQL, reviewOf, reviewParams, type ReviewEnd, type ReviewRow, type ReviewStore } from '../review-store.js';
import { row, rows, run, type WriteLane } from './pg-db.js';

export class PgReviews implements ReviewStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  async get(matchId: string): Promise<ReviewRow | null> {
    const r = await row(this.pool, REVIEW_SQL.get, [matchId]);
    return r ? reviewOf(r) : null;
  }

  claim(matchId: string, node: string, now: number, staleBefore: number) {
    return this.lane.tx(async (c) => {
      const claimed = (await run(c, REVIEW_SQL.claim, reviewParams.claim(matchId, node, now, staleBefore))) > 0;
      return { claimed, row: reviewOf((await row(c, REVIEW_SQL.get, [matchId]))!) };
    });
  }

  async pending(node: string, staleBefore: number): Promise<ReviewRow[]> {
    return (await rows(this.pool, REVIEW_SQL.pending, [node, staleBefore])).map(reviewOf);
  }

  adopt(matchId: string, node: string, now: number, staleBefore: number): Promise<boolean> {
    return this.lane.tx(async (c) => (await run(c, REVIEW_SQL.adopt, reviewParams.adopt(matchId, node, now, staleBefore))) > 0);
  }

  progress(matchId: string, node: string, done: number, total: number, now: number): Promise<boolean> {
    return this.lane.tx(async (c) => (await run(c, REVIEW_SQL.progress, reviewParams.progress(matchId, node, done, total, now))) > 0);
  }

  async heartbeat(node: string, matchIds: readonly string[], now: number): Promise<void> {
    if (matchIds.length === 0) return;
    await this.lane.tx(async (c) => {
      for (const id of matchIds) await run(c, REVIEW_SQL.heartbeat, [now, id, node]);
    });
  }

  finish(matchId: string, node: string, end: ReviewEnd, now: number): Promise<boolean> {
    return this.lane.tx(async (c) => (await run(c, REVIEW_SQL.finish, reviewParams.finish(matchId, node, end, now))) > 0);
  }
}
