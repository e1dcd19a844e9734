/** A whole simulated event (64 players, 6 rounds, drops) ends with standings that a recount confirms. */
import { describe, expect, it } from 'vitest';
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
