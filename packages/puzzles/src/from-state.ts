/**
 * A game state written as a scenario position (the puzzle's position): every card of both managers, hidden
 * ones included (a puzzle fixes them), hand and stage cards under aliases so the solution can name them.
 * What the format cannot say is refused (null) rather than approximated: a state with something on the stack,
 * a queued trigger or a pending choice. Counters lose their producer (the format puts them there as a
 * highlight would, PR-16): the puzzle is verified on the position as built, so that can only matter to
 * whether the mined position solves, never to whether a shipped puzzle is right.
 */
import { counterTotals, type CardInstance, type GameState, type ManagerId } from '@vroyale/engine';
import type { CardEntry, Position } from '../../engine/test/scenario/scenario-schema.js';
import { zoneIds, ZONES } from '../../engine/test/scenario/refs.js';

const SHORT: Record<string, string> = { hand: 'h', centre: 'c', main: 'm', backstage: 'b' };

function entry(s: GameState, c: CardInstance, alias: string | null, aliasOf: Map<string, string>): CardEntry {
  const stage = c.zone === 'main' || c.zone === 'centre';
  const o: Exclude<CardEntry, string> = { def: c.def };
  if (alias) o.as = alias;
  if (c.tilted && (stage || c.zone === 'star-pool')) o.tilted = true;
  if (c.zone === 'hiatus' && c.returnsFromHiatus) o.returnsFromHiatus = true;
  if (stage) {
    if (c.damage) o.damage = c.damage;
    if (c.enteredTurn >= s.turn) o.burnout = true;
    const counters = counterTotals(c);
    if (Object.keys(counters).length) o.counters = counters;
    if (c.mods.length) o.mods = c.mods.map((m) => ({ ...m }));
    if (c.used.length) o.used = [...c.used];
    if (c.attachedTo) o.attachedTo = aliasOf.get(c.attachedTo)!;
  }
  const keys = Object.keys(o);
  return keys.length === 1 ? c.def : o;
}

export interface Written {
  position: Position;
  /** id → alias for every card given one. */
  aliases: Map<string, string>;
}

/** The state as a position, or null when it holds something the format cannot write (see above). */
export function positionFromState(s: GameState, seed: string): Written | null {
  if (s.stack.length || s.triggerQueue.length || s.pending || s.phase === 'game-over') return null;
  if (Object.values(s.cards).some((c) => c.banned)) return null;
  const aliasOf = new Map<string, string>();
  for (const m of ['A', 'B'] as const) {
    const ms = s.managers[m];
    for (const z of ['hand', 'centre', 'main'] as const) ms[z].forEach((id, i) => aliasOf.set(id, `${m.toLowerCase()}${SHORT[z]}${i}`));
    if (ms.backstage) aliasOf.set(ms.backstage, `${m.toLowerCase()}b`);
  }
  const manager = (m: ManagerId) => {
    const ms = s.managers[m];
    const zone = (z: (typeof ZONES)[number]) => zoneIds(s, m, z).map((id) => entry(s, s.cards[id]!, aliasOf.get(id) ?? null, aliasOf));
    return {
      sanity: ms.sanity,
      deckOuts: ms.deckOuts,
      availableStars: ms.availableStars,
      mulligan: ms.mulligan,
      roster: zone('roster'),
      hand: zone('hand'),
      backstage: ms.backstage ? entry(s, s.cards[ms.backstage]!, aliasOf.get(ms.backstage)!, aliasOf) : null,
      centre: zone('centre'),
      main: zone('main'),
      starPool: zone('starPool'),
      graduation: zone('graduation'),
      hiatus: zone('hiatus'),
    };
  };
  const ref = (id: string) => aliasOf.get(id)!;
  const position: Position = {
    seed,
    turn: s.turn,
    phase: s.phase,
    active: s.active,
    priority: s.priority,
    first: s.first ?? 'A',
    passes: s.passes,
    played: s.played,
    starPlaced: s.starPlaced,
    A: manager('A'),
    B: manager('B'),
    stack: [],
    pending: null,
  };
  if (s.phase === 'start' || s.phase === 'resolution') position.windowOpen = s.windowOpen;
  if (s.combat && s.phase.startsWith('combat-'))
    position.combat = {
      attackers: s.combat.attackers.map(ref),
      blocks: s.combat.blocks.map((b) => ({ blocker: ref(b.blocker), attacker: ref(b.attacker) })),
      blocked: s.combat.blocked.map(ref),
    };
  return { position, aliases: aliasOf };
}
