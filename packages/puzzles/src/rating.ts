/**
 * The rating a puzzle starts from, before any player has tried it (the puzzle page rates puzzles and players
 * with Glicko-2 later). A guess from what makes a puzzle hard, on lichess's scale (1500 = an average puzzle):
 * more of the mover's decisions in the line, more first moves to choose from, one winning first move rather
 * than several, and a position the bot who had it in its game did not solve.
 */
import type { Solution } from './format.js';

export interface RatingFacts {
  solution: Pick<Solution, 'firstMoves' | 'winningFirstMoves'>;
  /** The mover's decisions along the main line. */
  moverDecisions: number;
  /** The bot to move in the game reached the goal; undefined when unknown (hand-made). */
  botFound?: boolean;
}

export function ratingSeed(f: RatingFacts): number {
  let r = 1000;
  r += 120 * Math.min(6, Math.max(0, f.moverDecisions - 1));
  r += 15 * Math.min(20, f.solution.firstMoves);
  r += f.solution.winningFirstMoves === 1 ? 200 : -60 * Math.min(5, f.solution.winningFirstMoves - 1);
  if (f.botFound === false) r += 150;
  return Math.round(Math.min(3000, Math.max(400, r)));
}
