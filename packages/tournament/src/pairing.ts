/**
 * Swiss pairing of one round as a maximum-weight perfect matching (the blossom algorithm, from
 * edmonds-blossom-fixed) on the complete graph of the active players, plus a "bye" vertex when their number
 * is odd. Every pair is allowed, so a pairing always exists; the weights make the matching minimise, in
 * strict order of priority:
 *   1. second byes (at most one bye each while anyone active has had none),
 *   2. rematches (none while one can be avoided),
 *   3. the bye's height: the lowest-ranked player without a bye gets it (among the choices 1–2 leave),
 *   4. score gaps: the sum over pairs of (match-point difference)², so pairs have equal points where possible
 *      and otherwise float to the nearest score,
 *   5. a seeded random term: who meets whom within a score group is drawn at random, as in the MTR.
 * Each level's worst total stays below one unit of the level above (integers below 2^50, exact in a double),
 * so the order is strict; `MAX_PLAYERS` keeps it so. The matching is O(n³) on n²/2 edges, so a round is first
 * paired on a sparse graph (neighbours in the standings), kept only when it provably cannot be beaten.
 */
import blossom from 'edmonds-blossom-fixed';
import { hash32 } from './rng.js';
import type { PlayerId } from './types.js';

export const MAX_PLAYERS = 512;

/** What the pairer needs to know of one active player. */
export interface PairingEntrant {
  id: PlayerId;
  matchPoints: number;
  hadBye: boolean;
}

export interface PairingInput {
  /** Active players, best-ranked first (the current standings). */
  entrants: PairingEntrant[];
  /** Pairs that have already played each other (either order). */
  played: ReadonlySet<string>;
  /** Varies the random term per round. */
  seed: number;
}

export interface PairingOutput {
  pairs: [PlayerId, PlayerId][];
  bye: PlayerId | null;
}

/** The key of an unordered pair, for `played`. */
export function pairKey(a: PlayerId, b: PlayerId): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

const RANDOM_BITS = 3; // the random term is 0..7 per pair
const SCORE_CAP = 31; // score gaps above 31 points weigh as 31 (31² < 2^10)
const W_SCORE = 2 ** 11; // > (MAX_PLAYERS / 2 + 1) pairs × 7
const W_BYE_RANK = 2 ** 29; // > 257 pairs × 961 × W_SCORE
const W_REMATCH = 2 ** 38; // > 512 places × W_BYE_RANK
const W_SECOND_BYE = 2 ** 47; // > 257 rematches × W_REMATCH
const BASE = 2 ** 49; // every weight positive: max cost is W_SECOND_BYE + 511 × W_BYE_RANK < 2^49

/** The pairing cost of two players meeting (lower is better). */
export function pairCost(a: PairingEntrant, b: PairingEntrant, played: ReadonlySet<string>, seed: number): number {
  const gap = Math.min(Math.abs(a.matchPoints - b.matchPoints), SCORE_CAP);
  const random = hash32(pairKey(a.id, b.id), seed) & ((1 << RANDOM_BITS) - 1);
  return (played.has(pairKey(a.id, b.id)) ? W_REMATCH : 0) + gap * gap * W_SCORE + random;
}

/** The cost of a player taking the bye; `fromBottom` is 0 for the lowest-ranked active player. */
export function byeCost(e: PairingEntrant, fromBottom: number): number {
  return (e.hadBye ? W_SECOND_BYE : 0) + fromBottom * W_BYE_RANK;
}

export interface PairingOptions {
  /**
   * Each player is first joined only to this many players on either side in the standings (and every player
   * to the bye). That answer is kept only when it reaches the lower bound of every level above the random
   * one (no second bye, no rematch, the lowest possible bye, the least score gaps); otherwise the round is
   * paired again on the complete graph. Either way the pairing is optimal; the first try is just cheaper.
   */
  neighbours?: number;
}

export interface PairingResult extends PairingOutput {
  /** Which graph gave the answer (for tests and the bench). */
  graph: 'sparse' | 'complete';
}

const DEFAULT_NEIGHBOURS = 24;

/** Pairs one round. Throws a RangeError beyond `MAX_PLAYERS` (the weights would no longer be exact). */
export function pairEntrants(input: PairingInput, options: PairingOptions = {}): PairingResult {
  const { entrants } = input;
  const n = entrants.length;
  if (n > MAX_PLAYERS) throw new RangeError(`A Swiss round pairs at most ${MAX_PLAYERS} players; this one has ${n}`);
  if (n === 0) return { pairs: [], bye: null, graph: 'complete' };
  if (n === 1) return { pairs: [], bye: entrants[0]!.id, graph: 'complete' };
  const k = options.neighbours ?? DEFAULT_NEIGHBOURS;
  if (2 * k + 1 < n) {
    const sparse = match(input, k);
    if (sparse && reachesLowerBounds(input, sparse)) return { ...sparse, graph: 'sparse' };
  }
  return { ...match(input, n)!, graph: 'complete' };
}

/** The matching on the graph joining each player to `k` players either side in the standings; null if not perfect. */
function match(input: PairingInput, k: number): PairingOutput | null {
  const { entrants, played, seed } = input;
  const n = entrants.length;
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n && j <= i + k; j++) edges.push([i, j, BASE - pairCost(entrants[i]!, entrants[j]!, played, seed)]);
  const byeVertex = n % 2 === 1 ? n : -1;
  if (byeVertex >= 0) for (let i = 0; i < n; i++) edges.push([i, byeVertex, BASE - byeCost(entrants[i]!, n - 1 - i)]);
  const mate = blossom(edges, true);
  const pairs: [PlayerId, PlayerId][] = [];
  let bye: PlayerId | null = null;
  for (let i = 0; i < n; i++) {
    const m = mate[i];
    if (m === undefined || m < 0) return null;
    if (m === byeVertex) bye = entrants[i]!.id;
    else if (m > i) pairs.push([entrants[i]!.id, entrants[m]!.id]);
  }
  return { pairs, bye };
}

const gapCost = (a: number, b: number) => Math.min(Math.abs(a - b), SCORE_CAP) ** 2;

/**
 * Whether a pairing is as good as any can be, level by level: no second bye while someone has had none, no
 * rematch, the bye to the lowest-ranked player without one, and score gaps no larger in total than pairing
 * the remaining scores in sorted order, neighbour with neighbour — the least possible when no gap exceeds
 * the cap (squares are convex there, and on a line the sorted pairing of a convex cost is optimal).
 */
function reachesLowerBounds(input: PairingInput, out: PairingOutput): boolean {
  const { entrants, played } = input;
  if (out.pairs.some(([a, b]) => played.has(pairKey(a, b)))) return false;
  if (out.bye !== null) {
    // The lowest-ranked player without a bye, or when everyone has had one, the lowest-ranked player.
    let lowest = entrants.length - 1;
    for (let i = entrants.length - 1; i >= 0; i--)
      if (!entrants[i]!.hadBye) {
        lowest = i;
        break;
      }
    if (entrants[lowest]!.id !== out.bye) return false;
  }
  const points = new Map(entrants.map((e) => [e.id, e.matchPoints] as const));
  const rest = entrants.filter((e) => e.id !== out.bye).map((e) => e.matchPoints);
  rest.sort((x, y) => x - y);
  if (rest.length > 0 && rest[rest.length - 1]! - rest[0]! > SCORE_CAP) return false;
  let bound = 0;
  for (let i = 0; i + 1 < rest.length; i += 2) bound += gapCost(rest[i]!, rest[i + 1]!);
  const cost = out.pairs.reduce((sum, [a, b]) => sum + gapCost(points.get(a)!, points.get(b)!), 0);
  return cost === bound;
}
