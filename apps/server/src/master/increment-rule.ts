/**
 * Who earns the chess clock's increment, in one place. The increment pays for a decision the match waited
 * on (a pass, a declaration, a card played or placed, an ability, a mulligan, the turn order, a discard, a
 * choice), once, not for each click on the way to it: toggling an attacker or a blocker and tilting a star
 * by hand earn nothing, or toggling back and forth would wind a clock up (a 23:23 clock once rose to 24:09
 * in four seconds of block toggles). The server's own actions earn nothing either: an automatic pass, or an
 * empty declaration where the manager has no stop, did not wait on the person; a flag fall or an abandoned
 * seat is no move at all.
 */
import type { ActionType } from '@vroyale/engine';
import type { ActionOrigin } from '../storage/records.js';

/** Every action type listed, so a new one (e.g. whole combat declarations) must be decided here to compile. */
const COMPLETES_A_DECISION: Record<ActionType, boolean> = {
  mulligan: true,
  'choose-order': true,
  pass: true,
  'place-star': true,
  play: true,
  activate: true,
  'confirm-attack': true,
  'confirm-block': true,
  discard: true,
  choose: true,
  attack: false,
  'cancel-attack': false,
  block: false,
  'cancel-block': false,
  'tilt-star': false,
  // The match is over: there is no next decision to pay for.
  concede: false,
};

export function earnsIncrement(type: ActionType, origin: ActionOrigin): boolean {
  const decidedByThem = origin === 'player' || origin === 'bot';
  return decidedByThem && COMPLETES_A_DECISION[type];
}
