/** Puzzle ratings, attempts and streaks on SQLite (../puzzle-store.ts). */
import type Database from 'better-sqlite3';
import { attemptParams, glickoOf, playerOf, PUZZLE_SQL, type PuzzleAttemptWrite, type PuzzlePlayerRow, type PuzzleStore } from '../puzzle-store.js';

type Row = Record<string, unknown>;

export class SqlitePuzzles implements PuzzleStore {
  private readonly st;
  private readonly tx;

  constructor(db: Database.Database) {
    this.st = Object.fromEntries(Object.entries(PUZZLE_SQL).map(([k, sql]) => [k, db.prepare(sql)])) as Record<keyof typeof PUZZLE_SQL, Database.Statement>;
    this.tx = db.transaction((w: PuzzleAttemptWrite): boolean => {
      const inserted = this.st.insertAttempt.run(...attemptParams(w, false).attempt).changes > 0;
      const p = attemptParams(w, inserted);
      if (inserted && p.puzzle) this.st.savePuzzle.run(...p.puzzle);
      this.st.savePlayer.run(...p.player);
      return inserted && w.rated !== null;
    });
  }

  async ratings() {
    return new Map((this.st.ratings.all() as Row[]).map((r) => [String(r.puzzle_id), { ...glickoOf(r), plays: Number(r.plays) }]));
  }

  async player(userId: string): Promise<PuzzlePlayerRow | null> {
    const r = this.st.player.get(userId) as Row | undefined;
    return r ? playerOf(r) : null;
  }

  async attempts(userId: string): Promise<Map<string, boolean>> {
    return new Map((this.st.attempts.all(userId) as Row[]).map((r) => [String(r.puzzle_id), Number(r.solved) === 1]));
  }

  async record(w: PuzzleAttemptWrite): Promise<boolean> {
    return this.tx(w);
  }
}
