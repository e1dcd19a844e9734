/**
 * The miner's pieces on a real self-play game: a state written as a position builds back to the same
 * position (canonical hash), the candidates are the positions the miner promises, and a mined puzzle's
 * stored line replays to its goal.
 */
import { describe, expect, it } from 'vitest';
import { buildPuzzle, replaySteps } from '../src/build.js';
import { canonicalHash, canonicalKey } from '../src/canonical.js';
import { positionFromState } from '../src/from-state.js';
import { goalFrame, goalStatus } from '../src/goal.js';
import { candidatesOf, mineGame } from '../src/mine.js';
import { selfPlayGame } from '../bench/self-play.js';

// Self-play game 4 of the shipped run (headline-scandal against raid-night, normal against normal).
const game = selfPlayGame('puzzles', 4);
const states = game.states;

describe('mining', () => {
  it('a state written as a position builds back to the same position', () => {
    const mains = states.filter((s) => s.phase === 'main' && s.priority === s.active && s.stack.length === 0 && !s.pending);
    expect(mains.length).toBeGreaterThan(5);
    for (const s of mains) {
      const w = positionFromState(s, 'x')!;
      const back = buildPuzzle('x', { position: w.position, cards: [] }).state;
      expect(canonicalKey(back, 'win-this-turn', s.active)).toBe(canonicalKey(s, 'win-this-turn', s.active));
    }
  });

  it('the canonical hash ignores ids and seats, and sees a change of sanity', () => {
    const s = states.find((x) => x.phase === 'main' && x.turn > 6 && x.stack.length === 0 && !x.pending)!;
    const w = positionFromState(s, 'x')!;
    const swapped = {
      ...w.position,
      active: s.active === 'A' ? 'B' : 'A',
      first: w.position.first === 'A' ? 'B' : 'A',
      A: w.position.B,
      B: w.position.A,
    } as typeof w.position;
    swapped.priority = swapped.active;
    const other = buildPuzzle('x', { position: swapped, cards: [] }).state;
    expect(canonicalHash(other, 'survive', s.active === 'A' ? 'B' : 'A')).toBe(canonicalHash(s, 'survive', s.active));
    const hurt = structuredClone(w.position);
    hurt.A.sanity -= 1;
    expect(canonicalHash(buildPuzzle('x', { position: hurt, cards: [] }).state, 'survive', s.active)).not.toBe(canonicalHash(s, 'survive', s.active));
  });

  it('candidates are Main Phase starts, attack declarations and threatened block decisions', () => {
    const cs = candidatesOf(states, ['win-this-turn', 'survive', 'clear-the-board']);
    expect(cs.length).toBeGreaterThan(0);
    for (const c of cs) {
      expect(c.state.stack).toEqual([]);
      if (c.goal === 'survive') expect([c.state.phase, c.mover === c.state.active]).toEqual(['combat-block', false]);
      else expect([['main', 'combat-attack'].includes(c.state.phase), c.mover]).toEqual([true, c.state.active]);
    }
  });

  it('a mined puzzle is proved, and its stored line replays to the goal', () => {
    const made = mineGame(states, { budget: 3000, goals: ['win-this-turn'], source: { kind: 'self-play', seed: game.seed, bots: game.bots } });
    expect(made.length).toBeGreaterThan(0);
    for (const { puzzle } of made) {
      expect(puzzle.solution.winningFirstMoves).toBeLessThan(puzzle.solution.firstMoves);
      const replay = replaySteps(puzzle.id, puzzle, puzzle.solution.line);
      expect(replay.error).toBeNull();
      const start = buildPuzzle(puzzle.id, puzzle).state;
      expect(goalStatus(goalFrame(puzzle.goal, puzzle.toMove, start), replay.states[replay.states.length - 1]!)).toBe('met');
    }
  });
});
