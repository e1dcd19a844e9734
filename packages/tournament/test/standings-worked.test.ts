/**
 * Tiebreakers against worked examples. Part 1 uses the numbers published in the Magic Tournament Rules,
 * appendix C ("Tiebreaker Explanation", MTR of 27 Feb 2026; the same examples have stood since 2015):
 *   match points: 6–2–0 → 18; 4–2–2 → 14.
 *   game points: a 2–0–0 match gives 6 and 0; 2–1–0 gives 6 and 3; 2–0–1 gives 7 and 1.
 *   match-win %, in an 8-round event: 5–2–1 → 16/(8·3) = 0.667; 1–3–0 then withdraws → 3/(4·3) = 0.25, so
 *   0.33 is used; 3–2–0 including a first-round bye, then withdraws → 9/(5·3) = 0.60.
 *   byes: a bye is a match won 2–0; opponents' percentages ignore the rounds in which the player had a bye.
 * Part 2 works the remaining tiebreakers (opponents' match-win %, game-win %, opponents' game-win %, the
 * floor on each) through two small events by hand, from those definitions; every figure is written out.
 */
import { describe, expect, it } from 'vitest';
import { standings, type Standing } from '../src/standings.js';
import type { MatchResult, Pairing, TournamentState } from '../src/types.js';

const W20: MatchResult = { winsA: 2, winsB: 0, draws: 0 };
const W21: MatchResult = { winsA: 2, winsB: 1, draws: 0 };
const L02: MatchResult = { winsA: 0, winsB: 2, draws: 0 };
const L12: MatchResult = { winsA: 1, winsB: 2, draws: 0 };
const D111: MatchResult = { winsA: 1, winsB: 1, draws: 1 };
const W201: MatchResult = { winsA: 2, winsB: 0, draws: 1 };

/** A state from rounds written as [a, b | null, result?]; players are everyone named. */
function event(rounds: [string, string | null, MatchResult?][][], dropped: Record<string, number> = {}): TournamentState {
  const ids = [...new Set(rounds.flat().flatMap(([a, b]) => (b ? [a, b] : [a])))];
  return {
    version: 1,
    config: { format: 'bo3', rounds: rounds.length, topCut: 0, seed: 7 },
    players: ids.map((id) => (id in dropped ? { id, droppedAfterRound: dropped[id]! } : { id })),
    rounds: rounds.map((ms, i) => ({
      number: i + 1,
      pairings: ms.map(([a, b, result], t): Pairing => (result ? { table: t + 1, a, b, result } : { table: t + 1, a, b })),
    })),
  };
}
const row = (rows: Standing[], id: string) => rows.find((r) => r.id === id)!;

describe('MTR appendix C examples', () => {
  it('match points: 6–2–0 is 18, 4–2–2 is 14', () => {
    const six = [W20, W20, W20, W20, W20, W20, L02, L02];
    const four = [W20, W20, W20, W20, L02, L02, D111, D111];
    const rows = standings(event(six.map((r, i) => [['six', `o${i}`, r] as [string, string, MatchResult], ['four', `q${i}`, four[i]!]])));
    expect(row(rows, 'six')).toMatchObject({ wins: 6, losses: 2, draws: 0, matchPoints: 18 });
    expect(row(rows, 'four')).toMatchObject({ wins: 4, losses: 2, draws: 2, matchPoints: 14 });
  });

  it('game points: 2–0–0 gives 6 and 0, 2–1–0 gives 6 and 3, 2–0–1 gives 7 and 1', () => {
    const rows = standings(
      event([
        [
          ['a', 'b', W20],
          ['c', 'd', W21],
          ['e', 'f', W201],
        ],
      ]),
    );
    expect([row(rows, 'a').gamePoints, row(rows, 'b').gamePoints]).toEqual([6, 0]);
    expect([row(rows, 'c').gamePoints, row(rows, 'd').gamePoints]).toEqual([6, 3]);
    expect([row(rows, 'e').gamePoints, row(rows, 'f').gamePoints]).toEqual([7, 1]);
  });

  it('match-win %: 5–2–1 is 0.667, 1–3–0 then withdrawing is 0.33 (not 0.25), 3–2–0 with a first-round bye is 0.60', () => {
    const p1 = [W20, W20, W20, W20, W20, L02, L02, D111]; // 5–2–1 over 8 rounds
    const p2 = [W20, L02, L02, L02]; // 1–3–0, then withdraws
    const p3 = [null, W20, W20, L02, L02]; // bye in round 1, then 2–2: 3–2–0 in 5 rounds, then withdraws
    const rounds = Array.from({ length: 8 }, (_, r) => {
      const ms: [string, string | null, MatchResult?][] = [['p1', `f${r}`, p1[r]!]];
      if (r < p2.length) ms.push(['p2', `g${r}`, p2[r]!]);
      if (r < p3.length) ms.push(p3[r] ? ['p3', `h${r}`, p3[r]!] : ['p3', null]);
      return ms;
    });
    const rows = standings(event(rounds, { p2: 4, p3: 5 }));
    expect(row(rows, 'p1')).toMatchObject({ matchPoints: 16, roundsPlayed: 8 });
    expect(row(rows, 'p1').matchWinPct).toBeCloseTo(16 / 24, 12);
    expect(row(rows, 'p1').matchWinPct.toFixed(3)).toBe('0.667');
    expect(row(rows, 'p2')).toMatchObject({ matchPoints: 3, roundsPlayed: 4, matchWinPct: 0.33, dropped: true });
    expect(row(rows, 'p3')).toMatchObject({ matchPoints: 9, roundsPlayed: 5, byes: 1, matchWinPct: 0.6, dropped: true });
    // The bye counts 2–0 in p3's own games (6 game points from it) but gives p3 no opponent.
    expect(row(rows, 'p3')).toMatchObject({ gamePoints: 6 + 6 + 6 + 0 + 0, gamesPlayed: 10 });
    expect(row(rows, 'p3').oppMatchWinPct).toBeCloseTo((1 + 1 + 0.33 + 0.33) / 4, 12); // h1, h2 lost (0 → 0.33), h3, h4 won
  });
});

describe('hand-worked tiebreakers', () => {
  it('five players, three rounds, a bye each round: every tiebreaker and the floor', () => {
    // R1: A–B 2–1, C–D 2–0, E bye.  R2: A–C 2–0, D–E 0–2, B bye.  R3: A–E 0–2, B–D 2–1, C bye.
    const rows = standings(
      event([
        [
          ['A', 'B', W21],
          ['C', 'D', W20],
          ['E', null],
        ],
        [
          ['A', 'C', W20],
          ['D', 'E', L02],
          ['B', null],
        ],
        [
          ['A', 'E', L02],
          ['B', 'D', W21],
          ['C', null],
        ],
      ]),
    );
    // Match points and match-win %: A 6 (6/9), B 6 (6/9), C 6 (6/9), D 0 (0/9 → floor 0.33), E 9 (9/9).
    // Game-win %: A won 4 lost 3 → 12/21; B won 5 lost 3 → 15/24; C won 4 lost 2 → 12/18; D won 1 lost 6 →
    // 3/21 = 0.143 → floor 0.33; E won 6 (a bye is 2–0) lost 0 → 18/18.
    const expected = {
      A: { mp: 6, mwp: 6 / 9, gwp: 12 / 21, omw: (6 / 9 + 6 / 9 + 1) / 3, ogw: (15 / 24 + 12 / 18 + 1) / 3 }, // opponents B, C, E
      B: { mp: 6, mwp: 6 / 9, gwp: 15 / 24, omw: (6 / 9 + 0.33) / 2, ogw: (12 / 21 + 0.33) / 2 }, // A, D (not the bye)
      C: { mp: 6, mwp: 6 / 9, gwp: 12 / 18, omw: (0.33 + 6 / 9) / 2, ogw: (0.33 + 12 / 21) / 2 }, // D, A
      D: { mp: 0, mwp: 0.33, gwp: 0.33, omw: (6 / 9 + 1 + 6 / 9) / 3, ogw: (12 / 18 + 1 + 15 / 24) / 3 }, // C, E, B
      E: { mp: 9, mwp: 1, gwp: 1, omw: (0.33 + 6 / 9) / 2, ogw: (0.33 + 12 / 21) / 2 }, // D, A
    };
    for (const [id, x] of Object.entries(expected)) {
      const r = row(rows, id);
      expect(r.matchPoints, id).toBe(x.mp);
      expect(r.matchWinPct, id).toBeCloseTo(x.mwp, 12);
      expect(r.gameWinPct, id).toBeCloseTo(x.gwp, 12);
      expect(r.oppMatchWinPct, id).toBeCloseTo(x.omw, 12);
      expect(r.oppGameWinPct, id).toBeCloseTo(x.ogw, 12);
    }
    // In figures: A's OMW 0.7778 beats B's and C's 0.4983; B and C tie on it, and C's game-win 0.667 beats B's 0.625.
    expect(rows.map((r) => r.id)).toEqual(['E', 'A', 'C', 'B', 'D']);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it("eight players, two rounds: opponents' game-win % breaks a tie the first three leave", () => {
    // R1: X–P 2–0, Y–Q 2–0, R–T 2–0, S–U 2–1.  R2: X–R 0–2, Y–S 0–2, P–U 2–0, Q–T 2–0.
    const rows = standings(
      event([
        [
          ['X', 'P', W20],
          ['Y', 'Q', W20],
          ['R', 'T', W20],
          ['S', 'U', W21],
        ],
        [
          ['X', 'R', L02],
          ['Y', 'S', L02],
          ['P', 'U', W20],
          ['Q', 'T', W20],
        ],
      ]),
    );
    // X and Y: 3 points, game-win 6/12 = 0.5, OMW (0.5 + 1)/2 = 0.75 each. Their opponents' game-win differs:
    // X met P (0.5) and R (12/12 = 1) → 0.75; Y met Q (0.5) and S (won 4 lost 1: 12/15 = 0.8) → 0.65.
    const x = row(rows, 'X');
    const y = row(rows, 'Y');
    expect([x.matchPoints, y.matchPoints]).toEqual([3, 3]);
    expect(x.oppMatchWinPct).toBeCloseTo(0.75, 12);
    expect(y.oppMatchWinPct).toBeCloseTo(0.75, 12);
    expect([x.gameWinPct, y.gameWinPct]).toEqual([0.5, 0.5]);
    expect(x.oppGameWinPct).toBeCloseTo(0.75, 12);
    expect(y.oppGameWinPct).toBeCloseTo(0.65, 12);
    // R and S: 6 points, OMW (0.33 + 0.5)/2 each; game-win R 1.0 over S 0.8. T and U: 0 points, OMW 0.75 each,
    // game-win 0.33 each (T 0/12, U 3/15 = 0.2, both floored); OGW T (1 + 0.5)/2 = 0.75 over U (0.8 + 0.5)/2 = 0.65.
    // P and Q tie on all four figures (3, 0.415, 0.5, 0.415): the event's seeded coin toss orders them.
    const order = rows.map((r) => r.id);
    expect(order.slice(0, 4)).toEqual(['R', 'S', 'X', 'Y']);
    expect(new Set(order.slice(4, 6))).toEqual(new Set(['P', 'Q']));
    expect(order.slice(6)).toEqual(['T', 'U']);
    expect(row(rows, 'U').gameWinPct).toBe(0.33);
  });
});
