/**
 * The roster being built with its side deck (PR-22: up to 10 more cards to swap in between the games of a best
 * of three), and what adding or removing a card does to them. Pure: the page keeps a Draft in React state.
 * Legality is never decided here (validateRoster's and validateSideDeck's problems are); this only says which
 * Leader becomes the Centre when the Centre's card goes, so the page can say so before it happens.
 */
import { cardName } from '../../game/labels';
import { language } from '../../i18n';
import { validateRoster, validateSideDeck, type CardDef, type SideDeckProblem } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { encodeDeckCode } from '../../../../../packages/engine/src/deck/deck-code';

export interface Draft {
  /** The saved deck's id on the server; null until saved. */
  id: string | null;
  name: string;
  centre: string;
  cards: string[];
  /** The side deck's cards (empty: none; the code is then a v1 code, as before side decks). */
  side: string[];
}

/** Where a card chosen in the gallery goes. */
export type Target = 'roster' | 'side';

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

/** Adds one copy to the side deck. Whether it may be there is validateSideDeck's to say (a token never may). */
export function addSide(d: Draft, def: CardDef): Draft {
  return { ...d, side: [...d.side, def.id] };
}

/** Removes one copy from the side deck (the last one added). */
export function removeSide(d: Draft, id: string): Draft {
  const i = d.side.lastIndexOf(id);
  if (i < 0) return d;
  return { ...d, side: [...d.side.slice(0, i), ...d.side.slice(i + 1)] };
}

/** The side deck's problems, the engine's: its size, tokens, and the rarity limits over roster and side deck together. */
export const sideProblems = (d: Pick<Draft, 'centre' | 'cards' | 'side'>): SideDeckProblem[] =>
  validateSideDeck({ centre: d.centre, cards: d.cards }, d.side, cardPool);

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

/** The draft as a deck list: a roster without a side deck encodes as the v1 code it always had. */
const deckList = (d: Draft) => ({ centre: d.centre, cards: d.cards, side: d.side });

/**
 * A legal roster's deck code (what Export gives), v2 with its side deck when it has one; null while the engine
 * finds a problem with the roster or the side deck.
 */
export function legalCode(d: Draft): string | null {
  try {
    return d.centre && validateRoster({ centre: d.centre, cards: d.cards }, cardPool).length === 0 && sideProblems(d).length === 0
      ? encodeDeckCode(deckList(d), cardPool)
      : null;
  } catch {
    return null;
  }
}

/** Any roster with a Centre among its cards has a code, legal or not, with its side deck: that is what the server keeps. */
export function anyCode(d: Draft): string | null {
  try {
    return d.centre ? encodeDeckCode(deckList(d), cardPool) : null;
  } catch {
    return null;
  }
}
