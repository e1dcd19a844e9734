/**
 * The search: information-set Monte-Carlo at the root (a one-level ISMCTS). Each iteration takes a fresh
 * determinisation of the bot's own view (determinise.ts: public zones and the bot's hand exactly, every
 * hidden card an unplayable placeholder, the simulation's RNG reseeded per iteration), picks a root move by
 * UCB1 over the candidates (candidates.ts; or by sequential halving, experiments/halving.ts), plays it and a cheap rollout (rollout.ts) to the turn horizon,
 * and adds the squashed evaluation to that move's statistics.
 *
 * Why only the root: the tree below the root would branch on the opponent's hidden cards, which are
 * placeholders here, so deeper nodes would mostly learn the rollout policy back; measured strength per
 * second of budget is what counts, and a second's budget buys a few thousand rollouts.
 *
 * Pure and deterministic: the result is a function of the input, the seed, the worker index and the
 * iteration count. `shouldStop` (a host's wall-time budget) only cuts the iterations short. Root
 * parallelisation: hosts run `searchRoot` with worker indices 0..n-1 (each its own iteration budget and
 * seed stream) and `mergeRoots` sums the statistics in worker order, so the move does not depend on timing.
 */
import type { Action } from '../../actions/schema.js';
import { stepInPlace } from '../../actions/step.js';
import { shareState } from '../../core/own.js';
import { makeRng, seedRng } from '../../core/rng.js';
import type { CardDef } from '../../cards/schema.js';
import { determinise } from '../determinise.js';
import { DEFAULT_WEIGHTS, type EvalWeights } from '../evaluate.js';
import { strongBotWork } from '../sim-work.js';
import { createStrongBot } from '../strong-bot.js';
import type { Bot, BotInput } from '../types.js';
import { keyOf, rootCandidates } from './candidates.js';
import { dealHidden, hiddenCards, type KnownDeck } from './hidden-deal.js';
import { halve } from '../experiments/halving.js';
import type { RootStats } from './root-stats.js';
import { rollout } from './rollout.js';

export interface SearchOptions {
  /** Iterations (rollouts) per worker: the deterministic budget. */
  iterations: number;
  /** A host's wall-time budget: checked every few iterations; true ends the search early. */
  shouldStop?: () => boolean;
  /** Turns the rollouts look ahead (the current one counts). Default 2: this turn and the next. */
  horizon?: number;
  /** UCB1 exploration constant on rewards squashed into (-1, 1). */
  exploration?: number;
  weights?: EvalWeights;
  /**
   * The weights the strongBot of the rollouts plays by, for both managers (and the search bot's own first
   * answer). Default: strongBot's own (an experiment: `@p(...)` in bench names).
   */
  policyWeights?: EvalWeights;
  /** The rollout policy (rollout.ts). Default 'strong'. */
  policy?: 'strong' | 'cheap';
  defs?: Record<string, CardDef>;
  /**
   * Public deck lists (the starters): where one fits what a manager has shown, each iteration deals their
   * hidden cards from its unseen rest (hidden-deal.ts) instead of leaving placeholders. Needs `defs` to hold
   * those cards' definitions (the card pool).
   */
  decks?: readonly KnownDeck[];
  /**
   * How the budget is spread over the candidates: 'ucb' (UCB1, the most visited wins) or 'halving' (sequential
   * halving: every survivor gets the same visits, so the same deals and rollout seeds, and the better half by
   * mean goes on; Karnin, Koren and Somekh 2013). Default 'ucb'.
   */
  allocation?: 'ucb' | 'halving';
  /**
   * Nested search (an experiment): the searching manager's own decisions in the rollouts, up to `turns` turns
   * from the root's (1: the rest of this turn), are made by a hard-like search of `iterations` rollouts
   * (placeholders, strongBot rollouts to the same horizon) instead of by strongBot.
   */
  nested?: { iterations: number; turns: number; workCap?: number; attacksOnly?: boolean };
}

export type { RootStats } from './root-stats.js';

const CHECK_EVERY = 8;
/** Scores are squashed by s / (|s| + SCALE): a won game is ~1, a few cards' edge a fair share of it. */
const SCALE = 20;

const squash = (x: number): number => x / (Math.abs(x) + SCALE);

export function searchRoot(input: BotInput, candidates: Action[], o: SearchOptions, worker = 0): RootStats {
  if (o.nested) {
    const nestedStats = searchWith(input, candidates, o, worker, true);
    if (nestedStats) return nestedStats;
  }
  return searchWith(input, candidates, o, worker, false)!;
}

/** One search; with `nest`, null when the nested searches went over their work cap (the caller searches again without). */
function searchWith(input: BotInput, candidates: Action[], o: SearchOptions, worker: number, nest: boolean): RootStats | null {
  const me = input.view.viewer;
  if (me === 'spectator') throw new Error('searchRoot: spectators do not decide');
  const n = candidates.length;
  const stats: RootStats = {
    keys: candidates.map(keyOf),
    actions: candidates,
    visits: new Array(n).fill(0),
    totals: new Array(n).fill(0),
    iterations: 0,
    samples: candidates.map(() => new Map()),
  };
  const seed = `${input.seed}:w${worker}`;
  const base = determinise(input.view, seed, o.defs);
  const rng = makeRng(`${seed}:policy`);
  const c = o.exploration ?? 0.6;
  const untilTurn = input.view.turn + (o.horizon ?? 2);
  const weights = o.weights ?? DEFAULT_WEIGHTS;
  const nested = nest && o.nested ? nestedBot(o.nested.iterations, untilTurn, o) : null;
  const player = {
    ...(o.policyWeights ? { player: createStrongBot({ weights: o.policyWeights }) } : {}),
    ...(nested ? { ownPlayer: nested.bot, ownUntilTurn: input.view.turn + o.nested!.turns } : {}),
  };
  const hidden = o.decks ? hiddenCards(input.view, o.decks) : [];
  // Halving compares survivors on paired visits, so the rollout policy's seed is keyed by the visit as well.
  const pairedPolicy = o.allocation === 'halving';
  const visit = (k: number): void => {
    const sim = shareState(base);
    const v = stats.visits[k]!;
    sim.rng = seedRng(hidden.length > 0 || pairedPolicy ? `${seed}:v${v}` : `${seed}:${stats.iterations}`);
    // Common random numbers: each candidate's j-th visit sees the j-th deal, so candidates are compared on the
    // same hidden cards rather than each on its own luck.
    if (hidden.length > 0) dealHidden(sim, hidden, makeRng(`${seed}:deal:${v}`));
    const policy = pairedPolicy ? makeRng(`${seed}:policy:${v}`) : rng;
    let r: number;
    try {
      r = stepInPlace(sim, candidates[k]!).ok ? squash(rollout(sim, me, policy, { untilTurn, weights, policy: o.policy ?? 'strong', ...player })) : -1;
    } catch {
      r = -1; // a position the simulation cannot follow counts against the move that led to it
    }
    stats.visits[k]!++;
    stats.totals[k]! += r;
    stats.samples![k]!.set(`w${worker}:${v}`, r);
    stats.iterations++;
  };
  const stop = (): boolean => !!o.shouldStop && stats.iterations >= n && (stats.iterations - n) % CHECK_EVERY === 0 && o.shouldStop();
  if (o.allocation === 'halving') halve(stats, visit, o.iterations, stop);
  else
    for (let i = 0; i < o.iterations; i++) {
      if (stop()) break;
      visit(i < n ? i : ucb(stats, i, c));
      if (nested?.overCap()) return null;
    }
  return stats;
}

/** A hard-like search for decisions inside a rollout: strongBot's candidates, each visited, rollouts to `untilTurn`. */
function nestedBot(iterations: number, untilTurn: number, o: SearchOptions): { bot: Bot; overCap(): boolean } {
  const strong = createStrongBot({ ...(o.defs ? { defs: o.defs } : {}), ...(o.policyWeights ? { weights: o.policyWeights } : {}) });
  const w0 = strongBotWork();
  const cap = o.nested?.workCap ?? Infinity;
  const overCap = (): boolean => strongBotWork() - w0 > cap;
  const bot: Bot = (input) => {
    const answer = strong(input);
    if (o.nested?.attacksOnly && !input.legal.some((l) => l.type === 'choose-attackers')) return answer;
    const candidates = rootCandidates(input, answer);
    if (!candidates) return answer;
    const horizon = untilTurn - input.view.turn;
    const n = Math.max(iterations, candidates.length);
    // Over the cap the search will be thrown away (searchWith returns null): finish this visit cheaply.
    if (horizon < 1 || overCap()) return answer;
    const stats = searchRoot(input, candidates, {
      iterations: n,
      horizon,
      ...(o.defs ? { defs: o.defs } : {}),
      ...(o.weights ? { weights: o.weights } : {}),
      ...(o.policyWeights ? { policyWeights: o.policyWeights } : {}),
    });
    return pickRoot(stats);
  };
  return { bot, overCap };
}

function ucb(s: RootStats, t: number, c: number): number {
  const logT = Math.log(t);
  let best = 0;
  let top = -Infinity;
  for (let k = 0; k < s.visits.length; k++) {
    const v = s.visits[k]!;
    const u = s.totals[k]! / v + c * Math.sqrt(logT / v);
    if (u > top) [best, top] = [k, u];
  }
  return best;
}

/** Sums workers' statistics in the order given (every worker searched the same candidates). */
export function mergeRoots(parts: RootStats[]): RootStats {
  const first = parts[0]!;
  const keep = parts.every((p) => p.samples);
  const out: RootStats = { keys: first.keys, actions: first.actions, visits: first.visits.slice(), totals: first.totals.slice(), iterations: first.iterations };
  if (keep) out.samples = first.samples!.map((m) => new Map(m));
  for (const p of parts.slice(1)) {
    if (p.keys.join('|') !== first.keys.join('|')) throw new Error('mergeRoots: workers searched different candidates');
    p.visits.forEach((v, k) => (out.visits[k]! += v));
    p.totals.forEach((v, k) => (out.totals[k]! += v));
    if (keep) p.samples!.forEach((m, k) => m.forEach((r, key) => out.samples![k]!.set(key, r)));
    out.iterations += p.iterations;
  }
  return out;
}

/**
 * The most visited move (UCB1's robust choice); ties go to the better mean, then to the earlier candidate.
 * `keep`: the first candidate (strongBot's own answer) stands unless the chosen one's mean beats it by this
 * much: a prior for the rollout policy's move, so that noise between near-equal candidates does not move the
 * bot off a move the policy already judged best.
 */
export function pickRoot(s: RootStats, keep = 0): Action {
  let best = 0;
  for (let k = 1; k < s.visits.length; k++) {
    const v = s.visits[k]!;
    const b = s.visits[best]!;
    if (v > b || (v === b && v > 0 && s.totals[k]! / v > s.totals[best]! / b)) best = k;
  }
  if (keep > 0 && best !== 0 && s.visits[0]! > 0 && s.totals[best]! / s.visits[best]! - s.totals[0]! / s.visits[0]! < keep) return s.actions[0]!;
  return s.actions[best]!;
}

// The anchor (an experiment, bots/experiments/anchor.ts), still importable from here.
