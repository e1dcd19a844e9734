/**
 * The shipped puzzles, loaded and built once at start-up (`@vroyale/puzzles/loader`): each first state, its main
 * line as engine actions (refs resolved along the way), and the choice of today's puzzle and of the next one.
 */
import { loadPuzzles } from '@vroyale/puzzles/loader';
import { replaySteps, type Puzzle } from '@vroyale/puzzles';
import type { Action, GameState } from '@vroyale/engine';

export interface ShippedPuzzle {
  puzzle: Puzzle;
  start: GameState;
  /** The main line as actions on the ids of `start` and the states after it. */
  line: Action[];
}

const DAY_MS = 86_400_000;

export class PuzzleSet {
  readonly byId = new Map<string, ShippedPuzzle>();
  /** Sorted by id: the daily rotation's order. */
  readonly list: ShippedPuzzle[] = [];

  constructor(dir?: string) {
    for (const { file, puzzle } of loadPuzzles(dir)) {
      const { states, actions, error } = replaySteps(file, puzzle, puzzle.solution.line);
      if (error) throw new Error(`${file}: the main line does not replay (${error})`);
      const p = { puzzle, start: states[0]!, line: actions };
      this.byId.set(puzzle.id, p);
      this.list.push(p);
    }
    this.list.sort((a, b) => (a.puzzle.id < b.puzzle.id ? -1 : 1));
  }

  /**
   * Today's puzzle (UTC day), the same for everyone. A stride coprime with the set's size walks the whole set
   * before repeating, and neighbours in id order (same goal) do not follow each other.
   */
  daily(now: number): ShippedPuzzle {
    const n = this.list.length;
    let stride = 37 % n || 1;
    while (gcd(stride, n) !== 1) stride++;
    return this.list[(Math.floor(now / DAY_MS) * stride) % n]!;
  }

  /**
   * The next puzzle for a player: among those never attempted (else those not solved, else all), the nearest in
   * rating to the player's, not the one just played.
   */
  next(playerRating: number, ratingOf: (id: string) => number, attempts: ReadonlyMap<string, boolean>, current: string | null): ShippedPuzzle {
    const pool = [(p: ShippedPuzzle) => !attempts.has(p.puzzle.id), (p: ShippedPuzzle) => attempts.get(p.puzzle.id) === false, () => true]
      .map((keep) => this.list.filter((p) => keep(p) && p.puzzle.id !== current))
      .find((l) => l.length > 0);
    const candidates = pool ?? this.list;
    let best = candidates[0]!;
    for (const p of candidates) if (Math.abs(ratingOf(p.puzzle.id) - playerRating) < Math.abs(ratingOf(best.puzzle.id) - playerRating)) best = p;
    return best;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

let shipped: PuzzleSet | null = null;
/** The shipped set, built once per process (every test server shares it). */
export function shippedPuzzles(): PuzzleSet {
  return (shipped ??= new PuzzleSet());
}
