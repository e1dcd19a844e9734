/**
 * Who earns the chess clock's increment, in one place. The increment pays for a decision the match waited
 * on (a pass, a whole declaration, a card played or placed, an ability, a mulligan, the turn order, a
 * discard, a choice), once, not for each click on the way to it: tilting a star by hand earns nothing (when
 * attackers and blocks were toggled one card at a time, toggling back and forth wound a 23:23 clock up to
 * 24:09 in four seconds; declarations are now whole, and anything that is not a decision stays at false). The server's own actions earn nothing either: an automatic pass, or an
 * empty declaration where the manager has no stop, did not wait on the person; a flag fall or an abandoned
 * seat is no move at all.
 */
import type { ActionType } from '@vroyale/engine';
import type { ActionOrigin } from '../storage/records.js';

/** Every action type listed, so a new one must be decided here to compile. */
const COMPLETES_A_DECISION: Record<ActionType, boolean> = {
  mulligan: true,
  'choose-order': true,
  pass: true,
  'place-star': true,
  play: true,
  activate: true,
  'declare-attackers': true,
  'declare-blocks': true,
  discard: true,
  choose: true,
  'tilt-star': false,
  // The match is over: there is no next decision to pay for.
  concede: false,
};

export function earnsIncrement(type: ActionType, origin: ActionOrigin): boolean {
  const decidedByThem = origin === 'player' || origin === 'bot';
  return decidedByThem && COMPLETES_A_DECISION[type];
}
