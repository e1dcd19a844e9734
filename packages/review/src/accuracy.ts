/**
 * Accuracy as lichess computes it (lila modules/analyse/src/main/AccuracyPercent.scala, Maths.scala), on win
 * percentages (0–100):
 * - a move's accuracy: 103.1668 · e^(−0.043544 · loss) − 3.1669, plus 1 ("uncertainty bonus"), clamped to 0–100,
 *   where loss is the drop in the mover's win percentage (100 when there is none);
 * - a game's accuracy for one side: the mean of (a) its moves' accuracies weighted by the volatility of the win
 *   percentage around each move (the population standard deviation over a sliding window of max(2, min(8, ⌊n/10⌋))
 *   points, clamped to 0.5–12) and (b) their harmonic mean (each value floored at 1).
 * Where VRoyale differs from chess: a move's "before" is the win chance of the best move the review found and its
 * "after" the chosen move's, both seen from the mover's own projection (there is no one shared evaluation of the
 * position the two managers could both read), and a manager's series is their own judged decisions only.
 */
const A = 103.1668100711649;
const K = 0.04354415386753951;
const B = -3.166924740191411;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** lila `AccuracyPercent.fromWinPercents`. */
export function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  return clamp(A * Math.exp(-K * (before - after)) + B + 1, 0, 100);
}

/** Population standard deviation (lila `Maths.standardDeviation`). */
export function standardDeviation(xs: readonly number[]): number {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
}

/** lila `Maths.harmonicMean`: values below 1 count as 1. */
export function harmonicMean(xs: readonly number[]): number {
  return xs.length / xs.reduce((s, x) => s + 1 / Math.max(1, x), 0);
}

/** One judged decision: the mover's win percentage with the best move found and with the move chosen. */
export interface Judged {
  best: number;
  chosen: number;
}

/**
 * The volatility weights of n moves: the series is each move's "before" and, last, the final move's "after"
 * (n + 1 points, as lila's series of positions); the first window is repeated so that there is one per move.
 */
export function volatilityWeights(moves: readonly Judged[]): number[] {
  if (moves.length === 0) return [];
  const points = [...moves.map((m) => m.best), moves[moves.length - 1]!.chosen];
  const size = clamp(Math.floor(moves.length / 10), 2, 8);
  const windows: number[][] = [];
  for (let i = 0; i < Math.min(size, points.length) - 2; i++) windows.push(points.slice(0, size));
  // Scala's `sliding` gives one short window when the list is shorter than the window.
  if (points.length <= size) windows.push(points.slice());
  else for (let i = 0; i + size <= points.length; i++) windows.push(points.slice(i, i + size));
  return windows.slice(0, moves.length).map((w) => clamp(standardDeviation(w), 0.5, 12));
}

/** A side's accuracy over its judged moves (lila `gameAccuracy`), or null when it has none. */
export function gameAccuracy(moves: readonly Judged[]): number | null {
  if (moves.length === 0) return null;
  const accuracies = moves.map((m) => moveAccuracy(m.best, m.chosen));
  const weights = volatilityWeights(moves);
  let sum = 0;
  let weight = 0;
  accuracies.forEach((a, i) => {
    sum += a * weights[i]!;
    weight += weights[i]!;
  });
  return (sum / weight + harmonicMean(accuracies)) / 2;
}
