/**
 * Turning card files into a pool. Kept apart from index.ts so tests can feed broken files through exactly
 * the path the real data takes, without the static JSON imports.
 */
import { buildPool, parseCardFile, parseCardFileText, type CardDef } from '@vroyale/engine';

/** A card file as parsed JSON, or as raw text (so invalid JSON is reported with the file name too). */
export type CardFileSource = { file: string; json: unknown } | { file: string; text: string };

export interface LoadedCards {
  /** Every definition by id, tokens included: what createGame needs. */
  pool: Record<string, CardDef>;
  /** Cards a roster may hold (tokens excluded, RUL-DECK-4). */
  cards: CardDef[];
  tokens: CardDef[];
}

/** Validates each file, then the pool as a whole (unique ids, defined tokens, SSR variants). Throws CardFileError. */
export function loadCardFiles(files: readonly CardFileSource[]): LoadedCards {
  const parsed = files.map((f) => ({
    file: f.file,
    cards: 'text' in f ? parseCardFileText(f.file, f.text) : parseCardFile(f.file, f.json),
  }));
  const pool = buildPool(parsed);
  const all = Object.values(pool);
  return { pool, cards: all.filter((c) => !c.token), tokens: all.filter((c) => c.token) };
}
