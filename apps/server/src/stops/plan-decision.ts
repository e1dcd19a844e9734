/**
 * Whether the server answers a decision for a manager, from their stop settings and public information
 * only. It takes a spectator's view of the match (`projectTurn`, or a whole `project(state, 'spectator')`), so it cannot read a hand, a roster's order or the RNG:
 * an answer that never depends on a hidden fact can come at once without telling the opponent anything
 * (docs/auto-pass.md). The property test (auto-action.test.ts) holds it to that.
 */
import { other, type ManagerId, type TurnView } from '@vroyale/engine';
import { stopWindowOf, type PassUntilMode, type StopSettings } from '@vroyale/protocol';

/** 'ask': wait for the manager. 'pass': pass priority for them. 'declare-nothing': the empty declaration. */
export type Plan = 'ask' | 'pass' | 'declare-nothing';

export function planDecision(view: TurnView, seat: ManagerId, stops: StopSettings, passUntil: PassUntilMode): Plan {
  if (view.viewer !== 'spectator') throw new Error('planDecision takes the spectator view: a seat view shows a hand');
  // Mulligans, turn order, discards and choices always ask: they are not passes, and no stop covers them.
  if (view.pending) return 'ask';
  const window = stopWindowOf(view.phase);
  if (!window) return 'ask';
  const own = view.active === seat;

  if (window === 'declare-attackers' || window === 'declare-blocks') {
    if ((window === 'declare-attackers') !== own) return 'ask'; // not this manager's declaration
    if (stops.fullControl) return 'ask';
    const stop = own ? stops.own['declare-attackers'] : stops.opponent['declare-blocks'];
    return stop ? 'ask' : 'declare-nothing';
  }

  if (view.priority !== seat) return 'ask';
  // A one-shot is the manager's explicit word for this match: it outranks every priority stop.
  if (passUntil) return 'pass';
  if (stops.fullControl) return 'ask';
  const top = view.stack[view.stack.length - 1];
  if (top && top.controller === other(seat) && stops.opponentStack) return 'ask';
  // Their own item on top: passing lets it resolve, and they are asked again once it has (as in MTG Arena,
  // holding priority over one's own spell is for full control).
  if (top && top.controller === seat) return 'pass';
  if (!own) return stops.opponent[window] ? 'ask' : 'pass';
  if (window === 'resource') {
    // Only worth stopping while a star card can still be placed: none placed yet, a card in hand (both public).
    const canPlace = !view.starPlaced && view.managers[seat].handCount > 0;
    return stops.own.resource && canPlace ? 'ask' : 'pass';
  }
  return stops.own[window] ? 'ask' : 'pass';
}
