/**
 * A hand-written clone of the game state. The door (step) clones once and mutates the copy, so a caller's
 * state is never changed; structuredClone would be several times slower on the hot path of playouts.
 * Card definitions are immutable and shared by reference.
 */
import { cardRecord, counterBatch } from './card-instance.js';
import { managerRecord, stateRecord } from './records.js';
import type { CardInstance, CounterBatch, GameState, ManagerState, Pending } from './types.js';

function copyCounters(src: CounterBatch[]): CounterBatch[] {
  return src.length ? src.map((b) => counterBatch(b.counter, b.count, b.producer)) : [];
}

/** Through the same record builders as fresh objects, so clones share their hidden classes. */
function cloneCard(c: CardInstance): CardInstance {
  const x = cardRecord(c);
  x.counters = copyCounters(c.counters);
  x.mods = c.mods.length ? c.mods.map((m) => ({ ...m })) : [];
  x.used = c.used.length ? c.used.slice() : [];
  return x;
}

function cloneManager(m: ManagerState): ManagerState {
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

function clonePending(p: Pending | null): Pending | null {
  // Pending choices are small and rare; a JSON copy keeps this file from mirroring every variant.
  return p === null ? null : (JSON.parse(JSON.stringify(p)) as Pending);
}

export function cloneState(s: GameState): GameState {
  const cards: Record<string, CardInstance> = {};
  for (const k in s.cards) cards[k] = cloneCard(s.cards[k]!);
  const x = stateRecord(s);
  x.rng = [s.rng[0], s.rng[1], s.rng[2], s.rng[3]];
  x.cards = cards;
  x.managers = { A: cloneManager(s.managers.A), B: cloneManager(s.managers.B) };
  x.stack = s.stack.map((i) => ({ ...i, targets: i.targets.slice() }));
  x.stackCards = s.stackCards.slice();
  x.triggerQueue = s.triggerQueue.map((t) => ({ ...t }));
  x.pending = clonePending(s.pending);
  x.combat = s.combat ? { attackers: s.combat.attackers.slice(), blocks: s.combat.blocks.map((b) => ({ ...b })), blocked: s.combat.blocked.slice() } : null;
  return x;
}
