/**
 * The anchor (an experiment: `LEVEL_ANCHOR` is null for every level, `@a<z>` in bot bench names): a searching
 * level plays a baseline level's move unless its own search shows its choice better on the same deals.
 */
import type { Action } from '../../actions/schema.js';
import { keyOf } from '../search/candidates.js';
import type { RootStats } from '../search/root-stats.js';

/**
 * A searched move held against a baseline's move for the same decision (the `hard` level's, for expert's
 * anchor): the searched move stands only if it beat the baseline's by more than `gate` standard errors on the
 * same deals (pairedGain); otherwise, or if the baseline's move was not among the candidates, the baseline's
 * move is played. So a search with a noisier reward (dealt hidden cards) leaves the baseline only on evidence.
 */
export function anchored(s: RootStats, pick: Action, base: Action, gate: number): Action {
  const a = s.keys.indexOf(keyOf(pick));
  const b = s.keys.indexOf(keyOf(base));
  return a !== b && b >= 0 && pairedGain(s, a, b) > gate ? pick : base;
}

/**
 * How much better candidate `a` did than candidate `b` on the visits both made under the same keys (the same
 * deals): the mean paired difference in standard errors. -Infinity with fewer than two pairs (nothing shown).
 */
export function pairedGain(s: RootStats, a: number, b: number): number {
  const d: number[] = [];
  if (!s.samples) return -Infinity;
  const other = s.samples[b]!;
  for (const [key, r] of s.samples[a]!) {
    const q = other.get(key);
    if (q !== undefined) d.push(r - q);
  }
  if (d.length < 2) return -Infinity;
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / (d.length - 1));
  if (sd === 0) return mean > 0 ? Infinity : mean < 0 ? -Infinity : 0;
  return mean / (sd / Math.sqrt(d.length));
}
