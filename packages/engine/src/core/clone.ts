/**
 * A hand-written clone of the game state. The door (step) clones once and mutates the copy, so a caller's
 * state is never changed; structuredClone would be several times slower on the hot path of playouts.
 * Card definitions are immutable and shared by reference.
 */
import type { CardInstance, GameState, ManagerState, Pending } from './types.js';

function copyCounters(src: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k in src) out[k] = src[k]!;
  return out;
}

/** Field by field (not spread): one hidden class for every card keeps this fast. */
function cloneCard(c: CardInstance): CardInstance {
  return {
    id: c.id,
    def: c.def,
    owner: c.owner,
    zone: c.zone,
    token: c.token,
    tilted: c.tilted,
    damage: c.damage,
    enteredTurn: c.enteredTurn,
    counters: copyCounters(c.counters),
    mods: c.mods.length ? c.mods.map((m) => ({ ...m })) : [],
    attachedTo: c.attachedTo,
    banned: c.banned,
    used: c.used.length ? c.used.slice() : [],
    returnsFromHiatus: c.returnsFromHiatus,
  };
}

function cloneManager(m: ManagerState): ManagerState {
  return {
    ...m,
    roster: m.roster.slice(),
    hand: m.hand.slice(),
    centre: m.centre.slice(),
    main: m.main.slice(),
    starPool: m.starPool.slice(),
    graduation: m.graduation.slice(),
    hiatus: m.hiatus.slice(),
  };
}

function clonePending(p: Pending | null): Pending | null {
  // Pending choices are small and rare; a JSON copy keeps this file from mirroring every variant.
  return p === null ? null : (JSON.parse(JSON.stringify(p)) as Pending);
}

export function cloneState(s: GameState): GameState {
  const cards: Record<string, CardInstance> = {};
  for (const k in s.cards) cards[k] = cloneCard(s.cards[k]!);
  return {
    ...s,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    cards,
    managers: { A: cloneManager(s.managers.A), B: cloneManager(s.managers.B) },
    stack: s.stack.map((i) => ({ ...i, targets: i.targets.slice() })),
    stackCards: s.stackCards.slice(),
    triggerQueue: s.triggerQueue.map((t) => ({ ...t })),
    pending: clonePending(s.pending),
    combat: s.combat
      ? { attackers: s.combat.attackers.slice(), blocks: s.combat.blocks.map((b) => ({ ...b })), blocked: s.combat.blocked.slice() }
      : null,
  };
}
