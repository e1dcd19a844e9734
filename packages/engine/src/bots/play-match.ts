/**
 * Runs a whole match between two bots through the engine's door: whoever `deciders` names gets its own
 * projection and legal actions, the bot's choice is checked against that list and applied with `step`.
 * The clock (for per-decision timings) is injected; by default `performance.now()` around the bot call only.
 */
import type { CardDef } from '../cards/schema.js';
import { permits } from '../actions/offers.js';
import type { Action } from '../actions/schema.js';
import { deciders } from '../actions/deciders.js';
import { legalActions } from '../actions/legal-actions.js';
import { step } from '../actions/step.js';
import type { EndReason, GameState, ManagerId } from '../core/types.js';
import type { Roster } from '../deck/validate-roster.js';
import { createGame } from '../setup/create-game.js';
import { project } from '../view/projection.js';
import type { Bot } from './types.js';

/**
 * The bot, except that it answers the turn-order question (RUL-SETUP-3) with a fixed choice, so a bench or a
 * test can decide who goes first whoever wins the coin flip.
 */
export const withTurnOrder =
  (bot: Bot, goFirst: boolean): Bot =>
  (input) => {
    const order = input.legal.find((a) => a.type === 'choose-order' && a.goFirst === goFirst);
    return order && order.type === 'choose-order' ? order : bot(input);
  };

export interface MatchOptions {
  seed: string;
  pool: Record<string, CardDef> | readonly CardDef[];
  rosters: Record<ManagerId, Roster>;
  bots: Record<ManagerId, Bot>;
  /** Stop (with `failure`) after this many actions. Default 5,000. */
  maxActions?: number;
  /** Milliseconds; default `performance.now()`. Pass a CPU clock to time decisions on a busy machine. */
  clock?: () => number;
  /** Skip roster legality (small test rosters). */
  unchecked?: boolean;
  /** Called with the state after each accepted action (benches that learn from whole games). */
  observe?: (s: GameState) => void;
}

export interface MatchResult {
  winner: ManagerId | 'draw' | null;
  reason: EndReason | null;
  /** The turn the match ended on. */
  turns: number;
  /** Actions applied. */
  actions: number;
  /** Time per decision of each bot, in the clock's milliseconds, in order. */
  timings: Record<ManagerId, number[]>;
  first: ManagerId | null;
  /** Why the match stopped without a result: an illegal bot action, a rejected step, or the action cap. */
  failure: string | null;
  state: GameState;
}

const defaultClock = (): number => globalThis.performance?.now() ?? 0;

export function playMatch(o: MatchOptions): MatchResult {
  const created = createGame({ seed: o.seed, pool: o.pool, rosters: o.rosters, unchecked: o.unchecked });
  if (!created.ok) throw new Error(created.message);
  const clock = o.clock ?? defaultClock;
  const max = o.maxActions ?? 5000;
  const timings: Record<ManagerId, number[]> = { A: [], B: [] };
  let s = created.state;
  let n = 0;
  const done = (failure: string | null): MatchResult => ({
    winner: s.winner,
    reason: s.endReason,
    turns: s.turn,
    actions: n,
    timings,
    first: s.first,
    failure,
    state: s,
  });
  while (s.phase !== 'game-over') {
    if (n >= max) return done(`no result after ${max} actions (turn ${s.turn}, phase ${s.phase})`);
    const who = deciders(s)[0];
    if (!who) return done(`nobody to act in phase ${s.phase}`);
    const view = project(s, who);
    const legal = legalActions(s, who);
    if (legal.length === 0) return done(`no legal action for ${who} in phase ${s.phase}`);
    const t0 = clock();
    const action: Action = o.bots[who]({ view, legal, seed: `${o.seed}:${n}:${who}` });
    timings[who].push(clock() - t0);
    if (!permits(legal, action)) return done(`bot ${who} chose an action that is not listed as legal: ${JSON.stringify(action)}`);
    const r = step(s, action);
    if (!r.ok) return done(`${r.code}: ${r.message} after ${JSON.stringify(action)}`);
    s = r.state;
    n++;
    o.observe?.(s);
  }
  return done(null);
}
