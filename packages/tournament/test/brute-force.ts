/** Exhaustive Swiss pairing for small fields: the reference the property tests hold the blossom pairer to. */
import { pairKey, type PairingEntrant } from '../src/pairing.js';

export interface Cost {
  secondByes: number;
  rematches: number;
  /** The bye-taker's place counted from the bottom (0 = lowest-ranked), or -1 without a bye. */
  byeFromBottom: number;
  /** Sum over pairs of (match-point difference)². */
  scoreGaps: number;
}

export function costOf(entrants: readonly PairingEntrant[], played: ReadonlySet<string>, pairs: readonly [string, string][], bye: string | null): Cost {
  const at = new Map(entrants.map((e, i) => [e.id, i] as const));
  const byId = new Map(entrants.map((e) => [e.id, e] as const));
  let rematches = 0;
  let scoreGaps = 0;
  for (const [a, b] of pairs) {
    if (played.has(pairKey(a, b))) rematches++;
    const d = Math.min(31, Math.abs(byId.get(a)!.matchPoints - byId.get(b)!.matchPoints));
    scoreGaps += d * d;
  }
  return {
    secondByes: bye !== null && byId.get(bye)!.hadBye ? 1 : 0,
    rematches,
    byeFromBottom: bye === null ? -1 : entrants.length - 1 - at.get(bye)!,
    scoreGaps,
  };
}

export function compareCost(x: Cost, y: Cost): number {
  return x.secondByes - y.secondByes || x.rematches - y.rematches || x.byeFromBottom - y.byeFromBottom || x.scoreGaps - y.scoreGaps;
}

/** The lexicographically least cost over every pairing of the field (with one bye when it is odd). */
export function bestCost(entrants: readonly PairingEntrant[], played: ReadonlySet<string>): Cost {
  const ids = entrants.map((e) => e.id);
  let best: Cost | null = null;
  const consider = (pairs: [string, string][], bye: string | null) => {
    const c = costOf(entrants, played, pairs, bye);
    if (!best || compareCost(c, best) < 0) best = c;
  };
  const match = (rest: string[], pairs: [string, string][], bye: string | null) => {
    if (rest.length === 0) return consider(pairs, bye);
    const [first, ...others] = rest;
    for (let i = 0; i < others.length; i++) {
      const remaining = others.filter((_, j) => j !== i);
      pairs.push([first!, others[i]!]);
      match(remaining, pairs, bye);
      pairs.pop();
    }
  };
  if (ids.length % 2 === 1)
    for (const b of ids)
      match(
        ids.filter((x) => x !== b),
        [],
        b,
      );
  else match(ids, [], null);
  return best!;
}
