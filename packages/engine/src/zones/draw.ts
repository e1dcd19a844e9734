/** Drawing and sending from the roster, with escalating deck-out (RUL-TURN-2). */
import { emit, type Ctx } from '../core/context.js';
import { managerOf, type ManagerId } from '../core/types.js';
import { loseSanity } from '../end/sanity.js';
import { moveCard } from './move.js';
import { managerW } from '../core/own.js';

/** RUL-TURN-2: each missing card costs one more sanity than the last, per manager, never reset. */
export function deckOut(ctx: Ctx, m: ManagerId): void {
  const ms = managerW(ctx.s, m);
  ms.deckOuts += 1;
  emit(ctx, { t: 'deck-out', manager: m, amount: ms.deckOuts });
  loseSanity(ctx, m, ms.deckOuts, 'deck-out');
}

/** Moves the top n cards of a roster, one at a time; each missing card is a deck-out instead. */
function takeFromRoster(ctx: Ctx, m: ManagerId, n: number, to: 'hand' | 'graduation'): void {
  for (let i = 0; i < n; i++) {
    // Read again each time: a move may have copied the manager (core/own.ts).
    const roster = managerOf(ctx.s, m).roster;
    // Checked by length: reading index -1 of an empty array is a slow keyed lookup.
    if (roster.length === 0) deckOut(ctx, m);
    else moveCard(ctx, roster[roster.length - 1]!, to);
  }
}

export function drawCards(ctx: Ctx, m: ManagerId, n: number): void {
  takeFromRoster(ctx, m, n, 'hand');
}

export function sendFromRoster(ctx: Ctx, m: ManagerId, n: number): void {
  takeFromRoster(ctx, m, n, 'graduation');
}
