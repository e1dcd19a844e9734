/** A card's words: its rules text in a language, and its accessible name (what it is, its state, its text). */
import { rulesText, type CardDef, type CardView } from '@vroyale/engine';
import { counterName, typeLabel } from '../../game/glossary';
import { cardName } from '../../game/labels';
import { language, t, type Language } from '../../i18n';
import { store } from '../../store';

const lookup = (id: string) => store.getState().defs[id];
const rulesCache: Record<Language, WeakMap<CardDef, string[]>> = { en: new WeakMap(), ja: new WeakMap() };

/** The engine's rules text of a definition in a language (the interface's by default), computed once per definition object. */
export function rulesFor(def: CardDef, lang: Language = language()): string[] {
  let r = rulesCache[lang].get(def);
  if (!r) rulesCache[lang].set(def, (r = rulesText(def, lookup, lang)));
  return r;
}

/**
 * A card's accessible name: what it is, its state, and its rules text (the zoom is only for the eyes).
 * `name` is the board's label for it ("Kiri Moonbeam (2)", game/labels.ts) where it differs from the printed one.
 */
export function cardLabel(def: CardDef, v?: CardView | null, name = cardName(def)): string {
  const parts = [name, def.types.map(typeLabel).join(' '), t('cards.costLower', { cost: def.cost })];
  if (v?.atk !== undefined || def.atk !== undefined) parts.push(t('cards.stats', { atk: v?.atk ?? def.atk, hp: v?.hp ?? def.hp }));
  if (v?.tilted) parts.push(t('cards.tilted'));
  if (v?.damage) parts.push(t('cards.damage', { n: v.damage }));
  if (v?.burnout && (def.types.includes('character') || def.types.includes('leader'))) parts.push(t('cards.burnoutName'));
  if (v && Object.keys(v.counters).length)
    parts.push(
      Object.entries(v.counters)
        .map(([k, n]) => t('cards.counters', { count: n, counter: counterName(k) }))
        .join(t('cards.sep')),
    );
  return t('cards.label', { parts: parts.join(t('cards.sep')), rules: rulesFor(def).join(' ') });
}
