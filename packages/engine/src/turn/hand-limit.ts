/** RUL-TURN-9: at the end of the turn each manager discards down to 5, one card at a time, active first. */
import type { Ctx } from '../core/context.js';
import { managerOf, type GameState } from '../core/types.js';
import { moveCard } from '../zones/move.js';
import { reject, type Rejection } from '../core/rejections.js';
import { ownCard } from '../core/guards.js';

export const HAND_LIMIT = 5;

export function checkDiscard(s: GameState, manager: 'A' | 'B', card: string): Rejection | null {
  const p = s.pending;
  if (!p || p.kind !== 'discard') return reject('wrong-phase', 'There is no hand-limit discard to make now');
  if (p.manager !== manager) return reject('wrong-manager', `Manager ${p.manager} is discarding, not ${manager}`);
  // ownCard answers a hidden card (one's own roster, the other hand) as a made-up id would (RUL-ZONE-6).
  const r = ownCard(s, manager, card);
  if (r) return r;
  if (!managerOf(s, manager).hand.includes(card)) return reject('wrong-zone', `Card ${card} is not in your hand`);
  return null;
}

export function doDiscard(ctx: Ctx, manager: 'A' | 'B', card: string): void {
  moveCard(ctx, card, 'graduation');
  if (managerOf(ctx.s, manager).hand.length <= HAND_LIMIT) ctx.s.pending = null;
}
