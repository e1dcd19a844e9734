/**
 * Counts shown beside a roster: the cost curve, cards by type and by rarity. Display only: whether a count
 * breaks a rule is read from validateRoster's problems (`overLimits`), never worked out here.
 */
import type { CardDef, CardType, RosterProblem } from '@vroyale/engine';

export const TYPES: readonly CardType[] = ['leader', 'character', 'highlight', 'event', 'asset'];
/** The curve's columns: cost 0 to 5, then 6 and more. */
export const CURVE_COSTS = ['0', '1', '2', '3', '4', '5', '6+'] as const;

/**
 * RUL-DECK-2's totals, printed beside the counts ("R 7/10"). validateRoster decides; stats.test.ts holds
 * these numbers to what it decides.
 */
export const RARITY_LIMITS = { R: 10, SR: 1, srLeader: 2 } as const;

type Lookup = (id: string) => CardDef | undefined;

/** The type a card is drawn and counted as: Leader first (a Leader is also a character on stage). */
export const primaryType = (d: CardDef): CardType => (d.types.includes('leader') ? 'leader' : d.types[0]!);

export type CurveColumn = { cost: (typeof CURVE_COSTS)[number]; total: number } & Record<CardType, number>;

/**
 * The cost curve of the cards one draws: every card but one copy of the Centre, which starts on stage
 * (RUL-SETUP-1). Each column is split by type.
 */
export function costCurve(cards: readonly string[], centre: string, get: Lookup): CurveColumn[] {
  const cols: CurveColumn[] = CURVE_COSTS.map((cost) => ({ cost, total: 0, leader: 0, character: 0, highlight: 0, event: 0, asset: 0 }));
  let centreSkipped = false;
  for (const id of cards) {
    if (id === centre && !centreSkipped) {
      centreSkipped = true;
      continue;
    }
    const d = get(id);
    if (!d) continue;
    const col = cols[Math.min(Math.max(0, d.cost), 6)]!;
    col[primaryType(d)]++;
    col.total++;
  }
  return cols;
}

/** Cards of each type (a card of two types counts in both). */
export function typeCounts(cards: readonly string[], get: Lookup): Record<CardType, number> {
  const out: Record<CardType, number> = { leader: 0, character: 0, highlight: 0, event: 0, asset: 0 };
  for (const id of cards) for (const ty of get(id)?.types ?? []) out[ty]++;
  return out;
}

export interface RarityCounts {
  C: number;
  U: number;
  R: number;
  /** SR and SSR cards other than Leaders (an SSR counts as its SR card, RUL-DECK-3). */
  SR: number;
  /** SR and SSR Leaders. */
  srLeader: number;
}

export function rarityCounts(cards: readonly string[], get: Lookup): RarityCounts {
  const out: RarityCounts = { C: 0, U: 0, R: 0, SR: 0, srLeader: 0 };
  for (const id of cards) {
    const d = get(id);
    if (!d) continue;
    if (d.rarity !== 'SR' && d.rarity !== 'SSR') out[d.rarity]++;
    else if (d.types.includes('leader')) out.srLeader++;
    else out.SR++;
  }
  return out;
}

/** Which counted totals the engine says are over their limit, and whether it misses a Leader. */
export function overLimits(problems: readonly RosterProblem[]): { R: boolean; SR: boolean; srLeader: boolean; leader: boolean } {
  const has = (k: RosterProblem['say']['key']) => problems.some((p) => p.say.key === k);
  return { R: has('r-total'), SR: has('sr-total'), srLeader: has('sr-leader-total'), leader: has('no-leader') };
}
