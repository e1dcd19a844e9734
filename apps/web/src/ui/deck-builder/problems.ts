/**
 * validateRoster's and validateSideDeck's problems as the deck builder shows them: worded
 * (game/roster-words.ts, game/swap-words.ts), tied to the roster or side-deck lines they are about, and, for a
 * card in the gallery, what adding one more copy would break. Nothing here judges a roster or a side deck:
 * every problem is the engine's.
 */
import { validateRoster, validateSideDeck, type CardDef, type RosterProblem, type SideDeckProblem } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { rosterProblemText } from '../../game/roster-words';
import { swapProblemText } from '../../game/swap-words';

export interface RosterNotes {
  /** The roster holds no card: the page explains what a roster is instead of listing problems. */
  empty: boolean;
  /** The problems to list, worded, in the engine's order. */
  lines: string[];
  /** Worded problems by card id: the roster lines they name. */
  byCard: Map<string, string[]>;
}

type Word = (p: RosterProblem) => string;
/** A problem in the interface's words, naming cards as the interface does. */
const byPool: Word = (p) => rosterProblemText(p, cardPool);

/** Card ids among `cards` that a problem names (a name covers an SR card and its SSR alike). */
function namedIds(p: RosterProblem, cards: readonly string[]): string[] {
  const s = p.say;
  if (s.key === 'unknown-card' || s.key === 'centre') return cards.includes(s.card) ? [s.card] : [];
  if (s.key === 'copies' || s.key === 'sr-and-ssr' || s.key === 'token') return [...new Set(cards.filter((id) => cardPool[id]?.name === s.name))];
  return [];
}

export function rosterNotes(cards: readonly string[], problems: readonly RosterProblem[], word: Word = byPool): RosterNotes {
  // Without any Leader the Centre cannot be chosen: "add a Leader" says it all.
  const noLeader = problems.some((p) => p.say.key === 'no-leader');
  const shown = problems.filter((p) => !(noLeader && p.say.key === 'centre'));
  const byCard = new Map<string, string[]>();
  for (const p of shown) for (const id of namedIds(p, cards)) byCard.set(id, [...(byCard.get(id) ?? []), word(p)]);
  return { empty: cards.length === 0, lines: shown.map(word), byCard };
}

/** Problems adding a card can only mend, never cause: the count, a missing Leader or Centre. */
const MENDED_BY_ADDING = new Set<RosterProblem['say']['key']>(['size', 'no-leader', 'centre']);

/**
 * What adding one copy of `def` would break, worded: a problem the engine finds after adding it that it did
 * not find before (a copy count or a total going over, or further over). Null when nothing new breaks.
 */
export function addingBreaks(
  roster: { centre: string; cards: readonly string[] },
  before: readonly RosterProblem[],
  def: CardDef,
  word: Word = byPool,
): string | null {
  const had = new Set(before.map((p) => p.message));
  const after = validateRoster({ centre: roster.centre || (def.types.includes('leader') ? def.id : ''), cards: [...roster.cards, def.id] }, cardPool);
  const fresh = after.find((p) => !MENDED_BY_ADDING.has(p.say.key) && !had.has(p.message));
  return fresh ? word(fresh) : null;
}

/** The side deck's problems, worded as the between-games side-deck panel words them, and by the side-deck lines they name. */
export interface SideNotes {
  lines: string[];
  byCard: Map<string, string[]>;
}

type SideWord = (p: SideDeckProblem) => string;
const sideByPool: SideWord = (p) => swapProblemText(p, cardPool);

/** Card ids among the side deck's cards that a side-deck problem names. */
function sideNamedIds(p: SideDeckProblem, side: readonly string[]): string[] {
  const s = p.say;
  if (s.key === 'unknown-card') return side.includes(s.card) ? [s.card] : [];
  if (s.key === 'side-copies' || s.key === 'side-sr-and-ssr' || s.key === 'side-token') return [...new Set(side.filter((id) => cardPool[id]?.name === s.name))];
  return [];
}

export function sideNotes(side: readonly string[], problems: readonly SideDeckProblem[], word: SideWord = sideByPool): SideNotes {
  const byCard = new Map<string, string[]>();
  for (const p of problems) for (const id of sideNamedIds(p, side)) byCard.set(id, [...(byCard.get(id) ?? []), word(p)]);
  return { lines: problems.map(word), byCard };
}

/**
 * What adding one copy of `def` to the roster or to the side deck would break in the side deck's rules,
 * worded: a side-deck problem the engine finds after adding it that it did not find before (the side deck's
 * size going over, a copy count or a total over roster and side deck together). Null when nothing new breaks.
 */
export function addingBreaksSide(
  deck: { centre: string; cards: readonly string[]; side: readonly string[] },
  before: readonly SideDeckProblem[],
  def: CardDef,
  into: 'roster' | 'side',
  word: SideWord = sideByPool,
): string | null {
  const had = new Set(before.map((p) => p.message));
  const cards = into === 'roster' ? [...deck.cards, def.id] : [...deck.cards];
  const side = into === 'side' ? [...deck.side, def.id] : [...deck.side];
  const after = validateSideDeck({ centre: deck.centre, cards }, side, cardPool);
  const fresh = after.find((p) => !had.has(p.message));
  return fresh ? word(fresh) : null;
}
