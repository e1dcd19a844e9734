/**
 * Roster construction (RUL-DECK-1..4). One function shared by the engine, the server and the web app; it
 * returns every problem, each with a specific message.
 */
import type { CardDef } from '../cards/schema.js';
import { COPY_LIMIT, R_TOTAL, SR_LEADER_TOTAL, SR_TOTAL, rarityTotals, tallyByName } from './limits.js';

export interface RosterProblem {
  rule: 'RUL-DECK-1' | 'RUL-DECK-2' | 'RUL-DECK-3' | 'RUL-DECK-4' | 'RUL-SETUP-1' | 'unknown-card';
  message: string;
  /** The same problem as data, for interfaces that word it in another language (names are card names). */
  say: RosterProblemSay;
}

export type RosterProblemSay =
  | { key: 'unknown-card'; card: string }
  | { key: 'size'; size: number; count: number }
  | { key: 'no-leader' }
  | { key: 'token'; name: string }
  | { key: 'centre'; card: string }
  | { key: 'sr-and-ssr'; name: string }
  | { key: 'copies'; name: string; count: number; rarity: 'C' | 'U' | 'R' | 'SR'; leader: boolean; limit: number }
  | { key: 'r-total'; count: number }
  | { key: 'sr-total'; count: number }
  | { key: 'sr-leader-total'; count: number };

export interface Roster {
  centre: string;
  cards: string[];
}

export const ROSTER_SIZE = 30;

export type CardLookup = (id: string) => CardDef | undefined;

export function lookupFrom(pool: Record<string, CardDef> | readonly CardDef[]): CardLookup {
  if (Array.isArray(pool)) {
    const m = new Map(pool.map((c) => [c.id, c] as const));
    return (id) => m.get(id);
  }
  const rec = pool as Record<string, CardDef>;
  return (id) => (Object.prototype.hasOwnProperty.call(rec, id) ? rec[id] : undefined);
}

export function validateRoster(roster: Roster, pool: CardLookup | Record<string, CardDef> | readonly CardDef[]): RosterProblem[] {
  const get = typeof pool === 'function' ? pool : lookupFrom(pool);
  const out: RosterProblem[] = [];
  const defs: CardDef[] = [];
  for (const id of roster.cards) {
    const d = get(id);
    if (!d) out.push({ rule: 'unknown-card', message: `Unknown card '${id}'`, say: { key: 'unknown-card', card: id } });
    else defs.push(d);
  }
  if (roster.cards.length !== ROSTER_SIZE)
    out.push({
      rule: 'RUL-DECK-1',
      message: `A roster has exactly ${ROSTER_SIZE} cards, the Centre included; this one has ${roster.cards.length}`,
      say: { key: 'size', size: ROSTER_SIZE, count: roster.cards.length },
    });
  if (!defs.some((d) => d.types.includes('leader')))
    out.push({ rule: 'RUL-DECK-1', message: 'A roster must contain at least one Leader', say: { key: 'no-leader' } });
  for (const d of defs)
    if (d.token) out.push({ rule: 'RUL-DECK-4', message: `'${d.name}' is a token and can never be put in a roster`, say: { key: 'token', name: d.name } });
  const centre = get(roster.centre);
  if (!roster.cards.includes(roster.centre) || !centre || !centre.types.includes('leader'))
    out.push({
      rule: 'RUL-SETUP-1',
      message: `The Centre must be a Leader in the roster ('${roster.centre}' is not)`,
      say: { key: 'centre', card: roster.centre },
    });

  // Copies by name: an SSR shares its SR card's name and limit (RUL-DECK-3).
  const byName = tallyByName(defs);
  for (const [name, e] of byName) {
    const limit = COPY_LIMIT[e.rarity]!;
    if (e.count > limit) {
      const kind = e.rarity === 'SR' ? (e.leader ? 'SR leader cards allow' : 'SR cards allow') : `${e.rarity} cards allow`;
      const rule = e.rarity === 'SR' && e.ids.size > 1 ? 'RUL-DECK-3' : 'RUL-DECK-2';
      out.push({
        rule,
        message:
          rule === 'RUL-DECK-3'
            ? `'${name}' appears as both SR and SSR; an SSR counts as its SR card, so at most 1 in all`
            : `'${name}' has ${e.count} copies; ${kind} at most ${limit}`,
        say: rule === 'RUL-DECK-3' ? { key: 'sr-and-ssr', name } : { key: 'copies', name, count: e.count, rarity: e.rarity, leader: e.leader, limit },
      });
    }
  }
  const { r: rTotal, sr: srTotal, srLeader: srLeaderTotal } = rarityTotals(byName);
  if (rTotal > R_TOTAL)
    out.push({ rule: 'RUL-DECK-2', message: `A roster may hold at most 10 R cards; this one has ${rTotal}`, say: { key: 'r-total', count: rTotal } });
  if (srTotal > SR_TOTAL)
    out.push({
      rule: 'RUL-DECK-2',
      message: `A roster may hold at most 1 SR non-leader card; this one has ${srTotal}`,
      say: { key: 'sr-total', count: srTotal },
    });
  if (srLeaderTotal > SR_LEADER_TOTAL)
    out.push({
      rule: 'RUL-DECK-2',
      message: `A roster may hold at most 2 SR leader cards; this one has ${srLeaderTotal}`,
      say: { key: 'sr-leader-total', count: srLeaderTotal },
    });
  return out;
}
