import { describe, expect, it } from 'vitest';
import type { ManagerId } from '@vroyale/engine';
import type { GameReview, ReviewDecision, ReviewMark } from '@vroyale/protocol';
import { decisionForFrame, frameAtX, graphGeometry, nextMarkFrame, progressFraction, reviewSummary } from './review-model';

function decision(index: number, turn: number, manager: ManagerId, chanceA: number, mark: ReviewMark | null = null, loss = 0): ReviewDecision {
  return {
    index,
    turn,
    manager,
    chance: { A: chanceA, B: 100 - chanceA },
    judgement: mark || loss ? { chosen: 50 - loss, best: 50, bestAction: { type: 'pass', manager }, loss, mark, accuracy: 100 - loss } : null,
    skipped: mark || loss ? null : 'forced',
  };
}

// Ten actions: two of setup (turn 0), then turns 1, 2, 3; A blunders at 4, B makes a mistake at 6 and an
// inaccuracy at 7, A an inaccuracy at 8.
const review: GameReview = {
  decisions: [
    decision(0, 0, 'A', 50),
    decision(1, 0, 'B', 50),
    decision(2, 1, 'A', 55),
    decision(3, 1, 'A', 60),
    decision(4, 1, 'A', 60, 'blunder', 20),
    decision(5, 2, 'B', 40),
    decision(6, 2, 'B', 45, 'mistake', 11),
    decision(7, 2, 'B', 55, 'inaccuracy', 6),
    decision(8, 3, 'A', 70, 'inaccuracy', 5),
    decision(9, 3, 'A', 80),
  ],
  managers: {
    A: { accuracy: 81.6, judged: 3, marks: { inaccuracy: 1, mistake: 0, blunder: 1 } },
    B: { accuracy: 92.45, judged: 2, marks: { inaccuracy: 1, mistake: 1, blunder: 0 } },
  },
  winner: 'A',
  turns: 3,
};
const LAST = 10; // frames 0..10: the deal and after each of the ten actions

describe('graphGeometry', () => {
  const g = graphGeometry(review, LAST, { width: 216, height: 112, padX: 8, padY: 6 });

  it('puts one point per decision at the frame it was taken on, and the result at the last frame', () => {
    expect(g.points.map((p) => p.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // 200 px for 10 frames: 20 px a frame from x = 8.
    expect(g.points.map((p) => p.x)).toEqual([8, 28, 48, 68, 88, 108, 128, 148, 168, 188, 208]);
    // 100 px for 0–100%: 100% at y = 6, 50% at 56, 0% at 106; A won, so the last point is 100%.
    expect(g.mid).toBe(56);
    expect(g.points[0]!.y).toBe(56);
    expect(g.points[9]!.y).toBe(26);
    expect(g.points[10]).toMatchObject({ chance: 100, y: 6 });
  });

  it('draws the line through the points and closes the area on the 50% line', () => {
    expect(g.line.startsWith('M8,56 L28,56 L48,51')).toBe(true);
    expect(g.area.startsWith('M8,56 L8,56 L28,56')).toBe(true);
    expect(g.area.endsWith('L208,6 L208,56 Z')).toBe(true);
  });

  it('marks each turn where its first decision is, setup left out, numbers thinned out when too close', () => {
    expect(g.turns.map((t) => [t.turn, t.frame, t.x])).toEqual([
      [1, 2, 48],
      [2, 5, 108],
      [3, 8, 168],
    ]);
    expect(g.turns.every((t) => t.label)).toBe(true);
    const narrow = graphGeometry(review, LAST, { width: 56, height: 60, padX: 8, labelGap: 22 });
    // 4.8 px a frame: turns at 17.6, 32, 46.4: the second is too close to the first.
    expect(narrow.turns.map((t) => t.label)).toEqual([true, false, true]);
  });

  it('puts a dot for each mark on the position the marked decision led to', () => {
    expect(g.marks.map((m) => [m.index, m.frame, m.manager, m.mark, m.x, m.y])).toEqual([
      [4, 5, 'A', 'blunder', 108, 66], // frame 5: 40%
      [6, 7, 'B', 'mistake', 148, 51], // frame 7: 55%
      [7, 8, 'B', 'inaccuracy', 168, 36], // frame 8: 70%
      [8, 9, 'A', 'inaccuracy', 188, 26], // frame 9: 80%
    ]);
  });

  it('keeps every point inside the drawing whatever the chance', () => {
    const wild: GameReview = { ...review, winner: null, decisions: [decision(0, 1, 'A', -5), decision(1, 1, 'B', 130)] };
    const w = graphGeometry(wild, 2, { width: 100, height: 50 });
    for (const p of w.points) {
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(50);
    }
    // No result: the last frame repeats the last decision's chance.
    expect(w.points[2]!.chance).toBe(130);
  });

  it('maps a position on the graph back to the nearest frame, clamped', () => {
    const size = { width: 216, padX: 8 };
    expect(frameAtX(8, LAST, size)).toBe(0);
    expect(frameAtX(107, LAST, size)).toBe(5);
    expect(frameAtX(119, LAST, size)).toBe(6);
    expect(frameAtX(-40, LAST, size)).toBe(0);
    expect(frameAtX(900, LAST, size)).toBe(LAST);
  });
});

describe('the decision a frame shows', () => {
  it('is the one that led to it', () => {
    expect(decisionForFrame(review, 0)).toBeNull();
    expect(decisionForFrame(review, 5)?.index).toBe(4);
    expect(decisionForFrame(review, 5)?.judgement?.mark).toBe('blunder');
    expect(decisionForFrame(review, 11)).toBeNull();
  });
});

describe('nextMarkFrame', () => {
  it("steps to the manager's next decision with that mark, then wraps round", () => {
    expect(nextMarkFrame(review, 'A', 'inaccuracy', 0)).toBe(9);
    expect(nextMarkFrame(review, 'A', 'inaccuracy', 9)).toBe(9);
    expect(nextMarkFrame(review, 'A', 'blunder', 2)).toBe(5);
    expect(nextMarkFrame(review, 'A', 'blunder', 5)).toBe(5);
    expect(nextMarkFrame(review, 'B', 'mistake', 8)).toBe(7);
    expect(nextMarkFrame(review, 'B', 'blunder', 0)).toBeNull();
  });

  it("never lands on the other manager's marks", () => {
    const twoA: GameReview = { ...review, decisions: [...review.decisions, decision(10, 3, 'A', 80, 'mistake', 12)] };
    expect(nextMarkFrame(twoA, 'A', 'mistake', 0)).toBe(11);
    expect(nextMarkFrame(twoA, 'B', 'mistake', 7)).toBe(7);
  });
});

describe('reviewSummary', () => {
  it('rounds the accuracy and counts the marks from the decisions', () => {
    expect(reviewSummary(review)).toEqual([
      { manager: 'A', accuracy: 82, judged: 3, marks: { inaccuracy: 1, mistake: 0, blunder: 1 } },
      { manager: 'B', accuracy: 92, judged: 2, marks: { inaccuracy: 1, mistake: 1, blunder: 0 } },
    ]);
  });

  it('says nothing of accuracy when nothing was judged', () => {
    const none: GameReview = {
      ...review,
      decisions: [],
      managers: { ...review.managers, B: { accuracy: null, judged: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } } },
    };
    expect(reviewSummary(none)[1]).toEqual({ manager: 'B', accuracy: null, judged: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } });
  });
});

describe('progressFraction', () => {
  it('is done over total, within 0 and 1', () => {
    expect(progressFraction({ done: 0, total: 0 })).toBe(0);
    expect(progressFraction({ done: 30, total: 120 })).toBe(0.25);
    expect(progressFraction({ done: 9, total: 3 })).toBe(1);
  });
});
