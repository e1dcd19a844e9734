import { describe, expect, it } from 'vitest';
import { makeRng } from '@vroyale/engine';
import { fitLogistic, logLoss, predict } from './logistic.js';

function synthetic(w: number[], n: number, seed: number): { X: number[][]; y: number[] } {
  const r = makeRng(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = w.map((_, j) => (j === 0 ? 1 : 4 * r() - 2));
    X.push(x);
    y.push(r() < predict(x, w) ? 1 : 0);
  }
  return { X, y };
}

describe('fitLogistic (the evaluation fit of eval-fit.ts)', () => {
  it('recovers the weights that generated the labels', () => {
    const truth = [0.3, 1.5, -0.8, 0];
    const { X, y } = synthetic(truth, 20_000, 7);
    const w = fitLogistic(X, y);
    for (let j = 0; j < truth.length; j++) expect(w[j]).toBeCloseTo(truth[j]!, 1);
  });

  it('fits the training data better than the zero weights and no worse than the truth', () => {
    const truth = [-0.5, 2, 1];
    const { X, y } = synthetic(truth, 5_000, 11);
    const w = fitLogistic(X, y);
    expect(logLoss(X, y, w)).toBeLessThan(logLoss(X, y, [0, 0, 0]) - 0.1);
    expect(logLoss(X, y, w)).toBeLessThanOrEqual(logLoss(X, y, truth) + 1e-9);
  });

  it('stays finite on separable data (the L2 penalty)', () => {
    const X = [[1], [2], [-1], [-2]];
    const w = fitLogistic(X, [1, 1, 0, 0]);
    expect(Number.isFinite(w[0])).toBe(true);
    expect(w[0]).toBeGreaterThan(1);
  });

  it('refuses empty data with a message', () => {
    expect(() => fitLogistic([], [])).toThrow(/no samples/);
  });
});
