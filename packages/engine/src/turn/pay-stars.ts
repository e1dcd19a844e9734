/**
 * Paying star costs (RUL-TURN-5). Costs are paid from available stars; when those fall short the engine
 * tilts untilted star cards for the difference, largest first, then gives back any card the payment did
 * not need (project ruling PR-5: automatic payment; a manager who wants another choice tilts by hand first).
 */
import { emit, type Ctx } from '../core/context.js';
import { managerOf, type CardInstance, type GameState, type ManagerId } from '../core/types.js';
import { needPriority, ownCard } from '../core/guards.js';
import { reject, type Rejection } from '../core/rejections.js';
import { listingMemo } from '../effects/stats.js';
import { defById } from '../core/query.js';
import { cardW, managerW, recordsReplaced } from '../core/own.js';

/** Available stars plus every untilted star card's value: the most a manager could pay now. */
export function potentialStars(s: GameState, m: ManagerId): number {
  const memo = listingMemo(s);
  if (!memo) return countStars(s, m, null);
  // Indexed by seat rather than keyed by 'A'/'B', which would make the read megamorphic.
  const i = m === 'A' ? 0 : 1;
  const known = memo.stars[i];
  return known >= 0 ? known : (memo.stars[i] = countStars(s, m, null));
}

/**
 * potentialStars for a listing that also wants each untilted star card (the manual tilts it lists): one
 * walk of the Star Pool for both, and the figure is remembered for the rest of the listing.
 */
export function potentialStarsEach(s: GameState, m: ManagerId, each: (id: string) => void): number {
  const n = countStars(s, m, each);
  const memo = listingMemo(s);
  if (memo) memo.stars[m === 'A' ? 0 : 1] = n;
  return n;
}

/**
 * The Star Pool's cards and their star values, kept for the pool being played on. Listing counts the pool
 * on every call and the pool changes seldom: cards enter and leave it only by moving, which gives them fresh
 * ids, so the same ids in the same places (in the same pool array, with the same card dictionary) mean the
 * same records and values, unless copy-on-write has replaced a record since (core/own.ts `recordsReplaced`).
 * Tilt is read from each record every time. One slot per seat, filled the second time a pool is counted: a
 * state counted once walks its pool directly and costs no more than before. Pitfall: a record replaced in
 * place under the same id other than by `cardW` is not seen (the engine never does that).
 */
interface PoolCards {
  pool: string[];
  cardsOf: GameState['cards'];
  /** Copy-on-write replaces records under their ids (core/own.ts): none may have been since. */
  replaced: number;
  cards: CardInstance[];
  ids: string[];
  values: number[];
}
const kept: (PoolCards | null)[] = [null, null];
const seenPool: (string[] | null)[] = [null, null];
const seenCards: (GameState['cards'] | null)[] = [null, null];

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function keptPool(s: GameState, seat: number, pool: string[]): PoolCards | null {
  const k = kept[seat];
  if (k && k.pool === pool && k.cardsOf === s.cards && k.replaced === recordsReplaced() && sameIds(k.ids, pool)) return k;
  if (seenPool[seat] !== pool || seenCards[seat] !== s.cards) {
    seenPool[seat] = pool;
    seenCards[seat] = s.cards;
    return null;
  }
  const fresh: PoolCards = { pool, cardsOf: s.cards, replaced: recordsReplaced(), ids: pool.slice(), cards: [], values: [] };
  for (const id of pool) {
    const c = s.cards[id]!;
    fresh.cards.push(c);
    fresh.values.push(defById(s, c.def).stars);
  }
  kept[seat] = fresh;
  return fresh;
}

function countStars(s: GameState, m: ManagerId, each: ((id: string) => void) | null): number {
  const ms = managerOf(s, m);
  let n = ms.availableStars;
  if (ms.starPool.length === 0) return n;
  const p = keptPool(s, m === 'A' ? 0 : 1, ms.starPool);
  if (!p) {
    for (const id of ms.starPool) {
      const c = s.cards[id]!;
      if (c.tilted) continue;
      n += defById(s, c.def).stars;
      if (each) each(id);
    }
    return n;
  }
  for (let i = 0; i < p.cards.length; i++) {
    if (p.cards[i]!.tilted) continue;
    n += p.values[i]!;
    if (each) each(p.ids[i]!);
  }
  return n;
}

/** Which star cards automatic payment would tilt for `need` more stars. */
export function autoTiltPlan(s: GameState, m: ManagerId, need: number): string[] {
  if (need <= 0) return [];
  // Each untilted star card's value, read once (the sort below would otherwise look it up per comparison).
  const ids: string[] = [];
  const values: number[] = [];
  for (const id of managerOf(s, m).starPool) {
    const c = s.cards[id]!;
    const v = defById(s, c.def).stars;
    if (c.tilted || v <= 0) continue;
    ids.push(id);
    values.push(v);
  }
  // Largest first; the sort is stable, so equal values keep their Star Pool order.
  const order = ids.map((_, i) => i).sort((a, b) => values[b]! - values[a]!);
  const plan: string[] = [];
  const planValues: number[] = [];
  let sum = 0;
  for (const i of order) {
    if (sum >= need) break;
    plan.push(ids[i]!);
    planValues.push(values[i]!);
    sum += values[i]!;
  }
  // Drop cards the payment turned out not to need, smallest first.
  for (let i = plan.length - 1; i >= 0; i--) {
    if (sum - planValues[i]! >= need) {
      sum -= planValues[i]!;
      plan.splice(i, 1);
      planValues.splice(i, 1);
    }
  }
  return plan;
}

export function pay(ctx: Ctx, m: ManagerId, cost: number): void {
  if (cost <= 0) return;
  const s = ctx.s;
  const ms = managerW(s, m);
  for (const id of autoTiltPlan(s, m, cost - ms.availableStars)) {
    const c = cardW(s, id);
    c.tilted = true;
    emit(ctx, { t: 'tilt', card: id, tilted: true });
    ms.availableStars += defById(s, c.def).stars;
  }
  ms.availableStars -= cost;
  emit(ctx, { t: 'stars', manager: m, available: ms.availableStars });
}

/** RUL-TURN-5: tilting an untilted star card by hand adds its star value to the available stars. */
export function checkTiltStar(s: GameState, m: ManagerId, card: string): Rejection | null {
  const r = needPriority(s, m) ?? ownCard(s, m, card);
  if (r) return r;
  const c = s.cards[card]!;
  if (c.zone !== 'star-pool') return reject('wrong-zone', 'Only star cards in your Star Pool can be tilted for stars');
  if (c.tilted) return reject('cannot-afford', 'That star card is already tilted');
  return null;
}

export function doTiltStar(ctx: Ctx, m: ManagerId, card: string): void {
  const s = ctx.s;
  const c = cardW(s, card);
  c.tilted = true;
  emit(ctx, { t: 'tilt', card, tilted: true });
  managerW(s, m).availableStars += defById(s, c.def).stars;
  emit(ctx, { t: 'stars', manager: m, available: managerOf(s, m).availableStars });
}
