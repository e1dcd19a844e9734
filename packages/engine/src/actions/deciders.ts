/** Who the game is waiting on right now (several managers only during simultaneous mulligans). */
import { managerOf, other, type GameState, type ManagerId } from '../core/types.js';

export function deciders(s: GameState): ManagerId[] {
  if (s.phase === 'game-over') return [];
  if (s.phase === 'mulligan') return (['A', 'B'] as const).filter((m) => managerOf(s, m).mulligan === 'pending');
  if (s.pending) return [s.pending.manager];
  if (s.phase === 'combat-attack') return [s.active];
  if (s.phase === 'combat-block') return [other(s.active)];
  return s.priority ? [s.priority] : [];
}
