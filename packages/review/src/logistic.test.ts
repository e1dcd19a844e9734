import { makeRng } from '@vroyale/engine';
import { describe, expect, it } from 'vitest';
import { fitLogistic } from './logistic.js';
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
        0,
      ),
    ).toThrow(/positive definite/);
  });
});
