/**
 * What the server says about tournaments (`tournament:update`, and the views the acks carry) into the store, and
 * which events this page watches. Small and zod-free: net/inbound.ts and net/session.ts load it with the first
 * page (a registered player's sockets hear their running events from hello on, so a ready check reaches them
 * anywhere in the app); the calls themselves are net/tournaments.ts, loaded with the Events pages.
 */
import type { TournamentRef, TournamentView, TournamentYou } from '@vroyale/protocol';
import { store } from '../store';

/** The events this page watches (an event page is open), with their invite codes: watched again after each hello. */
const watched = new Map<string, TournamentRef>();

/** A whole view built for this user: an ack of the tournament events (and a hello's view of a running event). */
export function applyTournament(v: TournamentView): void {
  store.setState((s) => ({ tournaments: { ...s.tournaments, [v.id]: v }, tournamentAt: { ...s.tournamentAt, [v.id]: Date.now() } }));
}

/**
 * `tournament:update`: the view every watcher gets, with `you` and `organiserTools` null; this user's own part is
 * what it was (the server sends `tournament:you` after the update when it changed).
 */
export function applyTournamentUpdate(v: TournamentView): void {
  const had = store.getState().tournaments[v.id];
  applyTournament(had ? { ...v, you: had.you, organiserTools: had.organiserTools } : v);
}

/** `tournament:you`: this user's own part of an event changed. */
export function applyTournamentYou(m: TournamentYou): void {
  store.setState((s) => {
    const v = s.tournaments[m.tournamentId];
    return v ? { tournaments: { ...s.tournaments, [v.id]: { ...v, you: m.you, organiserTools: m.organiserTools } } } : s;
  });
}

export function rememberWatch(ref: TournamentRef): void {
  watched.set(ref.tournamentId, ref);
}

export function forgetWatch(tournamentId: string): void {
  watched.delete(tournamentId);
}

/** What to watch again on a new connection (the server forgets a closed socket's watches). */
export const watchedTournaments = (): TournamentRef[] => [...watched.values()];
