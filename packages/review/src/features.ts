/**
 * What the win-chance model reads of a position: the engine evaluation's terms for one manager (sanity, stage,
 * hand and star counts, card conditions, roster shortage; evaluate.ts `evaluationTerms`, each the manager's side
 * minus the other's) and the tempo (+1 when that manager is the active one, −1 otherwise).
 *
 * Every term reads only what both managers see (counts, the stage, the Star Pool, sanity), so the features of a
 * manager's determinised view are those of the true position (up to modifiers the view cannot date), and the
 * hidden cards dealt into a copy never change them. They are antisymmetric: swapping the manager negates them.
 */
import { other, type GameState, type GameView, type ManagerId } from '@vroyale/engine';
import { determinise, EVAL_TERMS, evaluationTerms } from './engine-internals.js';

/** The names of the features, in order (the model's coefficients follow this order). */
export const FEATURES: readonly string[] = [...EVAL_TERMS, 'tempo'];

/** The features of a (simulated or real) state for `me`; meaningless once the game is over (see `terminalChance`). */
export function stateFeatures(s: GameState, me: ManagerId): number[] {
  const f = evaluationTerms(s, me);
  f.push(s.active === me ? 1 : s.active === other(me) ? -1 : 0);
  return f;
}

/** The features of a position as one manager sees it (their projection, determinised: hidden cards are placeholders). */
export function viewFeatures(view: GameView): number[] {
  const me = view.viewer;
  if (me === 'spectator') throw new Error('viewFeatures: a spectator has no side');
  return stateFeatures(determinise(view, 'features'), me);
}

/** A finished game's win chance for `me` (a draw counts half, as a score), or null while it goes on. */
export function terminalChance(winner: ManagerId | 'draw' | null, me: ManagerId): number | null {
  if (winner === null) return null;
  return winner === 'draw' ? 0.5 : winner === me ? 1 : 0;
}
