/** The mutable working set of one step: the (already cloned) state and the events it produced. */
import type { GameEvent } from './events.js';
import type { CardRef, GameState, ManagerId, Phase } from './types.js';

export interface Ctx {
  s: GameState;
  events: GameEvent[];
  /** Why each manager last lost sanity, to report a deck-out loss as such. */
  lastLoss: Partial<Record<ManagerId, 'combat' | 'effect' | 'deck-out' | 'raid'>>;
  /** The card behind each manager's last loss of sanity, if a card caused it: the end screen names it. */
  lastSource: Partial<Record<ManagerId, CardRef>>;
  /**
   * How many events other than phase changes have been emitted (`emit`, not `setPhase`): settle re-runs its
   * checks when this moves. Counted as they are emitted rather than by reading back events of every shape.
   */
  changes: number;
}

export function makeCtx(s: GameState): Ctx {
  return { s, events: [], lastLoss: {}, lastSource: {}, changes: 0 };
}

export function emit(ctx: Ctx, e: Exclude<GameEvent, { t: 'phase' }>): void {
  ctx.events.push(e);
  ctx.changes++;
}

/**
 * Enters a phase and emits the phase event: an event like any other, but not a change the settle checks need
 * to see, so it is not counted in `changes` (turn/flow.ts settle). A phase entered has not opened its own
 * priority window yet (RUL-STACK-5, `windowOpen`).
 */
export function setPhase(ctx: Ctx, phase: Phase): void {
  ctx.s.phase = phase;
  ctx.s.windowOpen = false;
  ctx.events.push({ t: 'phase', phase });
}
