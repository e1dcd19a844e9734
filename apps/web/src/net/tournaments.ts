/**
 * Tournament calls over the socket (packages/protocol tournaments.ts), for the Events pages (a lazy chunk). Every
 * ack that carries the event's view goes into the store like a `tournament:update` (net/tournament-state.ts);
 * refusals are shown as toasts by `call`.
 */
import type { TournamentCreatePayload, TournamentManagePayload, TournamentRef, TournamentView } from '@vroyale/protocol';
import { store } from '../store';
import { stripOk } from './session';
import { call, emitSettled } from './socket';
import { applyTournament, forgetWatch, rememberWatch } from './tournament-state';

/** The Events list into the store; false when the server refused or did not answer (the list stays as it was). */
export async function listTournaments(): Promise<boolean> {
  const ack = await emitSettled('tournament:list', {});
  if (ack.ok) store.setState({ tournamentList: ack.tournaments });
  return ack.ok;
}

export async function createTournament(p: TournamentCreatePayload): Promise<{ tournamentId: string; invite: string | null } | null> {
  const ack = await call('tournament:create', p);
  return ack ? { tournamentId: ack.tournamentId, invite: ack.invite } : null;
}

/** Watches the event from now on (again after each hello); null when it cannot be seen (the ack's code). */
export async function watchTournament(ref: TournamentRef): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  rememberWatch(ref);
  const ack = await emitSettled('tournament:watch', ref);
  if (!ack.ok) {
    forgetWatch(ref.tournamentId);
    return ack;
  }
  applyTournament(stripOk(ack) as TournamentView);
  return { ok: true };
}

export function unwatchTournament(tournamentId: string): void {
  forgetWatch(tournamentId);
  void emitSettled('tournament:unwatch', { tournamentId });
}

/** The acks of the event's own calls carry its view. */
function took(ack: ({ ok: true } & TournamentView) | null): boolean {
  if (ack) applyTournament(stripOk(ack) as TournamentView);
  return !!ack;
}

export const registerFor = async (ref: TournamentRef, roster: string): Promise<boolean> => took(await call('tournament:register', { ...ref, roster }));
export const unregisterFrom = async (ref: TournamentRef): Promise<boolean> => took(await call('tournament:unregister', ref));
export const confirmReady = async (ref: TournamentRef): Promise<boolean> => took(await call('tournament:ready', ref));
export const dropOut = async (ref: TournamentRef): Promise<boolean> => took(await call('tournament:drop', ref));
export const manage = async (p: TournamentManagePayload): Promise<boolean> => took(await call('tournament:manage', p));
