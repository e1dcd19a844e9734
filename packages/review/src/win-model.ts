/**
 * The win-chance model: P(a manager wins) = σ(w · features), a logistic regression of game outcomes on the
 * features of features.ts, fitted on bot games (bench/fit-win-model.ts, `npm run review:fit`) and committed as
 * data (win-model.generated.ts, written by that script). No intercept: the features are antisymmetric, so the two managers' chances of one
 * position add up to one. Calibration on held-out games: docs/review.md.
 */
import type { GameView } from '@vroyale/engine';
import { FEATURES, viewFeatures } from './features.js';
import { FITTED } from './win-model.generated.js';

export interface WinModel {
  /** Feature names, in the order of `coefficients` (features.ts FEATURES when fitted). */
  features: readonly string[];
  coefficients: readonly number[];
  /** How it was fitted (the command, games, seed): documentation, not read by the code. */
  fit?: Record<string, unknown>;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

let committed: WinModel | null = null;

/** The committed model; throws if its features are not the ones features.ts computes (a stale fit). */
export function winModel(): WinModel {
  return (committed ??= checked(FITTED));
}

function checked(m: WinModel): WinModel {
  if (m.features.join(',') !== FEATURES.join(',') || m.coefficients.length !== FEATURES.length)
    throw new Error(
      `win-model.generated.ts was fitted on features [${m.features.join(', ')}], features.ts computes [${FEATURES.join(', ')}]: refit (npm run review:fit)`,
    );
  return m;
}

/** P(win) for features `f` under `model`. */
export function chanceOf(f: readonly number[], model: WinModel = winModel()): number {
  let z = 0;
  for (let i = 0; i < f.length; i++) z += f[i]! * model.coefficients[i]!;
  return sigmoid(z);
}

/** P(the viewer wins), read from their projection alone. */
export function viewWinChance(view: GameView, model: WinModel = winModel()): number {
  if (view.winner) return view.winner === 'draw' ? 0.5 : view.winner === view.viewer ? 1 : 0;
  return chanceOf(viewFeatures(view), model);
}
