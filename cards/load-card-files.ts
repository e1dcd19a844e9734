/**
 * Turning card files into a pool. Kept apart from index.ts so tests can feed broken files through exactly
 * the path the real data takes, without the static JSON imports.
 */
import { buildPool, CardFileError, parseCardFile, parseCardFileText, type CardDef } from '@vroyale/engine';

/** A card file as parsed JSON, or as raw text (so invalid JSON is reported with the file name too). */
export type CardFileSource = { file: string; json: unknown } | { file: string; text: string };

export interface LoadedCards {
  /** Every definition by id, tokens included: what createGame needs. */
  pool: Record<string, CardDef>;
  /** Cards a roster may hold (tokens excluded, RUL-DECK-4). */
  cards: CardDef[];
  tokens: CardDef[];
}

/**
 * What the engine leaves optional but the card set requires: a Japanese name (the schema checks its script)
 * and a colour on every card, and one Japanese name per name, so that Japanese tells apart what English does
 * and copy limits (counted by `name`) mean the same cards in both languages.
 */
function setChecks(files: { file: string; cards: CardDef[] }[]): void {
  const jaOf = new Map<string, string>();
  const nameOf = new Map<string, string>();
  for (const f of files)
    for (const c of f.cards) {
      if (c.nameJa === undefined) throw new CardFileError(f.file, c.id, 'nameJa', 'every card of the set needs a Japanese name');
      if (c.colour === undefined) throw new CardFileError(f.file, c.id, 'colour', 'every card of the set needs a colour');
      const ja = jaOf.get(c.name);
      if (ja !== undefined && ja !== c.nameJa) throw new CardFileError(f.file, c.id, 'nameJa', `'${c.name}' is already called '${ja}' in Japanese`);
      const name = nameOf.get(c.nameJa);
      if (name !== undefined && name !== c.name) throw new CardFileError(f.file, c.id, 'nameJa', `'${c.nameJa}' is already the Japanese name of '${name}'`);
      jaOf.set(c.name, c.nameJa);
      nameOf.set(c.nameJa, c.name);
    }
}

/** Validates each file, then the pool as a whole (unique ids, defined tokens, SSR variants). Throws CardFileError. */
export function loadCardFiles(files: readonly CardFileSource[]): LoadedCards {
  const parsed = files.map((f) => ({
    file: f.file,
    cards: 'text' in f ? parseCardFileText(f.file, f.text) : parseCardFile(f.file, f.json),
  }));
  const pool = buildPool(parsed);
  setChecks(parsed);
  const all = Object.values(pool);
  return { pool, cards: all.filter((c) => !c.token), tokens: all.filter((c) => c.token) };
}
