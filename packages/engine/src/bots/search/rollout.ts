/**
 * The search's rollouts: a cheap, seeded policy for both managers on a determinised copy, cut off at a
 * turn horizon and scored by `evaluate`. Cheap matters more than clever here: every iteration runs one, and
 * strongBot's own one-ply look (about a millisecond) would leave a second's budget a few hundred rollouts.
 *
 * Policy (both managers alike, so the search does not assume a foolish opponent):
 * - pending discard: the card worth least by printed value; other pending choices: uniformly random;
 * - attackers: each eligible character attacks with probability ATTACK_P;
 * - blocks: strongBot's defender model (kill and survive, even trades, Callout/Moderator, chump at lethal);
 * - otherwise, in the active manager's own Main or Resource Step a random non-passive action with
 *   probability ACT_P (playing cards is usually right), in any other window one with probability
 *   WINDOW_P, else pass.
 */
import { deciders } from '../../actions/deciders.js';
import { legalActions } from '../../actions/legal-actions.js';
import type { Action } from '../../actions/schema.js';
import { stepInPlace } from '../../actions/step.js';
import { managerOf, type GameState, type ManagerId } from '../../core/types.js';
import { statsOf } from '../../effects/stats.js';
import { evaluate, leastValuableInHand, type EvalWeights } from '../evaluate.js';
import { blockByModel } from '../block-model.js';
import { strongBot, strongOnSimulation } from '../strong-bot.js';
import { isOffer } from '../../actions/offers.js';
import { project } from '../../view/projection.js';
import type { Bot } from '../types.js';

const ATTACK_P = 0.3;
const ACT_P = 0.8;
const WINDOW_P = 0.1;
/** A safety cap on steps per rollout; the turn horizon normally ends it long before. */
const MAX_STEPS = 400;

export interface RolloutOptions {
  /** Stop once the game reaches this turn (the rollout then scores the position). */
  untilTurn: number;
  weights: EvalWeights;
  /** 'strong': both managers play strongBot on their own projection of the simulation; 'cheap': the policy below. */
  policy?: 'strong' | 'cheap';
  /** The strongBot that plays 'strong' rollouts (one with other weights); default strongBot. */
  player?: Bot;
  /** Plays `me`'s own decisions before turn `ownUntilTurn` instead of `player` (nested search, an experiment). */
  ownPlayer?: Bot;
  ownUntilTurn?: number;
  /** Steps before the rollout stops and scores the position (default MAX_STEPS): a caller's cost bound. */
  maxSteps?: number;
}

/** Plays `sim` (owned, mutated) forward and scores it for `me`. */
export function rollout(sim: GameState, me: ManagerId, rng: () => number, o: RolloutOptions): number {
  for (let i = 0; i < (o.maxSteps ?? MAX_STEPS); i++) {
    if (sim.phase === 'game-over' || sim.turn >= o.untilTurn) break;
    const who = deciders(sim)[0];
    if (!who) break;
    if (o.policy !== 'strong' && !sim.pending && sim.phase === 'combat-block') {
      if (!blockByModel(sim, who)) break;
      continue;
    }
    const own = o.ownPlayer && who === me && sim.turn < (o.ownUntilTurn ?? o.untilTurn) ? o.ownPlayer : o.player;
    const a = o.policy === 'strong' ? strongPolicy(sim, who, rng, i, own) : policy(sim, who, rng);
    if (!a || !stepInPlace(sim, a).ok) break;
  }
  return evaluate(sim, me, o.weights);
}

/** The highest ATK among the defender's untilted characters: what an attacker must survive. */
function strongestBlocker(sim: GameState, attacker: ManagerId): number {
  const d = managerOf(sim, attacker === 'A' ? 'B' : 'A');
  let top = 0;
  for (const id of [...d.centre, ...d.main]) {
    const c = sim.cards[id]!;
    if (!c.tilted) top = Math.max(top, statsOf(sim, c).atk);
  }
  return top;
}

function safeAttack(sim: GameState, id: string, danger: number): boolean {
  const c = sim.cards[id]!;
  const st = statsOf(sim, c);
  return st.atk > 0 && st.hp - c.damage > danger;
}

/**
 * strongBot as the rollout policy (rollout policy improvement: the search then picks the root move after
 * which strongBot's own play does best). A decision with one sensible action skips the projection. A bot
 * made by createStrongBot decides on the simulation for `who` directly (`strongOnSimulation`): it reads only
 * what `project(sim, who)` shows and its copy equals `determinise(project(sim, who))` (bots/position.ts,
 * determinise-sim.ts), so it picks as it would on the view, without building one per decision.
 */
export function strongPolicy(sim: GameState, who: ManagerId, rng: () => number, i: number, player: Bot = strongBot): Action | null {
  const legal = legalActions(sim, who);
  const options = legal.filter((l) => l.type !== 'concede' && l.type !== 'tilt-star');
  if (options.length === 1 && !isOffer(options[0]!)) return options[0] as Action;
  const seed = `${i}:${Math.floor(rng() * 1e9)}`;
  const onSim = strongOnSimulation(player);
  return onSim ? onSim(sim, who, legal, seed) : player({ view: project(sim, who), legal, seed });
}

function policy(sim: GameState, who: ManagerId, rng: () => number): Action | null {
  const p = sim.pending;
  if (p?.kind === 'discard') {
    return { type: 'discard', manager: who, card: leastValuableInHand(sim, who) };
  }
  if (p?.kind === 'choose-order') return { type: 'choose-order', manager: who, goFirst: true };
  if (p?.kind === 'choice') return { type: 'choose', manager: who, option: Math.floor(rng() * p.options.length) };
  const legal = legalActions(sim, who);
  let pass: Action | null = null;
  const active: Action[] = [];
  for (const l of legal) {
    if (l.type === 'choose-attackers') {
      const danger = strongestBlocker(sim, who);
      const attackers = l.eligible.filter((e) => safeAttack(sim, e.id, danger) || rng() < ATTACK_P).map((e) => e.id);
      return { type: 'declare-attackers', manager: who, attackers };
    }
    if (l.type === 'choose-blocks') return null; // handled by the defender model above
    if (l.type === 'pass') pass = l;
    else if (l.type !== 'concede' && l.type !== 'tilt-star') active.push(l);
  }
  if (active.length === 0) return pass;
  const own = sim.active === who && sim.stack.length === 0 && (sim.phase === 'main' || sim.phase === 'resource');
  if (!pass || rng() < (own ? ACT_P : WINDOW_P)) return active[Math.floor(rng() * active.length)]!;
  return pass;
}
