/**
 * One object layout for every card definition the engine reads. Parsed definitions carry only the fields
 * their card uses, so a pool comes in several layouts (seven in the card set), and each hot read of a
 * definition (cost, stars, types, its meta) had to handle all of them: V8 turned those reads megamorphic,
 * several per cent of a random playout's time. `uniformDef` gives a copy with every schema field present, in
 * the schema's order (absent ones as undefined), made once per definition object and kept on it under a symbol.
 *
 * The copies are for reading only. The state keeps the parsed definitions, so it stays plain JSON (an
 * undefined field is not); nothing stores a copy in the state, a view or an event.
 */
import { CardDef } from './schema.js';

const FIELDS = Object.keys(CardDef.shape) as (keyof CardDef)[];
const UNIFORM = Symbol('vroyale.uniform-def');
type WithUniform = CardDef & { [UNIFORM]?: CardDef };

/** Copies of frozen definitions (a caller may freeze its state, definitions and all), which cannot keep theirs. */
const frozenKept = new WeakMap<CardDef, CardDef>();

export function uniformDef(d: CardDef): CardDef {
  const kept = (d as WithUniform)[UNIFORM] ?? frozenKept.get(d);
  if (kept) return kept;
  const o: Record<string, unknown> = {};
  for (const k of FIELDS) o[k] = d[k];
  // Anything outside the schema (a hand-built definition in a test) comes after the schema's fields.
  for (const k of Object.keys(d)) if (!(k in o)) o[k] = (d as unknown as Record<string, unknown>)[k];
  const u = o as unknown as CardDef;
  Object.defineProperty(u, UNIFORM, { value: u, enumerable: false });
  if (Object.isExtensible(d)) Object.defineProperty(d, UNIFORM, { value: u, enumerable: false });
  else frozenKept.set(d, u);
  return u;
}
