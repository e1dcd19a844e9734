import { makeRng } from '@vroyale/engine';
import { describe, expect, it } from 'vitest';
import { fitLogistic, logLoss, predict } from './logistic.js';
import { sigmoid } from './win-model.js';

describe('fitLogistic', () => {
  it('recovers the weights that generated the labels', () => {
    const rng = makeRng('logistic-test');
    const truth = [1.5, -0.7, 0.3];
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = [rng() * 4 - 2, rng() * 4 - 2, rng() < 0.5 ? 1 : -1];
      X.push(x);
      y.push(rng() < sigmoid(x.reduce((s, v, k) => s + v * truth[k]!, 0)) ? 1 : 0);
    }
    const w = fitLogistic(X, y);
    w.forEach((wk, k) => expect(Math.abs(wk - truth[k]!)).toBeLessThan(0.1));
  });

  it('refuses a constant-zero feature and empty data', () => {
    expect(() => fitLogistic([], [])).toThrow(/no samples/);
    expect(() =>
      fitLogistic(
        [
          [1, 0],
          [-1, 0],
        ],
        [1, 0],
        { l2: 0 },
      ),
    ).toThrow(/positive definite/);
  });

  it("fits the training data better than the zero weights and no worse than the truth (the lab's evaluation fit)", () => {
    const rng = makeRng('logistic-loss');
    const truth = [-0.5, 2, 1];
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      const x = [1, rng() * 4 - 2, rng() * 4 - 2];
      X.push(x);
      y.push(rng() < predict(x, truth) ? 1 : 0);
    }
    const w = fitLogistic(X, y);
    expect(logLoss(X, y, w)).toBeLessThan(logLoss(X, y, [0, 0, 0]) - 0.1);
    expect(logLoss(X, y, w)).toBeLessThanOrEqual(logLoss(X, y, truth) + 1e-9);
  });

  it('stays finite on separable data (the L2 penalty)', () => {
    const w = fitLogistic([[1], [2], [-1], [-2]], [1, 1, 0, 0]);
    expect(Number.isFinite(w[0])).toBe(true);
    expect(w[0]).toBeGreaterThan(1);
  });
});
