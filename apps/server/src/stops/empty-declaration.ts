/**
 * THE place that knows what "declaring nothing" is as an engine action. Today's engine declares attackers
 * and blocks one card at a time and then confirms; the whole-declaration actions that replace them
 * (`declare-attackers` with `attackers: []`, `declare-blocks` with `blocks: []`) are switched in here, and
 * only here.
 */
import { checkAction, type Action, type GameState, type ManagerId } from '@vroyale/engine';

/**
 * The empty declaration for the manager the match waits on in a declaration step, or null when the engine
 * would refuse it (then the manager is asked). Asking the engine here does not let a hidden fact in: whether
 * attacking with nobody, or blocking with nobody, is legal depends only on the stage (Callout, Clout and
 * Moderator read characters on stage and their public stats), never on a hand or a roster.
 */
export function emptyDeclaration(state: GameState, seat: ManagerId): Action | null {
  // Confirming after toggles would declare those, not nothing (planDecision asks then anyway).
  const begun = state.phase === 'combat-attack' ? state.combat?.attackers.length : state.combat?.blocks.length;
  if (begun) return null;
  let action: Action;
  if (state.phase === 'combat-attack') action = { type: 'confirm-attack', manager: seat };
  else if (state.phase === 'combat-block') action = { type: 'confirm-block', manager: seat };
  else return null;
  return checkAction(state, action) ? null : action;
}
