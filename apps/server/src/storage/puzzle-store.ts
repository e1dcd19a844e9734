/**
 * Puzzle ratings, player puzzle ratings, first attempts and streaks (issue 35 §2; migration 0011): the interface
 * and the statements both backends share (`?` placeholders; PostgreSQL numbers them).
 */
export interface GlickoRow {
  rating: number;
  rd: number;
  volatility: number;
}

export interface PuzzlePlayerRow extends GlickoRow {
  streak: number;
  bestStreak: number;
}

/** One finished attempt. `rated`: the ratings after it when the service believes it is the player's first. */
export interface PuzzleAttemptWrite {
  userId: string;
  puzzleId: string;
  solved: boolean;
  at: number;
  /** The player's row as it was (written back unchanged, with the new streak, when the attempt is not rated). */
  before: GlickoRow;
  rated: { player: GlickoRow; puzzle: GlickoRow } | null;
  streak: number;
  bestStreak: number;
}

export interface PuzzleStore {
  /** Every puzzle someone played: id → its rating now. Puzzles without a row keep their file's seed. */
  ratings(): Promise<Map<string, GlickoRow & { plays: number }>>;
  player(userId: string): Promise<PuzzlePlayerRow | null>;
  /** The puzzles this user attempted: id → solved on the first attempt. */
  attempts(userId: string): Promise<Map<string, boolean>>;
  /**
   * Records an attempt in one transaction. Only the first attempt of a puzzle inserts its row; the ratings are
   * written only when it did (a second submission loses the race on the key and rates nothing). Returns whether
   * the ratings were written.
   */
  record(w: PuzzleAttemptWrite): Promise<boolean>;
}

export const PUZZLE_SQL = {
  ratings: 'SELECT puzzle_id, rating, rd, volatility, plays FROM puzzle_ratings',
  player: 'SELECT rating, rd, volatility, streak, best_streak FROM puzzle_players WHERE user_id = ?',
  attempts: 'SELECT puzzle_id, solved FROM puzzle_attempts WHERE user_id = ?',
  insertAttempt: 'INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, puzzle_id) DO NOTHING',
  savePlayer: `INSERT INTO puzzle_players (user_id, rating, rd, volatility, streak, best_streak, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
      streak = excluded.streak, best_streak = excluded.best_streak, updated_at = excluded.updated_at`,
  savePuzzle: `INSERT INTO puzzle_ratings (puzzle_id, rating, rd, volatility, plays, updated_at) VALUES (?, ?, ?, ?, 1, ?)
    ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
      plays = puzzle_ratings.plays + 1, updated_at = excluded.updated_at`,
} as const;

type Row = Record<string, unknown>;
export const glickoOf = (r: Row): GlickoRow => ({ rating: Number(r.rating), rd: Number(r.rd), volatility: Number(r.volatility) });
export const playerOf = (r: Row): PuzzlePlayerRow => ({ ...glickoOf(r), streak: Number(r.streak), bestStreak: Number(r.best_streak) });

/** The parameters of the writes, in the order PUZZLE_SQL names them. */
export function attemptParams(w: PuzzleAttemptWrite, inserted: boolean) {
  const p = inserted && w.rated ? w.rated.player : w.before;
  return {
    attempt: [w.userId, w.puzzleId, w.solved ? 1 : 0, w.at],
    player: [w.userId, p.rating, p.rd, p.volatility, w.streak, w.bestStreak, w.at],
    puzzle: w.rated ? [w.puzzleId, w.rated.puzzle.rating, w.rated.puzzle.rd, w.rated.puzzle.volatility, w.at] : null,
  };
}
