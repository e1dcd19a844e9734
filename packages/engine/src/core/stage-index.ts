/**
 * Which cards on stage carry static abilities or end conditions. Every card that enters the stage gets a
 * fresh id, which bumps s.nextId, so the index is cached per state object until nextId moves. Entries whose
 * card has since left the stage (a token leaving does not bump nextId) are skipped by callers via `live`.
 */
import { meta, type EndCondition, type StaticAbility } from '../cards/def-meta.js';
import type { CardInstance, GameState } from './types.js';

export interface StageIndex {
  statics: { id: string; ability: StaticAbility }[];
  ends: { id: string; ability: EndCondition }[];
}

const cache = new WeakMap<GameState, { at: number; index: StageIndex }>();

export function stageIndex(s: GameState): StageIndex {
  const hit = cache.get(s);
  if (hit && hit.at === s.nextId) return hit.index;
  const index: StageIndex = { statics: [], ends: [] };
  for (const m of ['A', 'B'] as const) {
    const ms = s.managers[m];
    for (const list of [ms.centre, ms.main])
      for (const id of list) {
        const mt = meta(s.defs[s.cards[id]!.def]!);
        for (const ability of mt.statics) index.statics.push({ id, ability });
        for (const ability of mt.endConditions) index.ends.push({ id, ability });
      }
  }
  cache.set(s, { at: s.nextId, index });
  return index;
}

/** The card behind an index entry, if it is still on stage. */
export function live(s: GameState, id: string): CardInstance | null {
  const c = s.cards[id];
  return c && (c.zone === 'main' || c.zone === 'centre') ? c : null;
}
