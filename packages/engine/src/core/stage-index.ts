/**
 * Which cards on stage carry static abilities or end conditions. Every card that enters the stage gets a
 * fresh id, so the index is cached per state object for as long as the same ids stand in the same places:
 * each call checks that (a walk of the stage's ids), so nothing that changes the stage has to say so.
 * Callers still check entries with `live`.
 */
import { meta, type EndCondition, type StaticAbility } from '../cards/def-meta.js';
import { managerOf, type CardInstance, type GameState } from './types.js';
import { defById } from './query.js';

export interface StageIndex {
  statics: { id: string; ability: StaticAbility }[];
  ends: { id: string; ability: EndCondition }[];
  /** Whether any of those statics lowers HP (whatever its condition). */
  lowersHp: boolean;
  /** Whether none of those statics has a condition (then the auras they give depend on the stage alone). */
  unconditional: boolean;
  /** Each seat's stage cards (A's, then B's; Centre, then Main) that have activated abilities. */
  activators: [string[], string[]];
  /** Room for effects/stats.ts to keep those auras with the index they came from. */
  auras?: unknown;
}

interface Entry {
  ids: string[];
  index: StageIndex;
}

const cache = new WeakMap<GameState, Entry>();

/** The stage's card ids in a fixed order (A's centre, A's main, B's centre, B's main), with list separators. */
function sameStage(s: GameState, ids: readonly string[]): boolean {
  const { A, B } = s.managers;
  let k = 0;
  for (let i = 0; i < A.centre.length; i++) if (ids[k++] !== A.centre[i]) return false;
  if (ids[k++] !== '|') return false;
  for (let i = 0; i < A.main.length; i++) if (ids[k++] !== A.main[i]) return false;
  if (ids[k++] !== '|') return false;
  for (let i = 0; i < B.centre.length; i++) if (ids[k++] !== B.centre[i]) return false;
  if (ids[k++] !== '|') return false;
  for (let i = 0; i < B.main.length; i++) if (ids[k++] !== B.main[i]) return false;
  if (ids[k++] !== '|') return false;
  return k === ids.length;
}

/** The last state asked about, in front of the WeakMap (a step or a listing asks several times in a row). */
let frontState: GameState | null = null;
let frontEntry: Entry | undefined;
/**
 * The card dictionary the front entry was built from. Kept here, not in the entries: an entry that held its
 * dictionary (and through it every card record) kept the search's short-lived forks alive past a young
 * collection, and the promoted garbage cost the search a tenth of its time.
 */
let frontCards: GameState['cards'] | null = null;

export function stageIndex(s: GameState): StageIndex {
  // A state that shares its card dictionary with the last one asked about (copy-on-write: the door's next
  // state, when the action wrote no card) has the same records under the same ids: its index is the same.
  const hit = s === frontState ? frontEntry : (cache.get(s) ?? (frontCards === s.cards ? frontEntry : undefined));
  // Ids are fresh on every zone change, so the same ids in the same places mean the same cards on stage.
  if (hit && sameStage(s, hit.ids)) {
    frontState = s;
    frontEntry = hit;
    frontCards = s.cards;
    return hit.index;
  }
  const index: StageIndex = { statics: [], ends: [], lowersHp: false, unconditional: true, activators: [[], []] };
  const ids: string[] = [];
  for (const m of ['A', 'B'] as const) {
    const ms = managerOf(s, m);
    for (const list of [ms.centre, ms.main]) {
      for (const id of list) {
        ids.push(id);
        const mt = meta(defById(s, s.cards[id]!.def));
        for (const ability of mt.statics) {
          index.statics.push({ id, ability });
          if (ability.effect.kind === 'stats' && (ability.effect.hp ?? 0) < 0) index.lowersHp = true;
          if (ability.condition) index.unconditional = false;
        }
        for (const ability of mt.endConditions) index.ends.push({ id, ability });
        if (mt.activated.length) index.activators[m === 'A' ? 0 : 1].push(id);
      }
      ids.push('|');
    }
  }
  const entry: Entry = { ids, index };
  cache.set(s, entry);
  frontState = s;
  frontEntry = entry;
  frontCards = s.cards;
  return index;
}

/** The card behind an index entry, if it is still on stage. */
export function live(s: GameState, id: string): CardInstance | null {
  const c = s.cards[id];
  return c && (c.zone === 'main' || c.zone === 'centre') ? c : null;
}
