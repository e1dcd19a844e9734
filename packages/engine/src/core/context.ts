/** The mutable working set of one step: the (already cloned) state and the events it produced. */
import type { GameEvent } from './events.js';
import type { GameState, ManagerId } from './types.js';

export interface Ctx {
  s: GameState;
  events: GameEvent[];
  /** Why each manager last lost sanity, to report a deck-out loss as such. */
  lastLoss: Partial<Record<ManagerId, 'combat' | 'effect' | 'deck-out' | 'raid'>>;
  /**
   * How many events other than 'phase' ones have been emitted: settle re-runs its checks when this moves.
   * Counted here, where each event's kind is known, rather than by reading back events of every shape.
   */
  changes: number;
}

export function makeCtx(s: GameState): Ctx {
  return { s, events: [], lastLoss: {}, changes: 0 };
}

export function emit(ctx: Ctx, e: GameEvent): void {
  ctx.events.push(e);
  if (e.t !== 'phase') ctx.changes++;
}
