/**
 * Counters (RUL-ZONE-3). They sit on a card on stage and vanish when it leaves (zones/move.ts), and also
 * when the card that produced them leaves the stage, even if the card they sit on stays. So each batch
 * names its producer by the id it has on stage; a producer that is not on stage when its effect resolves
 * has nothing to leave, and its counters stay until the card they sit on leaves (PR-16).
 * Every change emits a `counters` event with the kind's new total on that card.
 */
import { emit, type Ctx } from '../core/context.js';
import { onStage } from '../core/query.js';
import { counterBatch } from '../core/card-instance.js';
import { managerOf, type CardInstance, type GameState } from '../core/types.js';
import { cardW } from '../core/own.js';

/** How many counters of a kind sit on a card. */
export function countersOf(c: CardInstance, counter: string): number {
  let n = 0;
  for (const b of c.counters) if (b.counter === counter) n += b.count;
  return n;
}

/** Totals per kind, in the order the kinds first appeared: what views show. */
export function counterTotals(c: CardInstance): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of c.counters) out[b.counter] = (out[b.counter] ?? 0) + b.count;
  return out;
}

/** Who produces the counters an effect of `source` puts on a card: the source while it is on stage (PR-16). */
export function producerOf(s: GameState, source: string): string | null {
  const c = s.cards[source];
  return c && onStage(c) ? source : null;
}

/** Puts `n` counters on a card on stage, produced by `producer`. */
export function addCounters(ctx: Ctx, id: string, counter: string, n: number, producer: string | null): void {
  const c = cardW(ctx.s, id);
  const last = c.counters[c.counters.length - 1];
  if (last && last.counter === counter && last.producer === producer) last.count += n;
  else c.counters.push(counterBatch(counter, n, producer));
  emit(ctx, { t: 'counters', card: id, counter, now: countersOf(c, counter) });
}

/**
 * Removes up to `n` counters of a kind, the newest first (PR-17). The text leaves open which go; newest
 * first undoes the latest additions and keeps what has sat on the card longest, whoever produced it.
 */
export function removeCounters(ctx: Ctx, id: string, counter: string, n: number): void {
  const c = cardW(ctx.s, id);
  let left = n;
  for (let i = c.counters.length - 1; i >= 0 && left > 0; i--) {
    const b = c.counters[i]!;
    if (b.counter !== counter) continue;
    const take = Math.min(left, b.count);
    b.count -= take;
    left -= take;
    if (b.count === 0) c.counters.splice(i, 1);
  }
  emit(ctx, { t: 'counters', card: id, counter, now: countersOf(c, counter) });
}

/**
 * Doubles every kind of counter on a card. The new counters are produced by the doubling effect's card
 * (PR-17), as for any effect that puts counters on a card; those already there keep their producers.
 */
export function doubleCounters(ctx: Ctx, id: string, producer: string | null): void {
  const totals = counterTotals(ctx.s.cards[id]!);
  for (const k in totals) addCounters(ctx, id, k, totals[k]!, producer);
}

/** A card left the stage under `id`: the counters it produced vanish from every card on stage. */
export function producerLeft(ctx: Ctx, id: string): void {
  const a = managerOf(ctx.s, 'A');
  const b = managerOf(ctx.s, 'B');
  dropProduced(ctx, a.centre, id);
  dropProduced(ctx, a.main, id);
  dropProduced(ctx, b.centre, id);
  dropProduced(ctx, b.main, id);
}

function dropProduced(ctx: Ctx, list: readonly string[], producer: string): void {
  for (const on of list) {
    const r = ctx.s.cards[on]!;
    // Most cards carry no counters: this test is all a departure costs them.
    if (r.counters.length === 0 || !r.counters.some((x) => x.producer === producer)) continue;
    const c = cardW(ctx.s, on);
    const kinds = new Set<string>();
    for (const x of c.counters) if (x.producer === producer) kinds.add(x.counter);
    c.counters = c.counters.filter((x) => x.producer !== producer);
    for (const k of kinds) emit(ctx, { t: 'counters', card: on, counter: k, now: countersOf(c, k) });
  }
}
