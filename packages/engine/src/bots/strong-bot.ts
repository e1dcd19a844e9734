/**
 * The strong bot: fixed rules for the simple choices and a one-ply search for the rest.
 *
 * - Mulligan a hand without a character costing 2 or less; always take the same turn order (first by default).
 * - Resource Step: place a star while the pool is small or the hand is full, using the card worth least.
 * - Discards and pending choices: by printed value. Manual star tilting and conceding: never.
 * - Everything else (Main Step plays, abilities, highlights in any window, attackers): every candidate
 *   action is tried on a determinised copy of the position (determinise.ts: the bot's own view, hidden
 *   cards replaced by unplayable placeholders), played forward with a quiet policy (both managers pass;
 *   the defender blocks by a simple model; through combat damage when the decision was a combat one), and
 *   the result is scored by `evaluate`.
 * - Attackers (one whole declaration, RUL-COMBAT-1): grown one attacker at a time while the simulated
 *   combat scores better, then compared with "everyone attacks", so that swings which only work together
 *   (lethal) are not missed.
 * - Blocks (one whole declaration, RUL-COMBAT-2): an assignment is planned greedily over simulated combats;
 *   only assignments the offer's legality function accepts score.
 * - Work is capped per decision (simulated engine steps, deterministic), so huge boards stay fast.
 *
 * The bot reads only its input: the view, the legal actions and the seed (for the simulation's draws).
 */
import type { CardDef, Keywords } from '../cards/schema.js';
import { shareState } from '../core/own.js';
import type { AttackOffer } from '../combat/attackers.js';
import { aLegalAssignment, blockProblems, type BlockOffer } from '../combat/blockers.js';
import { deciders } from '../actions/deciders.js';
import { isOffer, type Legal } from '../actions/offers.js';
import type { Action } from '../actions/schema.js';
import { isCharacterDef } from '../core/query.js';
import type { Block, GameState, ManagerId, Phase } from '../core/types.js';
import type { CardView, GameView } from '../view/projection.js';
import { positionFor, positionOf, type OwnCard, type Position } from './position.js';
import { characterValue, DEFAULT_WEIGHTS, evaluate, leastValuableInHand, printedValue, type EvalWeights } from './evaluate.js';
import { blockByModel, legalAssignments } from './block-model.js';
import { overBudget, resetWork, simStep, WORK_BUDGET } from './sim-work.js';
import type { Bot } from './types.js';

export interface StrongBotOptions {
  /** The turn order the bot always picks when it wins the coin flip. Default: go first. */
  goFirst?: boolean;
  weights?: EvalWeights;
  /** Public definitions the simulation may need but the view does not show (tokens a card can commission); else not simulated. */
  defs?: Record<string, CardDef>;
  /** Most candidates simulated per decision (the rest are dropped in list order). Default 40. */
  maxCandidates?: number;
  /** Steps (sim-work.ts) a look over actions may simulate before it tries no further candidate; combat keeps the whole budget. Default 1,500. */
  actionWork?: number;
}

const COMBAT: ReadonlySet<Phase> = new Set(['combat-attack', 'combat-attack-window', 'combat-block', 'combat-block-window']);
const NEVER: ReadonlySet<Action['type']> = new Set(['concede', 'tilt-star']);
const PASSIVE: ReadonlySet<Action['type']> = new Set(['pass']);
/** A non-passive action must beat doing nothing by this much (avoids spending cards on nothing). */
const EPS = 0.05;
const MAX_SIM_STEPS = 120;
const ILLEGAL = 1e6;
type Opts = Required<Omit<StrongBotOptions, 'defs'>> & { defs?: Record<string, CardDef> };

export function createStrongBot(options: StrongBotOptions = {}): Bot {
  const o: Opts = {
    goFirst: options.goFirst ?? true,
    weights: options.weights ?? DEFAULT_WEIGHTS,
    maxCandidates: options.maxCandidates ?? 40,
    actionWork: options.actionWork ?? WORK_BUDGET,
    ...(options.defs ? { defs: options.defs } : {}),
  };
  const bot: Bot = ({ view, legal, seed }) => decide(positionOf(view), legal, seed, o);
  onSimulation.set(bot, (sim, me, legal, seed) => decide(positionFor(sim, me), legal, seed, o));
  return bot;
}

/** strongBot deciding for `me` straight on a simulation, as it would on `project(sim, me)` (position.ts). */
export type SimDecider = (sim: GameState, me: ManagerId, legal: Legal[], seed: string | number) => Action;

const onSimulation = new WeakMap<Bot, SimDecider>();

/**
 * The simulation's entry of a bot made by `createStrongBot` (the search's rollouts use it: no view built per
 * decision); undefined for any other bot.
 */
export function strongOnSimulation(bot: Bot): SimDecider | undefined {
  return onSimulation.get(bot);
}

/** The strong bot with default options. */
export const strongBot: Bot = createStrongBot();

function decide(pos: Position, legal: Legal[], seed: string | number, o: Opts): Action {
  if (legal.length === 0) throw new Error('strongBot: no legal action to choose from');
  const offer = legal.find(isOffer);
  resetWork(offer ? WORK_BUDGET : o.actionWork);
  if (offer?.type === 'choose-attackers') return attackDecision(pos, offer, seed, o);
  if (offer?.type === 'choose-blocks') return blockDecision(pos, offer, o);
  const actions = legal.filter((l): l is Action => !isOffer(l));
  if (actions.length === 1) return actions[0]!;
  return decideAction(pos, actions, seed, o);
}

function decideAction(pos: Position, legal: Action[], seed: string | number, o: Opts): Action {
  const me = pos.me;
  const first = (t: Action['type']) => legal.find((a) => a.type === t);
  if (first('mulligan')) return mulligan(pos.view(), me, legal);
  if (first('choose-order')) return legal.find((a) => a.type === 'choose-order' && a.goFirst === o.goFirst) ?? legal[0]!;
  if (first('discard')) return discard(pos, legal);
  if (first('choose')) return choose(pos.view(), me, legal);
  if (pos.phase === 'resource' && pos.active === me && pos.stackLength === 0) {
    const r = resourceStep(pos, legal);
    if (r) return r;
  }
  return search(pos, legal, seed, o);
}

// ---------------------------------------------------------------------------------------------------------
// Choices made by rule

const defOfView = (view: GameView, c: CardView): CardDef => view.defs[c.def]!;

function mulligan(view: GameView, me: ManagerId, legal: Action[]): Action {
  const hand = view.managers[me].hand ?? [];
  const cheap = hand.some((c) => {
    const d = defOfView(view, c);
    return isCharacterDef(d) && d.cost <= 2;
  });
  return legal.find((a) => a.type === 'mulligan' && a.redraw === !cheap) ?? legal[0]!;
}

function discard(pos: Position, legal: Action[]): Action {
  const hand = new Map(pos.hand().map((c) => [c.id, printedValue(pos.def(c.def))] as const));
  let best: Action = legal.find((a) => a.type === 'discard') ?? legal[0]!;
  let low = Infinity;
  for (const a of legal) if (a.type === 'discard' && (hand.get(a.card) ?? 0) < low) [best, low] = [a, hand.get(a.card) ?? 0];
  return best;
}

function stageCards(view: GameView): Map<string, CardView> {
  const out = new Map<string, CardView>();
  for (const m of ['A', 'B'] as const) for (const c of [...view.managers[m].centre, ...view.managers[m].main]) out.set(c.id, c);
  return out;
}

function viewValue(c: CardView): number {
  return c.atk !== undefined ? characterValue(c.atk, c.hp ?? 1, c.keywords ?? ({} as Keywords)) : 1;
}

/** Pending choices (optional triggers, roster picks, trigger targets): the option worth most by printed value. */
function choose(view: GameView, me: ManagerId, legal: Action[]): Action {
  const p = view.pending;
  if (p?.kind !== 'choice' || !p.options) return legal.find((a) => a.type === 'choose') ?? legal[0]!;
  const byName = new Map(Object.values(view.defs).map((d) => [d.name, d] as const));
  const stage = stageCards(view);
  const score = (i: number): number => {
    const opt = p.options![i]!;
    if (opt.label === 'Yes') return 1;
    if (opt.label === 'No') return 0;
    if (opt.take) {
      const d = byName.get(opt.label.replace(/^Take /, ''));
      return 1 + (d ? printedValue(d) : 1);
    }
    if (opt.targets) {
      // Triggers that target the opponent's cards hurt them; those that target ours help. Either way the
      // most valuable card is the best target.
      let v = 0;
      for (const t of opt.targets) {
        const c = stage.get(t);
        if (c) v += viewValue(c) * (c.owner === me ? 0.8 : 1);
      }
      return v;
    }
    return 0.5;
  };
  let best = legal.find((a) => a.type === 'choose') ?? legal[0]!;
  let top = -Infinity;
  for (const a of legal)
    if (a.type === 'choose') {
      const v = score(a.option);
      if (v > top) [best, top] = [a, v];
    }
  return best;
}

/** The Resource Step: place a star while the pool is small or the hand full, else move on. */
function resourceStep(pos: Position, legal: Action[]): Action | null {
  const hand = pos.hand();
  const pass = legal.find((a) => a.type === 'pass');
  const places = legal.filter((a): a is Extract<Action, { type: 'place-star' }> => a.type === 'place-star');
  if (!pass) return null;
  if (places.length === 0) return null; // highlights could still be worth a look: let the search decide
  let stars = 0;
  for (const c of pos.starPool()) stars += pos.def(c.def).stars;
  const want = stars < 4 || (stars < 7 && hand.length >= 3) || hand.length >= 5;
  if (!want) return pass;
  // Keep the cheapest character that can be played soon if it is the only one.
  const playableChars = hand.filter((c) => {
    const d = pos.def(c.def);
    return isCharacterDef(d) && d.cost <= stars + 1;
  });
  const keep = (c: OwnCard): number => {
    const d = pos.def(c.def);
    let v = printedValue(d) - 0.8 * d.stars;
    if (d.cost > stars + 2) v *= 0.5;
    if (playableChars.length === 1 && playableChars[0]!.id === c.id) v += 5;
    return v;
  };
  const byId = new Map(hand.map((c) => [c.id, c] as const));
  let best = places[0]!;
  let low = Infinity;
  for (const a of places) {
    const c = byId.get(a.card);
    const v = c ? keep(c) : 0;
    if (v < low) [best, low] = [a, v];
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// One-ply search on a determinised copy

function search(pos: Position, legal: Action[], seed: string | number, o: Opts): Action {
  const me = pos.me;
  const cands = legal.filter((a) => !NEVER.has(a.type));
  if (cands.length === 0) return legal.find((a) => a.type !== 'concede') ?? legal[0]!;
  if (cands.length === 1) return cands[0]!;
  // Passive actions first, so that on a tie the bot keeps its cards.
  cands.sort((a, b) => Number(PASSIVE.has(b.type)) - Number(PASSIVE.has(a.type)));
  const base = pos.determinised(seed, o.defs);
  const combatRoot = COMBAT.has(pos.phase);
  const scoreOf = (actions: Action[]): number => {
    try {
      const sim = shareState(base);
      for (const a of actions) if (!simStep(sim, a).ok) return -Infinity;
      playOn(sim, me, combatRoot);
      return evaluate(sim, me, o.weights);
    } catch {
      return -Infinity; // a position the simulation cannot follow: judge the action by the others
    }
  };
  let best = cands[0]!;
  let top = -Infinity;
  for (const a of cands.slice(0, o.maxCandidates)) {
    if (overBudget() && top > -Infinity) break;
    const v = scoreOf([a]) - (PASSIVE.has(a.type) ? 0 : EPS);
    if (v > top) [best, top] = [a, v];
  }
  return best;
}

/**
 * Attackers: grow the declaration greedily (each round adds the attacker whose simulated combat scores
 * best, while that beats stopping by EPS), then try everyone attacking, since a swing can work only all
 * together (lethal, or too many to block).
 */
function attackDecision(pos: Position, offer: AttackOffer, seed: string | number, o: Opts): Action {
  const me = pos.me;
  const declare = (attackers: string[]): Action => ({ type: 'declare-attackers', manager: me, attackers });
  const eligible = offer.eligible.map((e) => e.id).slice(0, o.maxCandidates);
  if (eligible.length === 0) return declare([]);
  const base = pos.determinised(seed, o.defs);
  const score = (attackers: string[]): number => {
    try {
      const sim = shareState(base);
      if (!simStep(sim, declare(attackers)).ok) return -Infinity;
      playOn(sim, me, true);
      return evaluate(sim, me, o.weights);
    } catch {
      return -Infinity; // a position the simulation cannot follow: judge the declaration by the others
    }
  };
  let plan: string[] = [];
  let top = score(plan);
  for (;;) {
    let add: string | null = null;
    let bestScore = top;
    for (const id of eligible) {
      if (plan.includes(id) || (overBudget() && add !== null)) continue;
      const v = score([...plan, id]) - EPS;
      if (v > bestScore) [add, bestScore] = [id, v];
    }
    if (add === null) break;
    plan = [...plan, add];
    top = bestScore + EPS;
  }
  if (eligible.length >= 2 && plan.length < eligible.length && !overBudget() && score(eligible) - EPS > top) plan = eligible;
  return declare(plan);
}

/**
 * Blocking: plan the whole assignment. It grows greedily from no blocks: each round adds the block (or, for
 * a Clout attacker, the group of blocks) whose simulated combat scores best, while that beats the plan so
 * far. Only assignments the offer's legality function accepts (Callout, Clout, Moderator) score at all.
 */
function blockDecision(pos: Position, offer: BlockOffer, o: Opts): Action {
  const me = pos.me;
  const declare = (blocks: Block[]): Action => ({ type: 'declare-blocks', manager: me, blocks });
  const base = pos.determinised(`blocks:${pos.turn}`, o.defs);
  const cb = base.combat!;
  const key = (b: Block) => `${b.blocker}>${b.attacker}`;
  const score = (plan: Block[]): number => {
    // An assignment the engine would refuse scores by how many problems it has, so that the greedy steps
    // below walk towards a legal one (two Callout attackers need two blocks, and so on).
    const problems = blockProblems(offer, plan).length;
    if (problems > 0) return -ILLEGAL * problems;
    try {
      const sim = shareState(base);
      if (!simStep(sim, declare(plan)).ok) return -ILLEGAL;
      playOn(sim, me, true);
      return evaluate(sim, me, o.weights);
    } catch {
      return -Infinity;
    }
  };
  const defenders = offer.blockers.map((b) => b.id);
  const clout = new Set(offer.attackers.filter((a) => a.clout).map((a) => a.id));
  // Greedy growth from a starting assignment: each round adds the best-scoring block (or Clout group).
  const grow = (start: Block[]): [Block[], number] => {
    let plan = start;
    let top = score(plan);
    for (let round = 0; round < 6; round++) {
      const have = new Set(plan.map(key));
      let bestMove: Block[] | null = null;
      let bestScore = top;
      const consider = (move: Block[]) => {
        if (move.some((b) => have.has(key(b))) || overBudget()) return;
        const v = score([...plan, ...move]) - EPS;
        if (v > bestScore) [bestMove, bestScore] = [move, v];
      };
      for (const attacker of cb.attackers) {
        for (let i = 0; i < defenders.length; i++) {
          consider([{ blocker: defenders[i]!, attacker }]);
          if (clout.has(attacker))
            for (let j = i + 1; j < defenders.length; j++)
              consider([
                { blocker: defenders[i]!, attacker },
                { blocker: defenders[j]!, attacker },
              ]);
        }
        // Clout may need more than two blockers: the fewest strongest ones that reach its ATK.
        if (clout.has(attacker)) {
          const need = offer.attackers.find((a) => a.id === attacker)!.atk;
          const strongest = offer.blockers.slice().sort((x, y) => y.atk - x.atk);
          const move: Block[] = [];
          let sum = 0;
          for (const { id: d, atk } of strongest) {
            if (sum >= need || atk === 0) break;
            move.push({ blocker: d, attacker });
            sum += atk;
          }
          if (move.length > 2 && sum >= need) consider(move);
        }
      }
      if (!bestMove) break;
      plan = [...plan, ...(bestMove as Block[])];
      top = bestScore + EPS;
    }
    return [plan, top];
  };
  let [plan, top] = grow([]);
  if (top <= -ILLEGAL) {
    // The greedy steps from no blocks found no legal assignment (big boards with Callout and Moderators):
    // grow from one the engine is sure to accept, and also try the legal ones a small search finds.
    const sure = aLegalAssignment(offer);
    [plan, top] = grow(sure);
    if (top <= -ILLEGAL) [plan, top] = [sure, -ILLEGAL + 1]; // scoring failed (budget): still a legal plan
    for (const option of legalAssignments(offer, 6, 1_000)) {
      const v = score(option);
      if (v > top) [plan, top] = [option, v];
    }
  }
  return declare(blockProblems(offer, plan, true).length ? aLegalAssignment(offer) : plan);
}

/**
 * Plays the simulation forward with the quiet policy until the decision's effect is settled: the stack is
 * empty (and, for a combat decision, combat is over).
 */
function playOn(sim: GameState, me: ManagerId, combatRoot: boolean): void {
  for (let i = 0; i < MAX_SIM_STEPS; i++) {
    if (sim.phase === 'game-over') return;
    const quiet = sim.stack.length === 0 && !sim.pending && sim.triggerQueue.length === 0;
    if (quiet && (!combatRoot || !COMBAT.has(sim.phase))) return;
    const who = deciders(sim)[0];
    if (!who) return;
    if (!sim.pending && sim.phase === 'combat-block') {
      if (!(who === me && simStep(sim, { type: 'declare-blocks', manager: who, blocks: [] }).ok) && !blockByModel(sim, who)) return;
      continue;
    }
    if (!simStep(sim, quietAction(sim, who)).ok) return;
  }
}

function quietAction(sim: GameState, who: ManagerId): Action {
  const p = sim.pending;
  if (p?.kind === 'discard') {
    return { type: 'discard', manager: who, card: leastValuableInHand(sim, who) };
  }
  if (p?.kind === 'choice') return { type: 'choose', manager: who, option: 0 };
  if (p?.kind === 'choose-order') return { type: 'choose-order', manager: who, goFirst: true };
  if (sim.phase === 'combat-attack') return { type: 'declare-attackers', manager: who, attackers: [] };
  return { type: 'pass', manager: who };
}
