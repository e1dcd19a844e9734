/**
 * The moves the search compares at its root. Whole declarations are never enumerated (2^n attacker sets,
 * far more block assignments): the search looks at a handful of good ones built around strongBot's own
 * answer, which is always first, so a search that learns nothing still plays what `normal` would.
 *
 * Returns null where the search has nothing to add: choices strongBot makes by rule (mulligan, turn order,
 * discards, pending choices, the Resource Step's star) and decisions with a single sensible option.
 */
import type { Legal } from '../../actions/offers.js';
import { isOffer } from '../../actions/offers.js';
import { actionKey, type Action } from '../../actions/schema.js';
import { aLegalAssignment, blockProblems, type BlockOffer } from '../../combat/blockers.js';
import type { AttackOffer } from '../../combat/attackers.js';
import type { Block } from '../../core/types.js';
import type { BotInput } from '../types.js';

const RULE: ReadonlySet<Action['type']> = new Set(['mulligan', 'choose-order', 'discard', 'choose']);
const NEVER: ReadonlySet<Action['type']> = new Set(['concede', 'tilt-star']);
/** Variants of strongBot's declaration: one attacker or block removed or added, at most this many each way. */
const VARIANTS = 4;
const MAX_ACTIONS = 24;

export function rootCandidates(input: BotInput, strong: Action): Action[] | null {
  const { view, legal } = input;
  const me = view.viewer;
  if (me === 'spectator') return null;
  const offer = legal.find(isOffer);
  let out: Action[];
  if (offer?.type === 'choose-attackers') out = attackCandidates(offer, strong);
  else if (offer?.type === 'choose-blocks') out = blockCandidates(offer, strong);
  else {
    if (legal.some((l) => RULE.has(l.type as Action['type']))) return null;
    if (view.phase === 'resource' && view.active === me && view.stack.length === 0) return null;
    out = [strong, ...actionsOf(legal).filter((a) => !NEVER.has(a.type))].slice(0, MAX_ACTIONS + 1);
  }
  const seen = new Set<string>();
  const unique = out.filter((a) => {
    const k = keyOf(a);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique.length > 1 ? unique : null;
}

/** One key per distinct move: declarations compare as sets. */
export function keyOf(a: Action): string {
  if (a.type === 'declare-attackers') return `atk:${a.attackers.slice().sort().join(',')}`;
  if (a.type === 'declare-blocks') return `blk:${a.blocks.map((b) => `${b.blocker}>${b.attacker}`).sort().join(',')}`;
  return actionKey(a);
}

function actionsOf(legal: Legal[]): Action[] {
  return legal.filter((l): l is Action => !isOffer(l));
}

function attackCandidates(offer: AttackOffer, strong: Action): Action[] {
  const declare = (attackers: string[]): Action => ({ type: 'declare-attackers', manager: offer.manager, attackers });
  const all = offer.eligible.map((e) => e.id);
  const chosen = strong.type === 'declare-attackers' ? strong.attackers : [];
  const out = [declare(chosen), declare([]), declare(all)];
  for (const id of chosen.slice(0, VARIANTS)) out.push(declare(chosen.filter((x) => x !== id)));
  for (const id of all.filter((x) => !chosen.includes(x)).slice(0, VARIANTS)) out.push(declare([...chosen, id]));
  return out;
}

function blockCandidates(offer: BlockOffer, strong: Action): Action[] {
  const declare = (blocks: Block[]): Action => ({ type: 'declare-blocks', manager: offer.manager, blocks });
  const chosen = strong.type === 'declare-blocks' ? strong.blocks : [];
  const options: Block[][] = [chosen, [], aLegalAssignment(offer)];
  for (const b of chosen.slice(0, VARIANTS)) options.push(chosen.filter((x) => x !== b));
  // One more block on an attacker strongBot let through: the cheapest blocker with room that may take it.
  const used = new Map<string, number>();
  for (const b of chosen) used.set(b.blocker, (used.get(b.blocker) ?? 0) + 1);
  let added = 0;
  for (const a of offer.attackers) {
    if (added >= VARIANTS || chosen.some((b) => b.attacker === a.id)) continue;
    const free = offer.blockers.filter((d) => (used.get(d.id) ?? 0) < d.capacity).sort((x, y) => x.atk - y.atk);
    for (const d of free) {
      const plan = [...chosen, { blocker: d.id, attacker: a.id }];
      if (blockProblems(offer, plan, true).length === 0) {
        options.push(plan);
        added++;
        break;
      }
    }
  }
  return options.filter((p) => blockProblems(offer, p, true).length === 0).map(declare);
}
