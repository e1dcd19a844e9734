/**
 * Every shipped puzzle (cards/puzzles/) still validates, builds, and solves under the current engine: its
 * stored line replays to the goal, and the solver, within a bounded budget, proves the goal again with the
 * same number of winning first moves (of the same number of first moves). No two puzzles are the same
 * position (canonical hash).
 */
import { describe, expect, it } from 'vitest';
import { buildPuzzle, replaySteps } from '../src/build.js';
import { canonicalHash } from '../src/canonical.js';
import { goalFrame, goalStatus } from '../src/goal.js';
import { loadPuzzles } from '../src/loader.js';
import { solve } from '../src/solver.js';

const shipped = loadPuzzles();

describe('the shipped puzzles', () => {
  it('at least 60 ship, each a distinct position', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(60);
    const hashes = shipped.map(({ file, puzzle }) => canonicalHash(buildPuzzle(file, puzzle).state, puzzle.goal, puzzle.toMove));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  for (const { file, puzzle } of shipped)
    it(`${puzzle.id} (${puzzle.goal}) still solves`, () => {
      const start = buildPuzzle(file, puzzle).state;
      const replay = replaySteps(file, puzzle, puzzle.solution.line);
      expect(replay.error).toBeNull();
      expect(goalStatus(goalFrame(puzzle.goal, puzzle.toMove, start), replay.states[replay.states.length - 1]!)).toBe('met');
      // Bounded: a few times what the proof took when it shipped (deterministic, so equal while the engine is).
      const r = solve(start, puzzle.goal, puzzle.toMove, { budget: 4 * puzzle.solution.nodes + 2000 });
      expect(r.verdict).toBe('win');
      expect(r.complete).toBe(true);
      expect([r.winningFirstMoves, r.firstMoves.length]).toEqual([puzzle.solution.winningFirstMoves, puzzle.solution.firstMoves]);
    });
});
