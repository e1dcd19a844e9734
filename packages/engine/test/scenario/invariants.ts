/**
 * Bookkeeping every state must satisfy, checked after each accepted step so a scenario also catches an
 * engine that loses or duplicates a card while getting the headline fact right.
 */
import type { GameState } from '../../src/index.js';
import { ZONES } from './refs.js';

const LOCATION = { roster: 'roster', hand: 'hand', centre: 'centre', main: 'main', starPool: 'star-pool', graduation: 'graduation', hiatus: 'hiatus' } as const;

export function invariantProblems(s: GameState): string[] {
  const out: string[] = [];
  const seen = new Map<string, string>();
  const place = (id: string, where: string, zone: string, owner: string | null) => {
    const c = s.cards[id];
    if (!c) return void out.push(`${where} lists ${id}, which is not in state.cards`);
    if (seen.has(id)) out.push(`${id} (${c.def}) is listed in both ${seen.get(id)} and ${where}`);
    seen.set(id, where);
    if (c.zone !== zone) out.push(`${id} (${c.def}) is listed in ${where} but its zone is '${c.zone}'`);
    if (owner && c.owner !== owner) out.push(`${id} (${c.def}) is in ${where} but owned by ${c.owner}`);
    if (c.id !== id) out.push(`${where} lists ${id}, but that card's id field is ${c.id}`);
  };
  for (const m of ['A', 'B'] as const) {
    const ms = s.managers[m];
    for (const z of ZONES) for (const id of ms[z]) place(id, `${m}.${z}`, LOCATION[z], m);
    if (ms.backstage) place(ms.backstage, `${m}.backstage`, 'backstage', m);
  }
  for (const id of s.stackCards) place(id, 'stackCards', 'stack', null);
  for (const id of Object.keys(s.cards)) if (!seen.has(id)) out.push(`card ${id} (${s.cards[id]!.def}) is in no zone list`);
  return out.map((p) => `invariant: ${p}`);
}
