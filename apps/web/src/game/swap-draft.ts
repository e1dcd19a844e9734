/**
 * A side-deck swap being chosen between two games of a best-of-three (PR-22), as MTG Arena shows it: the roster and
 * the side deck as the swap would leave them; a click on a card moves one copy to the other list (a card the
 * swap moved there goes back first). Pure: the panel (ui/series/sideboard-panel.tsx) keeps the draft in state and
 * the engine's `validateSwap` alone judges it; nothing here decides whether a swap is legal. The only thing held
 * back is the Centre's last copy, which the panel marks and never offers to move.
 */
import type { Swap } from '@vroyale/engine';

/** The manager's deck as it stands (`SeriesState.yours`). */
export interface SideDeckHand {
  centre: string;
  cards: readonly string[];
  side: readonly string[];
}

export const NO_SWAP: Swap = { out: [], in: [] };

function tally(ids: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

function dropOne(ids: readonly string[], id: string): string[] {
  const i = ids.lastIndexOf(id);
  return i < 0 ? [...ids] : [...ids.slice(0, i), ...ids.slice(i + 1)];
}

/** How many copies of `id` the roster holds after the draft. */
export function inRoster(deck: SideDeckHand, d: Swap, id: string): number {
  const n = (ids: readonly string[]) => ids.filter((x) => x === id).length;
  return n(deck.cards) - n(d.out) + n(d.in);
}

/** How many copies of `id` the side deck holds after the draft. */
export function inSide(deck: SideDeckHand, d: Swap, id: string): number {
  const n = (ids: readonly string[]) => ids.filter((x) => x === id).length;
  return n(deck.side) - n(d.in) + n(d.out);
}

/** Whether one copy of `id` may be clicked out of the roster (never the Centre's last copy). */
export const canTakeOut = (deck: SideDeckHand, d: Swap, id: string): boolean => inRoster(deck, d, id) > (id === deck.centre ? 1 : 0);

/** A click on a roster card: one copy goes to the side deck (a card brought in by this draft goes back). */
export function toSide(deck: SideDeckHand, d: Swap, id: string): Swap {
  if (!canTakeOut(deck, d, id)) return d;
  if (d.in.includes(id)) return { out: d.out, in: dropOne(d.in, id) };
  return { out: [...d.out, id], in: d.in };
}

/** A click on a side-deck card: one copy comes into the roster (a card taken out by this draft comes back). */
export function toRoster(deck: SideDeckHand, d: Swap, id: string): Swap {
  if (inSide(deck, d, id) <= 0) return d;
  if (d.out.includes(id)) return { out: dropOne(d.out, id), in: d.in };
  return { out: d.out, in: [...d.in, id] };
}

export interface SwapLine {
  id: string;
  /** Copies in this list after the draft. */
  n: number;
  /** Of those, how many the draft moved here (brought in, or taken out into the side deck). */
  moved: number;
  /** Copies the draft took away from this list (shown struck through: "1 going out"). */
  leaving: number;
}

/**
 * Both lists as the draft leaves them, one line per card: every card the deck had or has in that list (a card
 * whose every copy moved away stays as a line with n 0, so it can be clicked back), in `order`.
 */
export function swapLines(deck: SideDeckHand, d: Swap, order: (a: string, b: string) => number = () => 0): { roster: SwapLine[]; side: SwapLine[] } {
  const outs = tally(d.out);
  const ins = tally(d.in);
  const lines = (base: readonly string[], arriving: Map<string, number>, leavingBy: Map<string, number>) => {
    const ids = [...new Set([...base, ...arriving.keys()])].sort(order);
    const had = tally(base);
    return ids.map((id) => {
      const moved = arriving.get(id) ?? 0;
      const leaving = leavingBy.get(id) ?? 0;
      return { id, n: (had.get(id) ?? 0) - leaving + moved, moved, leaving };
    });
  };
  return { roster: lines(deck.cards, ins, outs), side: lines(deck.side, outs, ins) };
}

/** The draft's size: cards taken out and brought in (one for one once it is even). */
export const swapCounts = (d: Swap): { out: number; in: number } => ({ out: d.out.length, in: d.in.length });
