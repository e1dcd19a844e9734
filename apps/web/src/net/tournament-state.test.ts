/** Tournament messages into the store: an update keeps this user's own part, `tournament:you` replaces it. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { TournamentView } from '@vroyale/protocol';
import { initialState, store } from '../store';
import { applyTournament, applyTournamentUpdate, applyTournamentYou } from './tournament-state';

const base: Omit<TournamentView, 'you' | 'organiserTools'> = {
  id: 't_1',
  name: 'Cup',
  organiser: 'ann',
  status: 'registration',
  format: 'bo1',
  clock: { initialMs: 600_000, incrementMs: 5_000 },
  rounds: null,
  topCut: 0,
  roundMinutes: 50,
  visibility: 'invite',
  registrationEndsAt: 10,
  serverNow: 1,
  phase: { kind: 'registration' },
  pauseRequested: false,
  players: [{ id: 'p1', name: 'Ann' }],
  history: [],
  standings: [],
  cutSeeds: null,
  champion: null,
  lists: null,
};
const mine = { you: { playerId: 'p1', dropped: false, ready: false, roster: 'raid-night' }, organiserTools: { invite: 'abc' } };

describe('tournament state', () => {
  beforeEach(() => store.setState(initialState()));

  it('keeps this user’s part through shared updates, and takes a new one from tournament:you', () => {
    applyTournament({ ...base, ...mine });
    applyTournamentUpdate({ ...base, players: [...base.players, { id: 'p2', name: 'Ben' }], you: null, organiserTools: null });
    const v = store.getState().tournaments.t_1!;
    expect(v.players).toHaveLength(2);
    expect(v.you).toEqual(mine.you);
    expect(v.organiserTools).toEqual({ invite: 'abc' });
    applyTournamentYou({ tournamentId: 't_1', you: null, organiserTools: null });
    expect(store.getState().tournaments.t_1!.you).toBeNull();
    // An update of an event never seen before is taken as it is (a watcher's view).
    applyTournamentUpdate({ ...base, id: 't_2', you: null, organiserTools: null });
    expect(store.getState().tournaments.t_2!.you).toBeNull();
    // `tournament:you` for an event not in the store changes nothing.
    applyTournamentYou({ tournamentId: 't_9', ...mine });
    expect(store.getState().tournaments.t_9).toBeUndefined();
  });
});
