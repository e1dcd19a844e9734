/**
 * One attempt without sockets: every shipped puzzle solved by its main line; a winning move off the main line is
 * accepted and the solver's defence takes over from the line (solved in the end); a losing first move fails; the
 * frames never show the opponent's hand.
 */
import { describe, expect, it } from 'vitest';
import { choiceKey, solve } from '@vroyale/puzzles';
import { other } from '@vroyale/engine';
import { PuzzleAttempt } from './puzzle-attempt.js';
import { shippedPuzzles } from './puzzle-set.js';

const set = shippedPuzzles();

describe('a puzzle attempt', () => {
  it('is solved by the main line for every shipped puzzle, the opponent answering by the line', () => {
    for (const p of set.list) {
      const at = new PuzzleAttempt(p, false, false);
      for (const a of p.line) if (a.manager === at.mover && at.status === 'continue') expect(at.move(a), p.puzzle.id).toEqual({ ok: true });
      expect(at.status, p.puzzle.id).toBe('solved');
      expect(at.frame().view.managers[other(at.mover)].hand).toBeNull();
    }
  });

  it('accepts another winning first move, then plays on against the solver’s defence to a solve', () => {
    const tried = set.list.filter((p) => p.puzzle.solution.winningFirstMoves > 1);
    expect(tried.length).toBeGreaterThan(0);
    for (const p of tried) {
      const at = new PuzzleAttempt(p, false, false);
      const main = choiceKey(p.start, p.line[0]!);
      const alt = solve(p.start, p.puzzle.goal, at.mover, { budget: p.puzzle.solution.nodes * 4 }).firstMoves.find(
        (f) => f.verdict === 'win' && choiceKey(p.start, f.action) !== main,
      )!;
      expect(at.move(alt.action)).toEqual({ ok: true });
      for (let n = 0; n < 40 && at.status === 'continue'; n++) {
        const win = solve(at.state, p.puzzle.goal, at.mover, { budget: 20_000 }).firstMoves.find((f) => f.verdict === 'win');
        expect(win, `${p.puzzle.id}: a winning move at every decision`).toBeDefined();
        expect(at.move(win!.action)).toEqual({ ok: true });
      }
      expect(at.status, p.puzzle.id).toBe('solved');
    }
  });

  it('fails at once on a first move the solver proves losing, and refuses moves after', () => {
    const p = set.list[0]!;
    const at = new PuzzleAttempt(p, false, false);
    const losing = solve(p.start, p.puzzle.goal, at.mover, { budget: p.puzzle.solution.nodes * 4 }).firstMoves.find((f) => f.verdict === 'fail')!;
    expect(at.move(losing.action)).toEqual({ ok: true });
    expect(at.status).toBe('failed');
    expect(at.frame().legal).toEqual([]);
    expect(at.move({ type: 'pass', manager: at.mover })).toMatchObject({ ok: false, code: 'puzzle-over' });
    expect(at.hint()).toBeNull();
  });
});
