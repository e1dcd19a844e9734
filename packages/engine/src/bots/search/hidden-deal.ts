/**
 * Real determinisations (issue 18 §1): the hidden cards of a determinised copy (determinise.ts makes them
 * unplayable placeholders) dealt as actual cards, drawn only from what the deciding manager may know.
 *
 * What is known: the public lists of decks (`KnownDeck`: the starter rosters, printed in the lobby) and
 * every card of a manager's the view shows (stage, Backstage, Star Pool, Graduation, Hiatus, the stack, and
 * the viewer's own hand). A list (its 30 cards, the Centre among them: RUL-DECK-1) fits a manager when every
 * card they have shown is in it; their Centre, public from the start (RUL-SETUP-1), all but names it. The unseen rest of a fitting list is shuffled and dealt into their hidden
 * hand, then their roster. Where no list fits (a deck built by hand) their cards stay placeholders, as before:
 * the search then guesses nothing rather than guessing wrong.
 *
 * Nothing here reads a game state's hidden cards: the inputs are the view and the public lists, and the deal
 * is drawn from the search's own seeded stream.
 */
import type { GameState, ManagerId } from '../../core/types.js';
import { hiddenHandId, hiddenRosterId } from '../determinise.js';
import type { CardView, GameView } from '../../view/projection.js';
import { cardW, withWrites } from '../../core/own.js';

/** A public deck list: its cards by definition id, the Centre among them. */
export interface KnownDeck {
  cards: readonly string[];
}

/** What a manager's hidden cards may be: the unseen rest of each list that fits what they have shown. */
export interface HiddenCards {
  manager: ManagerId;
  /** Each fitting list's unseen cards (definition ids); one is picked per determinisation. */
  candidates: string[][];
  /** Ids of the placeholder cards in the determinised copy: the hidden hand first, then the roster, top first. */
  slots: string[];
}

function shownBy(view: GameView, m: ManagerId): CardView[] {
  const out: CardView[] = [];
  for (const side of ['A', 'B'] as const) {
    const mv = view.managers[side];
    const zones = [mv.centre, mv.main, mv.starPool, mv.graduation, mv.hiatus, mv.backstage ? [mv.backstage] : [], mv.hand ?? []];
    for (const z of zones) for (const c of z) if (c.owner === m && !c.token) out.push(c);
  }
  for (const item of view.stack) if (item.card && item.card.owner === m && !item.card.token) out.push(item.card);
  // A card can be listed twice (a stack item's card is also its zone's): count each id once.
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}

/** The unseen rest of `deck` once the cards shown are taken out, or null when the deck cannot be theirs. */
function unseenRest(deck: KnownDeck, shown: readonly string[]): string[] | null {
  const left = new Map<string, number>();
  for (const c of deck.cards) left.set(c, (left.get(c) ?? 0) + 1);
  for (const c of shown) {
    const n = left.get(c) ?? 0;
    if (n === 0) return null;
    left.set(c, n - 1);
  }
  const rest: string[] = [];
  for (const [c, n] of left) for (let i = 0; i < n; i++) rest.push(c);
  return rest;
}

/**
 * The managers whose hidden cards can be dealt (a known list fits them), with the placeholder slots of the
 * determinised copy built from the same view (determinise.ts's `hiddenHandId` and `hiddenRosterId`).
 */
export function hiddenCards(view: GameView, decks: readonly KnownDeck[]): HiddenCards[] {
  const out: HiddenCards[] = [];
  for (const m of ['A', 'B'] as const) {
    const mv = view.managers[m];
    const slots = [
      ...(mv.hand ? [] : Array.from({ length: mv.handCount }, (_, i) => hiddenHandId(m, i))),
      ...Array.from({ length: mv.rosterCount }, (_, i) => hiddenRosterId(m, i)),
    ];
    if (slots.length === 0) continue;
    const shown = shownBy(view, m).map((c) => c.def);
    const candidates = decks.map((d) => unseenRest(d, shown)).filter((r): r is string[] => r !== null);
    if (candidates.length > 0) out.push({ manager: m, candidates, slots });
  }
  return out;
}

/**
 * Deals one determinisation into `sim` (a copy made by determinise from the same view, owned by the caller):
 * one fitting list per manager, its unseen cards shuffled into the hidden hand and roster. Slots beyond the
 * unseen cards stay placeholders; unseen cards beyond the slots are left out.
 */
export function dealHidden(sim: GameState, hidden: readonly HiddenCards[], rng: () => number): void {
  withWrites(sim, () => deal(sim, hidden, rng));
}

function deal(sim: GameState, hidden: readonly HiddenCards[], rng: () => number): void {
  for (const h of hidden) {
    const pick = h.candidates[h.candidates.length === 1 ? 0 : Math.floor(rng() * h.candidates.length)]!;
    const deck = pick.slice();
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    const n = Math.min(deck.length, h.slots.length);
    for (let i = 0; i < n; i++) {
      if (sim.cards[h.slots[i]!] && sim.defs[deck[i]!]) cardW(sim, h.slots[i]!).def = deck[i]!;
    }
  }
}
