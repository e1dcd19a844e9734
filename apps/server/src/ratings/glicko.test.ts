import { describe, expect, it } from 'vitest';
import { defaultRating, isProvisional, ratePeriod, rateGame } from './glicko.js';

describe('glicko-2', () => {
  it('matches Glickman\'s worked example ("Example of the Glicko-2 system")', () => {
    const r = ratePeriod({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(r.rating).toBeCloseTo(1464.06, 1);
    expect(r.rd).toBeCloseTo(151.52, 1);
    expect(r.volatility).toBeCloseTo(0.05999, 4);
  });

  it('one game: the winner gains what the loser loses between equals, a draw between equals moves nobody', () => {
    const { a, b } = rateGame(defaultRating(), defaultRating(), 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rd).toBeLessThan(350);
    const d = rateGame(defaultRating(), defaultRating(), 0.5);
    expect(d.a.rating).toBeCloseTo(1500, 6);
    expect(d.b.rating).toBeCloseTo(1500, 6);
  });

  it('a draw against a stronger player gains rating', () => {
    const { a } = rateGame({ rating: 1500, rd: 80, volatility: 0.06 }, { rating: 1800, rd: 80, volatility: 0.06 }, 0.5);
    expect(a.rating).toBeGreaterThan(1500);
  });

  it('provisional above RD 110', () => {
    expect(isProvisional({ rd: 350 })).toBe(true);
    expect(isProvisional({ rd: 110 })).toBe(false);
  });
});
