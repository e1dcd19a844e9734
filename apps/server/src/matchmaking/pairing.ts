/**
 * Who plays whom (issue 17 §3), as a pure function of the waiting entries and the time.
 *
 * The allowed rating gap grows with waiting time: 100 points at once, 10 more per second waited, at most 600
 * (reached after 50 s). 100 is about one RD of a settled player: an even match. The pool of a small server is
 * thin, so after a minute almost anyone will do rather than nobody; 600 still keeps a 2100 from a newcomer's
 * 1500. A pair is allowed when the gap is within the allowance of the longer waiter of the two (who has paid
 * for it), so compatibility is symmetric.
 *
 * Longest waiter first: the entry waiting longest picks, among the compatible ones, the closest rating (ties:
 * the longer waiter). This greedy pass leaves no two compatible entries unpaired: when the earlier of two such
 * entries picked, the other was still free and compatible, so it was paired with someone.
 */
import type { QueueName } from '@vroyale/protocol';

export const GAP_BASE = 100;
export const GAP_PER_SECOND = 10;
export const GAP_MAX = 600;

export interface PairingEntry {
  userId: string;
  queue: QueueName;
  /** Who may meet: the queue and its format ('ranked-bo3'); absent, the queue alone. */
  pool?: string;
  rating: number;
  /** Server time the search began. */
  since: number;
}

export function allowedGap(waitedMs: number): number {
  return Math.min(GAP_MAX, GAP_BASE + (GAP_PER_SECOND * Math.max(0, waitedMs)) / 1000);
}

export function compatible(a: PairingEntry, b: PairingEntry, now: number, blocked: (x: string, y: string) => boolean): boolean {
  if (poolOf(a) !== poolOf(b) || a.userId === b.userId) return false;
  if (Math.abs(a.rating - b.rating) > allowedGap(now - Math.min(a.since, b.since))) return false;
  return !blocked(a.userId, b.userId);
}

const poolOf = (e: PairingEntry): string => e.pool ?? e.queue;
const earlier = (x: PairingEntry, y: PairingEntry): boolean => x.since < y.since || (x.since === y.since && x.userId < y.userId);

/**
 * The pairs to start now: each entry in at most one, the longer waiter first in each pair.
 *
 * Each queue's entries are sorted by rating once; an entry looks outward from its own place, nearest rating
 * first, and stops past its allowance. Its allowance is enough: every entry still free and waiting longer was
 * already refused by it (that entry picked first, with the larger allowance), so only shorter waiters, whose
 * pair allowance is this entry's, remain. `blocked` is asked only of candidates within the gap.
 */
export function pairEntries<E extends PairingEntry>(entries: readonly E[], now: number, blocked: (x: string, y: string) => boolean): [E, E][] {
  const order = [...entries].sort((x, y) => (earlier(x, y) ? -1 : earlier(y, x) ? 1 : 0));
  const byQueue = new Map<string, E[]>();
  for (const e of entries) (byQueue.get(poolOf(e)) ?? byQueue.set(poolOf(e), []).get(poolOf(e))!).push(e);
  const pos = new Map<E, number>();
  for (const list of byQueue.values()) {
    list.sort((x, y) => x.rating - y.rating);
    list.forEach((e, i) => pos.set(e, i));
  }
  const taken = new Set<E>();
  const pairs: [E, E][] = [];
  for (const e of order) {
    if (taken.has(e)) continue;
    const list = byQueue.get(poolOf(e))!;
    const i = pos.get(e)!;
    const allow = allowedGap(now - e.since);
    let [lo, hi] = [i - 1, i + 1];
    let best: E | null = null;
    for (;;) {
      const dl = lo >= 0 ? e.rating - list[lo]!.rating : Infinity;
      const dh = hi < list.length ? list[hi]!.rating - e.rating : Infinity;
      if (Math.min(dl, dh) > allow) break;
      const o = dl < dh || (dl === dh && earlier(list[lo]!, list[hi]!)) ? list[lo--]! : list[hi++]!;
      if (!taken.has(o) && compatible(e, o, now, blocked)) {
        best = o;
        break;
      }
    }
    if (best) {
      taken.add(e).add(best);
      pairs.push([e, best]);
    }
  }
  return pairs;
}
