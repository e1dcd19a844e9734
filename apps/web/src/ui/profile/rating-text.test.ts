import { describe, expect, it } from 'vitest';
import { starterRosters } from '@vroyale/cards/starters';
import { ratingDelta, rosterName } from './rating-text';

describe('rating changes', () => {
  it('are signed whole numbers, from the shown (rounded) ratings', () => {
    expect(ratingDelta(1500, 1662.3)).toBe('+162');
    expect(ratingDelta(1500, 1337.6)).toBe('\u2212162');
    expect(ratingDelta(1500.4, 1499.6)).toBe('±0');
  });
});

describe('roster labels', () => {
  it('name a starter by its name and leave a deck’s name alone', () => {
    const s = starterRosters[0]!;
    expect(rosterName(s.id)).toBe(s.name);
    expect(rosterName('My Raid')).toBe('My Raid');
  });
});
