import { describe, expect, it } from 'vitest';
import { markOf, THRESHOLDS } from './marks.js';

describe('markOf (lichess thresholds on a 0–100 scale)', () => {
  it('marks from 5, 10 and 15 points, each threshold inclusive', () => {
    expect(THRESHOLDS).toEqual({ inaccuracy: 5, mistake: 10, blunder: 15 });
    expect(markOf(0)).toBeNull();
    expect(markOf(4.999)).toBeNull();
    expect(markOf(5)).toBe('inaccuracy');
    expect(markOf(9.999)).toBe('inaccuracy');
    expect(markOf(10)).toBe('mistake');
    expect(markOf(14.999)).toBe('mistake');
    expect(markOf(15)).toBe('blunder');
    expect(markOf(100)).toBe('blunder');
  });

  it('gives no mark to a gain or to a loss that is not a number', () => {
    expect(markOf(-20)).toBeNull();
    expect(markOf(Number.NaN)).toBeNull();
  });
});
