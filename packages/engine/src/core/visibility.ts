/**
 * What a manager (or a spectator) can see of the cards, in one place (RUL-ZONE-6). The projection
 * (view/projection.ts) shows exactly these cards; the door's refusals use the same answer, so that naming
 * a card one cannot see is answered as naming a card that does not exist.
 *
 * Visible: every card on stage, in a Backstage, Star Pool, Graduation Zone or Hiatus, and highlights whose
 * item is on the stack (all public); one's own hand. Hidden: the other manager's hand, and every roster, one's own
 * included (its order is hidden from its owner too, and a roster card's id would tell where it lies),
 * except the roster cards a pending search or look-at-top shows its own chooser.
 */
import type { CardInstance, GameState, ManagerId } from './types.js';

export function cardVisibleTo(s: GameState, viewer: ManagerId | 'spectator', c: CardInstance): boolean {
  const z = c.zone;
  if (z === 'hand') return c.owner === viewer;
  if (z === 'roster') return shownByChoice(s, viewer, c.id);
  // A highlight is shown with its stack item; while its effects finish after the item has left the stack
  // (a pending choice mid-resolution) the projection shows it nowhere, so it is not visible here either.
  if (z === 'stack') return onStack(s, c.id);
  return true;
}

function onStack(s: GameState, id: string): boolean {
  for (const i of s.stack) if (i.source === id) return true;
  return false;
}

/** Whether the card with this id exists and the viewer can see it; a stale or never-issued id is not. */
export function visibleTo(s: GameState, viewer: ManagerId | 'spectator', id: string): boolean {
  const c = s.cards[id];
  return c !== undefined && cardVisibleTo(s, viewer, c);
}

/** The roster cards a pending choice shows its chooser (the options' `cards`, and what each takes). */
function shownByChoice(s: GameState, viewer: ManagerId | 'spectator', id: string): boolean {
  const p = s.pending;
  if (p === null || p.kind !== 'choice' || p.manager !== viewer) return false;
  for (const o of p.options) if (o.take === id || (o.cards !== undefined && o.cards.includes(id))) return true;
  return false;
}
