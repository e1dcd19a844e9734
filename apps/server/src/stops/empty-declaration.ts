/**
 * THE place that knows what "declaring nothing" is as an engine action: a whole declaration with no attackers
 * or no blocks (RUL-COMBAT-1/2).
 */
import { checkAction, type Action, type GameState, type ManagerId } from '@vroyale/engine';

/**
 * The empty declaration for the manager the match waits on in a declaration step, or null when the engine
 * would refuse it (then the manager is asked). Asking the engine here does not let a hidden fact in: whether
 * attacking with nobody, or blocking with nobody, is legal depends only on the stage (Callout, Clout and
 * Moderator read characters on stage and their public stats), never on a hand or a roster.
 */
export function emptyDeclaration(state: GameState, seat: ManagerId): Action | null {
  let action: Action;
  if (state.phase === 'combat-attack') action = { type: 'declare-attackers', manager: seat, attackers: [] };
  else if (state.phase === 'combat-block') action = { type: 'declare-blocks', manager: seat, blocks: [] };
  else return null;
  return checkAction(state, action) ? null : action;
}
