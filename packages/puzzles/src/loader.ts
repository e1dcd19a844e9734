/**
 * The shipped set: every `cards/puzzles/*.json` file, one puzzle a file, validated. The package's only I/O.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePuzzle, PuzzleError, type Puzzle } from './format.js';

export const PUZZLE_DIR = fileURLToPath(new URL('../../../cards/puzzles/', import.meta.url));

export interface LoadedPuzzle {
  file: string;
  puzzle: Puzzle;
}

/** Reads and validates every puzzle file; throws PuzzleError for the first broken one (file, field, problem). */
export function loadPuzzles(dir = PUZZLE_DIR): LoadedPuzzle[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const ids = new Map<string, string>();
  return files.map((f) => {
    const file = join(dir, f);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new PuzzleError(file, '(root)', `not JSON: ${(e as Error).message}`);
    }
    const puzzle = parsePuzzle(file, json);
    if (`${puzzle.id}.json` !== f) throw new PuzzleError(file, 'id', `the id '${puzzle.id}' must match the file name '${f}'`);
    const twin = ids.get(puzzle.id);
    if (twin) throw new PuzzleError(file, 'id', `'${puzzle.id}' is also the id of ${twin}`);
    ids.set(puzzle.id, file);
    return { file, puzzle };
  });
}
