/** Statistics shared by the benches that report win rates (bot-bench.ts, balance.ts). */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959964;

/** Wilson score interval for a binomial proportion (95%). */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const d = 1 + (Z95 * Z95) / n;
  const centre = (p + (Z95 * Z95) / (2 * n)) / d;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + (Z95 * Z95) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
