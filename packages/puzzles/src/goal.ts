/**
 * The goals' exact meaning (format.ts GOALS), decided on a state. A goal is judged from the puzzle's first
 * state (its turn and mover) onwards: `open` until the game reaches a point where it is met or has failed.
 */
import { other, type GameState, type ManagerId } from '@vroyale/engine';
import type { Goal } from './format.js';

export type GoalStatus = 'met' | 'failed' | 'open';

export interface GoalFrame {
  goal: Goal;
  mover: ManagerId;
  /** The last turn the goal may be reached in (win, clear) or must be lived through (survive). */
  lastTurn: number;
}

export function goalFrame(goal: Goal, mover: ManagerId, start: GameState): GoalFrame {
  // survive: the opponent's turn is the current one when they are active, else the next one.
  const lastTurn = goal === 'survive' && start.active === mover ? start.turn + 1 : start.turn;
  return { goal, mover, lastTurn };
}

/** Whether the opponent has no character (tokens included) in Main Stage. */
export function boardClear(s: GameState, mover: ManagerId): boolean {
  const opp = s.managers[other(mover)];
  return !opp.main.some((id) => s.defs[s.cards[id]!.def]!.types.includes('character'));
}

export function goalStatus(f: GoalFrame, s: GameState): GoalStatus {
  if (s.winner === f.mover) return 'met';
  if (s.winner !== null) return 'failed';
  const over = s.turn > f.lastTurn;
  switch (f.goal) {
    case 'win-this-turn':
      return over ? 'failed' : 'open';
    case 'survive':
      return over ? 'met' : 'open';
    case 'clear-the-board':
      if (over) return 'failed';
      return s.stack.length === 0 && s.triggerQueue.length === 0 && boardClear(s, f.mover) ? 'met' : 'open';
  }
}
