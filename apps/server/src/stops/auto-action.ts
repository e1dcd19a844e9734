/**
 * What the server does for a human manager the match waits on: an action, or null to wait for them. The
 * plan is made from the spectator's view of whose decision it is (`projectTurn`, the fields of the spectator
 * projection it reads, without building the cards: plan-decision.ts), so nothing hidden can reach it; only
 * the empty declaration asks the engine, about public stage facts (empty-declaration.ts).
 */
import { projectTurn, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import type { PassUntilMode, StopSettings } from '@vroyale/protocol';
import { emptyDeclaration } from './empty-declaration.js';
import { planDecision } from './plan-decision.js';

export function autoAction(state: GameState, seat: ManagerId, stops: StopSettings, passUntil: PassUntilMode): Action | null {
  const plan = planDecision(projectTurn(state), seat, stops, passUntil);
  if (plan === 'pass') return { type: 'pass', manager: seat };
  if (plan === 'declare-nothing') return emptyDeclaration(state, seat);
  return null;
}
