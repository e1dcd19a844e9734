import { legalActions } from '@vroyale/engine';
import { describe, expect, it } from 'vitest';
import { botGame, KNOWLEDGE, POOL } from '../bench/bot-games.js';
import { gameAccuracy } from './accuracy.js';
import { isForced, type ReviewBudget } from './judge.js';
import { positions, type RecordedMatch } from './replay.js';
import { reviewMatch } from './review-match.js';

const BUDGET: Partial<ReviewBudget> = { deals: 1, verify: 2, maxCandidates: 4 };
const game = botGame('review-match-test', 1, ['normal', 'normal']);
// The first 110 actions: a few turns of real play, quick enough for a unit test (a prefix replays like a whole log).
const match: RecordedMatch = { ...game.match, actions: game.match.actions.slice(0, 110) };

describe('reviewMatch', () => {
  const progress: { done: number; total: number }[] = [];
  const review = reviewMatch(match, { pool: POOL, knowledge: KNOWLEDGE, budget: BUDGET, onProgress: (p) => progress.push(p) });

  it('is deterministic: the same match gives the same review', () => {
    expect(reviewMatch(match, { pool: POOL, knowledge: KNOWLEDGE, budget: BUDGET })).toEqual(review);
  });

  it('reports progress once per decision, in order, up to the total', () => {
    expect(progress).toEqual(match.actions.map((_, i) => ({ done: i + 1, total: match.actions.length })));
  });

  it('skips exactly the forced decisions and judges the others it can compare', () => {
    const forced = [...positions(match, POOL)].map((p) => isForced(legalActions(p.state, p.action.manager)));
    expect(review.decisions).toHaveLength(match.actions.length);
    review.decisions.forEach((d, i) => {
      expect(d.skipped === 'forced').toBe(forced[i]);
      if (forced[i]) expect(d.judgement).toBeNull();
    });
    expect(forced.filter(Boolean).length).toBeGreaterThan(10);
    expect(review.decisions.filter((d) => d.judgement).length).toBeGreaterThan(10);
  });

  it('gives one point per decision for both managers, each from their own view, adding up to 100', () => {
    for (const d of review.decisions) {
      expect(d.chance.A).toBeGreaterThan(0);
      expect(d.chance.A).toBeLessThan(100);
      expect(d.chance.A + d.chance.B).toBeCloseTo(100, 9);
    }
    expect(new Set(review.decisions.map((d) => d.turn)).size).toBeGreaterThan(3);
  });

  it("sums each manager's judged decisions into marks and lichess's accuracy", () => {
    for (const m of ['A', 'B'] as const) {
      const judged = review.decisions.filter((d) => d.manager === m && d.judgement).map((d) => d.judgement!);
      expect(review.managers[m].judged).toBe(judged.length);
      expect(review.managers[m].accuracy).toBe(gameAccuracy(judged));
      for (const mark of ['inaccuracy', 'mistake', 'blunder'] as const)
        expect(review.managers[m].marks[mark]).toBe(judged.filter((j) => j.mark === mark).length);
      for (const j of judged) {
        expect(j.loss).toBeCloseTo(j.best - j.chosen, 10);
        expect(j.loss).toBeGreaterThanOrEqual(0);
      }
    }
    expect(review.rollouts).toBe(review.decisions.reduce((s, d) => s + (d.judgement?.rollouts ?? 0), 0));
  });

  it('refuses a log the engine refuses, naming the action', () => {
    const bad: RecordedMatch = { ...match, actions: [...match.actions.slice(0, 5), { type: 'pass', manager: 'A' }, { type: 'pass', manager: 'A' }] };
    expect(() => reviewMatch(bad, { pool: POOL, knowledge: KNOWLEDGE, budget: BUDGET })).toThrow(/replay: action [56]/);
  });
});
