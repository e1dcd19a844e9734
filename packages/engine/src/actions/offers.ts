/**
 * What legal actions list: concrete actions, and for the two declarations an offer describing the decision
 * (RUL-COMBAT-1/2: eligible attackers; possible blockers and the facts Callout, Clout and Moderator read)
 * instead of every subset. An offer is not an action: `permits` says whether a listing allows an action,
 * `realise` turns an entry into a uniformly random legal action for random playouts.
 */
import { attackProblems, type AttackOffer } from '../combat/attackers.js';
import { aLegalAssignment, blockProblems, type BlockOffer } from '../combat/blockers.js';
import { randomAttackers, randomBlocks } from './random-declaration.js';
import { actionKey, type Action } from './schema.js';

export type Offer = AttackOffer | BlockOffer;
export type Legal = Action | Offer;

export function isOffer(l: Legal): l is Offer {
  return l.type === 'choose-attackers' || l.type === 'choose-blocks';
}

/** Whether the listing allows `a`: listed as it is, or a declaration its offer accepts. */
export function permits(legal: readonly Legal[], a: Action): boolean {
  if (a.type === 'declare-attackers') {
    const o = legal.find((l): l is AttackOffer => l.type === 'choose-attackers' && l.manager === a.manager);
    return !!o && attackProblems(o, a.attackers).length === 0;
  }
  if (a.type === 'declare-blocks') {
    const o = legal.find((l): l is BlockOffer => l.type === 'choose-blocks' && l.manager === a.manager);
    return !!o && blockProblems(o, a.blocks, true).length === 0;
  }
  const key = actionKey(a);
  return legal.some((l) => l.type === a.type && actionKey(l as Action) === key);
}

/**
 * A fixed legal action for the entry, for fallbacks that must not fail: itself, no attackers, or
 * `aLegalAssignment` (no blocks where that is legal... and otherwise what Callout and Moderator require).
 */
export function simplest(l: Legal): Action {
  if (l.type === 'choose-attackers') return { type: 'declare-attackers', manager: l.manager, attackers: [] };
  if (l.type === 'choose-blocks') return { type: 'declare-blocks', manager: l.manager, blocks: aLegalAssignment(l) };
  return l;
}

/** An action for the entry: itself, or a uniformly random legal declaration for an offer. */
export function realise(l: Legal, rng: () => number): Action {
  if (l.type === 'choose-attackers') return randomAttackers(l, rng);
  if (l.type === 'choose-blocks') return randomBlocks(l, rng);
  return l;
}
