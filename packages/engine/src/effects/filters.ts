/** Card filters from card data (targets, counts, costs, auras). */
import type { CardFilter } from '../cards/schema.js';
import { defOf, isCharacterDef } from '../core/query.js';
import type { CardInstance, GameState } from '../core/types.js';
import { statsOf } from './stats.js';

/**
 * `live` reads current ATK and keywords; auras pass false (printed values) so that an aura filtered by
 * keyword cannot depend on itself.
 */
export function matchesFilter(s: GameState, c: CardInstance, f: CardFilter | undefined, sourceId: string | null, live = true): boolean {
  if (!f) return true;
  const d = defOf(s, c);
  if (f.types && !f.types.some((t) => d.types.includes(t) || (t === 'character' && isCharacterDef(d)))) return false;
  if (f.nonLeader && d.types.includes('leader')) return false;
  if (f.tilted !== undefined && c.tilted !== f.tilted) return false;
  if (f.maxCost !== undefined && d.cost > f.maxCost) return false;
  if (f.minCost !== undefined && d.cost < f.minCost) return false;
  if (f.name !== undefined && d.name !== f.name) return false;
  if (f.token !== undefined && c.token !== f.token) return false;
  if (f.other && c.id === sourceId) return false;
  if (f.keyword !== undefined || f.maxAtk !== undefined) {
    const st = live ? statsOf(s, c) : { atk: d.atk ?? 0, keywords: d.keywords ?? {} };
    if (f.keyword !== undefined && st.keywords[f.keyword] === undefined) return false;
    if (f.maxAtk !== undefined && st.atk > f.maxAtk) return false;
  }
  return true;
}
