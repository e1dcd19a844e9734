import { describe, expect, it } from 'vitest';
import { calibration } from './calibration.js';

describe('calibration', () => {
  it('computes the Brier score, its skill against always saying 50%, and the deciles', () => {
    const c = calibration([0.05, 0.95, 0.5, 0.5, 0.99], [0, 1, 1, 0, 1]);
    expect(c.brier).toBeCloseTo((0.0025 + 0.0025 + 0.25 + 0.25 + 0.0001) / 5, 12);
    expect(c.skill).toBeCloseTo(1 - c.brier / 0.25, 12);
    expect(c.table).toHaveLength(10);
    expect(c.table[0]).toMatchObject({ count: 1, observed: 0 });
    expect(c.table[5]).toMatchObject({ count: 2, meanPredicted: 0.5, observed: 0.5 });
    expect(c.table[9]).toMatchObject({ count: 2, observed: 1 });
    expect(c.table[9]!.meanPredicted).toBeCloseTo(0.97, 12);
    expect(c.table[3]!.observed).toBeNull();
  });

  it('scores always saying 50% exactly as the coin', () => {
    const c = calibration([0.5, 0.5, 0.5], [1, 0, 1]);
    expect(c.brier).toBe(0.25);
    expect(c.skill).toBe(0);
  });

  it('refuses predictions without outcomes', () => {
    expect(() => calibration([0.5], [])).toThrow(/one outcome per prediction/);
  });
});
