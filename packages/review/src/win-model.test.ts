import { project, step } from '@vroyale/engine';
import { describe, expect, it } from 'vitest';
import { botGame, POOL } from '../bench/bot-games.js';
import { FEATURES, stateFeatures, viewFeatures } from './features.js';
import { positions } from './replay.js';
import { chanceOf, viewWinChance, winModel } from './win-model.js';

const game = botGame('review-model-test', 2, ['normal', 'normal']);
const all = [...positions(game.match, POOL)];

describe('the win-chance model', () => {
  it('is the committed fit, over the features features.ts computes', () => {
    const m = winModel();
    expect(m.features).toEqual(FEATURES);
    expect(m.coefficients).toHaveLength(FEATURES.length);
    expect(m.coefficients.every(Number.isFinite)).toBe(true);
  });

  it('reads public facts only: a manager’s view gives the features of the real position, negated for the other', () => {
    let differing = 0;
    for (const { state } of all.filter((_, i) => i % 7 === 0)) {
      const a = viewFeatures(project(state, 'A'));
      const b = viewFeatures(project(state, 'B'));
      b.forEach((x, i) => expect(x).toBeCloseTo(-a[i]!, 9));
      // Until-end-of-turn boosts cannot be dated from a view, so a mid-turn position may differ there only.
      if (stateFeatures(state, 'A').some((x, i) => Math.abs(x - a[i]!) > 1e-9)) differing++;
    }
    expect(differing).toBeLessThan(all.length / 7 / 4);
  });

  it('gives more to the side ahead and is sure once the game is over', () => {
    const f = FEATURES.map((name) => (name === 'sanity' ? 10 : 0));
    expect(chanceOf(f)).toBeGreaterThan(0.5);
    expect(chanceOf(f.map((x) => -x))).toBeCloseTo(1 - chanceOf(f), 12);
    const end = all[all.length - 1]!;
    const last = game.winner;
    expect(last === 'A' || last === 'B').toBe(true);
    // The last position is before the winning action: the view after it shows the result.
    const over = step(end.state, end.action);
    if (!over.ok) throw new Error(over.message);
    expect(viewWinChance(project(over.state, last as 'A' | 'B'))).toBe(1);
    expect(viewWinChance(project(over.state, last === 'A' ? 'B' : 'A'))).toBe(0);
  });
});
