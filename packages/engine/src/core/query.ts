/** Small read-only lookups shared by every rules section. */
import type { CardDef } from '../cards/schema.js';
import { meta } from '../cards/def-meta.js';
import type { CardInstance, GameState, ManagerId } from './types.js';

export function card(s: GameState, id: string): CardInstance | undefined {
  return s.cards[id];
}

export function defOf(s: GameState, c: CardInstance): CardDef {
  return s.defs[c.def]!;
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
  const ms = s.managers[m];
  return ms.centre.length ? ms.centre.concat(ms.main) : ms.main;
}

export function isCharacterOnStage(s: GameState, id: string): boolean {
  const c = s.cards[id];
  return !!c && onStage(c) && isCharacterDef(s.defs[c.def]!);
}

export function charactersOf(s: GameState, m: ManagerId): string[] {
  const ms = s.managers[m];
  const out: string[] = [];
  for (const id of ms.centre) if (meta(s.defs[s.cards[id]!.def]!).character) out.push(id);
  for (const id of ms.main) if (meta(s.defs[s.cards[id]!.def]!).character) out.push(id);
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
