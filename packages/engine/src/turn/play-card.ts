/**
 * Playing a card from hand, or debuting the Centre from Backstage (RUL-ZONE-5).
 * Characters, leaders, events and assets: own Main Step, empty stack, within the 3-card limit (RUL-TURN-4),
 * paid from available stars (RUL-TURN-5), events unique by name (RUL-TURN-7).
 * Highlights: whenever their owner has priority, through the stack (RUL-STACK-1, RUL-STACK-3).
 */
import type { CardDef, TargetReq } from '../cards/schema.js';
import { meta } from '../cards/def-meta.js';
import type { Ctx } from '../core/context.js';
import { defOf, stageOf } from '../core/query.js';
import { other, type GameState, type ManagerId } from '../core/types.js';
import { needPriority, ownCard } from '../core/guards.js';
import { reject, type Rejection } from '../core/rejections.js';
import { playLimit } from '../effects/stats.js';
import { targetsLegal } from '../effects/targets.js';
import { pushItem, queueCardTriggers, queueStageTriggers } from '../stack/triggers.js';
import { moveCard } from '../zones/move.js';
import { pay, potentialStars } from './pay-stars.js';

export function playAbilityIndex(d: CardDef): number {
  return meta(d).playIndex;
}

export function isHighlight(d: CardDef): boolean {
  return meta(d).highlight;
}

/** What playing the card targets: its play ability's requirements for a highlight, nothing otherwise. */
export function playTargets(d: CardDef): readonly TargetReq[] | undefined {
  const mt = meta(d);
  if (!mt.highlight) return undefined;
  const a = d.abilities[mt.playIndex]!;
  return 'targets' in a ? a.targets : undefined;
}

/** RUL-TURN-4: plays in the active manager's own Main Phase count; highlights at other times do not. */
export function countsAsPlay(s: GameState, m: ManagerId): boolean {
  return m === s.active && (s.phase === 'main' || s.phase === 'resource');
}

/** RUL-TURN-7: an event whose name one of the manager's events on stage already has cannot be played. */
export function eventNameTaken(s: GameState, m: ManagerId, d: CardDef): boolean {
  if (!d.types.includes('event')) return false;
  return stageOf(s, m).some((id) => {
    const o = defOf(s, s.cards[id]!);
    return o.types.includes('event') && o.name === d.name;
  });
}

export function checkPlay(s: GameState, m: ManagerId, card: string, targets: readonly string[]): Rejection | null {
  const r = needPriority(s, m) ?? ownCard(s, m, card);
  if (r) return r;
  const c = s.cards[card]!;
  const d = defOf(s, c);
  if (c.zone !== 'hand' && c.zone !== 'backstage') return reject('wrong-zone', `${d.name} is not in your hand or Backstage`);
  if (isHighlight(d)) {
    if (countsAsPlay(s, m) && s.played >= playLimit(s, m)) return reject('play-limit', `You have played ${s.played} cards this Main Phase (RUL-TURN-4)`);
  } else {
    if (s.active !== m || s.phase !== 'main') return reject('wrong-phase', `${d.name} can only be debuted in your own Main Step`);
    if (s.stack.length) return reject('stack-not-empty', 'Wait for the stack to resolve before debuting');
    if (s.played >= playLimit(s, m)) return reject('play-limit', `You have played ${s.played} cards this Main Phase (RUL-TURN-4)`);
    if (eventNameTaken(s, m, d)) return reject('event-unique', `You already have an event named ${d.name} on stage (RUL-TURN-7)`);
  }
  if (d.cost > potentialStars(s, m))
    return reject('cannot-afford', `${d.name} costs ${d.cost} stars; you have ${potentialStars(s, m)} (available plus untilted star cards)`);
  if (!targetsLegal(s, playTargets(d), m, card, targets)) return reject('illegal-target', `Those are not legal targets for ${d.name}`);
  return null;
}

export function doPlay(ctx: Ctx, m: ManagerId, card: string, targets: string[]): void {
  const s = ctx.s;
  const c = s.cards[card]!;
  const d = defOf(s, c);
  pay(ctx, m, d.cost);
  if (isHighlight(d)) {
    if (countsAsPlay(s, m)) s.played += 1;
    const nid = moveCard(ctx, card, 'stack');
    pushItem(ctx, { controller: m, source: nid, sourceDef: c.def, kind: 'highlight', ability: playAbilityIndex(d), targets });
    queueStageTriggers(s, 'highlight-played', m);
    s.passes = 0;
    s.priority = other(m);
    return;
  }
  s.played += 1;
  const nid = moveCard(ctx, card, d.types.includes('leader') ? 'centre' : 'main');
  queueCardTriggers(s, nid, (t) => t.on === 'debut');
  s.passes = 0;
}
