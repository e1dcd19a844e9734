/**
 * Whose decision it is and where, as a spectator sees it: the few public facts the server's automatic answers
 * read (apps/server stops/plan-decision.ts), without the cards, their stats and definitions a full projection
 * builds. Every field is the one `project(state, 'spectator')` gives (a property test holds the two equal), so
 * it shows nothing a spectator could not see.
 */
import { managerOf, type GameState, type ManagerId, type StackItem } from '../core/types.js';
import { pendingView, type GameView, type ManagerView } from './projection.js';

/** `viewer` is any viewer's type so a whole `GameView` is one too; `projectTurn` makes only the spectator's. */
export type TurnView = Pick<GameView, 'viewer' | 'phase' | 'active' | 'priority' | 'starPlaced' | 'pending'> & {
  /** The stack as it stands (read-only: it is the state's own array). */
  stack: readonly StackItem[];
  managers: Record<ManagerId, Pick<ManagerView, 'handCount'>>;
};

export function projectTurn(s: GameState): TurnView {
  return {
    viewer: 'spectator',
    phase: s.phase,
    active: s.active,
    priority: s.priority,
    starPlaced: s.starPlaced,
    pending: pendingView(s, 'spectator'),
    stack: s.stack,
    managers: { A: { handCount: managerOf(s, 'A').hand.length }, B: { handCount: managerOf(s, 'B').hand.length } },
  };
}
