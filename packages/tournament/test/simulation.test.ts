/** A whole simulated event (64 players, 6 rounds, drops) ends with standings that a recount confirms. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixResult } from '../src/tournament.js';
import { standings } from '../src/standings.js';
import { inconsistencies, simulate } from './simulate.js';
import { champion, reportCutResult, startTopCut } from '../src/top-cut.js';
import type { TournamentState } from '../src/types.js';

describe('simulated event', () => {
  it('64 players, 6 rounds, with drops: consistent standings, no rematch, then a top cut of 8 to a champion', () => {
    const sim = simulate(64, 3, 0.03);
    expect(sim.state.rounds).toHaveLength(6);
    expect(sim.drops).toBeGreaterThan(0);
    expect(inconsistencies(sim)).toEqual([]);
    expect(sim.rematches).toBe(0);
    // The same seed gives the same event.
    expect(JSON.stringify(simulate(64, 3, 0.03).state)).toBe(JSON.stringify(sim.state));
    const started = startTopCut(sim.state);
    expect(started.ok).toBe(true);
    let s = (started as { state: TournamentState }).state;
    for (let guard = 0; guard < 3 && !champion(s); guard++) {
      const round = s.cut!.rounds[s.cut!.rounds.length - 1]!;
      for (const m of round.pairings) {
        const r = reportCutResult(s, m.table, { winsA: 2, winsB: 1, draws: 0 });
        expect(r.ok).toBe(true);
        if (r.ok) s = r.state;
      }
    }
    expect(champion(s)).toBe(s.cut!.seeds[0]); // the better seed won every match
  });
});

describe('fixing results (property)', () => {
  it('standings follow every fix, and fixing a result back restores them exactly', () => {
    const sim = simulate(16, 5, 0);
    const base = JSON.stringify(standings(sim.state));
    const matches = sim.state.rounds.flatMap((r) => r.pairings.filter((m) => m.b !== null).map((m) => ({ round: r.number, m })));
    const results = [
      { winsA: 2, winsB: 0, draws: 0 },
      { winsA: 0, winsB: 2, draws: 0 },
      { winsA: 1, winsB: 1, draws: 1 },
      { winsA: 2, winsB: 1, draws: 0 },
    ];
    let changed = 0;
    fc.assert(
      fc.property(fc.nat({ max: matches.length - 1 }), fc.nat({ max: results.length - 1 }), (k, j) => {
        const { round, m } = matches[k]!;
        const fixed = fixResult(sim.state, round, m.table, results[j]!);
        expect(fixed.ok).toBe(true);
        if (!fixed.ok) return;
        const after = standings(fixed.state);
        const sameResult = JSON.stringify(results[j]) === JSON.stringify(m.result);
        if (JSON.stringify(after) !== base) changed++;
        else expect(sameResult).toBe(true); // any other result changes a's points or games
        const back = fixResult(fixed.state, round, m.table, m.result!);
        expect(back.ok && JSON.stringify(standings(back.state))).toBe(base);
        expect(JSON.stringify(sim.state)).toBe(JSON.stringify(simulate(16, 5, 0).state)); // the input never changed
      }),
      { seed: 8, numRuns: 60 },
    );
    expect(changed).toBeGreaterThan(10);
  });
});
