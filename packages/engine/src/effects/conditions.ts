/** Conditions written on cards ("if you have...", win/loss conditions), from the controller's side. */
import type { Condition } from '../cards/schema.js';
import { stageOf } from '../core/query.js';
import { managerOf, other, type GameState, type ManagerId } from '../core/types.js';
import { matchesPrintedFilter } from './printed-filter.js';
import { countersOf } from '../zones/counters.js';

/** RUL-ZONE-2: a card on Hiatus is only ever counted by the 'hiatus' zone, never as roster, hand or stage. */
function zoneIds(s: GameState, m: ManagerId, zone: string): string[] {
  const ms = managerOf(s, m);
  switch (zone) {
    case 'stage':
      return stageOf(s, m);
    case 'hand':
      return ms.hand;
    case 'graduation':
      return ms.graduation;
    case 'roster':
      return ms.roster;
    case 'star-pool':
      return ms.starPool;
    default:
      return ms.hiatus;
  }
}

export function evalCondition(s: GameState, c: Condition, you: ManagerId, sourceId: string | null): boolean {
  switch (c.kind) {
    case 'sanity': {
      const v = managerOf(s, c.who === 'you' ? you : other(you)).sanity;
      return (c.atMost === undefined || v <= c.atMost) && (c.atLeast === undefined || v >= c.atLeast);
    }
    case 'count': {
      const sides: ManagerId[] = c.side === 'any' ? ['A', 'B'] : [c.side === 'you' ? you : other(you)];
      let n = 0;
      for (const m of sides) for (const id of zoneIds(s, m, c.zone)) if (matchesPrintedFilter(s, s.cards[id]!, c.filter, sourceId)) n++;
      return (c.atLeast === undefined || n >= c.atLeast) && (c.atMost === undefined || n <= c.atMost);
    }
    case 'counters': {
      const src = sourceId ? s.cards[sourceId] : undefined;
      return !!src && countersOf(src, c.counter) >= c.atLeast;
    }
    case 'turn':
      return (s.active === you) === (c.whose === 'yours');
    case 'turn-order':
      // Before the turn order is chosen nobody has gone first or second.
      return s.first !== null && (s.first === you) === (c.you === 'first');
    case 'all':
      return c.of.every((x) => evalCondition(s, x, you, sourceId));
    case 'not':
      return !evalCondition(s, c.of, you, sourceId);
  }
}
