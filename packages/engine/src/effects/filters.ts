/** Card filters from card data (targets, counts, costs), read against current ATK and keywords. */
import type { CardFilter } from '../cards/schema.js';
import type { CardInstance, GameState } from '../core/types.js';
import { matchesFilterBy, matchesPrintedFilter } from './printed-filter.js';
import { statsOf } from './stats.js';

/** `live` false reads printed values (printed-filter.ts: what auras and conditions use). */
export function matchesFilter(s: GameState, c: CardInstance, f: CardFilter | undefined, sourceId: string | null, live = true): boolean {
  return live ? matchesFilterBy(s, c, f, sourceId, statsOf) : matchesPrintedFilter(s, c, f, sourceId);
}
