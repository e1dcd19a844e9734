/**
 * A decision's mark from the win chance it gave up against the best move found, on a 0–100 scale: lichess's
 * thresholds (lila modules/tree/src/main/Advice.scala: a loss of 0.1 / 0.2 / 0.3 in winning chances on their
 * −1…1 scale, i.e. 5 / 10 / 15 points of win percentage), each inclusive.
 */
export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

export const THRESHOLDS: Readonly<Record<Mark, number>> = { inaccuracy: 5, mistake: 10, blunder: 15 };

/** The mark of a loss in points of win chance (0–100), or null below an inaccuracy. */
export function markOf(loss: number): Mark | null {
  if (!(loss >= THRESHOLDS.inaccuracy)) return null;
  if (loss >= THRESHOLDS.blunder) return 'blunder';
  if (loss >= THRESHOLDS.mistake) return 'mistake';
  return 'inaccuracy';
}
