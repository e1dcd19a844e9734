import { describe, expect, it } from 'vitest';
import { ratingDelta } from './rating-text';

describe('rating changes', () => {
  it('are signed whole numbers, from the shown (rounded) ratings', () => {
    expect(ratingDelta(1500, 1662.3)).toBe('+162');
    expect(ratingDelta(1500, 1337.6)).toBe('\u2212162');
    expect(ratingDelta(1500.4, 1499.6)).toBe('±0');
  });
});
