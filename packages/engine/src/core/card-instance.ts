/**
 * Card instances: the one place that knows every field a card has. Every instance, fresh or cloned, is
 * built by `cardRecord`, so all of them share one hidden class and the engine's property reads stay
 * monomorphic (a second shape from clones cost the playouts about a fifth of their speed).
 */
import { tag } from './own-tag.js';
import type { CardInstance, CardLocation, CounterBatch, ManagerId } from './types.js';

/** The one literal counter batches come from (fresh and cloned alike), so they share a hidden class. */
export function counterBatch(counter: string, count: number, producer: string | null): CounterBatch {
  return { counter, count, producer };
}

/**
 * A shallow copy of `c` in the canonical field order; nested objects are shared (callers copy them). Owned by
 * the state being written, if any (core/own.ts).
 */
export function cardRecord(c: CardInstance): CardInstance {
  return tag({
    id: c.id,
    def: c.def,
    owner: c.owner,
    zone: c.zone,
    token: c.token,
    tilted: c.tilted,
    damage: c.damage,
    enteredTurn: c.enteredTurn,
    counters: c.counters,
    mods: c.mods,
    attachedTo: c.attachedTo,
    banned: c.banned,
    used: c.used,
    returnsFromHiatus: c.returnsFromHiatus,
  });
}

/** A fresh card instance; `extra` overrides the starting values. */
export function makeCard(id: string, def: string, owner: ManagerId, zone: CardLocation, extra: Partial<CardInstance> = {}): CardInstance {
  return cardRecord({
    id,
    def,
    owner,
    zone,
    token: extra.token ?? false,
    tilted: extra.tilted ?? false,
    damage: extra.damage ?? 0,
    enteredTurn: extra.enteredTurn ?? 0,
    counters: extra.counters ?? [],
    mods: extra.mods ?? [],
    attachedTo: extra.attachedTo ?? null,
    banned: extra.banned ?? false,
    used: extra.used ?? [],
    returnsFromHiatus: extra.returnsFromHiatus ?? false,
  });
}
