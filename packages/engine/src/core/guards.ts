/** Checks shared by several actions. */
import type { GameState, ManagerId } from '../core/types.js';
import { cardVisibleTo } from '../core/visibility.js';
import { reject, type Rejection } from './rejections.js';

/** The manager must hold priority, with no decision pending (RUL-STACK-1). */
export function needPriority(s: GameState, m: ManagerId): Rejection | null {
  if (s.pending) return reject('choice-pending', `Waiting for manager ${s.pending.manager} to decide (${s.pending.kind})`);
  if (s.priority === null) return reject('wrong-phase', `Nobody has priority during ${s.phase}`);
  if (s.priority !== m) return reject('out-of-turn', `Manager ${s.priority} has priority, not ${m}`);
  return null;
}

/**
 * The card an action names must be one of the manager's own. Every action naming a card of its own goes
 * through here first, so this is where RUL-ZONE-6 is kept: a card the manager cannot see (the other
 * manager's hand, any roster, one's own included) gets the very answer a never-issued id gets. Anything
 * else would let a manager probe ids one by one and learn which are the opponent's hand cards, or where
 * in their own roster a card lies; and every later check may name the card, since by then it is visible.
 */
export function ownCard(s: GameState, m: ManagerId, id: string): Rejection | null {
  const c = s.cards[id];
  if (c === undefined || !cardVisibleTo(s, m, c)) return reject('unknown-card', `There is no card ${id}`);
  if (c.owner !== m) return reject('wrong-manager', `Card ${id} belongs to manager ${c.owner}`);
  return null;
}
