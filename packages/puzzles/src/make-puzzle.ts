/**
 * From a game state to a shipped puzzle: write the position, build it back (the puzzle is what the file
 * says, not the game's state), solve it, and keep it only when the solver proves the goal with every first
 * move judged. The solution, tags and rating seed come from that proof.
 */
import type { Action, GameState, ManagerId } from '@vroyale/engine';
import { buildPuzzle, lineToSteps } from './build.js';
import { canonicalHash } from './canonical.js';
import { Puzzle, type Goal, type Puzzle as PuzzleT } from './format.js';
import { positionFromState } from './from-state.js';
import { ratingSeed } from './rating.js';
import { solve, type SolveResult } from './solver.js';
import { lineTags } from './tags.js';
import { step } from '@vroyale/engine';

const GOAL_PREFIX: Record<Goal, string> = { 'win-this-turn': 'win', survive: 'survive', 'clear-the-board': 'clear' };

const GOAL_TEXT: Record<Goal, string> = {
  'win-this-turn': 'Win this turn, whatever your opponent answers.',
  survive: 'Survive until the end of your opponent’s turn, whatever they do.',
  'clear-the-board': 'Leave your opponent without a character in Main Stage before this turn ends, whatever they answer.',
};

/** A puzzle with more winning first moves than this is too weak to ship (one is the aim). */
export const MAX_WINNING_FIRST_MOVES = 3;

export interface MadePuzzle {
  puzzle: PuzzleT;
  hash: string;
  result: SolveResult;
}

export interface Provenance {
  kind: 'self-play' | 'match' | 'hand-made';
  seed?: string;
  bots?: string;
  matchId?: string;
  botFound?: boolean;
}

/** The states along a line of id actions from `s` (the state each action was played in). */
export function statesAlong(s: GameState, line: readonly Action[]): GameState[] {
  const out = [s];
  for (const a of line.slice(0, -1)) {
    const r = step(out[out.length - 1]!, a);
    if (!r.ok) break;
    out.push(r.state);
  }
  return out;
}

/** A verified puzzle from a state, or null (not writable, not proved, or no first move fails). */
export function makePuzzle(s: GameState, goal: Goal, mover: ManagerId, from: Provenance, budget: number): MadePuzzle | null {
  const written = positionFromState(s, 'puzzle');
  if (!written) return null;
  let built;
  try {
    built = buildPuzzle('(mined)', { position: written.position, cards: [] });
  } catch {
    return null;
  }
  const hash = canonicalHash(built.state, goal, mover);
  const id = `${GOAL_PREFIX[goal]}-${hash.slice(-10)}`;
  written.position.seed = id;
  built = buildPuzzle(id, { position: written.position, cards: [] });
  let result: SolveResult;
  try {
    result = solve(built.state, goal, mover, { budget, giveUpPast: MAX_WINNING_FIRST_MOVES });
  } catch {
    return null;
  }
  if (result.verdict !== 'win' || !result.complete || result.winningFirstMoves === result.firstMoves.length) return null;
  if (result.winningFirstMoves > MAX_WINNING_FIRST_MOVES) return null;
  const line = result.line.map((m) => m.action);
  const tags = lineTags(statesAlong(built.state, line), line);
  const steps = lineToSteps(buildPuzzle(id, { position: written.position, cards: [] }), line);
  const solution = { firstMoves: result.firstMoves.length, winningFirstMoves: result.winningFirstMoves, line: steps, nodes: result.nodes };
  const puzzle = Puzzle.parse({
    id,
    goal,
    toMove: mover,
    description: GOAL_TEXT[goal],
    tags,
    rating: ratingSeed({
      solution,
      moverDecisions: steps.filter((x) => x.manager === mover).length,
      ...(from.botFound === undefined ? {} : { botFound: from.botFound }),
    }),
    source: { ...from, turn: s.turn },
    position: written.position,
    solution,
  });
  return { puzzle, hash, result };
}
