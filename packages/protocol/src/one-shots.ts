/**
 * When a one-shot pass ends ('pass until my turn', 'pass until something happens'), as a pure rule over
 * public events. The server applies it to decide; the web app applies the same rule to its own projected
 * events to show whether a one-shot is still in force (the events that end one are public, so every viewer
 * sees them alike).
 */
import type { GameEvent, ManagerId } from '@vroyale/engine';
import type { PassUntilMode } from './stop-settings.js';

/** Whether event `e` ends `seat`'s one-shot; `active` is whose turn it is when `e` happens. */
export function oneShotEnds(mode: Exclude<PassUntilMode, null>, seat: ManagerId, e: GameEvent, active: ManagerId): boolean {
  if (mode === 'my-turn') return e.t === 'turn' && e.active === seat;
  if (e.t === 'turn') return true;
  if (e.t === 'stack-push') return e.item.controller !== seat;
  return e.t === 'attackers' && e.attackers.length > 0 && active !== seat;
}

/** The mode left after these events (null once one of them ends it); `active` is whose turn it was before them. */
export function oneShotAfter(mode: PassUntilMode, seat: ManagerId, events: readonly GameEvent[], active: ManagerId): PassUntilMode {
  for (const e of events) {
    if (!mode) return null;
    if (e.t === 'turn') active = e.active;
    if (oneShotEnds(mode, seat, e, active)) mode = null;
  }
  return mode;
}
