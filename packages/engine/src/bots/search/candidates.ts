/**
 * The moves the search compares at its root. Whole declarations are never enumerated (2^n attacker sets,
 * far more block assignments): the search looks at a handful of good ones built around strongBot's own
 * answer, which is always first, so a search that learns nothing still plays what `normal` would.
 *
 * Returns null where the search has nothing to add: choices strongBot makes by rule (mulligan, turn order,
 * discards, pending choices, the Resource Step's star) and decisions with a single sensible option. With
 * `rules`, discards, pending choices and the Resource Step are searched too (mulligan and turn order stay
 * rule-made: a two-turn rollout says little about a whole hand or the game's tempo).
 */
import type { Legal } from '../../actions/offers.js';
import { isOffer } from '../../actions/offers.js';
import { actionKey, type Action } from '../../actions/schema.js';
import { aLegalAssignment, blockProblems, type BlockOffer } from '../../combat/blockers.js';
import type { AttackOffer } from '../../combat/attackers.js';
import type { Block, ManagerId } from '../../core/types.js';
import { printedValue } from '../evaluate.js';
import type { BotInput } from '../types.js';

const RULE: ReadonlySet<Action['type']> = new Set(['mulligan', 'choose-order', 'discard', 'choose']);
const NEVER: ReadonlySet<Action['type']> = new Set(['concede', 'tilt-star']);
/** Variants of strongBot's declaration: one attacker or block removed or added, at most this many each way. */
const VARIANTS = 4;
const MAX_ACTIONS = 24;
/**
 * The Resource Step's stars searched with `rules`: placing one of this many least valuable hand cards (by
 * printed value). A card kept in hand is worth the same to `evaluate` whatever it is, so a rollout that does not
 * play a strong card within its horizon could not tell it from a weak one: the printed value keeps those home.
 */
const STAR_OPTIONS = 3;

export interface CandidateOptions {
  /** Search the rule-made choices too, except mulligan and turn order. */
  rules?: boolean;
}

export function rootCandidates(input: BotInput, strong: Action, o: CandidateOptions = {}): Action[] | null {
  const { view, legal } = input;
  const me = view.viewer;
  if (me === 'spectator') return null;
  const offer = legal.find(isOffer);
  let out: Action[];
  if (offer?.type === 'choose-attackers') out = attackCandidates(offer, strong);
  else if (offer?.type === 'choose-blocks') out = blockCandidates(offer, strong);
  else if (o.rules && legal.some((l) => l.type === 'discard' || l.type === 'choose')) out = [strong, ...actionsOf(legal).filter((a) => !NEVER.has(a.type))];
  else if (o.rules && view.phase === 'resource' && view.active === me && view.stack.length === 0) out = resourceCandidates(input, me, strong);
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
  if (a.type === 'declare-blocks')
    return `blk:${a.blocks
      .map((b) => `${b.blocker}>${b.attacker}`)
      .sort()
      .join(',')}`;
  return actionKey(a);
}

/** strongBot's answer, every action but the stars, and a star from each of the least valuable hand cards. */
function resourceCandidates({ view, legal }: BotInput, me: ManagerId, strong: Action): Action[] {
  const actions = actionsOf(legal).filter((a) => !NEVER.has(a.type));
  const value = new Map((view.managers[me].hand ?? []).map((c) => [c.id, printedValue(view.defs[c.def]!)] as const));
  const stars = actions
    .filter((a): a is Extract<Action, { type: 'place-star' }> => a.type === 'place-star')
    .sort((x, y) => (value.get(x.card) ?? 0) - (value.get(y.card) ?? 0))
    .slice(0, STAR_OPTIONS);
  return [strong, ...actions.filter((a) => a.type !== 'place-star'), ...stars].slice(0, MAX_ACTIONS + 1);
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
