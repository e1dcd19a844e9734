/** Small read-only lookups shared by every rules section. */
import type { CardDef } from '../cards/schema.js';
import { meta } from '../cards/def-meta.js';
import { uniformDef } from '../cards/def-shape.js';
import { managerOf, type CardInstance, type GameState, type ManagerId } from './types.js';

export function card(s: GameState, id: string): CardInstance | undefined {
  return s.cards[id];
}

/**
 * Each state's definitions in the one layout they are read in (cards/def-shape.ts), by id. Kept per
 * definitions object, with the last one asked about in front (a game's states all share theirs), so reading a
 * definition costs one keyed read, as reading `s.defs` did. Definitions are fixed at setup; an id added to
 * `s.defs` later is still found (through the fallback), but replacing a definition in place is not seen.
 */
const tables = new WeakMap<Record<string, CardDef>, Record<string, CardDef>>();
let lastDefs: Record<string, CardDef> | null = null;
let lastTable: Record<string, CardDef> = {};

function uniformTable(defs: Record<string, CardDef>): Record<string, CardDef> {
  if (defs === lastDefs) return lastTable;
  let t = tables.get(defs);
  if (!t) {
    t = {};
    for (const id of Object.keys(defs)) t[id] = uniformDef(defs[id]!);
    tables.set(defs, t);
  }
  lastDefs = defs;
  lastTable = t;
  return t;
}

/** The definition with this id (the match has it: createGame collects every definition it needs). */
export function defById(s: GameState, id: string): CardDef {
  const t = uniformTable(s.defs);
  return t[id] ?? (t[id] = uniformDef(s.defs[id]!));
}

/** A card's definition, in the one layout every definition is read in. */
export function defOf(s: GameState, c: CardInstance): CardDef {
  return defById(s, c.def);
}

/** Leaders are characters (rules text: "Leaders are Characters with special rulings"). */
export function isCharacterDef(d: CardDef): boolean {
  return meta(d).character;
}

export function isLeaderDef(d: CardDef): boolean {
  return meta(d).leader;
}

export function onStage(c: CardInstance): boolean {
  return c.zone === 'main' || c.zone === 'centre';
}

/** Every card on one manager's stage, Centre Stage first. */
export function stageOf(s: GameState, m: ManagerId): string[] {
  const ms = managerOf(s, m);
  return ms.centre.length ? ms.centre.concat(ms.main) : ms.main;
}

export function isCharacterOnStage(s: GameState, id: string): boolean {
  const c = s.cards[id];
  return !!c && onStage(c) && isCharacterDef(defById(s, c.def));
}

export function charactersOf(s: GameState, m: ManagerId): string[] {
  const ms = managerOf(s, m);
  const out: string[] = [];
  for (const id of ms.centre) if (meta(defById(s, s.cards[id]!.def)).character) out.push(id);
  for (const id of ms.main) if (meta(defById(s, s.cards[id]!.def)).character) out.push(id);
  return out;
}

/** Calls fn for every card on both stages (A's Centre, A's Main, B's Centre, B's Main) without allocating. */
export function forEachOnStage(s: GameState, fn: (id: string) => void): void {
  const { A, B } = s.managers;
  for (const id of A.centre) fn(id);
  for (const id of A.main) fn(id);
  for (const id of B.centre) fn(id);
  for (const id of B.main) fn(id);
}
