/**
 * Events seen by one viewer. A card moving between hidden zones shows no id or definition; a card entering a
 * hidden zone hides its new id from everyone but its owner (hand) or everyone (roster), so no viewer can
 * follow a hidden card (RUL-ZONE-6).
 */
import type { GameEvent } from '../core/events.js';
import type { CardLocation, ManagerId } from '../core/types.js';
import type { Viewer } from './projection.js';

function visibleTo(loc: CardLocation, owner: ManagerId, viewer: Viewer): boolean {
  if (loc === 'roster') return false;
  if (loc === 'hand') return viewer === owner;
  return true;
}

export function projectEvent(e: GameEvent, viewer: Viewer): GameEvent | null {
  if ((e.t === 'move' || e.t === 'shuffle') && e.secret && e.secret !== viewer) return null;
  switch (e.t) {
    case 'move': {
      const from = visibleTo(e.from, e.owner, viewer);
      const to = visibleTo(e.to, e.owner, viewer);
      if (from && to) return e;
      return { ...e, card: from ? e.card : '', newId: to ? e.newId : '', def: from || to ? e.def : '' };
    }
    case 'choice':
      // Which option was picked (e.g. "take nothing" after a roster search) would tell how many cards matched.
      return viewer === e.manager ? e : { t: e.t, manager: e.manager };
    case 'mulligan-decided':
      // RUL-SETUP-2: others learn only that a decision was made; the state reveals it once both have decided.
      return viewer === e.manager ? e : { t: e.t, manager: e.manager };
    default:
      return e;
  }
}

export function projectEvents(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  const out: GameEvent[] = [];
  for (const e of events) {
    const p = projectEvent(e, viewer);
    if (p) out.push(p);
  }
  return out;
}
