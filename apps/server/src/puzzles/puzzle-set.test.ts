/** The shipped set as the server builds it: every main line replays; the daily rotation; the next puzzle's choice. */
import { describe, expect, it } from 'vitest';
import { rateGame } from '../ratings/glicko.js';
import { shippedPuzzles } from './puzzle-set.js';

const DAY = 86_400_000;

describe('the puzzle set', () => {
  const set = shippedPuzzles();

  it('builds every shipped puzzle with its main line', () => {
    expect(set.list.length).toBeGreaterThanOrEqual(71);
    for (const p of set.list) expect(p.line).toHaveLength(p.puzzle.solution.line.length);
  });

  it('gives everyone the same daily puzzle all day and walks the whole set before repeating', () => {
    const day0 = 20_000 * DAY;
    expect(set.daily(day0).puzzle.id).toBe(set.daily(day0 + DAY - 1).puzzle.id);
    const seen = new Set(Array.from({ length: set.list.length }, (_, i) => set.daily(day0 + i * DAY).puzzle.id));
    expect(seen.size).toBe(set.list.length);
  });

  it('chooses the next puzzle nearest the player’s rating among those not attempted, never the current one', () => {
    const rating = (id: string) => set.byId.get(id)!.puzzle.rating;
    const first = set.next(1500, rating, new Map(), null);
    const gap = Math.abs(first.puzzle.rating - 1500);
    for (const p of set.list) expect(Math.abs(p.puzzle.rating - 1500)).toBeGreaterThanOrEqual(gap);
    const second = set.next(1500, rating, new Map([[first.puzzle.id, true]]), first.puzzle.id);
    expect(second.puzzle.id).not.toBe(first.puzzle.id);
    // Everything attempted: the failed ones come back first.
    const all = new Map(set.list.map((p) => [p.puzzle.id, p.puzzle.id !== second.puzzle.id]));
    expect(set.next(1500, rating, all, null).puzzle.id).toBe(second.puzzle.id);
  });

  it('rates player and puzzle as one Glicko-2 game: a solve moves the player up and the puzzle down', () => {
    const player = { rating: 1500, rd: 350, volatility: 0.06 };
    const puzzle = { rating: 1800, rd: 350, volatility: 0.06 };
    const solved = rateGame(player, puzzle, 1);
    expect(solved.a.rating).toBeGreaterThan(1500);
    expect(solved.b.rating).toBeLessThan(1800);
    const failed = rateGame(player, puzzle, 0);
    expect(failed.a.rating).toBeLessThan(1500);
    expect(failed.a.rating - 1500).toBeGreaterThan(-(solved.a.rating - 1500));
  });
});
