/** Puzzle ratings, attempts and streaks on PostgreSQL (the rules of ../sqlite/puzzles.ts); writes go through the lane. */
import type pg from 'pg';
import { attemptParams, glickoOf, playerOf, PUZZLE_SQL, type PuzzleAttemptWrite, type PuzzlePlayerRow, type PuzzleStore } from '../puzzle-store.js';
import { row, rows, run, type WriteLane } from './pg-db.js';

export class PgPuzzles implements PuzzleStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  async ratings() {
    return new Map((await rows(this.pool, PUZZLE_SQL.ratings)).map((r) => [String(r.puzzle_id), { ...glickoOf(r), plays: Number(r.plays) }]));
  }

  async player(userId: string): Promise<PuzzlePlayerRow | null> {
    const r = await row(this.pool, PUZZLE_SQL.player, [userId]);
    return r ? playerOf(r) : null;
  }

  async attempts(userId: string): Promise<Map<string, boolean>> {
    return new Map((await rows(this.pool, PUZZLE_SQL.attempts, [userId])).map((r) => [String(r.puzzle_id), Number(r.solved) === 1]));
  }

  record(w: PuzzleAttemptWrite): Promise<boolean> {
    return this.lane.tx(async (c) => {
      const inserted = (await run(c, PUZZLE_SQL.insertAttempt, attemptParams(w, false).attempt)) > 0;
      const p = attemptParams(w, inserted);
      if (inserted && p.puzzle) await run(c, PUZZLE_SQL.savePuzzle, p.puzzle);
      await run(c, PUZZLE_SQL.savePlayer, p.player);
      return inserted && w.rated !== null;
    });
  }
}
