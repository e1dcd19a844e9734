import type { Calibration } from '../src/calibration.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The reliability table and Brier scores, as docs/review.md shows them. */
export function printCalibration(c: Calibration): void {
  console.log('| predicted | positions | mean predicted | observed wins |');
  console.log('|---|---|---|---|');
  for (const r of c.table)
    console.log(`| ${pct(r.from)}–${pct(r.to)} | ${r.count} | ${pct(r.meanPredicted)} | ${r.observed === null ? '—' : pct(r.observed)} |`);
  console.log(
    `Brier ${c.brier.toFixed(4)} (always 50%: ${c.brierCoin.toFixed(4)}; skill ${c.skill.toFixed(3)}), log loss ${c.logLoss.toFixed(4)} (a coin: 0.6931), ${c.samples} positions`,
  );
}
