/** Checks shared by several actions. */
import type { GameState, ManagerId } from '../core/types.js';
import { reject, type Rejection } from './rejections.js';

/** The manager must hold priority, with no decision pending (RUL-STACK-1). */
export function needPriority(s: GameState, m: ManagerId): Rejection | null {
  if (s.pending) return reject('choice-pending', `Waiting for manager ${s.pending.manager} to decide (${s.pending.kind})`);
  if (s.priority === null) return reject('wrong-phase', `Nobody has priority during ${s.phase}`);
  if (s.priority !== m) return reject('out-of-turn', `Manager ${s.priority} has priority, not ${m}`);
  return null;
}

export function ownCard(s: GameState, m: ManagerId, id: string): Rejection | null {
  const c = s.cards[id];
  if (!c) return reject('unknown-card', `There is no card ${id}`);
  if (c.owner !== m) return reject('wrong-manager', `Card ${id} belongs to manager ${c.owner}`);
  return null;
}
