/**
 * Copy-on-write ownership: what lets the door (actions/step.ts) copy only what an action changes.
 *
 * A state shares its card dictionary, its card records and its two manager records with the states it was
 * copied from or into; everything else a state holds (its top-level record, the RNG words, the stack, the
 * trigger queue, the pending choice, combat) is small and copied whole by `shareState`. Each shared object
 * carries a hidden tag, the epoch it was made in; each state has an epoch of its own (both private fields,
 * own-tag.ts, so a frozen state can still be read and stepped). While the rules write to a state (`withWrites`), an object whose tag
 * is that state's epoch is its own and is changed in place; any other object is copied first (`cardW`,
 * `cardsW`, `managerW`), the copy tagged as its own. Sharing a state gives both sides new epochs, so neither
 * owns what they share any more.
 *
 * The rule for the rules: write only through a reference a `…W` function returned in the same step. A
 * reference read with `s.cards[id]` or `managerOf` may be shared (writing to it changes the states it is
 * shared with) and goes stale when a `…W` call replaces the object. The property suite steps deep-frozen
 * states, so a write that skips the barrier throws there.
 */
import { cardRecord, counterBatch } from './card-instance.js';
import { currentEpoch, disown, epochOf, owned, setCurrentEpoch, tag } from './own-tag.js';
import { managerRecord, stateRecord } from './records.js';
import type { CardInstance, GameState, ManagerId, ManagerState } from './types.js';

/** Runs `f` as a write to `s`: the objects `s` owns are changed in place, the others copied first. */
export function withWrites<T>(s: GameState, f: () => T): T {
  const before = currentEpoch();
  setCurrentEpoch(epochOf(s));
  try {
    return f();
  } finally {
    setCurrentEpoch(before);
  }
}

/** The card dictionary, writable. */
export function cardsW(s: GameState): Record<string, CardInstance> {
  const d = s.cards;
  if (owned(d)) return d;
  const x: Record<string, CardInstance> = tag({});
  for (const k in d) x[k] = d[k]!;
  s.cards = x;
  return x;
}

/**
 * A card's own copy, through the record builder (so copies share the hidden class of fresh records). Counter
 * batches are changed in place (zones/counters.ts), so they are copied too; modifiers never are.
 */
export function copyCard(c: CardInstance): CardInstance {
  const x = cardRecord(c);
  x.counters = c.counters.length ? c.counters.map((b) => counterBatch(b.counter, b.count, b.producer)) : [];
  x.mods = c.mods.length ? c.mods.slice() : [];
  x.used = c.used.length ? c.used.slice() : [];
  return x;
}

export function copyManager(m: ManagerState): ManagerState {
  const x = managerRecord(m);
  x.roster = m.roster.slice();
  x.hand = m.hand.slice();
  x.centre = m.centre.slice();
  x.main = m.main.slice();
  x.starPool = m.starPool.slice();
  x.graduation = m.graduation.slice();
  x.hiatus = m.hiatus.slice();
  return x;
}

let replaced = 0;
/** How many card records copy-on-write has replaced so far: caches that keep records check it. */
export function recordsReplaced(): number {
  return replaced;
}

/** A card record, writable (its counters, mods and used lists with it). */
export function cardW(s: GameState, id: string): CardInstance {
  const c = s.cards[id]!;
  if (owned(c)) return c;
  replaced++;
  const x = copyCard(c);
  cardsW(s)[id] = x;
  return x;
}

/** A manager record, writable (its zone lists with it). `s.managers` itself is never shared. */
export function managerW(s: GameState, m: ManagerId): ManagerState {
  const ms = m === 'A' ? s.managers.A : s.managers.B;
  if (owned(ms)) return ms;
  const x = copyManager(ms);
  if (m === 'A') s.managers.A = x;
  else s.managers.B = x;
  return x;
}

/**
 * A state that shares its card dictionary, card records and managers with `s` (copy-on-write) and holds its
 * own copies of the rest. Both are disowned: whichever is written next copies what it changes.
 */
export function shareState(s: GameState): GameState {
  const x = stateRecord(s);
  x.rng = [s.rng[0], s.rng[1], s.rng[2], s.rng[3]];
  x.managers = { A: s.managers.A, B: s.managers.B };
  x.stack = s.stack.length ? s.stack.map((i) => ({ ...i, targets: i.targets.slice() })) : [];
  x.stackCards = s.stackCards.length ? s.stackCards.slice() : [];
  x.triggerQueue = s.triggerQueue.length ? s.triggerQueue.map((t) => ({ ...t })) : [];
  // Pending choices are small and rare; a JSON copy keeps this file from mirroring every variant.
  x.pending = s.pending === null ? null : (JSON.parse(JSON.stringify(s.pending)) as GameState['pending']);
  x.combat = s.combat ? { attackers: s.combat.attackers.slice(), blocks: s.combat.blocks.map((b) => ({ ...b })), blocked: s.combat.blocked.slice() } : null;
  disown(s);
  return x;
}
