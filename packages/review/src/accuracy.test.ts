import { describe, expect, it } from 'vitest';
import { gameAccuracy, harmonicMean, moveAccuracy, standardDeviation, volatilityWeights } from './accuracy.js';

describe('moveAccuracy (lila AccuracyPercent.fromWinPercents)', () => {
  it('is 100 when the move lost nothing or gained', () => {
    expect(moveAccuracy(60, 60)).toBe(100);
    expect(moveAccuracy(40, 70)).toBe(100);
  });

  it("follows the curve lila fitted to its sample points (a 5-point loss ≈ 75, 10 ≈ 60, 20 ≈ 42, 40 ≈ 20, 60 ≈ 5; the fit misses them by up to 5), plus lila's 1-point bonus", () => {
    const points: [number, number][] = [
      [5, 75],
      [10, 60],
      [20, 42],
      [40, 20],
      [60, 5],
    ];
    for (const [loss, target] of points) expect(Math.abs(moveAccuracy(80, 80 - loss) - 1 - target)).toBeLessThan(6);
    // Exactly: 103.1668100711649 · e^(−0.04354415386753951 · 10) − 3.166924740191411 + 1.
    expect(moveAccuracy(55, 45)).toBeCloseTo(64.58, 2);
  });

  it('is clamped to 0 for a lost game', () => {
    expect(moveAccuracy(100, 0)).toBe(0);
  });
});

describe('gameAccuracy (lila gameAccuracy: volatility-weighted mean and harmonic mean)', () => {
  it('matches a series worked by hand', () => {
    // Three judged decisions; the series is 50, 60, 40 and the last move's after, 40. Window size max(2, ⌊3/10⌋) = 2,
    // no repeated first window (2 − 2 = 0), sliding pairs [50,60] [60,40] [40,40]: population SDs 5, 10, 0 → 0.5.
    const moves = [
      { best: 50, chosen: 50 },
      { best: 60, chosen: 45 },
      { best: 40, chosen: 40 },
    ];
    expect(volatilityWeights(moves)).toEqual([5, 10, 0.5]);
    const a15 = 103.1668100711649 * Math.exp(-0.04354415386753951 * 15) - 3.166924740191411 + 1; // 51.52
    const weighted = (100 * 5 + a15 * 10 + 100 * 0.5) / 15.5;
    const harmonic = 3 / (1 / 100 + 1 / a15 + 1 / 100);
    expect(gameAccuracy(moves)).toBeCloseTo((weighted + harmonic) / 2, 10);
    expect(gameAccuracy(moves)).toBeCloseTo(72.42, 1);
  });

  it('repeats the first window so that every move has a weight, and caps the weight at 12', () => {
    // 25 moves: window max(2, ⌊25/10⌋) = 2; 30 moves: 3, so one repeat of the first window, then 29 sliding ones.
    const swing = Array.from({ length: 30 }, (_, i) => ({ best: i % 2 ? 90 : 10, chosen: i % 2 ? 90 : 10 }));
    const w = volatilityWeights(swing);
    expect(w).toHaveLength(30);
    expect(Math.max(...w)).toBe(12);
    expect(w[0]).toBe(w[1]);
  });

  it('is 100 for a flawless game, lower with one blunder, and null with nothing judged', () => {
    const clean = Array.from({ length: 10 }, () => ({ best: 55, chosen: 55 }));
    expect(gameAccuracy(clean)).toBe(100);
    const blunder = clean.map((m, i) => (i === 4 ? { best: 55, chosen: 25 } : m));
    expect(gameAccuracy(blunder)!).toBeLessThan(90);
    expect(gameAccuracy([])).toBeNull();
  });

  it('has the means lila uses: population SD, harmonic mean with values floored at 1', () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(harmonicMean([0, 100])).toBeCloseTo(2 / (1 + 0.01), 10);
  });
});
