/**
 * Card filters read against printed ATK and keywords. Auras and card conditions use this one, so that an aura
 * filtered by keyword cannot depend on itself, and so that `stats.ts` (which evaluates auras) needs no live stats.
 */
import type { CardFilter, Keywords } from '../cards/schema.js';
import { defOf, isCharacterDef } from '../core/query.js';
import type { CardInstance, GameState } from '../core/types.js';

/** What a filter reads beyond the card's printed data: ATK and keywords, printed or current. */
export type FilterStats = (s: GameState, c: CardInstance) => { atk: number; keywords: Keywords };

const printed: FilterStats = (s, c) => {
  const d = defOf(s, c);
  return { atk: d.atk ?? 0, keywords: d.keywords ?? {} };
};

export function matchesPrintedFilter(s: GameState, c: CardInstance, f: CardFilter | undefined, sourceId: string | null): boolean {
  return matchesFilterBy(s, c, f, sourceId, printed);
}

export function matchesFilterBy(s: GameState, c: CardInstance, f: CardFilter | undefined, sourceId: string | null, stats: FilterStats): boolean {
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
    const st = stats(s, c);
    if (f.keyword !== undefined && st.keywords[f.keyword] === undefined) return false;
    if (f.maxAtk !== undefined && st.atk > f.maxAtk) return false;
  }
  return true;
}
