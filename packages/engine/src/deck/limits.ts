/**
 * The rarity limits of RUL-DECK-2 and RUL-DECK-3, counted once for the roster (validate-roster.ts) and for a
 * roster with its side deck (side-deck.ts, PR-22): copies per name, and totals per rarity class.
 */
import type { CardDef } from '../cards/schema.js';

export type LimitRarity = 'C' | 'U' | 'R' | 'SR';
export const COPY_LIMIT: Record<LimitRarity, number> = { C: 3, U: 2, R: 2, SR: 1 };
export const R_TOTAL = 10;
export const SR_TOTAL = 1;
export const SR_LEADER_TOTAL = 2;

/** SSR cards count as the SR card they vary (RUL-DECK-3). */
export function effectiveRarity(d: CardDef): LimitRarity {
  return d.rarity === 'SSR' ? 'SR' : d.rarity;
}

export interface NameTally {
  count: number;
  rarity: LimitRarity;
  leader: boolean;
  ids: Set<string>;
}

/** Copies by name (tokens left out: RUL-DECK-4 refuses them on their own). */
export function tallyByName(defs: readonly CardDef[]): Map<string, NameTally> {
  const byName = new Map<string, NameTally>();
  for (const d of defs) {
    if (d.token) continue;
    const e = byName.get(d.name) ?? { count: 0, rarity: effectiveRarity(d), leader: d.types.includes('leader'), ids: new Set<string>() };
    e.count++;
    e.ids.add(d.id);
    byName.set(d.name, e);
  }
  return byName;
}

export interface RarityTotals {
  r: number;
  sr: number;
  srLeader: number;
}

export function rarityTotals(byName: ReadonlyMap<string, NameTally>): RarityTotals {
  const t = { r: 0, sr: 0, srLeader: 0 };
  for (const e of byName.values()) {
    if (e.rarity === 'R') t.r += e.count;
    if (e.rarity === 'SR') e.leader ? (t.srLeader += e.count) : (t.sr += e.count);
  }
  return t;
}
