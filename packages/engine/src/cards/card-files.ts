/**
 * Validating card files. A broken file fails with an error naming the file, the card and the field.
 * Pure: the caller reads the files (cards/index.ts in the repository does).
 */
import { CardDef, CardFile } from './schema.js';
import { CUSTOM_HANDLERS } from '../effects/custom-handlers.js';

export class CardFileError extends Error {
  constructor(
    readonly file: string,
    readonly card: string | null,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${file}: ${card ? `card '${card}'` : 'file'}: ${field}: ${detail}`);
    this.name = 'CardFileError';
  }
}

function pathString(path: readonly PropertyKey[]): string {
  return (
    path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '') || '(root)'
  );
}

/** Custom handlers must exist; tokens referenced by commission must be defined somewhere in the pool. */
function semanticChecks(file: string, cards: CardDef[]): void {
  for (const c of cards)
    c.abilities.forEach((a, i) => {
      if (!('effects' in a)) return;
      a.effects.forEach((e, j) => {
        if (e.kind === 'custom' && !CUSTOM_HANDLERS[e.handler])
          throw new CardFileError(file, c.id, `abilities[${i}].effects[${j}].handler`, `unknown custom handler '${e.handler}'`);
      });
    });
}

/** Parses one card file's JSON value. Throws CardFileError. */
export function parseCardFile(file: string, json: unknown): CardDef[] {
  const r = CardFile.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const path = issue.path;
    let card: string | null = null;
    let field = pathString(path);
    if (path[0] === 'cards' && typeof path[1] === 'number') {
      const raw = (json as { cards?: { id?: unknown }[] }).cards?.[path[1]];
      card = typeof raw?.id === 'string' ? raw.id : `#${path[1]}`;
      field = pathString(path.slice(2));
    }
    throw new CardFileError(file, card, field, issue.message);
  }
  semanticChecks(file, r.data.cards);
  return r.data.cards;
}

/** Parses a file's text (JSON) and validates it. */
export function parseCardFileText(file: string, text: string): CardDef[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CardFileError(file, null, '(json)', (e as Error).message);
  }
  return parseCardFile(file, json);
}

/** Builds a pool from several files: ids unique, commissioned tokens defined, SSR variants consistent. */
export function buildPool(files: { file: string; cards: CardDef[] }[]): Record<string, CardDef> {
  const pool: Record<string, CardDef> = {};
  const where: Record<string, string> = {};
  for (const f of files)
    for (const c of f.cards) {
      if (pool[c.id]) throw new CardFileError(f.file, c.id, 'id', `duplicate id (also in ${where[c.id]})`);
      pool[c.id] = c;
      where[c.id] = f.file;
    }
  for (const c of Object.values(pool)) {
    c.abilities.forEach((a, i) => {
      if (!('effects' in a)) return;
      a.effects.forEach((e, j) => {
        if (e.kind === 'commission' && !pool[e.token]?.token)
          throw new CardFileError(where[c.id]!, c.id, `abilities[${i}].effects[${j}].token`, `'${e.token}' is not a defined token`);
      });
    });
    if (c.rarity === 'SSR') {
      const base = pool[c.variantOf!];
      if (!base || base.rarity !== 'SR' || base.name !== c.name)
        throw new CardFileError(where[c.id]!, c.id, 'variantOf', `must name an SR card with the same name (RUL-DECK-3)`);
      if (base.nameJa !== c.nameJa)
        throw new CardFileError(where[c.id]!, c.id, 'nameJa', `differs from its SR card '${base.id}' (one card, one Japanese name)`);
      // RUL-DECK-3: same name and rules text, so every rules field must match its SR card.
      for (const field of ['types', 'cost', 'stars', 'atk', 'hp', 'keywords', 'abilities'] as const)
        if (JSON.stringify(c[field]) !== JSON.stringify(base[field]))
          throw new CardFileError(where[c.id]!, c.id, field, `differs from its SR card '${base.id}' (RUL-DECK-3: same rules text)`);
    }
  }
  return pool;
}
