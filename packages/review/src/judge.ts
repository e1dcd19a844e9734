/**
 * Judging one decision from the deciding manager's projection only: the win chance of the move they chose against
 * the best move the search's candidates offer (search-bot.ts `searchCandidates`: strongBot's answer first, then
 * the other actions or declarations around it, rule-made choices included), each estimated on the same
 * determinisations. Per determinisation j: the view is determinised (hidden cards placeholders), the hidden hands
 * and rosters are dealt from the public lists (hidden-deal.ts), the candidate is played, both managers play
 * strongBot to the horizon (the search's rollout; a wide board's looks bounded, `lookSteps`), and the calibrated
 * model (win-model.ts) scores the position reached. Every candidate's j-th estimate uses the j-th deal and rollout seed (common random numbers), and every
 * seed comes from the view (public-seed.ts), so a hidden card can change nothing here.
 */
import {
  cloneState,
  createStrongBot,
  dealHidden,
  hiddenCards,
  isOffer,
  makeRng,
  searchCandidates,
  stepInPlace,
  type Action,
  type Bot,
  type BotKnowledge,
  type GameView,
  type Legal,
} from '@vroyale/engine';
import { determinise, DEFAULT_WEIGHTS, keyOf, rollout, seedRng } from './engine-internals.js';
import { stateFeatures, terminalChance } from './features.js';
import { markOf, type Mark } from './marks.js';
import { moveAccuracy } from './accuracy.js';
import { publicSeed } from './public-seed.js';
import { chanceOf, winModel, type WinModel } from './win-model.js';

/**
 * The per-decision budget: at most min(maxCandidates × deals, selection) + 2 × verify rollouts a decision, each of
 * at most maxSteps steps. Every figure of it is fixed before a rollout runs, from the decider's projection alone
 * (the candidates are the search's on that view), so a hidden card cannot change how much work a verdict gets.
 */
export interface ReviewBudget {
  /** Determinisations per candidate to pick the best (a deal and a rollout each); every candidate sees the same ones. */
  deals: number;
  /** Selection rollouts a decision may spend: with many candidates each gets fewer deals (at least one). */
  selection: number;
  /** Fresh determinisations on which the chosen and the picked move are measured again (the figures reported). */
  verify: number;
  /** The same, when the chosen move came out on top of the selection: its loss is 0 whatever they say, so these
   * only refine the chosen move's reported chance (0: the selection's mean is reported). */
  verifyTop: number;
  /** Candidates compared per decision, the chosen move among them (strongBot's answer first, then the search's order). */
  maxCandidates: number;
  /** Turns the rollouts look ahead, the current one counting (the search's: 2, to the end of the next turn). */
  horizon: number;
  /** Steps a rollout may take before the position is scored where it stands (the engine's rollout default: 400). */
  maxSteps: number;
  /**
   * On a narrow board a rollout may take more steps than `maxSteps`: stepWork ÷ the cards on stage (both managers'
   * centre and main, public), at most `narrowSteps`. A step's cost grows with the cards on stage, and a cap of
   * `maxSteps` everywhere misses punishments that come later in the turn (docs/review.md "How far a rollout looks").
   * 0: `maxSteps` on every board.
   */
  stepWork: number;
  narrowSteps: number;
  /**
   * Engine steps strongBot's look over actions may simulate per decision inside a rollout (its `actionWork`; 1,500,
   * its own budget, is no bound). Combat declarations are not bounded. Counted in work, a function of the position.
   */
  lookSteps: number;
}

/** The budget before issue 35's cost bound (up to 56 rollouts a decision): the bench's reference. */
export const FULL_BUDGET: ReviewBudget = {
  deals: 4,
  selection: Infinity,
  verify: 8,
  verifyTop: 8,
  maxCandidates: 10,
  horizon: 2,
  maxSteps: 400,
  stepWork: 0,
  narrowSteps: 400,
  lookSteps: 1500,
};

/**
 * The bounded budget (docs/review.md "Bounding the cost", "How far a rollout looks"): at most max(candidates, 6)
 * selection and 8 verification rollouts a decision, fixed by the candidates' count alone, each of 12 to 20 steps
 * by the cards on stage. A 40-turn match came down from 14,532 rollouts to 4,610 and its CPU by 9×. A rollout step's
 * look is bounded too (`lookSteps`): on a wide board one cost 1 ms.
 */
export const DEFAULT_BUDGET: ReviewBudget = {
  deals: 4,
  selection: 6,
  verify: 4,
  verifyTop: 0,
  maxCandidates: 10,
  horizon: 2,
  maxSteps: 12,
  stepWork: 240,
  narrowSteps: 20,
  lookSteps: 60,
};

/** Cards on stage in a view: both managers' centre and main (public). */
export function stageWidth(v: GameView): number {
  return v.managers.A.centre.length + v.managers.A.main.length + v.managers.B.centre.length + v.managers.B.main.length;
}

/** The steps a rollout from this view may take (`stepWork`, `narrowSteps`): never fewer than `maxSteps`. */
export function stepCap(v: GameView, budget: ReviewBudget): number {
  if (budget.stepWork <= 0) return budget.maxSteps;
  return Math.max(budget.maxSteps, Math.min(budget.narrowSteps, Math.floor(budget.stepWork / Math.max(1, stageWidth(v)))));
}

/** Determinisations per candidate in the selection: `deals`, fewer when the candidates would overrun `selection`. */
export function selectionDeals(candidates: number, budget: ReviewBudget): number {
  return Math.max(1, Math.min(budget.deals, Math.floor(budget.selection / Math.max(1, candidates))));
}

/** Actions that are never judged: conceding, and tilting a star by hand (a step of paying, not a choice of play). */
const UNJUDGED: ReadonlySet<string> = new Set(['concede', 'tilt-star']);

/**
 * forced: one legal action (concede and star tilts aside); rule-made: the mulligan and the turn order, which the
 * search leaves to rules; not-a-play: conceding or tilting a star by hand; unsimulated: a pending choice, which a
 * determinised copy cannot resume.
 */
export type NotJudged = 'forced' | 'rule-made' | 'not-a-play' | 'unsimulated';

export interface Judgement {
  /** Win chance (0–100) of the chosen move and of the best candidate, for the deciding manager. */
  chosen: number;
  best: number;
  /** The suggested move (the best candidate; equal to the chosen one when nothing beat it). */
  bestAction: Action;
  /** best − chosen, never below 0 (0–100 points). */
  loss: number;
  mark: Mark | null;
  /** lichess's move accuracy (accuracy.ts) of this loss. */
  accuracy: number;
  candidates: number;
  rollouts: number;
}

export type DecisionVerdict = { judged: true; judgement: Judgement } | { judged: false; reason: NotJudged };

export interface DecisionInput {
  /** The deciding manager's projection before the decision. */
  view: GameView;
  /** Their legal actions there (legalActions(state, manager)). */
  legal: readonly Legal[];
  /** What they did. */
  chosen: Action;
  /** The public lists and card pool (what a host tells every bot). */
  knowledge: BotKnowledge;
  budget?: Partial<ReviewBudget>;
  model?: WinModel;
  /** Another set of determinisations for the same view (the bench's check of how much a verdict rests on its deals). */
  salt?: string;
}

/** Whether a decision had only one thing to do (concede and star tilts aside). */
export function isForced(legal: readonly Legal[]): boolean {
  return legal.filter((l) => !UNJUDGED.has(l.type)).length <= 1 && !legal.some(isOffer);
}

export function judgeDecision(d: DecisionInput): DecisionVerdict {
  const me = d.view.viewer;
  if (me === 'spectator') throw new Error('judgeDecision: a spectator makes no decisions');
  if (isForced(d.legal)) return { judged: false, reason: 'forced' };
  if (UNJUDGED.has(d.chosen.type)) return { judged: false, reason: 'not-a-play' };
  const budget = { ...DEFAULT_BUDGET, ...d.budget };
  const model = d.model ?? winModel();
  const seed = publicSeed(d.view, d.salt);
  const legal = d.legal.slice();
  const { strong, candidates } = searchCandidates({ view: d.view, legal, seed }, { defs: d.knowledge.defs, rules: true });
  if (!candidates) return { judged: false, reason: 'rule-made' };
  const list = pickCandidates(candidates.length ? candidates : [strong], d.chosen, budget.maxCandidates);
  const base = determinise(d.view, seed, d.knowledge.defs);
  const hidden = hiddenCards(d.view, d.knowledge.decks);
  const untilTurn = d.view.turn + budget.horizon;
  const player = rolloutPlayer(budget.lookSteps);
  const maxSteps = stepCap(d.view, budget);
  /** The win chance (0–1) of candidate `a` on determinisation `j`. */
  const estimate = (a: Action, j: number): number => {
    const sim = cloneState(base);
    sim.rng = seedRng(`${seed}:v${j}`);
    if (hidden.length > 0) dealHidden(sim, hidden, makeRng(`${seed}:deal:${j}`));
    try {
      if (!stepInPlace(sim, a).ok) return 0;
      rollout(sim, me, makeRng(`${seed}:policy:${j}`), { untilTurn, weights: DEFAULT_WEIGHTS, policy: 'strong', player, maxSteps });
      return terminalChance(sim.winner, me) ?? chanceOf(stateFeatures(sim, me), model);
    } catch {
      return 0; // a position the simulation cannot follow counts against the move that led to it, as in the search
    }
  };
  // A pending choice cannot be rebuilt from a view (determinise.ts): where the chosen move cannot be played in the
  // copy there is nothing to compare it on.
  if (!stepInPlace(cloneState(base), d.chosen).ok) return { judged: false, reason: 'unsimulated' };
  const mean = (a: Action, from: number, n: number): number => {
    let sum = 0;
    for (let j = from; j < from + n; j++) sum += estimate(a, j);
    return (100 * sum) / n;
  };
  // Selection: every candidate on the same determinisations; the chosen move (first) wins ties.
  const deals = selectionDeals(list.length, budget);
  const selection = list.map((a) => mean(a, 0, deals));
  let top = 0;
  for (let k = 1; k < list.length; k++) if (selection[k]! > selection[top]!) top = k;
  // Verification on fresh determinisations: the top of noisy estimates is lucky on the deals that picked it (the
  // winner's curse), so the chosen and the top move are measured again, paired, before any loss is reported.
  const verify = top === 0 ? budget.verifyTop : budget.verify;
  const chosen = verify > 0 ? mean(list[0]!, budget.deals, verify) : selection[0]!;
  const other = top === 0 ? chosen : mean(list[top]!, budget.deals, verify);
  const better = other > chosen;
  const best = better ? other : chosen;
  const loss = best - chosen;
  return {
    judged: true,
    judgement: {
      chosen,
      best,
      bestAction: better ? list[top]! : d.chosen,
      loss,
      mark: markOf(loss),
      accuracy: moveAccuracy(best, chosen),
      candidates: list.length,
      rollouts: list.length * deals + (top === 0 ? 1 : 2) * verify,
    },
  };
}

const players = new Map<number, Bot>();
/** strongBot with its looks over actions bounded (one bot per bound, made once: a rollout decides on its simulation). */
function rolloutPlayer(lookSteps: number): Bot {
  let bot = players.get(lookSteps);
  if (!bot) players.set(lookSteps, (bot = createStrongBot({ actionWork: lookSteps })));
  return bot;
}

/** The first `max` candidates in the search's order, the chosen move always among them. */
function pickCandidates(candidates: readonly Action[], chosen: Action, max: number): Action[] {
  const key = keyOf(chosen);
  const rest = candidates.filter((a) => keyOf(a) !== key);
  return [chosen, ...rest.slice(0, Math.max(0, max - 1))];
}
