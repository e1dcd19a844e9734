/**
 * The roster being built, and what adding or removing a card does to it. Pure: the page keeps a Draft in
 * React state. Legality is never decided here (validateRoster's problems are); this only says which Leader
 * becomes the Centre when the Centre's card goes, so the page can say so before it happens.
 */
import { cardName } from '../../game/labels';
import { language } from '../../i18n';
import { validateRoster, type CardDef } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { encodeDeckCode } from '../../../../../packages/engine/src/deck/deck-code';

export interface Draft {
  /** The saved deck's id on the server; null until saved. */
  id: string | null;
  name: string;
  centre: string;
  cards: string[];
}

export const isLeader = (id: string): boolean => cardPool[id]?.types.includes('leader') ?? false;

/** Adds one copy; the first Leader of a roster without a Centre becomes its Centre. */
export function addCard(d: Draft, def: CardDef): Draft {
  return { ...d, cards: [...d.cards, def.id], centre: d.centre || (def.types.includes('leader') ? def.id : '') };
}

/**
 * What removing one copy of `id` would do to the Centre: null when the Centre stays; otherwise the Leader
 * that takes its place ('' when no Leader is left).
 */
export function centreAfterRemoving(d: Draft, id: string): { next: string } | null {
  if (id !== d.centre || d.cards.filter((c) => c === id).length > 1) return null;
  const i = d.cards.lastIndexOf(id);
  if (i < 0) return null;
  return { next: d.cards.find((c, j) => j !== i && c !== id && isLeader(c)) ?? '' };
}

/** Removes one copy (the last one added); when the Centre's last copy goes, the next Leader is the Centre. */
export function removeCard(d: Draft, id: string): Draft {
  const i = d.cards.lastIndexOf(id);
  if (i < 0) return d;
  const change = centreAfterRemoving(d, id);
  return { ...d, cards: [...d.cards.slice(0, i), ...d.cards.slice(i + 1)], centre: change ? change.next : d.centre };
}

/** Distinct cards with their counts, by cost then name: the roster list's lines. */
export function rosterLines(cards: readonly string[]): { id: string; def: CardDef | undefined; n: number }[] {
  const counts = new Map<string, number>();
  for (const id of cards) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()]
    .map(([id, n]) => ({ id, def: cardPool[id], n }))
    .sort(
      (a, b) =>
        (a.def?.cost ?? 0) - (b.def?.cost ?? 0) ||
        (a.def ? cardName(a.def) : a.id).localeCompare(b.def ? cardName(b.def) : b.id, language()) ||
        a.id.localeCompare(b.id),
    );
}

/** A legal roster's deck code (what Export gives); null while the engine finds a problem. */
export function legalCode(d: Draft): string | null {
  try {
    return d.centre && validateRoster({ centre: d.centre, cards: d.cards }, cardPool).length === 0
      ? encodeDeckCode({ centre: d.centre, cards: d.cards }, cardPool)
      : null;
  } catch {
    return null;
  }
}

/** Any roster with a Centre among its cards has a code, legal or not: that is what the server keeps. */
export function anyCode(d: Draft): string | null {
  try {
    return d.centre ? encodeDeckCode({ centre: d.centre, cards: d.cards }, cardPool) : null;
  } catch {
    return null;
  }
}
