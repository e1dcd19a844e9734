import { describe, expect, it } from 'vitest';
import { createTournament, dropPlayer, fixResult, pairNextRound, reportResult, standardRounds } from './tournament.js';
import { champion, reportCutResult, startTopCut } from './top-cut.js';
import { standings } from './standings.js';
import type { MatchResult, Outcome, TournamentConfig, TournamentState } from './types.js';

const ok = <T>(o: Outcome<T>): T => {
  if (!o.ok) throw new Error(`refused: ${o.message}`);
  return o.state;
};
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const config = (over: Partial<TournamentConfig> = {}): TournamentConfig => ({ format: 'bo3', rounds: 3, topCut: 0, seed: 11, ...over });
const A20: MatchResult = { winsA: 2, winsB: 0, draws: 0 };

/** Reports every open match of the last round: the pairing's player a wins 2–0 (1–0 in Bo1). */
function finishRound(s: TournamentState): TournamentState {
  const r = s.rounds[s.rounds.length - 1]!;
  const win = s.config.format === 'bo3' ? A20 : { winsA: 1, winsB: 0, draws: 0 };
  for (const m of r.pairings) if (m.b !== null && !m.result) s = ok(reportResult(s, r.number, m.table, win));
  return s;
}

describe('standardRounds', () => {
  it('is ⌈log₂ n⌉', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129, 256, 257, 512].map(standardRounds)).toEqual([
      0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9,
    ]);
  });
});

describe('creating a tournament', () => {
  it('refuses bad settings with specific messages', () => {
    expect(createTournament(config(), ['a'])).toMatchObject({ ok: false, code: 'too-few-players' });
    expect(createTournament(config(), ['a', 'a', 'b'])).toMatchObject({ ok: false, code: 'bad-players', message: 'A player is registered twice' });
    expect(createTournament(config({ rounds: 4 }), ids(8))).toMatchObject({ ok: false, message: 'Swiss rounds must be between 1 and 3 for 8 players (got 4)' });
    expect(createTournament(config({ rounds: 0 }), ids(8))).toMatchObject({ ok: false, code: 'bad-config' });
    expect(createTournament(config({ topCut: 8 }), ids(6))).toMatchObject({ ok: false, message: 'A top cut of 8 needs at least 8 players' });
    expect(createTournament(config({ topCut: 5 as 4 }), ids(8))).toMatchObject({ ok: false, code: 'bad-config' });
    expect(createTournament(config({ format: 'bo5' as 'bo3' }), ids(8))).toMatchObject({ ok: false, code: 'bad-config' });
    expect(createTournament(config({ rounds: 9 }), ids(513))).toMatchObject({ ok: false, message: 'A tournament holds at most 512 players; it has 513' });
  });
  it('the organiser may choose fewer rounds than the standard count', () => {
    expect(ok(createTournament(config({ rounds: 1 }), ids(8))).config.rounds).toBe(1);
  });
});

describe('rounds and results', () => {
  it('will not pair a round while the last one has open matches, nor past the last round', () => {
    let s = ok(pairNextRound(ok(createTournament(config({ rounds: 1 }), ids(4)))));
    expect(pairNextRound(s)).toMatchObject({ ok: false, code: 'round-open', message: 'Round 1 still has 2 matches without a result' });
    s = finishRound(s);
    expect(pairNextRound(s)).toMatchObject({ ok: false, code: 'no-more-rounds' });
  });

  it('refuses impossible results and double reports, and changes nothing when it refuses', () => {
    const s = ok(pairNextRound(ok(createTournament(config(), ids(5)))));
    const before = JSON.stringify(s);
    const bad: [MatchResult, string][] = [
      [{ winsA: 3, winsB: 0, draws: 0 }, 'A best-of-three match ends when a player has won 2 games'],
      [{ winsA: 2, winsB: 2, draws: 0 }, 'Both players cannot have won the match'],
      [{ winsA: -1, winsB: 0, draws: 0 }, 'winsA must be a whole number of games, 0 or more'],
      [{ winsA: 1.5, winsB: 0, draws: 0 }, 'winsA must be a whole number of games, 0 or more'],
      [{ winsA: 1, winsB: 0 } as MatchResult, 'draws must be a whole number of games, 0 or more'],
    ];
    for (const [r, message] of bad) expect(reportResult(s, 1, 1, r)).toEqual({ ok: false, code: 'bad-result', message });
    expect(reportResult(s, 1, 9, A20)).toMatchObject({ ok: false, code: 'no-such-match' });
    expect(reportResult(s, 2, 1, A20)).toMatchObject({ ok: false, code: 'no-such-match' });
    const byeTable = s.rounds[0]!.pairings.find((m) => m.b === null)!.table;
    expect(reportResult(s, 1, byeTable, A20)).toMatchObject({ ok: false, message: `Table ${byeTable} of round 1 is a bye; it has no result to report` });
    expect(fixResult(s, 1, 1, A20)).toMatchObject({ ok: false, message: 'Table 1 of round 1 has no result to fix yet' });
    const once = ok(reportResult(s, 1, 1, A20));
    expect(reportResult(once, 1, 1, A20)).toMatchObject({ ok: false, message: 'Table 1 of round 1 already has a result; the organiser can fix it' });
    expect(JSON.stringify(s)).toBe(before);
  });

  it("an organiser's fix of an earlier result recomputes the standings", () => {
    let s = ok(createTournament(config({ format: 'bo1', rounds: 2 }), ids(4)));
    s = finishRound(ok(pairNextRound(s)));
    s = finishRound(ok(pairNextRound(s)));
    const m = s.rounds[0]!.pairings[0]!;
    const before = standings(s);
    expect(before.find((r) => r.id === m.a)!.wins).toBeGreaterThanOrEqual(1);
    const fixed = ok(fixResult(s, 1, m.table, { winsA: 0, winsB: 1, draws: 0 }));
    const after = standings(fixed);
    const a0 = before.find((r) => r.id === m.a)!;
    const a1 = after.find((r) => r.id === m.a)!;
    const b1 = after.find((r) => r.id === m.b)!;
    expect(a1.matchPoints).toBe(a0.matchPoints - 3);
    expect(b1.matchPoints).toBe(before.find((r) => r.id === m.b)!.matchPoints + 3);
    // The opponents' percentages of everyone who met a or b move too: nothing was kept from before.
    expect(after.map((r) => r.oppMatchWinPct)).not.toEqual(before.map((r) => r.oppMatchWinPct));
    expect(fixed.rounds[1]).toEqual(s.rounds[1]); // pairings already made stay as they were
  });

  it('a drop takes effect from the next round; the results stay', () => {
    let s = ok(pairNextRound(ok(createTournament(config(), ids(6)))));
    s = ok(dropPlayer(s, 'p1'));
    expect(dropPlayer(s, 'p1')).toMatchObject({ ok: false, code: 'already-dropped' });
    expect(dropPlayer(s, 'nobody')).toMatchObject({ ok: false, code: 'unknown-player' });
    // p1 still plays (and may report) round 1.
    expect(s.rounds[0]!.pairings.some((m) => m.a === 'p1' || m.b === 'p1')).toBe(true);
    s = finishRound(s);
    s = ok(pairNextRound(s));
    expect(s.rounds[1]!.pairings.some((m) => m.a === 'p1' || m.b === 'p1')).toBe(false);
    expect(s.rounds[1]!.pairings.filter((m) => m.b === null)).toHaveLength(1); // 5 left: one bye
    expect(standings(s).find((r) => r.id === 'p1')!.roundsPlayed).toBe(1);
  });

  it('a drop before the first round keeps the player out of every round', () => {
    let s = ok(createTournament(config(), ids(5)));
    s = ok(dropPlayer(s, 'p3'));
    s = ok(pairNextRound(s));
    expect(s.rounds[0]!.pairings.flatMap((m) => [m.a, m.b])).not.toContain('p3');
    expect(s.rounds[0]!.pairings.filter((m) => m.b === null)).toHaveLength(0);
  });
});

describe('top cut', () => {
  function swissDone(n: number, cut: 4 | 8): TournamentState {
    let s = ok(createTournament(config({ topCut: cut, rounds: standardRounds(n) }), ids(n)));
    for (let r = 0; r < s.config.rounds; r++) s = finishRound(ok(pairNextRound(s)));
    return s;
  }

  it('seeds 1v8, 4v5, 2v7, 3v6 from the standings, and winners of neighbouring matches meet', () => {
    let s = swissDone(12, 8);
    expect(startTopCut(ok(pairNextRound(ok(createTournament(config({ topCut: 8, rounds: 4 }), ids(12))))))).toMatchObject({ ok: false, code: 'cut-not-ready' });
    const top = standings(s)
      .slice(0, 8)
      .map((r) => r.id);
    s = ok(startTopCut(s));
    expect(s.cut!.seeds).toEqual(top);
    expect(s.cut!.rounds[0]!.pairings.map((m) => [m.a, m.b])).toEqual([
      [top[0], top[7]],
      [top[3], top[4]],
      [top[1], top[6]],
      [top[2], top[5]],
    ]);
    expect(pairNextRound(s)).toMatchObject({ ok: false });
    expect(reportCutResult(s, 1, { winsA: 1, winsB: 1, draws: 1 })).toMatchObject({ ok: false, message: 'A top-cut match needs a winner' });
    // Seeds 1, 5, 7 and 3 win: the semi-finals are 1 v 5 and 7 v 3.
    s = ok(reportCutResult(s, 1, A20));
    s = ok(reportCutResult(s, 2, { winsA: 1, winsB: 2, draws: 0 }));
    s = ok(reportCutResult(s, 3, { winsA: 0, winsB: 2, draws: 1 }));
    expect(s.cut!.rounds).toHaveLength(1);
    s = ok(reportCutResult(s, 4, A20));
    expect(s.cut!.rounds[1]!.pairings.map((m) => [m.a, m.b])).toEqual([
      [top[0], top[4]],
      [top[6], top[2]],
    ]);
    expect(champion(s)).toBeNull();
    s = ok(reportCutResult(s, 1, { winsA: 0, winsB: 2, draws: 0 }));
    s = ok(reportCutResult(s, 2, A20));
    expect(s.cut!.rounds[2]!.pairings.map((m) => [m.a, m.b])).toEqual([[top[4], top[6]]]);
    s = ok(reportCutResult(s, 1, A20));
    expect(champion(s)).toBe(top[4]);
  });

  it('a top cut of 4 is 1v4, 2v3; dropped players are passed over; a drop in the cut concedes the match', () => {
    let s = swissDone(8, 4);
    const table = standings(s).map((r) => r.id);
    s = ok(dropPlayer(s, table[1]!));
    s = ok(startTopCut(s));
    const seeds = [table[0], table[2], table[3], table[4]];
    expect(s.cut!.seeds).toEqual(seeds);
    expect(s.cut!.rounds[0]!.pairings.map((m) => [m.a, m.b])).toEqual([
      [seeds[0], seeds[3]],
      [seeds[1], seeds[2]],
    ]);
    s = ok(reportCutResult(s, 1, A20));
    s = ok(dropPlayer(s, seeds[1]!));
    expect(s.cut!.rounds[0]!.pairings[1]!.result).toEqual({ winsA: 0, winsB: 2, draws: 0 });
    expect(s.cut!.rounds[1]!.pairings.map((m) => [m.a, m.b])).toEqual([[seeds[0], seeds[2]]]);
  });
});
