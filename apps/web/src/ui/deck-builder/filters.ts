/**
 * The gallery's search and filters. Pure: the words a card is found by (its rules text, keyword and type
 * names in the interface's language) are passed in by the page.
 */
import { cardName } from '../../game/labels';
import { language } from '../../i18n';
import type { CardDef, CardType, Keyword } from '@vroyale/engine';

export interface Filters {
  /** Words to find in the name, rules text, keywords, type or flavour text (all of them, any order). */
  q: string;
  type: CardType | '';
  rarity: string;
  /** '0'..'5', '6+' or '' for any. */
  cost: string;
  kw: Keyword | '';
}

export const NO_FILTERS: Filters = { q: '', type: '', rarity: '', cost: '', kw: '' };

export const filtering = (f: Filters): boolean => f.q.trim() !== '' || f.type !== '' || f.rarity !== '' || f.cost !== '' || f.kw !== '';

const RARITY_ORDER: Record<string, number> = { C: 0, U: 1, R: 2, SR: 3, SSR: 4 };

/** Case and width folded, so "ｃｌｉｐ" finds "Clip" and Japanese text is found as typed. */
const fold = (s: string): string => s.normalize('NFKC').toLowerCase();

/**
 * The cards that pass every filter, by cost, rarity, then name. `words(def)` gives the searchable text of a
 * card besides its name (rules text, keyword and type names in the interface's language).
 */
export function filterCards(cards: readonly CardDef[], f: Filters, words: (d: CardDef) => string): CardDef[] {
  const terms = fold(f.q).split(/\s+/).filter(Boolean);
  return cards
    .filter((c) => !f.type || c.types.includes(f.type))
    .filter((c) => !f.rarity || c.rarity === f.rarity)
    .filter((c) => !f.cost || (f.cost === '6+' ? c.cost >= 6 : c.cost === Number(f.cost)))
    .filter((c) => !f.kw || c.keywords?.[f.kw] !== undefined)
    .filter((c) => {
      if (!terms.length) return true;
      // Either name finds a card (a Japanese player may know the English one from a list or a friend).
      const hay = fold(`${c.name}\n${c.nameJa ?? ''}\n${words(c)}\n${c.flavor ?? ''}`);
      return terms.every((w) => hay.includes(w));
    })
    .sort((a, b) => a.cost - b.cost || RARITY_ORDER[a.rarity]! - RARITY_ORDER[b.rarity]! || cardName(a).localeCompare(cardName(b), language()));
}
