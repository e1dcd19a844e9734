/**
 * Side decks (PR-22, docs/rules.md): a roster may carry up to 10 more cards. Between the games of a match a
 * manager may swap cards one for one between roster and side deck; the roster after the swap must pass every
 * RUL-DECK rule, and the side deck counts with the roster toward the rarity limits (RUL-DECK-2, RUL-DECK-3),
 * so no swap can break them. The Centre stays the Centre for the whole match (its last copy cannot go out).
 * One legality function per decision, shared by the engine, the server and the deck builder; each returns
 * every problem with a specific message and the same as data (`say`) for other languages. Messages name the
 * owner's own cards: they are for the owner only. What the opponent learns is `swapSummary`: a count.
 */
import type { CardDef } from '../cards/schema.js';
import { COPY_LIMIT, R_TOTAL, SR_LEADER_TOTAL, SR_TOTAL, rarityTotals, tallyByName, type LimitRarity } from './limits.js';
import { lookupFrom, validateRoster, type CardLookup, type Roster, type RosterProblem } from './validate-roster.js';

export const SIDE_DECK_MAX = 10;

export interface SideDeckProblem {
  rule: 'PR-22' | 'RUL-DECK-2' | 'RUL-DECK-3' | 'RUL-DECK-4' | 'unknown-card';
  message: string;
  say: SideDeckProblemSay;
}

export type SideDeckProblemSay =
  | { key: 'unknown-card'; card: string }
  | { key: 'side-size'; max: number; count: number }
  | { key: 'side-token'; name: string }
  | { key: 'side-copies'; name: string; count: number; rarity: LimitRarity; leader: boolean; limit: number }
  | { key: 'side-sr-and-ssr'; name: string }
  | { key: 'side-r-total'; count: number }
  | { key: 'side-sr-total'; count: number }
  | { key: 'side-sr-leader-total'; count: number }
  | { key: 'swap-uneven'; out: number; in: number }
  | { key: 'swap-not-in-roster'; name: string; count: number }
  | { key: 'swap-not-in-side'; name: string; count: number }
  | { key: 'swap-same-card'; name: string }
  | { key: 'swap-centre'; name: string };

/** Cards to take out of the roster (into the side deck) and to bring in from the side deck, one for one. */
export interface Swap {
  out: string[];
  in: string[];
}

/** What the opponent is told of a swap: that it happened, and how many cards it exchanged. */
export interface SwapSummary {
  kind: 'side-deck-swap';
  cards: number;
}

type Pool = CardLookup | Record<string, CardDef> | readonly CardDef[];
const lookup = (pool: Pool): CardLookup => (typeof pool === 'function' ? pool : lookupFrom(pool));

function counts(ids: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

/**
 * The side deck's own problems: its size, unknown cards, tokens, and the rarity limits over roster and side
 * deck together. A limit is reported here only when the side deck holds a card it counts (a roster over a
 * limit on its own is `validateRoster`'s to report), so the two lists never say the same thing twice.
 */
export function validateSideDeck(roster: Roster, side: readonly string[], pool: Pool): SideDeckProblem[] {
  const get = lookup(pool);
  const out: SideDeckProblem[] = [];
  if (side.length > SIDE_DECK_MAX)
    out.push({
      rule: 'PR-22',
      message: `A side deck holds at most ${SIDE_DECK_MAX} cards; this one has ${side.length}`,
      say: { key: 'side-size', max: SIDE_DECK_MAX, count: side.length },
    });
  const sideDefs: CardDef[] = [];
  for (const id of side) {
    const d = get(id);
    if (!d) out.push({ rule: 'unknown-card', message: `Unknown card '${id}' in the side deck`, say: { key: 'unknown-card', card: id } });
    else sideDefs.push(d);
  }
  for (const d of new Set(sideDefs))
    if (d.token)
      out.push({ rule: 'RUL-DECK-4', message: `'${d.name}' is a token and can never be put in a side deck`, say: { key: 'side-token', name: d.name } });
  const rosterDefs = roster.cards.map(get).filter((d): d is CardDef => d !== undefined);
  const both = tallyByName([...rosterDefs, ...sideDefs]);
  const inSide = tallyByName(sideDefs);
  for (const [name, e] of both) {
    const limit = COPY_LIMIT[e.rarity];
    if (e.count <= limit || !inSide.has(name)) continue;
    if (e.rarity === 'SR' && e.ids.size > 1)
      out.push({
        rule: 'RUL-DECK-3',
        message: `'${name}' appears as both SR and SSR across the roster and its side deck; an SSR counts as its SR card, so at most 1 in all`,
        say: { key: 'side-sr-and-ssr', name },
      });
    else
      out.push({
        rule: 'RUL-DECK-2',
        message: `'${name}' has ${e.count} copies across the roster and its side deck; ${e.rarity}${e.rarity === 'SR' && e.leader ? ' leader' : ''} cards allow at most ${limit}`,
        say: { key: 'side-copies', name, count: e.count, rarity: e.rarity, leader: e.leader, limit },
      });
  }
  const t = rarityTotals(both);
  const s = rarityTotals(inSide);
  if (t.r > R_TOTAL && s.r > 0)
    out.push({
      rule: 'RUL-DECK-2',
      message: `A roster and its side deck may hold at most ${R_TOTAL} R cards together; these hold ${t.r}`,
      say: { key: 'side-r-total', count: t.r },
    });
  if (t.sr > SR_TOTAL && s.sr > 0)
    out.push({
      rule: 'RUL-DECK-2',
      message: `A roster and its side deck may hold at most ${SR_TOTAL} SR non-leader card together; these hold ${t.sr}`,
      say: { key: 'side-sr-total', count: t.sr },
    });
  if (t.srLeader > SR_LEADER_TOTAL && s.srLeader > 0)
    out.push({
      rule: 'RUL-DECK-2',
      message: `A roster and its side deck may hold at most ${SR_LEADER_TOTAL} SR leader cards together; these hold ${t.srLeader}`,
      say: { key: 'side-sr-leader-total', count: t.srLeader },
    });
  return out;
}

/** The roster and side deck after a swap. Assumes `validateSwap` found nothing; never changes its inputs. */
export function applySwap(roster: Roster, side: readonly string[], swap: Swap): { roster: Roster; side: string[] } {
  const take = (from: readonly string[], ids: readonly string[]) => {
    const left = [...from];
    for (const id of ids) {
      const i = left.lastIndexOf(id);
      if (i >= 0) left.splice(i, 1);
    }
    return left;
  };
  return {
    roster: { centre: roster.centre, cards: [...take(roster.cards, swap.out), ...swap.in] },
    side: [...take(side, swap.in), ...swap.out],
  };
}

/**
 * Whether a swap between games is legal: one for one, only cards the roster and the side deck hold, never the
 * Centre's last copy, and then the roster passes `validateRoster` and the side deck `validateSideDeck`.
 * An empty swap (keep the deck as it is) is legal.
 */
export function validateSwap(roster: Roster, side: readonly string[], swap: Swap, pool: Pool): (SideDeckProblem | RosterProblem)[] {
  const get = lookup(pool);
  const name = (id: string) => get(id)?.name ?? id;
  const out: (SideDeckProblem | RosterProblem)[] = [];
  if (!Array.isArray(swap?.out) || !Array.isArray(swap?.in) || [...swap.out, ...swap.in].some((x) => typeof x !== 'string'))
    return [{ rule: 'PR-22', message: 'A swap lists card ids to take out and to bring in', say: { key: 'swap-uneven', out: 0, in: 0 } }];
  if (swap.out.length !== swap.in.length)
    out.push({
      rule: 'PR-22',
      message: `A swap exchanges cards one for one: ${swap.out.length} out but ${swap.in.length} in`,
      say: { key: 'swap-uneven', out: swap.out.length, in: swap.in.length },
    });
  const outCounts = counts(swap.out);
  const inCounts = counts(swap.in);
  const rosterCounts = counts(roster.cards);
  const sideCounts = counts(side);
  for (const [id, n] of outCounts) {
    const have = rosterCounts.get(id) ?? 0;
    if (n > have)
      out.push({
        rule: 'PR-22',
        message: `The roster holds ${have} '${name(id)}', so ${n} cannot go out`,
        say: { key: 'swap-not-in-roster', name: name(id), count: have },
      });
    if (inCounts.has(id))
      out.push({ rule: 'PR-22', message: `'${name(id)}' is both taken out and brought in`, say: { key: 'swap-same-card', name: name(id) } });
  }
  for (const [id, n] of inCounts) {
    const have = sideCounts.get(id) ?? 0;
    if (n > have)
      out.push({
        rule: 'PR-22',
        message: `The side deck holds ${have} '${name(id)}', so ${n} cannot come in`,
        say: { key: 'swap-not-in-side', name: name(id), count: have },
      });
  }
  if ((outCounts.get(roster.centre) ?? 0) >= (rosterCounts.get(roster.centre) ?? 0) && outCounts.has(roster.centre))
    out.push({
      rule: 'PR-22',
      message: `'${name(roster.centre)}' is the Centre; it stays in the roster for the whole match`,
      say: { key: 'swap-centre', name: name(roster.centre) },
    });
  if (out.length > 0) return out;
  const after = applySwap(roster, side, swap);
  return [...validateRoster(after.roster, get), ...validateSideDeck(after.roster, after.side, get)];
}

/** The public face of a swap: a count, never a card (the opponent learns only that it happened and its size). */
export function swapSummary(swap: Swap): SwapSummary {
  return { kind: 'side-deck-swap', cards: swap.out.length };
}
