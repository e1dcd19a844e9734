/**
 * What one tournament (tournament.ts) is given and answers: its host (the service: time, saving, views, rooms,
 * round time, the pairing thread), a new event's record, and the outcome of a player's or organiser's request.
 */
import type { ClockConfig, TournamentCreatePayload } from '@vroyale/protocol';
import type { Outcome, TournamentState } from '@vroyale/tournament';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { TournamentEntrant, TournamentRecord } from '../storage/records.js';
import type { Clock } from '../time/clock.js';

/** `T`: the event as the host knows it (tournament.ts's `Tournament`; a parameter so this file needs no import of it). */
export interface TournamentHost<T> {
  clock: Clock;
  log: Logger;
  /** How long a ready check stays open (config `tournamentReadyMs`). */
  readyMs: number;
  /**
   * Saves the whole record; settles once that row committed (rejects if it did not: the host then stops the event
   * here and brings it back from its row). Saves of one event commit in the order they were issued.
   */
  save(rec: TournamentRecord): Promise<void>;
  /** Watchers and players hear the new view. */
  changed(t: T): void;
  /** Opens a room for a match of the event, `a` in seat A, and starts it; resolves to the room's id. */
  startMatch(t: T, a: TournamentEntrant, b: TournamentEntrant): Promise<string>;
  /** Time was called in a Swiss round: the host ends the games still running after their extra turns (PR-20). */
  callTime(t: T, roomIds: string[]): void;
  /** `pairNextRound`, maybe on another thread (pairing.ts). */
  pair(state: TournamentState): Promise<Outcome<TournamentState>>;
}

/** A new event's record, registration open: what the organiser chose, nothing played yet. */
export function newTournamentRecord(
  id: string,
  settings: Pick<
    TournamentRecord,
    'name' | 'organiser' | 'format' | 'clock' | 'rounds' | 'topCut' | 'roundMinutes' | 'visibility' | 'invite' | 'registrationEndsAt' | 'createdAt'
  >,
): TournamentRecord {
  return {
    id,
    ...settings,
    status: 'registration',
    entrants: [],
    state: null,
    phase: { kind: 'registration' },
    pauseRequested: false,
    rooms: {},
    turnsAtTime: {},
  };
}

export type Refused = { ok: false; code: 'wrong-phase' | 'not-registered' | 'bad-request'; message: string };
export type Done = { ok: true } | Refused;

/** A new event's record from the organiser's request (defaults: 50-minute rounds, 30 minutes of registration). */
export function recordFor(
  id: string,
  organiser: { userId: string; username: string },
  p: TournamentCreatePayload & { format: 'bo1' | 'bo3' },
  defaultClock: ClockConfig,
  now: number,
): TournamentRecord {
  const visibility = p.visibility ?? 'public';
  return newTournamentRecord(id, {
    name: p.name.trim(),
    organiser,
    format: p.format,
    clock: p.clock && !('untimed' in p.clock) ? p.clock : defaultClock,
    rounds: p.rounds ?? null,
    topCut: p.topCut ?? 0,
    roundMinutes: p.roundMinutes ?? 50,
    visibility,
    invite: visibility === 'invite' ? randomBytes(9).toString('base64url') : null,
    registrationEndsAt: now + (p.registrationMinutes ?? 30) * 60_000,
    createdAt: now,
  });
}
