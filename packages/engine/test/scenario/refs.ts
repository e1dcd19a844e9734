/**
 * Naming cards in a scenario. The engine gives a card a fresh id on every zone change (zones/move.ts), so a
 * scenario never writes ids: it writes aliases, and the alias map follows each accepted step's `move`
 * events (card → newId) to keep every alias on its card.
 */
import type { GameEvent, GameState, ManagerId } from '../../src/index.js';

/** A problem in the scenario itself (not an engine failure): names the file and the field. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${file}: ${field}: ${detail}`);
    this.name = 'ScenarioError';
  }
}

/** A ref that cannot be resolved in the current state; the runner reports it with the step. */
export class RefError extends Error {}

export const ZONES = ['roster', 'hand', 'centre', 'main', 'starPool', 'graduation', 'hiatus'] as const;
export type ZoneName = (typeof ZONES)[number];

/** A zone's ids in scenario order: the roster top first (the engine keeps its top last), others as stored. */
export function zoneIds(s: GameState, m: ManagerId, zone: ZoneName): string[] {
  const list = s.managers[m][zone];
  return zone === 'roster' ? list.slice().reverse() : list.slice();
}

export class Aliases {
  /** alias → current id; '' once a token has left the game (RUL-ZONE-1). */
  private readonly ids = new Map<string, string>();
  private readonly byId = new Map<string, string>();

  add(alias: string, id: string): void {
    this.ids.set(alias, id);
    this.byId.set(id, alias);
  }

  has(alias: string): boolean {
    return this.ids.has(alias);
  }

  /** The alias's current id ('' if it left the game), or undefined for an unknown alias. */
  idOf(alias: string): string | undefined {
    return this.ids.get(alias);
  }

  aliasOf(id: string): string | undefined {
    return this.byId.get(id);
  }

  names(): string[] {
    return [...this.ids.keys()];
  }

  /** Follows the cards an accepted step moved. Events are in order, so chained moves are followed too. */
  follow(events: readonly GameEvent[]): void {
    for (const e of events) {
      if (e.t !== 'move' || !e.card) continue;
      const a = this.byId.get(e.card);
      if (a === undefined) continue;
      this.byId.delete(e.card);
      this.ids.set(a, e.newId);
      if (e.newId) this.byId.set(e.newId, a);
    }
  }
}

const SLOT = /^(A|B)\.(roster|hand|centre|main|starPool|graduation|hiatus)\[(-?\d+)\]$/;
const BY_DEF = /^(A|B)\.(roster|hand|centre|main|starPool|graduation|hiatus):([a-z0-9-]+)$/;
const BACKSTAGE = /^(A|B)\.backstage$/;

/** Resolves one ref (see Ref in scenario-schema.ts) to the id or manager string the engine expects. */
export function resolveRef(s: GameState, aliases: Aliases, ref: string): string {
  if (ref.startsWith('#')) return ref.slice(1);
  if (ref === 'A' || ref === 'B') return ref;
  if (ref.startsWith('stack:')) {
    const src = resolveRef(s, aliases, ref.slice('stack:'.length));
    const item = [...s.stack].reverse().find((i) => i.source === src);
    if (!item) throw new RefError(`'${ref}': no stack item has that card as its source`);
    return item.id;
  }
  let m = BACKSTAGE.exec(ref);
  if (m) {
    const id = s.managers[m[1] as ManagerId].backstage;
    if (!id) throw new RefError(`'${ref}': Backstage is empty`);
    return id;
  }
  m = SLOT.exec(ref);
  if (m) {
    const list = zoneIds(s, m[1] as ManagerId, m[2] as ZoneName);
    const i = Number(m[3]);
    const id = list[i < 0 ? list.length + i : i];
    if (id === undefined) throw new RefError(`'${ref}': that zone has ${list.length} cards`);
    return id;
  }
  m = BY_DEF.exec(ref);
  if (m) {
    const id = zoneIds(s, m[1] as ManagerId, m[2] as ZoneName).find((x) => s.cards[x]!.def === m![3]);
    if (id === undefined) throw new RefError(`'${ref}': no ${m[3]} there`);
    return id;
  }
  const id = aliases.idOf(ref);
  if (id === undefined) throw new RefError(`unknown alias '${ref}' (known: ${aliases.names().join(', ') || 'none'}; a literal id is written '#id')`);
  if (id === '') throw new RefError(`alias '${ref}' is a token that has left the game`);
  return id;
}

/** A readable name for an id in failure messages: its alias, else def@zone. */
export function describeId(s: GameState, aliases: Aliases, id: string): string {
  const a = aliases.aliasOf(id);
  const c = s.cards[id];
  if (a) return a;
  return c ? `${c.def}(${id})` : id;
}
