/**
 * Swiss tournaments over the socket (issue 34 §2). Anyone with an account creates one; players register with a
 * roster (locked for the event); before each round a ready check; the server pairs (`@vroyale/tournament`), opens
 * one room per table, records each match's result when it is decided, and runs the next round, then the top cut.
 * A client watches a tournament (`tournament:watch`) and hears `tournament:update` on every change (the same view
 * for every watcher, `you` null) and `tournament:you` when its own part changed; the lists of the rosters are in
 * the view only once the event is over.
 */
import { z } from 'zod';
import { ClockConfig, MatchFormat, RosterChoice } from './client-payloads.js';

export const TournamentId = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

/** An invite link's secret: only an invite-only event's organiser sees it; it lets its holder watch and register. */
export const InviteCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

export const TournamentCreatePayload = z
  .object({
    name: z.string().trim().min(3).max(60),
    format: MatchFormat.default('bo1'),
    /** Omitted: the server's default clock. A tournament is always timed. */
    clock: ClockConfig.optional(),
    /** Swiss rounds; omitted: the standard count for the players registered when it starts (⌈log₂ n⌉). */
    rounds: z.number().int().min(1).max(12).optional(),
    topCut: z.union([z.literal(0), z.literal(4), z.literal(8)]).default(0),
    /** Registration closes (and the event starts, with at least 2 players) this many minutes after creation. */
    registrationMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    /** The round time of a Swiss round (PR-20), minutes. */
    roundMinutes: z.number().int().min(5).max(180).default(50),
    /** Public events are listed under Events; invite-only ones are reached by their link. */
    visibility: z.enum(['public', 'invite']).default('public'),
  })
  .strict();
export type TournamentCreatePayload = z.input<typeof TournamentCreatePayload>;

export const TournamentRef = z.object({ tournamentId: TournamentId, invite: InviteCode.optional() }).strict();
export type TournamentRef = z.infer<typeof TournamentRef>;

export const TournamentUnwatchPayload = z.object({ tournamentId: TournamentId }).strict();

export const TournamentRegisterPayload = z.object({ tournamentId: TournamentId, invite: InviteCode.optional(), roster: RosterChoice }).strict();
export type TournamentRegisterPayload = z.infer<typeof TournamentRegisterPayload>;

/** The organiser's tools. `fix`: set a reported result (from player a's side); `drop`: drop a player from the next round. */
export const TournamentManagePayload = z.discriminatedUnion('op', [
  z.object({ op: z.literal('start'), tournamentId: TournamentId }).strict(),
  z.object({ op: z.literal('pause'), tournamentId: TournamentId }).strict(),
  z.object({ op: z.literal('resume'), tournamentId: TournamentId }).strict(),
  z.object({ op: z.literal('cancel'), tournamentId: TournamentId }).strict(),
  z
    .object({
      op: z.literal('fix'),
      tournamentId: TournamentId,
      round: z.number().int().min(1).max(20),
      table: z.number().int().min(1).max(300),
      result: z.object({ winsA: z.number().int().min(0).max(3), winsB: z.number().int().min(0).max(3), draws: z.number().int().min(0).max(9) }).strict(),
    })
    .strict(),
  z.object({ op: z.literal('drop'), tournamentId: TournamentId, playerId: z.string().min(1).max(16) }).strict(),
]);
export type TournamentManagePayload = z.infer<typeof TournamentManagePayload>;

export type TournamentStatus = 'registration' | 'running' | 'paused' | 'finished' | 'cancelled';

/** One line of the Events list. */
export interface TournamentSummary {
  id: string;
  name: string;
  organiser: string;
  format: MatchFormat;
  status: TournamentStatus;
  players: number;
  /** The round being played (0 before the first; in the top cut, the Swiss rounds plus the cut's round). */
  round: number;
  rounds: number | null;
  topCut: 0 | 4 | 8;
  registrationEndsAt: number;
  visibility: 'public' | 'invite';
}

/** A player as the event shows them: `id` is the player's number in this event ("p3"), never a user id. */
export interface TournamentPlayer {
  id: string;
  name: string;
  /** The last round the player was paired in before dropping; absent while they play on. */
  droppedAfterRound?: number;
}

export interface TournamentMatchResult {
  winsA: number;
  winsB: number;
  draws: number;
}

export interface TournamentPairing {
  table: number;
  a: string;
  /** null: a bye for `a`. */
  b: string | null;
  /** The room of the game being played (a best-of-three's current game), to watch it; null for a bye or before it opened. */
  roomId: string | null;
  result: TournamentMatchResult | null;
}

export interface TournamentRoundView {
  number: number;
  /** Swiss, or a round of the top cut ("quarterfinal"...: the web app names it from the cut's size and index). */
  stage: 'swiss' | 'cut';
  pairings: TournamentPairing[];
}

export interface TournamentStanding {
  rank: number;
  id: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  /** Opponents' match-win %, game-win %, opponents' game-win % (MTR tiebreakers, 0.33 floor), as fractions. */
  omw: number;
  gw: number;
  ogw: number;
}

/** The phase of the event's current round. */
export type TournamentPhase =
  | { kind: 'registration' }
  /** Before a round: each active player confirms; who misses the deadline is dropped (from this round on). */
  | { kind: 'ready-check'; round: number; stage: 'swiss' | 'cut'; deadline: number; ready: string[] }
  | { kind: 'playing'; round: number; stage: 'swiss' | 'cut'; endsAt: number | null; timeCalled: boolean }
  | { kind: 'paused'; before: number }
  | { kind: 'over' };

/** An event's settings as its organiser made them (the server's record and every view carry them). */
export interface TournamentSettings {
  id: string;
  name: string;
  format: MatchFormat;
  clock: ClockConfig;
  /** Swiss rounds: as chosen, or the standard count once the event started (null before, when not chosen). */
  rounds: number | null;
  topCut: 0 | 4 | 8;
  roundMinutes: number;
  visibility: 'public' | 'invite';
  registrationEndsAt: number;
  status: TournamentStatus;
  /** The organiser asked to pause: the round after the current one waits for "resume". */
  pauseRequested: boolean;
}

export interface TournamentView extends TournamentSettings {
  organiser: string;
  serverNow: number;
  phase: TournamentPhase;
  players: TournamentPlayer[];
  /** Every round so far, Swiss then the cut, with results. */
  history: TournamentRoundView[];
  standings: TournamentStanding[];
  /** The cut's seeds (player ids, seed 1 first), once it started. */
  cutSeeds: string[] | null;
  /** The winner of the event, once it is over. */
  champion: string | null;
  /** Each player's roster label and deck code: only once the event is over (lists are published at its end). */
  lists: { id: string; label: string; code: string }[] | null;
  /** This user's part, or null for a watcher without an entry. */
  you: { playerId: string; dropped: boolean; ready: boolean; roster: string } | null;
  /** Only for the organiser. */
  organiserTools: { invite: string | null } | null;
}

/**
 * Pushed after a `tournament:update` when this user's own part of it changed (and never to anyone else): the
 * update itself carries `you: null, organiserTools: null` (it is the same message for every watcher). Acks of the
 * tournament events carry the whole view, own part included.
 */
export interface TournamentYou {
  tournamentId: string;
  you: TournamentView['you'];
  organiserTools: TournamentView['organiserTools'];
}
