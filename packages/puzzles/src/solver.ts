/**
 * The puzzle solver: an exhaustive AND-OR search over the engine's legal choices (moves.ts), with every hidden
 * card fixed by the position. At the mover's decisions one choice must reach the goal (OR); at the opponent's
 * every answer must (AND). Bounded by a count of engine steps, never by the clock (the engine has none): when
 * the budget runs out, what is not proved is `unknown`, never guessed. Deterministic: same state, same result.
 */
import { cyrb53, deciders, step, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import type { Goal } from './format.js';
import { goalFrame, goalStatus, type GoalFrame } from './goal.js';
import { choicesOf, TooManyChoices } from './moves.js';

export type Verdict = 'win' | 'fail' | 'unknown';

export interface SolveOptions {
  /** Most engine steps for the whole solve (default 200,000). */
  budget?: number;
  /** Most actions along one line (default 80): a safety net, every turn ends well before. */
  maxDepth?: number;
  /**
   * Stop judging first moves once one is unknown or more than this many win (the miner: such a position
   * would not ship anyway). The result is then incomplete. Default: judge them all.
   */
  giveUpPast?: number;
}

export interface FirstMove {
  action: Action;
  verdict: Verdict;
  /** Engine steps spent on it. */
  nodes: number;
}

export interface LineMove {
  manager: ManagerId;
  action: Action;
}

export interface SolveResult {
  /** win: some first move forces the goal; fail: none does (proved); unknown: the budget ran out first. */
  verdict: Verdict;
  nodes: number;
  /** Every distinct first move of the mover and what it leads to. */
  firstMoves: FirstMove[];
  winningFirstMoves: number;
  /** True when every first move got a verdict (so winningFirstMoves is exact). */
  complete: boolean;
  /** The main line (ids of the solved state): the mover's winning moves, the opponent's most resistant answers. */
  line: LineMove[];
}

interface Entry {
  v: 'win' | 'fail';
  /** OR win: the winning move. AND win: the answer whose proof was largest (the most resistant). */
  move: Action | null;
  size: number;
}

/** The state without its action count (two orders of the same moves are the same position) and definitions. */
function stateKey(s: GameState): string {
  const { defs: _d, seq: _q, ...rest } = s;
  return cyrb53(JSON.stringify(rest));
}

class Search {
  nodes = 0;
  limit = 0;
  readonly table = new Map<string, Entry>();

  constructor(
    readonly frame: GoalFrame,
    readonly maxDepth: number,
  ) {}

  private child(s: GameState, a: Action): GameState | null {
    this.nodes++;
    const r = step(s, a);
    return r.ok ? r.state : null;
  }

  prove(s: GameState, depth: number): { v: Verdict; size: number } {
    const g = goalStatus(this.frame, s);
    if (g === 'met') return { v: 'win', size: 1 };
    if (g === 'failed') return { v: 'fail', size: 1 };
    if (depth >= this.maxDepth || this.nodes >= this.limit) return { v: 'unknown', size: 1 };
    const key = stateKey(s);
    const hit = this.table.get(key);
    if (hit) return { v: hit.v, size: 1 };
    const who = deciders(s)[0];
    if (!who) return { v: 'unknown', size: 1 };
    let choices: Action[];
    try {
      choices = choicesOf(s, who);
    } catch (e) {
      if (e instanceof TooManyChoices) return { v: 'unknown', size: 1 };
      throw e;
    }
    // Listing a big declaration costs like several steps: charged so the budget bounds the work, not only the steps.
    this.nodes += choices.length >> 4;
    const or = who === this.frame.mover;
    let unknown = false;
    let size = 1;
    let resistant: { move: Action; size: number } | null = null;
    for (const a of choices) {
      const next = this.child(s, a);
      if (!next) continue; // listed but refused: an engine drift the property suite would catch; not a choice here
      const r = this.prove(next, depth + 1);
      size += r.size;
      if (r.v === 'unknown') {
        unknown = true;
        continue;
      }
      if (or && r.v === 'win') {
        this.table.set(key, { v: 'win', move: a, size });
        return { v: 'win', size };
      }
      if (!or && r.v === 'fail') {
        this.table.set(key, { v: 'fail', move: a, size });
        return { v: 'fail', size };
      }
      if (!or && (!resistant || r.size > resistant.size)) resistant = { move: a, size: r.size };
    }
    if (unknown) return { v: 'unknown', size };
    const v = or ? 'fail' : 'win';
    this.table.set(key, { v, move: or ? null : (resistant?.move ?? null), size });
    return { v, size };
  }

  /** Follows the table from a proved state to the goal. */
  line(s: GameState, first: Action): LineMove[] {
    const out: LineMove[] = [];
    let cur: GameState | null = s;
    let a: Action | null = first;
    while (cur && a && out.length < this.maxDepth) {
      out.push({ manager: a.manager, action: a });
      const r = step(cur, a);
      if (!r.ok) break;
      cur = r.state;
      if (goalStatus(this.frame, cur) !== 'open') break;
      a = this.table.get(stateKey(cur))?.move ?? null;
    }
    return out;
  }
}

/** Solves the puzzle whose first state is `start`, with `mover` to act. Throws if the mover is not to act. */
export function solve(start: GameState, goal: Goal, mover: ManagerId, o: SolveOptions = {}): SolveResult {
  const budget = o.budget ?? 200_000;
  const frame = goalFrame(goal, mover, start);
  const search = new Search(frame, o.maxDepth ?? 80);
  if (goalStatus(frame, start) !== 'open') throw new Error(`the goal is already decided in the first state (${goalStatus(frame, start)})`);
  if (deciders(start)[0] !== mover) throw new Error(`${mover} is not the one to act in the first state (${deciders(start).join(',') || 'nobody'} is)`);
  let moves: Action[];
  try {
    moves = choicesOf(start, mover);
  } catch (e) {
    if (e instanceof TooManyChoices) return { verdict: 'unknown', nodes: 0, firstMoves: [], winningFirstMoves: 0, complete: false, line: [] };
    throw e;
  }
  const firstMoves: FirstMove[] = [];
  const giveUp = o.giveUpPast;
  moves.forEach((action, i) => {
    if (giveUp !== undefined && (firstMoves.some((f) => f.verdict === 'unknown') || firstMoves.filter((f) => f.verdict === 'win').length > giveUp)) return;
    // Each first move gets an equal share of what is left, so one deep line cannot starve the others.
    const before = search.nodes;
    search.limit = before + Math.floor((budget - before) / (moves.length - i));
    const next = step(start, action);
    search.nodes++;
    const verdict: Verdict = next.ok ? search.prove(next.state, 1).v : 'fail';
    firstMoves.push({ action, verdict, nodes: search.nodes - before });
  });
  const wins = firstMoves.filter((f) => f.verdict === 'win');
  const complete = firstMoves.length === moves.length && firstMoves.every((f) => f.verdict !== 'unknown');
  const verdict: Verdict = wins.length > 0 ? 'win' : complete ? 'fail' : 'unknown';
  return {
    verdict,
    nodes: search.nodes,
    firstMoves,
    winningFirstMoves: wins.length,
    complete,
    line: wins[0] ? search.line(start, wins[0].action) : [],
  };
}

/**
 * For a bot playing a puzzle: the opponent's answer that defeats the mover's goal if one exists within the
 * budget (a proved refutation), else the answer the solver found most resistant, else the first choice.
 */
export function bestDefence(s: GameState, frame: GoalFrame, budget = 20_000): Action {
  const search = new Search(frame, 80);
  search.limit = budget;
  const who = deciders(s)[0]!;
  const choices = choicesOf(s, who);
  let best: { a: Action; size: number } | null = null;
  for (const a of choices) {
    const r = step(s, a);
    if (!r.ok) continue;
    const p = search.prove(r.state, 1);
    if (p.v === 'fail') return a;
    if (!best || p.v === 'unknown' || p.size > best.size) best = { a, size: p.v === 'unknown' ? Infinity : p.size };
  }
  return best?.a ?? choices[0]!;
}
