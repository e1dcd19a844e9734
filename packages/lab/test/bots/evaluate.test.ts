import { describe, expect, it } from 'vitest';
import { cardPool, starterRosters } from '@vroyale/cards';
import { playMatch, strongBot, type GameState, type ManagerId } from '@vroyale/engine';
import { DEFAULT_WEIGHTS, EVAL_TERMS, evaluate, evaluationTerms, type EvalWeights } from '../../../engine/src/bots/evaluate.js';

/** Positions at the start of every turn of a few strongBot matches over different starters. */
function turnStarts(): GameState[] {
  const out: GameState[] = [];
  for (const [a, b] of [
    [0, 1],
    [2, 3],
    [4, 2],
  ] as const) {
    let turn = -1;
    playMatch({
      seed: `terms-${a}-${b}`,
      pool: cardPool,
      rosters: { A: starterRosters[a]!, B: starterRosters[b]! },
      bots: { A: strongBot, B: strongBot },
      observe: (s) => {
        if (s.phase === 'game-over' || s.turn === turn) return;
        turn = s.turn;
        out.push(s);
      },
    });
  }
  return out;
}

describe('evaluationTerms (what bench:eval-fit fits)', () => {
  const positions = turnStarts();
  const weighted = (s: GameState, me: ManagerId, w: EvalWeights) => evaluationTerms(s, me).reduce((sum, t, i) => sum + w[EVAL_TERMS[i]!] * t, 0);

  it('sum, weighted by the default weights, to the evaluation at every turn start', () => {
    expect(positions.length).toBeGreaterThan(20);
    for (const s of positions) for (const me of ['A', 'B'] as const) expect(weighted(s, me, DEFAULT_WEIGHTS)).toBeCloseTo(evaluate(s, me), 9);
  });

  it('sum, weighted by any other weights, to the evaluation under those weights', () => {
    const w: EvalWeights = { ...DEFAULT_WEIGHTS };
    EVAL_TERMS.forEach((k, i) => (w[k] = ((i * 7) % 5) - 1.5));
    for (const s of positions) expect(weighted(s, 'A', w)).toBeCloseTo(evaluate(s, 'A', w), 9);
  });

  it('are the opponent’s with the sign changed, and some differ from zero', () => {
    for (const s of positions) expect(evaluationTerms(s, 'B')).toEqual(evaluationTerms(s, 'A').map((t) => (t === 0 ? 0 : -t)));
    for (const k of ['sanity', 'character', 'atk', 'hp', 'hand', 'star'] as const)
      expect(
        positions.some((s) => evaluationTerms(s, 'A')[EVAL_TERMS.indexOf(k)] !== 0),
        k,
      ).toBe(true);
  });
});
