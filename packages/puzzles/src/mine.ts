/**
 * Mining: the positions of one finished game (every state after each action, as playMatch's `observe` gives
 * them) where the side to move could have reached a goal. Candidates are the first state of each Main Phase
 * with the active manager to act and nothing on the stack (win this turn, clear the board), each attack
 * declaration (win this turn) and each blocks decision (survive); each goes through the prefilter, then makePuzzle (write, build back, solve).
 */
import { other, type GameState, type ManagerId } from '@vroyale/engine';
import { boardClear } from './goal.js';
import type { Goal } from './format.js';
import { makePuzzle, type MadePuzzle } from './make-puzzle.js';
import { attackThreatens, mightWinThisTurn, smallEnough } from './prefilter.js';

export interface MineOptions {
  /** Solver budget (engine steps) per candidate position. */
  budget: number;
  /**
   * Budget for the turn the game was won in, from the winner's side (the bot found a win there, so a forced
   * one is likely): those positions skip the size filter and get this budget. Default: `budget`.
   */
  finalBudget?: number;
  goals: readonly Goal[];
  /** Where the game came from, recorded in each puzzle's source (with the position's turn and `botFound`). */
  source: GameSource;
}

/** A self-play game (its seed and bots, "normal/easy …") or a finished match of the server (its id). */
export type GameSource = { kind: 'self-play'; seed: string; bots: string } | { kind: 'match'; matchId: string };

export interface Candidate {
  state: GameState;
  goal: Goal;
  mover: ManagerId;
}

function characters(s: GameState, m: ManagerId): number {
  return s.managers[m].main.filter((id) => s.defs[s.cards[id]!.def]!.types.includes('character')).length;
}

/** The positions of a game worth a solver run, in game order. */
export function candidatesOf(states: readonly GameState[], goals: readonly Goal[]): Candidate[] {
  const out: Candidate[] = [];
  const seenMain = new Set<number>();
  const last = states[states.length - 1];
  for (const s of states) {
    if (s.stack.length || s.pending || s.triggerQueue.length || s.phase === 'game-over') continue;
    if (!smallEnough(s, s.active) && !(last && wonIn(last, s))) continue;
    if (s.phase === 'main' && s.priority === s.active && !seenMain.has(s.turn)) {
      seenMain.add(s.turn);
      if (goals.includes('win-this-turn') && mightWinThisTurn(s, s.active)) out.push({ state: s, goal: 'win-this-turn', mover: s.active });
      if (goals.includes('clear-the-board') && characters(s, other(s.active)) >= 2 && !boardClear(s, s.active))
        out.push({ state: s, goal: 'clear-the-board', mover: s.active });
    }
    // The attack declaration: the same goal from closer to the decisive choice, where the tree is small.
    if (s.phase === 'combat-attack' && goals.includes('win-this-turn') && mightWinThisTurn(s, s.active))
      out.push({ state: s, goal: 'win-this-turn', mover: s.active });
    if (s.phase === 'combat-block' && goals.includes('survive') && attackThreatens(s, other(s.active)))
      out.push({ state: s, goal: 'survive', mover: other(s.active) });
  }
  return out;
}

/** Whether the game was won by the active manager of `s` in the turn of `s`. */
function wonIn(last: GameState, s: GameState): boolean {
  return last.winner === s.active && last.turn === s.turn;
}

/** Whether, in the game as played, the mover reached the goal from the candidate's position. */
function reached(c: Candidate, last: GameState): boolean {
  if (c.goal === 'win-this-turn') return last.winner === c.mover && last.turn === c.state.turn;
  if (c.goal === 'survive') return last.winner === c.mover || last.turn > c.state.turn || last.winner === null;
  return false;
}

export function mineGame(states: readonly GameState[], o: MineOptions): MadePuzzle[] {
  const last = states[states.length - 1];
  if (!last) return [];
  const out: MadePuzzle[] = [];
  for (const c of candidatesOf(states, o.goals)) {
    const botFound = c.goal === 'clear-the-board' ? undefined : reached(c, last);
    const budget = c.goal === 'win-this-turn' && wonIn(last, c.state) ? (o.finalBudget ?? o.budget) : o.budget;
    const from = { ...o.source, ...(botFound === undefined ? {} : { botFound }) };
    const made = makePuzzle(c.state, c.goal, c.mover, from, budget);
    if (made) out.push(made);
  }
  return out;
}
