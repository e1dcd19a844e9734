/**
 * The solver on hand-made positions (inline vanilla cards, so the card set cannot change them): a win in one,
 * a position with no win, a win that holds only because every block the opponent could make was considered,
 * a survive puzzle and a clear-the-board puzzle.
 */
import { describe, expect, it } from 'vitest';
import { buildPuzzle } from '../src/build.js';
import { Puzzle } from '../src/format.js';
import { solve } from '../src/solver.js';

const CARDS = [
  { id: 'lead', name: 'Lead', types: ['leader'], rarity: 'R', cost: 3, stars: 2, atk: 1, hp: 5 },
  { id: 'grunt', name: 'Grunt', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 4, hp: 2 },
  { id: 'wall', name: 'Wall', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 1, hp: 9 },
  { id: 'pebble', name: 'Pebble', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 1, hp: 1 },
];

/** A puzzle file around a position (the solution fields are placeholders: these tests solve, they do not load). */
function state(position: unknown) {
  const p = Puzzle.parse({
    id: 'test-position',
    goal: 'win-this-turn',
    toMove: 'A',
    description: 'test',
    tags: [],
    rating: 1500,
    source: { kind: 'hand-made' },
    cards: CARDS,
    position,
    solution: { firstMoves: 1, winningFirstMoves: 1, line: [{ manager: 'A', action: { type: 'pass' } }], nodes: 1 },
  });
  return buildPuzzle('test', p).state;
}

const rosters = { roster: ['pebble', 'pebble', 'pebble'] };

describe('solver: win this turn', () => {
  it('finds a win in one: pass to combat, attack', () => {
    const s = state({ turn: 3, phase: 'main', A: { ...rosters, main: [{ def: 'grunt', as: 'g1' }] }, B: { ...rosters, sanity: 4 } });
    const r = solve(s, 'win-this-turn', 'A', { budget: 2000 });
    expect(r.verdict).toBe('win');
    expect(r.complete).toBe(true);
    // Passes hand priority back and forth (each window needs two); the one thing A does is attack.
    expect(r.line[0]).toEqual({ manager: 'A', action: { type: 'pass', manager: 'A' } });
    const acts = r.line.filter((m) => m.action.type !== 'pass');
    expect(acts).toEqual([{ manager: 'A', action: { type: 'declare-attackers', manager: 'A', attackers: [s.managers.A.main[0]] } }]);
  });

  it('proves there is no win when the attack falls short', () => {
    const s = state({ turn: 3, phase: 'main', A: { ...rosters, main: ['grunt'] }, B: { ...rosters, sanity: 5 } });
    const r = solve(s, 'win-this-turn', 'A', { budget: 2000 });
    expect(r.verdict).toBe('fail');
    expect(r.complete).toBe(true);
    expect(r.winningFirstMoves).toBe(0);
    expect(r.line).toEqual([]);
  });

  it('considers every block: one attacker is blocked, only attacking with both wins', () => {
    const s = state({
      turn: 3,
      phase: 'combat-attack',
      A: { ...rosters, main: ['grunt', 'grunt'] },
      B: { ...rosters, sanity: 4, main: ['wall'] },
    });
    const r = solve(s, 'win-this-turn', 'A', { budget: 5000 });
    expect(r.verdict).toBe('win');
    // Two identical grunts: attack with both, with one, with none: three distinct first moves.
    expect(r.firstMoves.map((f) => [f.action.type === 'declare-attackers' && f.action.attackers.length, f.verdict])).toEqual([
      [2, 'win'],
      [1, 'fail'],
      [0, 'fail'],
    ]);
    expect(r.winningFirstMoves).toBe(1);
    // The main line shows the defence the proof had to beat: B blocks one of the two.
    const blocks = r.line.find((m) => m.action.type === 'declare-blocks');
    expect(blocks?.manager).toBe('B');
    expect(blocks?.action.type === 'declare-blocks' && blocks.action.blocks.length).toBe(1);
  });

  it('stops at its budget with unknown, never a guess', () => {
    const s = state({ turn: 3, phase: 'combat-attack', A: { ...rosters, main: ['grunt', 'grunt'] }, B: { ...rosters, sanity: 4, main: ['wall'] } });
    const r = solve(s, 'win-this-turn', 'A', { budget: 3 });
    expect(r.verdict).toBe('unknown');
    expect(r.complete).toBe(false);
    expect(r.nodes).toBeLessThanOrEqual(6);
  });

  it('refuses a position where the mover is not to act', () => {
    const s = state({ turn: 3, phase: 'main', active: 'B', A: rosters, B: { ...rosters, main: ['grunt'] } });
    expect(() => solve(s, 'win-this-turn', 'A')).toThrow(/A is not the one to act/);
  });
});

describe('solver: survive and clear the board', () => {
  it('survive: the defender must block the right attacker', () => {
    // B attacks with a grunt (4) and a pebble (1); A has 4 sanity and one wall: blocking the grunt survives.
    const s = state({
      turn: 4,
      phase: 'combat-block',
      active: 'B',
      A: { ...rosters, sanity: 4, main: [{ def: 'wall', as: 'w' }] },
      B: {
        ...rosters,
        main: [
          { def: 'grunt', as: 'g' },
          { def: 'pebble', as: 'p' },
        ],
      },
      combat: { attackers: ['g', 'p'] },
    });
    const r = solve(s, 'survive', 'A', { budget: 5000 });
    expect(r.verdict).toBe('win');
    expect(r.winningFirstMoves).toBe(1);
    const win = r.firstMoves.find((f) => f.verdict === 'win')!.action;
    expect(win).toMatchObject({ type: 'declare-blocks', blocks: [{ blocker: s.managers.A.main[0], attacker: s.managers.B.main[0] }] });
  });

  it('clear the board: attack into the only blocker is not enough, the board must be empty', () => {
    // A's grunt (4 ATK) kills a pebble (1 HP) that blocks it; B may also not block, so the pebble survives.
    const s = state({ turn: 3, phase: 'combat-attack', A: { ...rosters, main: ['grunt'] }, B: { ...rosters, main: ['pebble'] } });
    const r = solve(s, 'clear-the-board', 'A', { budget: 5000 });
    expect(r.verdict).toBe('fail');
    expect(r.complete).toBe(true);
  });
});
