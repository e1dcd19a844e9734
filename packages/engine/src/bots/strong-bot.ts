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
import { cloneState } from '../core/clone.js';
import type { AttackOffer } from '../combat/attackers.js';
import { aLegalAssignment, blockOffer, blockProblems, type BlockOffer } from '../combat/blockers.js';
import { deciders } from '../actions/deciders.js';
import { isOffer } from '../actions/offers.js';
import type { Action } from '../actions/schema.js';
import { stepInPlace } from '../actions/step.js';
import { isCharacterDef } from '../core/query.js';
import { managerOf, type Block, type GameState, type ManagerId, type Phase } from '../core/types.js';
import { statsOf, withStatsMemo } from '../effects/stats.js';
import type { CardView, GameView } from '../view/projection.js';
import { determinise } from './determinise.js';
import { characterValue, DEFAULT_WEIGHTS, evaluate, leastValuableInHand, printedValue, type EvalWeights } from './evaluate.js';
import type { Bot, BotInput } from './types.js';

export interface StrongBotOptions {
  /** The turn order the bot always picks when it wins the coin flip. Default: go first. */
  goFirst?: boolean;
  weights?: EvalWeights;
  /**
   * Public card definitions the simulation may need but the view does not show (tokens a card can
   * commission). Optional: without them such an effect is simply not simulated.
   */
  defs?: Record<string, CardDef>;
  /** Most candidates simulated per decision (the rest are dropped in list order). Default 40. */
  maxCandidates?: number;
}

const COMBAT: ReadonlySet<Phase> = new Set(['combat-attack', 'combat-attack-window', 'combat-block', 'combat-block-window']);
const NEVER: ReadonlySet<Action['type']> = new Set(['concede', 'tilt-star']);
const PASSIVE: ReadonlySet<Action['type']> = new Set(['pass']);
/** A non-passive action must beat doing nothing by this much (avoids spending cards on nothing). */
const EPS = 0.05;
const MAX_SIM_STEPS = 120;
const ILLEGAL = 1e6;
/**
 * Work per decision, counted in simulated engine steps (a deterministic stand-in for time): once spent,
 * no further candidates are simulated. Keeps the rare huge positions (token swarms, many targets) fast.
 */
const WORK_BUDGET = 1500;
let work = 0;
/** Simulated steps over every decision on this thread, never reset: a deterministic measure of work for callers. */
let workTotal = 0;
export const strongBotWork = (): number => workTotal;

function simStep(sim: GameState, a: Action): ReturnType<typeof stepInPlace> {
  work++;
  workTotal++;
  return stepInPlace(sim, a);
}

type Opts = Required<Omit<StrongBotOptions, 'defs'>> & { defs?: Record<string, CardDef> };

export function createStrongBot(options: StrongBotOptions = {}): Bot {
  const o: Opts = {
    goFirst: options.goFirst ?? true,
    weights: options.weights ?? DEFAULT_WEIGHTS,
    maxCandidates: options.maxCandidates ?? 40,
    ...(options.defs ? { defs: options.defs } : {}),
  };
  return (input) => decide(input, o);
}

/** The strong bot with default options. */
export const strongBot: Bot = createStrongBot();

function decide({ view, legal, seed }: BotInput, o: Opts): Action {
  work = 0;
  if (legal.length === 0) throw new Error('strongBot: no legal action to choose from');
  const me = view.viewer;
  if (me === 'spectator') throw new Error('strongBot: spectators do not decide');
  const offer = legal.find(isOffer);
  if (offer?.type === 'choose-attackers') return attackDecision(view, me, offer, seed, o);
  if (offer?.type === 'choose-blocks') return blockDecision(view, me, offer, o);
  const actions = legal.filter((l): l is Action => !isOffer(l));
  if (actions.length === 1) return actions[0]!;
  return decideAction(view, me, actions, seed, o);
}

function decideAction(view: GameView, me: ManagerId, legal: Action[], seed: string | number, o: Opts): Action {
  const first = (t: Action['type']) => legal.find((a) => a.type === t);
  if (first('mulligan')) return mulligan(view, me, legal);
  if (first('choose-order')) return legal.find((a) => a.type === 'choose-order' && a.goFirst === o.goFirst) ?? legal[0]!;
  if (first('discard')) return discard(view, me, legal);
  if (first('choose')) return choose(view, me, legal);
  if (view.phase === 'resource' && view.active === me && view.stack.length === 0) {
    const r = resourceStep(view, me, legal);
    if (r) return r;
  }
  return search(view, me, legal, seed, o);
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

function discard(view: GameView, me: ManagerId, legal: Action[]): Action {
  const hand = new Map((view.managers[me].hand ?? []).map((c) => [c.id, printedValue(defOfView(view, c))] as const));
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
function resourceStep(view: GameView, me: ManagerId, legal: Action[]): Action | null {
  const mv = view.managers[me];
  const hand = mv.hand ?? [];
  const pass = legal.find((a) => a.type === 'pass');
  const places = legal.filter((a): a is Extract<Action, { type: 'place-star' }> => a.type === 'place-star');
  if (!pass) return null;
  if (places.length === 0) return null; // highlights could still be worth a look: let the search decide
  let stars = 0;
  for (const c of mv.starPool) stars += defOfView(view, c).stars;
  const want = stars < 4 || (stars < 7 && hand.length >= 3) || hand.length >= 5;
  if (!want) return pass;
  // Keep the cheapest character that can be played soon if it is the only one.
  const playableChars = hand.filter((c) => {
    const d = defOfView(view, c);
    return isCharacterDef(d) && d.cost <= stars + 1;
  });
  const keep = (c: CardView): number => {
    const d = defOfView(view, c);
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

function search(view: GameView, me: ManagerId, legal: Action[], seed: string | number, o: Opts): Action {
  const cands = legal.filter((a) => !NEVER.has(a.type));
  if (cands.length === 0) return legal.find((a) => a.type !== 'concede') ?? legal[0]!;
  if (cands.length === 1) return cands[0]!;
  // Passive actions first, so that on a tie the bot keeps its cards.
  cands.sort((a, b) => Number(PASSIVE.has(b.type)) - Number(PASSIVE.has(a.type)));
  const base = determinise(view, seed, o.defs);
  const combatRoot = COMBAT.has(view.phase);
  const scoreOf = (actions: Action[]): number => {
    try {
      const sim = cloneState(base);
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
    if (work > WORK_BUDGET && top > -Infinity) break;
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
function attackDecision(view: GameView, me: ManagerId, offer: AttackOffer, seed: string | number, o: Opts): Action {
  const declare = (attackers: string[]): Action => ({ type: 'declare-attackers', manager: me, attackers });
  const eligible = offer.eligible.map((e) => e.id).slice(0, o.maxCandidates);
  if (eligible.length === 0) return declare([]);
  const base = determinise(view, seed, o.defs);
  const score = (attackers: string[]): number => {
    try {
      const sim = cloneState(base);
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
      if (plan.includes(id) || (work > WORK_BUDGET && add !== null)) continue;
      const v = score([...plan, id]) - EPS;
      if (v > bestScore) [add, bestScore] = [id, v];
    }
    if (add === null) break;
    plan = [...plan, add];
    top = bestScore + EPS;
  }
  if (eligible.length >= 2 && plan.length < eligible.length && work <= WORK_BUDGET && score(eligible) - EPS > top) plan = eligible;
  return declare(plan);
}

/**
 * Blocking: plan the whole assignment. It grows greedily from no blocks: each round adds the block (or, for
 * a Clout attacker, the group of blocks) whose simulated combat scores best, while that beats the plan so
 * far. Only assignments the offer's legality function accepts (Callout, Clout, Moderator) score at all.
 */
function blockDecision(view: GameView, me: ManagerId, offer: BlockOffer, o: Opts): Action {
  const declare = (blocks: Block[]): Action => ({ type: 'declare-blocks', manager: me, blocks });
  const base = determinise(view, `blocks:${view.turn}`, o.defs);
  const cb = base.combat!;
  const key = (b: Block) => `${b.blocker}>${b.attacker}`;
  const score = (plan: Block[]): number => {
    // An assignment the engine would refuse scores by how many problems it has, so that the greedy steps
    // below walk towards a legal one (two Callout attackers need two blocks, and so on).
    const problems = blockProblems(offer, plan).length;
    if (problems > 0) return -ILLEGAL * problems;
    try {
      const sim = cloneState(base);
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
        if (move.some((b) => have.has(key(b))) || work > WORK_BUDGET) return;
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

interface Fighter {
  id: string;
  atk: number;
  /** HP left this turn. */
  hp: number;
  kw: Keywords;
  value: number;
}

function fighter(sim: GameState, id: string, blocking: boolean): Fighter {
  const c = sim.cards[id]!;
  const st = statsOf(sim, c);
  const atk = blocking && c.tilted ? 0 : st.atk;
  return { id, atk, hp: st.hp - c.damage, kw: st.keywords, value: characterValue(st.atk, st.hp, st.keywords) };
}

/** Whether `x` dealing its ATK to `y` graduates `y` (damage or Ban, RUL-COMBAT-6). */
function kills(x: Fighter, y: Fighter): boolean {
  return x.atk >= y.hp || (x.atk > 0 && !!x.kw.ban && !y.kw.ban);
}

/**
 * The defender model: block an attacker with a character that kills it and survives, else trade when the
 * trade is even or better; then meet Callout (the cheapest blocker that may block it) and Moderator (a
 * Moderator with room blocks an unblocked attacker); chump-block only when the unblocked damage would be
 * lethal. Then declare, repairing the assignment one block at a time if the legality function still refuses it.
 */
export function blockByModel(sim: GameState, d: ManagerId): boolean {
  const cb = sim.combat;
  if (!cb) return false;
  const offer = blockOffer(sim);
  const room = new Map<string, number>();
  const [attackers, free] = withStatsMemo(sim, () => {
    for (const b of offer.blockers) room.set(b.id, b.capacity);
    return [
      cb.attackers.map((id) => fighter(sim, id, false)).sort((x, y) => y.atk - x.atk),
      [...room].filter(([, n]) => n > 0).map(([id]) => fighter(sim, id, true)),
    ];
  });
  const blocks: Block[] = [];
  const blocked = new Set<string>();
  const block = (b: Fighter, a: Fighter): boolean => {
    blocks.push({ blocker: b.id, attacker: a.id });
    blocked.add(a.id);
    const left = room.get(b.id)! - 1;
    room.set(b.id, left);
    if (left <= 0) free.splice(free.indexOf(b), 1);
    return true;
  };
  const mayBlockAlone = (b: Fighter, a: Fighter) => !a.kw.clout || b.atk >= a.atk;
  for (const a of attackers) {
    if (blocked.has(a.id)) continue;
    let pick: Fighter | null = null;
    let top = 0;
    for (const b of free) {
      if (!mayBlockAlone(b, a)) continue;
      const k = kills(b, a);
      const dies = kills(a, b);
      const v = k && !dies ? 10 + a.value - 0.1 * b.value : k ? a.value - b.value + 0.01 : 0;
      if (v > top) [pick, top] = [b, v];
    }
    if (pick) block(pick, a);
  }
  const cheapestFor = (a: Fighter, only?: (b: Fighter) => boolean): Fighter | null => {
    let pick: Fighter | null = null;
    for (const b of free) if (mayBlockAlone(b, a) && (!only || only(b)) && (!pick || b.value < pick.value)) pick = b;
    return pick;
  };
  for (const a of attackers) {
    if (blocked.has(a.id) || !a.kw.callout) continue;
    const b = cheapestFor(a);
    if (b) block(b, a);
  }
  for (const a of attackers) {
    if (blocked.has(a.id)) continue;
    const m = cheapestFor(a, (b) => !!b.kw.moderator);
    if (m) block(m, a);
  }
  let incoming = 0;
  for (const a of attackers) if (!blocked.has(a.id)) incoming += a.atk;
  for (const a of attackers) {
    if (incoming < managerOf(sim, d).sanity) break;
    if (blocked.has(a.id)) continue;
    const b = cheapestFor(a);
    if (b && block(b, a)) incoming -= a.atk;
  }
  let plan = blocks;
  for (let i = 0; i < 12 && blockProblems(offer, plan, true).length; i++) {
    const fixed = repairStep(offer, plan);
    if (!fixed) break;
    plan = fixed;
  }
  // The model's blocks could not be repaired: an assignment the engine accepts instead.
  if (blockProblems(offer, plan, true).length) plan = aLegalAssignment(offer);
  return simStep(sim, { type: 'declare-blocks', manager: d, blocks: plan }).ok;
}

/**
 * Complete block assignments the engine accepts (no Callout, Clout or Moderator problem), found by a
 * depth-first search over each defender's choice (no block, or up to its capacity of attackers), with a
 * budget of assignments looked at. Moderators try blocking first, the others not blocking first.
 */
function legalAssignments(offer: BlockOffer, limit: number, budget: number): Block[][] {
  const attackers = offer.attackers.map((a) => a.id);
  const defenders = offer.blockers.map((b) => b.id);
  const out: Block[][] = [];
  const blocks: Block[] = [];
  let leaves = 0;
  const subsets = (cap: number): string[][] => {
    const res: string[][] = [];
    const rec = (start: number, acc: string[]) => {
      if (acc.length) res.push(acc.slice());
      if (acc.length === cap) return;
      for (let i = start; i < attackers.length; i++) {
        acc.push(attackers[i]!);
        rec(i + 1, acc);
        acc.pop();
      }
    };
    rec(0, []);
    return res;
  };
  const choices = offer.blockers.map((b) => {
    const some = subsets(b.capacity);
    return b.capacity > 1 || b.moderator ? [...some, []] : [[], ...some];
  });
  const rec = (i: number): void => {
    if (out.length >= limit || leaves >= budget) return;
    if (i === defenders.length) {
      leaves++;
      work += 0.05;
      if (blockProblems(offer, blocks, true).length === 0) out.push(blocks.slice());
      return;
    }
    for (const targets of choices[i]!) {
      for (const attacker of targets) blocks.push({ blocker: defenders[i]!, attacker });
      rec(i + 1);
      blocks.length -= targets.length;
      if (out.length >= limit || leaves >= budget) return;
    }
  };
  rec(0);
  return out;
}

/** The assignment one block added or removed away from `blocks` that leaves the fewest problems. */
function repairStep(offer: BlockOffer, blocks: Block[]): Block[] | null {
  const options: Block[][] = [];
  const used = new Map<string, number>();
  for (const b of blocks) used.set(b.blocker, (used.get(b.blocker) ?? 0) + 1);
  for (const d of offer.blockers)
    if ((used.get(d.id) ?? 0) < d.capacity)
      for (const a of offer.attackers)
        if (!blocks.some((b) => b.blocker === d.id && b.attacker === a.id)) options.push([...blocks, { blocker: d.id, attacker: a.id }]);
  const adds = options.length;
  for (const b of blocks) options.push(blocks.filter((x) => x !== b));
  let best: Block[] | null = null;
  let fewest = Infinity;
  options.forEach((option, k) => {
    work += 0.2;
    const n = blockProblems(offer, option).length + (k >= adds ? 0.5 : 0);
    if (n < fewest) [best, fewest] = [option, n];
  });
  return best;
}
