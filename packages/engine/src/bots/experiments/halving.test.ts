import { describe, expect, it } from 'vitest';
import { halve } from './halving.js';

/** Runs halve over candidates whose j-th visit scores reward(k, j), recording the order of visits. */
function run(n: number, budget: number, reward: (k: number, j: number) => number, stopAfter = Infinity) {
  const stats = { visits: new Array<number>(n).fill(0), totals: new Array<number>(n).fill(0) };
  const order: number[] = [];
  halve(
    stats,
    (k) => {
      stats.totals[k]! += reward(k, stats.visits[k]!);
      stats.visits[k]!++;
      order.push(k);
    },
    budget,
    () => order.length >= stopAfter,
  );
  return { ...stats, order };
}

describe('sequential halving at the root', () => {
  it('keeps the better half by mean each round, on equal visits, and spends the budget', () => {
    // Candidate k scores 3(8 - k) on its first visit and k on every later one (integers: no float ties).
    const r = run(8, 48, (k, j) => (j === 0 ? 3 * (8 - k) : k));
    expect(r.order.length).toBe(48);
    // Round 1: 8 candidates × 2 visits (48 / (8 × 3 rounds)); totals 24 - 2k keep 0..3 ...
    expect(r.visits.slice(4)).toEqual([2, 2, 2, 2]);
    // ... round 2: 4 × 4 visits (32 left / (4 × 2)); totals over 6 visits, 24 + 2k, now keep 3 and 2: the first
    // round's leaders fall once more of them is seen. Round 3: the last 16 visits to the two finalists.
    expect(r.visits.slice(0, 4)).toEqual([6, 6, 14, 14]);
    expect(r.order.slice(32)).toEqual([3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2]);
  });

  it('breaks ties towards the earlier candidate (strongBot\u2019s own move is first)', () => {
    const r = run(5, 30, () => 0);
    const top = Math.max(...r.visits);
    expect(r.visits.flatMap((v, k) => (v === top ? [k] : []))).toEqual([0, 1]);
  });

  it('gives every survivor one visit a round when the budget is too small, and stops when told', () => {
    const r = run(20, 10, (k) => k);
    // 5 rounds of one visit each: 20 + 10 + 5 + 3 + 2 visits.
    expect(r.order.length).toBe(40);
    expect(r.visits[19]).toBe(5);
    expect(r.visits[0]).toBe(1);
    expect(run(20, 10, (k) => k, 7).order.length).toBe(7);
  });
});
