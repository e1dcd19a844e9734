import { describe, expect, it } from 'vitest';
import { TournamentCreatePayload, TournamentManagePayload, TournamentRegisterPayload } from '../src/index.js';

describe('tournament payloads', () => {
  it('a new event gets the defaults a weekly Swiss expects, and refuses what no event can be', () => {
    expect(TournamentCreatePayload.parse({ name: '  Friday Swiss ' })).toEqual({
      name: 'Friday Swiss',
      format: 'bo1',
      topCut: 0,
      registrationMinutes: 30,
      roundMinutes: 50,
      visibility: 'public',
    });
    for (const bad of [{ name: 'ab' }, { name: 'Cup', topCut: 6 }, { name: 'Cup', rounds: 0 }, { name: 'Cup', roundMinutes: 1 }, { name: 'Cup', extra: 1 }])
      expect(TournamentCreatePayload.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("the organiser's tools are one union on `op`; a fix carries a whole result", () => {
    expect(TournamentManagePayload.safeParse({ op: 'start', tournamentId: 't_1' }).success).toBe(true);
    expect(TournamentManagePayload.safeParse({ op: 'fix', tournamentId: 't_1', round: 1, table: 2, result: { winsA: 1, winsB: 0, draws: 0 } }).success).toBe(
      true,
    );
    expect(TournamentManagePayload.safeParse({ op: 'fix', tournamentId: 't_1', round: 1, table: 2, result: { winsA: 1 } }).success).toBe(false);
    expect(TournamentManagePayload.safeParse({ op: 'explode', tournamentId: 't_1' }).success).toBe(false);
    expect(TournamentRegisterPayload.safeParse({ tournamentId: 'bad id!', roster: 'raid-night' }).success).toBe(false);
  });
});
