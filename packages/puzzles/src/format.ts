/**
 * The puzzle file format (docs/puzzles.md): a position in the scenario format (docs/scenarios.md, `Position`),
 * a goal, the side to move, the keywords involved, a rating seed, where it came from, and the solution the
 * solver proved (refs, as scenario steps write them). Every object is strict: a misspelt field is an error.
 */
import { z } from 'zod';
import { KEYWORDS } from '@vroyale/engine';
import { Position, Ref } from '../../engine/test/scenario/scenario-schema.js';

/**
 * What the mover must achieve, in rules terms (goal.ts decides it on a state):
 * - `win-this-turn`: the opponent loses (the match ends with the mover as winner) before the current turn ends,
 *   whatever the opponent answers.
 * - `survive`: the mover has not lost when the opponent's turn ends (the current turn when the opponent is the
 *   active manager, else the next one), whatever the opponent does.
 * - `clear-the-board`: before the current turn ends, the opponent has no character in Main Stage while the stack
 *   is empty (or the mover has won), whatever the opponent answers.
 */
export const GOALS = ['win-this-turn', 'survive', 'clear-the-board'] as const;
export const Goal = z.enum(GOALS);
export type Goal = z.infer<typeof Goal>;

const manager = z.enum(['A', 'B']);

/** One move of the solution: a manager and an engine action whose card fields hold refs (scenario steps). */
export const LineStep = z
  .object({
    manager,
    action: z.looseObject({ type: z.string() }),
  })
  .strict();
export type LineStep = z.infer<typeof LineStep>;

export const Solution = z
  .object({
    /** The mover's distinct first moves (same-card copies and star tilts folded, solver.ts). */
    firstMoves: z.number().int().min(1),
    /** How many of them force the goal: 1 is a sharp puzzle; more is a weak one. */
    winningFirstMoves: z.number().int().min(1),
    /** The main line: the mover's winning moves and the opponent's most resistant answers. */
    line: z.array(LineStep).min(1),
    /** Solver nodes (engine steps) the proof took when it was shipped. */
    nodes: z.number().int().min(1),
  })
  .strict()
  .refine((s) => s.winningFirstMoves <= s.firstMoves, { message: 'winningFirstMoves cannot exceed firstMoves', path: ['winningFirstMoves'] });
export type Solution = z.infer<typeof Solution>;

export const Source = z
  .object({
    kind: z.enum(['self-play', 'match', 'hand-made']),
    /** The self-play game's seed and the bots that played it ("normal/easy"), when mined. */
    seed: z.string().optional(),
    bots: z.string().optional(),
    /** The finished match's id on the server (`kind: "match"`: its replay is `GET /api/matches/:id/replay`). */
    matchId: z.string().min(1).optional(),
    /** The game's turn number at the position. */
    turn: z.number().int().min(1).optional(),
    /** Whether the bot to move reached the goal in the game itself. */
    botFound: z.boolean().optional(),
  })
  .strict();

export const PUZZLE_ID = /^[a-z][a-z0-9-]{2,60}$/;

export const Puzzle = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(PUZZLE_ID, 'a puzzle id is lower-case letters, digits and -, starting with a letter'),
    goal: Goal,
    /** The side to move: the manager who must reach the goal. */
    toMove: manager,
    description: z.string().min(1),
    /** Keywords the position and its solution involve (tags.ts). */
    tags: z.array(z.enum(KEYWORDS)),
    /** The rating a puzzle starts from before players rate it (Glicko-2 later): rating.ts. */
    rating: z.number().int().min(400).max(3000),
    source: Source,
    /** Inline card definitions (hand-made puzzles); the real card set is always available, inline cards win. */
    cards: z.array(z.unknown()).default([]),
    /** Every hidden card is fixed here: both hands and both rosters (top first) are written out in full. */
    position: Position,
    solution: Solution,
  })
  .strict()
  .superRefine((p, ctx) => {
    const first = p.solution.line[0];
    if (first && first.manager !== p.toMove)
      ctx.addIssue({
        code: 'custom',
        path: ['solution', 'line', 0, 'manager'],
        message: `the solution starts with ${first.manager}, but ${p.toMove} is to move`,
      });
  });
export type Puzzle = z.output<typeof Puzzle>;
export type PuzzleInput = z.input<typeof Puzzle>;

/** A broken puzzle: names the file, the field and what is wrong with it. */
export class PuzzleError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${file}: ${field}: ${detail}`);
    this.name = 'PuzzleError';
  }
}

/** Validates a parsed JSON value; throws PuzzleError naming the first wrong field. */
export function parsePuzzle(file: string, json: unknown): Puzzle {
  const r = Puzzle.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new PuzzleError(file, issue.path.map(String).join('.') || '(root)', issue.message);
  }
  return r.data;
}

export { Ref };
