/** A broken puzzle file gets a clear, specific error naming the file and the field. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPuzzle } from '../src/build.js';
import { parsePuzzle, PuzzleError } from '../src/format.js';
import { loadPuzzles } from '../src/loader.js';

const good = () => ({
  id: 'win-hand-made',
  goal: 'win-this-turn',
  toMove: 'A',
  description: 'Win this turn.',
  tags: [],
  rating: 1200,
  source: { kind: 'hand-made' },
  cards: [{ id: 'grunt', name: 'Grunt', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 4, hp: 2 }],
  position: { turn: 3, A: { main: [{ def: 'grunt', as: 'g1' }] }, B: { sanity: 4 } },
  solution: { firstMoves: 1, winningFirstMoves: 1, line: [{ manager: 'A', action: { type: 'pass' } }], nodes: 10 },
});

function errorOf(f: () => unknown): PuzzleError {
  try {
    f();
  } catch (e) {
    if (e instanceof PuzzleError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('puzzle format', () => {
  it('accepts a well-formed puzzle', () => {
    expect(parsePuzzle('p.json', good()).goal).toBe('win-this-turn');
  });

  it.each([
    ['an unknown goal', (p: Record<string, unknown>) => (p.goal = 'win-next-turn'), 'goal'],
    ['a misspelt field', (p: Record<string, unknown>) => (p.tagz = []), '(root)'],
    ['an unknown keyword tag', (p: Record<string, unknown>) => (p.tags = ['flying']), 'tags.0'],
    ['a bad id', (p: Record<string, unknown>) => (p.id = 'Win 1'), 'id'],
    [
      'a solution starting with the wrong side',
      (p: Record<string, unknown>) => ((p.solution as { line: unknown[] }).line = [{ manager: 'B', action: { type: 'pass' } }]),
      'solution.line.0.manager',
    ],
    [
      'more winning first moves than first moves',
      (p: Record<string, unknown>) => ((p.solution as { winningFirstMoves: number }).winningFirstMoves = 2),
      'solution.winningFirstMoves',
    ],
    ['a misspelt position field', (p: Record<string, unknown>) => ((p.position as Record<string, unknown>).sanity = 3), 'position'],
  ])('refuses %s, naming the field', (_, change, field) => {
    const p = good() as Record<string, unknown>;
    change(p);
    const e = errorOf(() => parsePuzzle('broken.json', p));
    expect(e.file).toBe('broken.json');
    expect(e.field).toBe(field);
    expect(e.message).toMatch(/^broken\.json: /);
  });

  it('refuses a position naming a card that exists nowhere', () => {
    const p = good();
    p.position.A.main = [{ def: 'no-such-card', as: 'g1' }];
    const e = errorOf(() => buildPuzzle('broken.json', parsePuzzle('broken.json', p)));
    expect(e.field).toBe('position.A.main[0].def');
    expect(e.detail).toMatch(/unknown card 'no-such-card'/);
  });

  it('the loader names a file that is not JSON, and an id that does not match its file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzles-'));
    writeFileSync(join(dir, 'a.json'), '{ nope');
    expect(() => loadPuzzles(dir)).toThrow(/a\.json: \(root\): not JSON/);
    const other = mkdtempSync(join(tmpdir(), 'puzzles-'));
    writeFileSync(join(other, 'win-other-name.json'), JSON.stringify(good()));
    expect(() => loadPuzzles(other)).toThrow(/win-other-name\.json: id: the id 'win-hand-made' must match the file name/);
  });
});
