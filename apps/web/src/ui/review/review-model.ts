/**
 * The game review's pure parts (issue 35 §1; wire shapes in packages/protocol/src/reviews.ts): the win-chance
 * graph's geometry, which decision a replay frame shows, stepping to the next marked decision, and each manager's
 * summary. Frames are the replay's: frame 0 is the deal, frame k + 1 the state after action k, so decision k is
 * taken on frame k and its judgement is shown on frame k + 1 (the position it led to, as lichess shows a move's
 * verdict on the position after it).
 */
import type { ManagerId } from '@vroyale/engine';
import type { GameReview, ReviewDecision, ReviewMark } from '@vroyale/protocol';

export const MARKS: readonly ReviewMark[] = ['inaccuracy', 'mistake', 'blunder'];

/** lichess's symbols for its marks. */
export const MARK_SYMBOL: Record<ReviewMark, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export interface GraphPoint {
  frame: number;
  x: number;
  y: number;
  /** Manager A's win chance (0–100) at this frame; B's is 100 − it. */
  chance: number;
}

export interface GraphMark {
  /** The decision's index in the log; its verdict is shown on frame `index + 1`. */
  index: number;
  frame: number;
  manager: ManagerId;
  mark: ReviewMark;
  x: number;
  y: number;
}

export interface GraphTurn {
  turn: number;
  frame: number;
  x: number;
  /** Whether its number is written (numbers closer than the gap to the last written one are left out). */
  label: boolean;
}

export interface Graph {
  width: number;
  height: number;
  /** The 50% line. */
  mid: number;
  points: GraphPoint[];
  /** The chance line (A's), and the area between it and the 50% line. */
  line: string;
  area: string;
  turns: GraphTurn[];
  marks: GraphMark[];
}

export interface GraphSize {
  width: number;
  height: number;
  /** Room left and right of the first and last frame (dots and labels stay inside). */
  padX?: number;
  /** Room above and below 100% and 0%. */
  padY?: number;
  /** The smallest gap in pixels between two written turn numbers. */
  labelGap?: number;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/** The x of a frame on a graph `width` wide (frames spread evenly between the paddings), to a tenth of a pixel. */
export function frameX(frame: number, lastFrame: number, width: number, padX = 8): number {
  const span = Math.max(1, lastFrame);
  return r1(padX + (Math.min(Math.max(frame, 0), span) / span) * Math.max(0, width - 2 * padX));
}

/** A's chance at the end: the result when there is one, else the last decision's. */
function finalChance(review: GameReview): number | null {
  if (review.winner === 'A') return 100;
  if (review.winner === 'B') return 0;
  if (review.winner === 'draw') return 50;
  const last = review.decisions[review.decisions.length - 1];
  return last ? last.chance.A : null;
}

/**
 * The graph of a review over a replay of `lastFrame + 1` frames: one point per decision (A's chance before it, at
 * the frame it was taken on) and the final position's, turn marks where a decision's turn changes, and a dot for
 * each marked decision on the point of the position it led to.
 */
export function graphGeometry(review: GameReview, lastFrame: number, size: GraphSize): Graph {
  const { width, height } = size;
  const padX = size.padX ?? 8;
  const padY = size.padY ?? 6;
  const labelGap = size.labelGap ?? 22;
  const xOf = (frame: number) => frameX(frame, lastFrame, width, padX);
  const yOf = (chance: number) => r1(padY + (1 - Math.min(100, Math.max(0, chance)) / 100) * Math.max(0, height - 2 * padY));
  const mid = yOf(50);

  const byFrame = new Map<number, number>();
  for (const d of review.decisions) byFrame.set(d.index, d.chance.A);
  const end = finalChance(review);
  if (end !== null && !byFrame.has(lastFrame)) byFrame.set(lastFrame, end);
  const points: GraphPoint[] = [...byFrame.entries()]
    .filter(([f]) => f >= 0 && f <= lastFrame)
    .sort((a, b) => a[0] - b[0])
    .map(([frame, chance]) => ({ frame, chance, x: xOf(frame), y: yOf(chance) }));

  const line = points.map((p, k) => `${k ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
  const area = points.length ? `M${points[0]!.x},${mid} ${points.map((p) => `L${p.x},${p.y}`).join(' ')} L${points[points.length - 1]!.x},${mid} Z` : '';

  const turns: GraphTurn[] = [];
  let lastTurn = -1;
  let lastLabel = -Infinity;
  for (const d of review.decisions) {
    if (d.turn <= lastTurn || d.turn < 1) continue;
    lastTurn = d.turn;
    const x = xOf(d.index);
    const label = x - lastLabel >= labelGap;
    if (label) lastLabel = x;
    turns.push({ turn: d.turn, frame: d.index, x, label });
  }

  const chanceAt = (frame: number): number => {
    let best: GraphPoint | undefined;
    for (const p of points) if (p.frame <= frame) best = p;
    return (best ?? points[0])?.chance ?? 50;
  };
  const marks: GraphMark[] = [];
  for (const d of review.decisions) {
    const mark = d.judgement?.mark;
    if (!mark) continue;
    const frame = Math.min(lastFrame, d.index + 1);
    marks.push({ index: d.index, frame, manager: d.manager, mark, x: xOf(frame), y: yOf(chanceAt(frame)) });
  }
  return { width, height, mid, points, line, area, turns, marks };
}

/** The frame nearest to a horizontal position on a graph drawn by `graphGeometry` with the same size. */
export function frameAtX(x: number, lastFrame: number, size: Pick<GraphSize, 'width' | 'padX'>): number {
  const padX = size.padX ?? 8;
  const inner = Math.max(1, size.width - 2 * padX);
  const f = Math.round(((x - padX) / inner) * Math.max(1, lastFrame));
  return Math.min(Math.max(lastFrame, 0), Math.max(0, f));
}

/** The decision whose verdict frame `frame` shows (the one that led to it), if it was reviewed. */
export function decisionForFrame(review: GameReview, frame: number): ReviewDecision | null {
  if (frame < 1) return null;
  return review.decisions.find((d) => d.index === frame - 1) ?? null;
}

/**
 * The frame of the next decision by `manager` marked `mark` after frame `from` (its verdict's frame), wrapping
 * round to the first; null when that manager has none.
 */
export function nextMarkFrame(review: GameReview, manager: ManagerId, mark: ReviewMark, from: number): number | null {
  const frames = review.decisions
    .filter((d) => d.manager === manager && d.judgement?.mark === mark)
    .map((d) => d.index + 1)
    .sort((a, b) => a - b);
  if (!frames.length) return null;
  return frames.find((f) => f > from) ?? frames[0]!;
}

export interface SummaryRow {
  manager: ManagerId;
  /** Whole per cent, or null when no decision of theirs was judged. */
  accuracy: number | null;
  judged: number;
  marks: Record<ReviewMark, number>;
}

/**
 * Each manager's line of the summary: the review's accuracy, rounded, and the marks counted from the decisions
 * (so a count and the decisions it steps through never disagree).
 */
export function reviewSummary(review: GameReview): SummaryRow[] {
  return (['A', 'B'] as const).map((manager) => {
    const marks: Record<ReviewMark, number> = { inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const d of review.decisions) if (d.manager === manager && d.judgement?.mark) marks[d.judgement.mark]++;
    const acc = review.managers[manager]?.accuracy ?? null;
    return { manager, accuracy: acc === null ? null : Math.round(acc), judged: review.managers[manager]?.judged ?? 0, marks };
  });
}

/** A progress bar's fraction (0–1) from the review's `progress`. */
export function progressFraction(p: { done: number; total: number }): number {
  return p.total > 0 ? Math.min(1, Math.max(0, p.done / p.total)) : 0;
}
