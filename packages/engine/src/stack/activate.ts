/**
 * Activated abilities: pay the cost (stars, tilt, graduate a character, discard, counters), then the
 * ability goes on the stack (RUL-STACK-1). Activating does not count toward the play limit (RUL-TURN-4).
 */
import type { Ability } from '../cards/schema.js';
import { emit, type Ctx } from '../core/context.js';
import { defOf, isCharacterDef, onStage } from '../core/query.js';
import { managerOf, other, type GameState, type ManagerId } from '../core/types.js';
import { needPriority, ownCard } from '../core/guards.js';
import { reject, type Rejection } from '../core/rejections.js';
import { evalCondition } from '../effects/conditions.js';
import { matchesFilter } from '../effects/filters.js';
import { targetsLegal } from '../effects/targets.js';
import { pay, potentialStars } from '../turn/pay-stars.js';
import { countersOf, removeCounters } from '../zones/counters.js';
import { graduate } from '../zones/graduate.js';
import { moveCard } from '../zones/move.js';
import { pushItem } from './triggers.js';
import { cardW } from '../core/own.js';

export type ActivatedAbility = Extract<Ability, { kind: 'activated' }>;

export function activatedAbility(s: GameState, card: string, index: number): ActivatedAbility | null {
  const c = s.cards[card];
  const a = c ? defOf(s, c).abilities[index] : undefined;
  return a && a.kind === 'activated' ? a : null;
}

/** Cards that may pay a "graduate a character" cost. */
export function graduateCostCandidates(s: GameState, m: ManagerId, source: string, a: ActivatedAbility): string[] {
  if (!a.cost.graduate) return [];
  const ms = managerOf(s, m);
  return ms.centre.concat(ms.main).filter((id) => {
    const c = s.cards[id]!;
    return isCharacterDef(defOf(s, c)) && matchesFilter(s, c, a.cost.graduate, source);
  });
}

/**
 * `graduateCostCandidates(s, m, source, a).includes(id)` without filtering the rest of the stage: a listing
 * checks every activation, and with a big stage the list cost a filter pass per card per activation.
 */
function paysGraduateCost(s: GameState, m: ManagerId, source: string, a: ActivatedAbility, id: string): boolean {
  const ms = managerOf(s, m);
  if (!ms.centre.includes(id) && !ms.main.includes(id)) return false;
  const c = s.cards[id]!;
  return isCharacterDef(defOf(s, c)) && matchesFilter(s, c, a.cost.graduate, source);
}

export function checkActivate(
  s: GameState,
  m: ManagerId,
  card: string,
  index: number,
  targets: readonly string[],
  costCards: readonly string[],
): Rejection | null {
  const r = needPriority(s, m) ?? ownCard(s, m, card);
  if (r) return r;
  const c = s.cards[card]!;
  if (!onStage(c)) return reject('wrong-zone', 'Only cards on your stage have abilities to activate');
  const a = activatedAbility(s, card, index);
  const name = defOf(s, c).name;
  if (!a) return reject('no-ability', `${name} has no activated ability #${index}`);
  if (a.speed === 'main' && (s.active !== m || s.phase !== 'main' || s.stack.length))
    return reject('wrong-phase', `This ability of ${name} can only be used in your own Main Step with an empty stack`);
  if (a.oncePerTurn && c.used.includes(index)) return reject('ability-used', `${name}'s ability has already been used this turn`);
  if (a.condition && !evalCondition(s, a.condition, m, card)) return reject('condition-unmet', `${name}'s ability condition is not met`);
  const cost = a.cost;
  if ((cost.stars ?? 0) > potentialStars(s, m))
    return reject('cannot-afford', `The ability costs ${cost.stars} stars; you have ${potentialStars(s, m)} (available plus untilted star cards)`);
  if (cost.tilt && c.tilted) return reject('cost-unpaid', `${name} is already tilted`);
  if (cost.removeCounters && countersOf(c, cost.removeCounters.counter) < cost.removeCounters.count)
    return reject('cost-unpaid', `${name} needs ${cost.removeCounters.count} ${cost.removeCounters.counter} counters`);
  const want = (cost.graduate ? 1 : 0) + (cost.discard ?? 0);
  if (costCards.length !== want) return reject('cost-unpaid', `The cost needs ${want} chosen card(s); ${costCards.length} given`);
  let rest = costCards;
  if (cost.graduate) {
    if (!paysGraduateCost(s, m, card, a, costCards[0]!))
      return reject('cost-unpaid', 'The character to graduate for the cost is not one you control that matches');
    rest = costCards.slice(1);
  }
  const hand = managerOf(s, m).hand;
  let last = -1;
  for (const d of rest) {
    const i = hand.indexOf(d);
    // Discards are named in hand order so each choice has one spelling.
    if (i <= last) return reject('cost-unpaid', 'Cards to discard must be distinct cards in your hand, in hand order');
    last = i;
  }
  if (!targetsLegal(s, a.targets, m, card, targets)) return reject('illegal-target', `Those are not legal targets for ${name}`);
  return null;
}

export function doActivate(ctx: Ctx, m: ManagerId, card: string, index: number, targets: string[], costCards: string[]): void {
  const s = ctx.s;
  const c = s.cards[card]!;
  const a = activatedAbility(s, card, index)!;
  pay(ctx, m, a.cost.stars ?? 0);
  if (a.cost.tilt) {
    cardW(s, card).tilted = true;
    emit(ctx, { t: 'tilt', card, tilted: true });
  }
  if (a.cost.removeCounters) removeCounters(ctx, card, a.cost.removeCounters.counter, a.cost.removeCounters.count);
  cardW(s, card).used.push(index);
  let rest = costCards;
  if (a.cost.graduate) {
    graduate(ctx, costCards[0]!);
    rest = costCards.slice(1);
  }
  for (const d of rest) moveCard(ctx, d, 'graduation');
  pushItem(ctx, { controller: m, source: card, sourceDef: c.def, kind: 'ability', ability: index, targets });
  s.passes = 0;
  s.priority = other(m);
}
