/**
 * The card definitions a scenario may use: its inline `cards`, plus the real card set when it says
 * `useCardSet: true`. The card set is imported lazily so the harness works before (or without) cards/.
 */
import { CardDef, lookupFrom, type CardLookup } from '../../src/index.js';
import { ScenarioError } from './refs.js';

/** Where cards/index.ts lives, from this file. A variable so tsc does not require it to exist. */
const CARD_SET_MODULE = '../../../../cards/index.ts';

async function loadCardSet(file: string): Promise<CardLookup> {
  let mod: { cardPool?: Record<string, CardDef> | readonly CardDef[] };
  try {
    mod = (await import(/* @vite-ignore */ CARD_SET_MODULE)) as typeof mod;
  } catch (e) {
    throw new ScenarioError(file, 'useCardSet', `cannot load the card set (cards/index.ts): ${(e as Error).message}`);
  }
  if (!mod.cardPool) throw new ScenarioError(file, 'useCardSet', 'cards/index.ts does not export cardPool');
  return lookupFrom(mod.cardPool);
}

/** Parses inline cards (errors name the card and field) and builds the lookup; inline cards win over the set. */
export async function scenarioLookup(file: string, cards: readonly unknown[], useCardSet: boolean): Promise<{ lookup: CardLookup; inline: CardDef[] }> {
  const inline: CardDef[] = [];
  const seen = new Set<string>();
  cards.forEach((raw, i) => {
    const r = CardDef.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const id = (raw as { id?: unknown } | null)?.id;
      throw new ScenarioError(file, `cards[${i}]${typeof id === 'string' ? ` (${id})` : ''}.${issue.path.join('.') || '(root)'}`, issue.message);
    }
    if (seen.has(r.data.id)) throw new ScenarioError(file, `cards[${i}].id`, `duplicate card id '${r.data.id}'`);
    seen.add(r.data.id);
    inline.push(r.data);
  });
  const own = lookupFrom(inline);
  const set = useCardSet ? await loadCardSet(file) : null;
  return { lookup: (id) => own(id) ?? set?.(id), inline };
}
