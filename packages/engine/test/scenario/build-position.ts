/**
 * Position → GameState. Builds the state the engine would hold at that moment, card by card, with ids
 * issued the engine's way (see newId), and checks everything a hand-written position can get wrong, with
 * errors that name the scenario file and the field.
 */
import {
  blankState,
  collectDefs,
  counterBatch,
  makeCard,
  type CardDef,
  type CardInstance,
  type CardLookup,
  type GameState,
  type ManagerId,
  type StackItem,
} from '../../src/index.js';
import { Aliases, RefError, resolveRef, ScenarioError, type ZoneName } from './refs.js';
import type { CardEntry, Position } from './scenario-schema.js';

/**
 * Mimics zones/move.ts freshId ('c' + base-36 counter; 's' for stack items). Not imported because the
 * engine's index does not export it; the scheme matters because stats.ts caches by s.nextId.
 */
function newId(s: GameState, prefix = 'c'): string {
  return prefix + (s.nextId++).toString(36);
}

const LOCATION: Record<ZoneName, CardInstance['zone']> = {
  roster: 'roster',
  hand: 'hand',
  centre: 'centre',
  main: 'main',
  starPool: 'star-pool',
  graduation: 'graduation',
  hiatus: 'hiatus',
};

/** Priority when the position does not say: whoever acts first in that phase. */
function defaultPriority(p: Position): ManagerId | null {
  const open = ['resource', 'main', 'combat-attack-window', 'combat-block-window'];
  return open.includes(p.phase) || p.windowOpen === true ? p.active : null;
}

/** The phases whose window opens after an automatic part (RUL-STACK-5, turn/flow.ts WINDOWS). */
const AFTER_AUTO = ['start', 'resolution'];

function entryDefs(e: CardEntry | null): string[] {
  return e === null ? [] : [typeof e === 'string' ? e : e.def];
}

export interface Built {
  state: GameState;
  aliases: Aliases;
}

export function buildPosition(file: string, p: Position, lookup: CardLookup, inline: readonly CardDef[]): Built {
  const err = (field: string, detail: string) => new ScenarioError(file, `position.${field}`, detail);
  const used = new Set<string>(inline.map((d) => d.id));
  for (const m of ['A', 'B'] as const) {
    const pm = p[m];
    for (const z of ['roster', 'hand', 'centre', 'main', 'starPool', 'graduation', 'hiatus'] as const)
      for (const e of pm[z]) entryDefs(e).forEach((d) => used.add(d));
    entryDefs(pm.backstage).forEach((d) => used.add(d));
  }
  for (const it of p.stack) if (it.kind === 'highlight') entryDefs(it.card).forEach((d) => used.add(d));
  const defs = collectDefs(used, lookup);

  const s = blankState(p.seed, defs);
  const aliases = new Aliases();
  const attach: { id: string; to: string; field: string }[] = [];

  const create = (m: ManagerId, zone: CardInstance['zone'], e: CardEntry, field: string): string => {
    const o = typeof e === 'string' ? { def: e } : e;
    const d = defs[o.def];
    if (!d) throw err(`${field}.def`, `unknown card '${o.def}' (not in the scenario's "cards", nor in the card set when "useCardSet" is true)`);
    const stage = zone === 'centre' || zone === 'main';
    if (typeof e !== 'string') {
      for (const k of ['damage', 'burnout', 'counters', 'attachedTo', 'mods', 'used'] as const)
        if (e[k] !== undefined && !stage) throw err(`${field}.${k}`, `only a card on stage (centre or main) can have ${k}`);
      if (e.tilted !== undefined && !stage && zone !== 'star-pool') throw err(`${field}.tilted`, 'only stage and star-pool cards can be tilted');
      if (e.returnsFromHiatus !== undefined && zone !== 'hiatus') throw err(`${field}.returnsFromHiatus`, 'only a card on hiatus returns from it');
    }
    const leader = d.types.includes('leader');
    if (zone === 'centre' && !leader) throw err(field, `${o.def} is not a Leader; only Leaders go to Centre Stage`);
    if (zone === 'main' && leader) throw err(field, `${o.def} is a Leader; on stage it belongs in "centre"`);
    if (d.token && !stage) throw err(field, `${o.def} is a token; tokens only exist on stage (RUL-ZONE-1)`);
    const id = newId(s);
    s.cards[id] = makeCard(id, o.def, m, zone, {
      token: d.token === true,
      tilted: o.tilted ?? false,
      damage: o.damage ?? 0,
      enteredTurn: stage ? (o.burnout ? p.turn : p.turn - 1) : 0,
      // A position's counters have no producer on stage (as if a highlight had put them there, PR-16).
      counters: Object.entries(o.counters ?? {}).map(([k, n]) => counterBatch(k, n, null)),
      mods: (o.mods ?? []).map((x) => ({ ...x })),
      used: [...(o.used ?? [])],
      returnsFromHiatus: o.returnsFromHiatus ?? false,
    });
    if (o.as) {
      if (aliases.has(o.as)) throw err(`${field}.as`, `alias '${o.as}' is used twice`);
      if (defs[o.as] || lookup(o.as)) throw err(`${field}.as`, `alias '${o.as}' is also a card id; expectations could not tell them apart`);
      aliases.add(o.as, id);
    }
    if (o.attachedTo) attach.push({ id, to: o.attachedTo, field: `${field}.attachedTo` });
    return id;
  };

  for (const m of ['A', 'B'] as const) {
    const pm = p[m];
    const ms = s.managers[m];
    ms.sanity = pm.sanity;
    ms.deckOuts = pm.deckOuts;
    ms.availableStars = pm.availableStars;
    ms.mulligan = pm.mulligan;
    for (const z of ['roster', 'hand', 'centre', 'main', 'starPool', 'graduation', 'hiatus'] as const) {
      const ids = pm[z].map((e, i) => create(m, LOCATION[z], e, `${m}.${z}[${i}]`));
      // The JSON lists the roster top first; the engine's roster has its top last.
      ms[z] = z === 'roster' ? ids.reverse() : ids;
    }
    if (pm.backstage !== null) {
      const d = defs[typeof pm.backstage === 'string' ? pm.backstage : pm.backstage.def];
      if (d && !d.types.includes('leader')) throw err(`${m}.backstage`, 'only the Centre (a Leader) waits in Backstage');
      ms.backstage = create(m, 'backstage', pm.backstage, `${m}.backstage`);
    }
  }

  for (const a of attach) {
    const asset = s.cards[a.id]!;
    const to = aliases.idOf(a.to);
    if (!to) throw err(a.field, `unknown alias '${a.to}'`);
    const target = s.cards[to]!;
    if (!defs[asset.def]!.types.includes('asset') || asset.zone !== 'main') throw err(a.field, 'only an asset in main can be attached');
    if (
      target.owner !== asset.owner ||
      !(target.zone === 'main' || target.zone === 'centre') ||
      !(defs[target.def]!.types.includes('character') || defs[target.def]!.types.includes('leader'))
    )
      throw err(a.field, `'${a.to}' is not a character on the same manager's stage`);
    asset.attachedTo = to;
  }

  const ref = (r: string, field: string): string => {
    try {
      return resolveRef(s, aliases, r);
    } catch (e) {
      if (e instanceof RefError) throw err(field, e.message);
      throw e;
    }
  };

  p.stack.forEach((it, i) => {
    const field = `stack[${i}]`;
    let source: string;
    let ability = it.ability;
    if (it.kind === 'highlight') {
      source = create(it.controller, 'stack', it.card, `${field}.card`);
      s.stackCards.push(source);
      const d = defs[s.cards[source]!.def]!;
      if (!d.types.includes('highlight')) throw err(`${field}.card`, `${d.id} is not a highlight`);
      if (s.cards[source]!.owner !== it.controller) throw err(field, 'a highlight is controlled by its owner');
      ability ??= d.abilities.findIndex((a) => a.kind === 'play');
    } else {
      if (typeof it.card !== 'string') throw err(`${field}.card`, 'an ability or trigger item names its source card by ref');
      source = ref(it.card, `${field}.card`);
      if (ability === undefined) throw err(`${field}.ability`, 'ability and trigger items need the ability index');
    }
    const d = defs[s.cards[source]!.def]!;
    const a = d.abilities[ability];
    const want = it.kind === 'highlight' ? 'play' : it.kind === 'ability' ? 'activated' : 'triggered';
    if (!a || a.kind !== want) throw err(`${field}.ability`, `${d.id} has no ${want} ability at index ${ability}`);
    const item: StackItem = {
      id: newId(s, 's'),
      controller: it.controller,
      source,
      sourceDef: d.id,
      kind: it.kind,
      ability,
      targets: it.targets.map((t, j) => ref(t, `${field}.targets[${j}]`)),
    };
    s.stack.push(item);
  });

  const inCombat = p.phase.startsWith('combat-');
  if (p.combat && !inCombat) throw err('combat', `there is no combat in phase ${p.phase}`);
  if (inCombat) {
    const c = p.combat ?? { attackers: [], blocks: [], blocked: undefined };
    const attackers = c.attackers.map((r, i) => ref(r, `combat.attackers[${i}]`));
    const blocks = c.blocks.map((b, i) => ({
      blocker: ref(b.blocker, `combat.blocks[${i}].blocker`),
      attacker: ref(b.attacker, `combat.blocks[${i}].attacker`),
    }));
    for (const [i, b] of blocks.entries())
      if (!attackers.includes(b.attacker)) throw err(`combat.blocks[${i}].attacker`, 'blocks an attacker not in combat.attackers');
    const blocked = c.blocked ? c.blocked.map((r, i) => ref(r, `combat.blocked[${i}]`)) : attackers.filter((a) => blocks.some((b) => b.attacker === a));
    s.combat = { attackers, blocks, blocked };
  }

  s.turn = p.turn;
  s.phase = p.phase;
  s.active = p.active;
  s.first = p.first;
  if (p.windowOpen !== undefined && !AFTER_AUTO.includes(p.phase))
    throw err('windowOpen', `only start and resolution open a window after an automatic part, not ${p.phase}`);
  s.priority = p.priority === undefined ? defaultPriority(p) : p.priority;
  s.windowOpen = p.windowOpen ?? (AFTER_AUTO.includes(p.phase) && s.priority !== null && s.stack.length === 0);
  if (!s.windowOpen && AFTER_AUTO.includes(p.phase) && s.priority !== null && s.stack.length === 0)
    throw err('windowOpen', `priority is held in ${p.phase} with an empty stack only in its window`);
  s.passes = p.passes;
  s.played = p.played;
  s.starPlaced = p.starPlaced;
  s.pending = p.pending ? { ...p.pending } : null;
  if (s.priority !== null && s.pending) throw err('priority', 'nobody has priority while a decision is pending');
  return { state: s, aliases };
}
