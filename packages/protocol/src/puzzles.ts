/**
 * The puzzle page (issue 35 §2; docs/puzzles.md, docs/api.md "Puzzles"): the server holds the puzzle's state and
 * sends the player only their own projection, never the opponent's hand or roster, though the puzzle file
 * knows them.
 */
import { z } from 'zod';
import type { GameEvent, GameView, Legal, ManagerId } from '@vroyale/engine';
import { ClientAction } from './client-action.js';

/** A shipped puzzle's id (its file name): `win-…`, `survive-…`, `clear-…`. */
export const PuzzleId = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9-]{2,60}$/);

export const PuzzleRef = z.object({ puzzleId: PuzzleId }).strict();
export type PuzzleRef = z.infer<typeof PuzzleRef>;

/** The player's action on the attempt the server holds; `seq` is the frame's, so a stale click is refused. */
export const PuzzleMovePayload = z.object({ puzzleId: PuzzleId, seq: z.number().int().min(0), action: ClientAction }).strict();
export type PuzzleMovePayload = z.infer<typeof PuzzleMovePayload>;

export type PuzzleGoal = 'win-this-turn' | 'survive' | 'clear-the-board';
/** `continue`: the player is to act again; `solved` / `failed`: the attempt is over (a failure is final, as lichess). */
export type PuzzleStatus = 'continue' | 'solved' | 'failed';

/** One position as the player sees it: the engine's projection for the mover, and the mover's legal actions. */
export interface PuzzleFrame {
  seq: number;
  view: GameView;
  /** The mover's legal actions when it is their turn to act and the attempt is not over; else empty. */
  legal: Legal[];
  deciders: ManagerId[];
  /** What happened since the previous frame, projected for the mover. */
  events: GameEvent[];
}

export interface PuzzlePlayer {
  rating: number;
  rd: number;
  /** Few puzzles played: the rating means little yet. */
  provisional: boolean;
  /** Consecutive puzzles solved (any attempt; a failure or a shown solution resets it). */
  streak: number;
  bestStreak: number;
}

export interface PuzzleState {
  puzzleId: string;
  daily: boolean;
  goal: PuzzleGoal;
  /** The player's seat in the puzzle. */
  toMove: ManagerId;
  /** The puzzle's own rating now (Glicko-2, rounded). */
  rating: number;
  plays: number;
  tags: string[];
  status: PuzzleStatus;
  frame: PuzzleFrame;
  player: PuzzlePlayer;
  /** The player's rating change when this answer ended a rated attempt (the first of this puzzle), else null. */
  ratingChange: number | null;
  /** Whether this user had already attempted the puzzle before this attempt (it will not be rated). */
  replay: boolean;
  hints: number;
}

/** The next move of the solution, as a hint: its kind and the player's own card it uses (null: a pass or a block). */
export interface PuzzleHint {
  type: string;
  card: string | null;
}
