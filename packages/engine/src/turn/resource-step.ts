/**
 * RUL-TURN-3: in the Resource Step, at most one card per turn goes from hand to the Star Pool, face up.
 * It counts toward the 3-card limit (RUL-TURN-4) but is not "playing a card" for card effects. Placing it
 * does not end the step: like every window, it ends when both managers pass in succession (RUL-STACK-5).
 */
import type { Ctx } from '../core/context.js';
import type { GameState, ManagerId } from '../core/types.js';
import { needPriority, ownCard } from '../core/guards.js';
import { reject, type Rejection } from '../core/rejections.js';
import { playLimit } from '../effects/stats.js';
import { moveCard } from '../zones/move.js';

export function checkPlaceStar(s: GameState, m: ManagerId, card: string): Rejection | null {
  const r = needPriority(s, m) ?? ownCard(s, m, card);
  if (r) return r;
  if (s.phase !== 'resource' || s.active !== m) return reject('wrong-phase', 'Star cards are placed in your own Resource Step');
  if (s.stack.length) return reject('stack-not-empty', 'Wait for the stack to resolve');
  if (s.cards[card]!.zone !== 'hand') return reject('wrong-zone', 'Only a card in your hand can become a star card');
  if (s.starPlaced) return reject('star-already-placed', 'You have already placed a star card this turn (RUL-TURN-3)');
  if (s.played >= playLimit(s, m)) return reject('play-limit', `You have played ${s.played} cards this Main Phase (RUL-TURN-4)`);
  return null;
}

export function doPlaceStar(ctx: Ctx, card: string): void {
  const s = ctx.s;
  moveCard(ctx, card, 'star-pool');
  s.starPlaced = true;
  s.played += 1;
  // An action other than a pass: the passes in succession start again, and the active manager keeps priority.
  s.passes = 0;
}
