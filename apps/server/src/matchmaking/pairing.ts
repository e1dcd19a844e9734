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
  rating: number;
  /** Server time the search began. */
  since: number;
}

export function allowedGap(waitedMs: number): number {
  return Math.min(GAP_MAX, GAP_BASE + (GAP_PER_SECOND * Math.max(0, waitedMs)) / 1000);
}

export function compatible(a: PairingEntry, b: PairingEntry, now: number, blocked: (x: string, y: string) => boolean): boolean {
  if (a.queue !== b.queue || a.userId === b.userId) return false;
  if (Math.abs(a.rating - b.rating) > allowedGap(now - Math.min(a.since, b.since))) return false;
  return !blocked(a.userId, b.userId);
}

/** The pairs to start now: each entry in at most one, the longer waiter first in each pair. */
export function pairEntries<E extends PairingEntry>(entries: readonly E[], now: number, blocked: (x: string, y: string) => boolean): [E, E][] {
  const order = [...entries].sort((x, y) => x.since - y.since || (x.userId < y.userId ? -1 : 1));
  const taken = new Set<E>();
  const pairs: [E, E][] = [];
  for (const e of order) {
    if (taken.has(e)) continue;
    let best: E | null = null;
    for (const o of order) {
      if (o === e || taken.has(o) || !compatible(e, o, now, blocked)) continue;
      if (!best || Math.abs(o.rating - e.rating) < Math.abs(best.rating - e.rating)) best = o;
    }
    if (best) {
      taken.add(e).add(best);
      pairs.push([e, best]);
    }
  }
  return pairs;
}
