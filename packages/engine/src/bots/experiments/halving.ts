/**
 * The root's budget spread by sequential halving (Karnin, Koren and Somekh 2013, "Almost optimal exploration in
 * multi-armed bandits"), the alternative to UCB1 in root-search.ts. With common random numbers (a candidate's
 * j-th visit sees the j-th deal and rollout seed), equal visits per round make every comparison a paired one,
 * which UCB1's unequal counts do not; and the budget goes to the finalists rather than spread thin.
 */
import type { RootStats } from '../search/root-stats.js';

/**
 * Sequential halving: ceil(log2 n) rounds share the budget; each round visits every survivor equally and keeps
 * the better half by mean (ties keep the earlier candidate, strongBot's own first). A budget smaller than the
 * rounds need still gives each survivor one visit a round. The winner ends with the most visits (tied with the
 * last runner-up and ahead on mean), which is what pickRoot chooses.
 */
export function halve(stats: Pick<RootStats, 'visits' | 'totals'>, visit: (k: number) => void, budget: number, stop: () => boolean): void {
  let alive = stats.visits.map((_, k) => k);
  const rounds = Math.ceil(Math.log2(alive.length));
  let left = budget;
  for (let r = 0; alive.length > 1; r++) {
    const each = Math.max(1, Math.floor(left / (alive.length * (rounds - r))));
    for (let j = 0; j < each; j++)
      for (const k of alive) {
        if (stop()) return;
        visit(k);
      }
    left -= each * alive.length;
    const mean = (k: number) => stats.totals[k]! / stats.visits[k]!;
    alive = alive
      .slice()
      .sort((a, b) => mean(b) - mean(a) || a - b)
      .slice(0, Math.ceil(alive.length / 2));
  }
}
