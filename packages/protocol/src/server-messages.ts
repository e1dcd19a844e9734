/**
 * Server → client messages. The match view is per viewer: every socket receives its own projection and its
 * own projected events, never another viewer's (the engine's `project` / `projectEvents` decide what a
 * viewer may see).
 */
import type { EndReason, GameEvent, GameView, Legal, ManagerId, Viewer } from '@vroyale/engine';
import type { MatchKind } from './accounts.js';
import type { ClockConfig, MatchFormat, Seat, Visibility } from './client-payloads.js';

/** Why a match ended: the engine's reasons, plus the server's own (flag fall, seat-hold expiry). */
/** `round-time`: a tournament round's time and extra turns ran out; the game is drawn (PR-20). */
export type ResultReason = EndReason | 'time' | 'abandoned' | 'round-time';

export interface MatchResult {
  winner: ManagerId | 'draw';
  reason: ResultReason;
}

export interface SeatClock {
  remainingMs: number;
  /** True while the match waits on this manager (both during mulligans). */
  running: boolean;
}

export interface ClocksView {
  A: SeatClock;
  B: SeatClock;
  /** The server's clock when this was measured, so a client can count down without trusting its own. */
  serverNow: number;
  /** The room plays without a clock: `remainingMs` is 0 and means nothing; `running` still says who is to act. */
  untimed?: true;
}

export interface ViewMessage {
  roomId: string;
  matchId: string;
  /** The engine's state version; send it back as `seenSeq` with the next action. */
  seq: number;
  /**
   * `hashState` of the authoritative state: equal hashes, equal states (reconnects and restarts keep it).
   * Sent on full views and on the view that carries the result; omitted on other updates (hashing a state
   * costs more than applying an action, and a client cannot check it anyway).
   */
  stateHash?: string;
  viewer: Viewer;
  /**
   * The engine's projection for this viewer. `view.defs`: on a full view, every card definition the view
   * shows; on an update, only definitions this viewer has not been sent before. Keep a cache of them.
   */
  view: GameView;
  /** The projected events of the actions since the previous view; empty on a full sync. */
  events: GameEvent[];
  /**
   * This viewer's legal actions when the match waits on them; otherwise empty (always for spectators). A
   * declaration is listed as an offer (`choose-attackers`, `choose-blocks`) to be answered with a whole
   * `declare-attackers` / `declare-blocks` that the engine's `attackProblems` / `blockProblems` accept.
   */
  legal: Legal[];
  deciders: ManagerId[];
  clocks: ClocksView;
  result: MatchResult | null;
  /** True on join, reconnect and restart: replace local state instead of applying events. */
  full: boolean;
}

export interface SeatInfo {
  name: string;
  /** The manager's account (profile link, block, report); null for guests and bots. */
  username: string | null;
  bot: boolean;
  connected: boolean;
  /** While a disconnected manager's seat is held: the server time at which it is given up. */
  holdDeadline: number | null;
  holdRemainingMs: number | null;
}

export type RoomStatus = 'waiting' | 'active' | 'finished';

/** Rematch offers after a finished match (see `room:rematch`). */
export interface RematchState {
  /** The seats that have asked for a rematch. */
  offers: Seat[];
  /** The new room, once both managers agreed; its match has started. */
  roomId: string | null;
}

/** One game of a match of several (a room of its own). */
export interface SeriesGame {
  roomId: string;
  /** Null while the game is being played. */
  winner: Seat | 'draw' | null;
  /** Who chose who went first (PR-18); null in the first game, where the coin decided. */
  chooser: Seat | null;
}

/**
 * A best-of-three (issue 34): its games so far and, between two games, the side-deck window (PR-22). Seats keep
 * their letters through the match (the order of play is the chooser's, PR-18). Each manager's `yours` goes to
 * that manager only: nobody else learns which cards were swapped, only how many.
 */
export interface SeriesState {
  seriesId: string;
  format: Exclude<MatchFormat, 'bo1'>;
  /** Which game of the match this room holds (1-based; a drawn game is replayed, PR-19, so it may exceed 3). */
  game: number;
  games: SeriesGame[];
  wins: Record<Seat, number>;
  /** 'between': the side-deck window before the next game; 'done': the match is decided. */
  status: 'playing' | 'between' | 'done';
  /** The match's winner once decided. */
  winner: Seat | null;
  between: {
    /** Server time at which the window closes (managers not ready then play their roster unchanged). */
    deadline: number;
    remainingMs: number;
    ready: Seat[];
    /** How many cards each manager swapped, once ready (PR-22: the count only). */
    swapped: Record<Seat, number | null>;
    /** Who chooses who goes first in the next game (PR-18). */
    chooser: Seat;
  } | null;
  /** The next game's room once it started (clients follow it, as a rematch's `roomId`). */
  nextRoomId: string | null;
  /** The receiving manager's own roster and side deck as they stand now (null for spectators). */
  yours: { centre: string; cards: string[]; side: string[] } | null;
}

/**
 * Who is where in a room, its clock and result. Sent to a socket as it enters, and to everyone in the room when
 * a seat, a manager's connection, the status or the rematch changes. `spectators` alone changing is coalesced:
 * at most one message per room every few hundred ms, and none if the count is back where it was.
 */
export interface RoomState {
  roomId: string;
  visibility: Visibility;
  /** How the room came about: a room, a bot match, the tutorial, a ranked or casual pairing, a challenge. */
  kind: MatchKind;
  /** When the room was made (server time): "your oldest bot match" is the one with the smallest. */
  createdAt: number;
  status: RoomStatus;
  clock: ClockConfig;
  seats: Record<Seat, SeatInfo | null>;
  spectators: number;
  matchId: string | null;
  result: MatchResult | null;
  rematch: RematchState;
  /** One game, or a game of a best-of-three (known from the room's creation, before `series` exists). */
  format: MatchFormat;
  /** A game of a best-of-three: the match around it, once its first game started; null for a single game. */
  series: SeriesState | null;
  /** A tournament's match (issue 34 §2): the event's id, its page; no rematch is offered. Null otherwise. */
  tournamentId: string | null;
  /** The receiving socket's own seat in this room, if any. */
  yourSeat: Seat | null;
  serverNow: number;
}

/** A seat as the lobby lists it. */
export interface SummarySeat {
  name: string;
  /** The manager's account; null for guests and bots. */
  username: string | null;
  bot: boolean;
  /**
   * The manager's rating, once the match has begun: in the match's own queue for ranked and casual, the ranked
   * rating of an account otherwise; null for guests outside the queues and for bots.
   */
  rating: number | null;
  /** The rating rests on too few games to mean much (RD above 110). */
  provisional: boolean;
}

export interface RoomSummary {
  roomId: string;
  kind: MatchKind;
  status: RoomStatus;
  clock: ClockConfig;
  seats: Record<Seat, SummarySeat | null>;
  spectators: number;
  createdAt: number;
  /** The turn as spectators see it (0: the opening, mulligans); null before the match. */
  turn: number | null;
  /** Whose turn it is, as spectators see it; null before the match and during the opening. */
  active: Seat | null;
  /** Spectators see this match a turn behind (ranked; docs/api.md "Spectator delay"); false once it ended. */
  delayed: boolean;
  result: MatchResult | null;
  /** When the match ended (server time); null while it is not over. */
  endedAt: number | null;
  /** One game, or a game of a best-of-three (told before it starts, so nobody sits down in one unawares). */
  format: MatchFormat;
  /**
   * A game of a best-of-three, once it began: which game it is, the match's score so far (games won per seat; the
   * seats stay the same through the match) and whether the match is decided. Absent from a node of an older release.
   */
  series?: SeriesScore | null;
}

export interface SeriesScore {
  /** This room's game: 1, 2 or 3 (a replayed draw makes a fourth). */
  game: number;
  /** Games in the match so far. */
  games: number;
  wins: Record<Seat, number>;
  draws: number;
  over: boolean;
}

/**
 * The lobby's lists. `rooms`: public rooms waiting for players, and live matches anyone may watch (public rooms,
 * ranked, casual and challenges, and bot matches whose manager played in the last few minutes; never a private
 * room or the tutorial), waiting rooms first, then human matches, then bot matches, newest first. `recent`: the
 * latest few of those that finished (at most `LOBBY_RECENT`, newest first); a finished room is never in `rooms`.
 */
export interface LobbyRooms {
  rooms: RoomSummary[];
  recent: RoomSummary[];
}

/** How many finished matches the lobby's `recent` holds at most. */
export const LOBBY_RECENT = 5;

export interface ChatMessage {
  roomId: string;
  from: { name: string; role: Seat | 'spectator' };
  text: string;
  at: number;
}

/**
 * A room's recent chat, sent once to a socket as it enters the room (and only if there is any): at most
 * `LIMITS.chatHistoryLines` lines and `LIMITS.chatHistoryBytes` bytes of text, the newest kept. It
 * replaces the room's lines a client already holds (the same lines come again on a reconnect); live lines
 * keep coming as `room:chat`.
 */
export interface ChatHistory {
  roomId: string;
  /** Oldest first. */
  messages: ChatMessage[];
}

/** The public events one action produced (the spectator's projection), at the seq it produced. */
export interface LogBatch {
  seq: number;
  events: GameEvent[];
}

/**
 * The match so far, sent once to a socket as it enters a room whose match has begun (join, watch, reconnect,
 * reload), right after its full view: the spectator projection of the events of the latest
 * `LIMITS.logHistoryBatches` actions that produced any, oldest first, all at or before that view's seq. Only
 * public facts, whoever receives it (a manager's own hand is not in it: their live views tell them that).
 */
export interface MatchLogHistory {
  roomId: string;
  matchId: string;
  batches: LogBatch[];
  /** True when older batches were left out (the bound). */
  truncated: boolean;
}

export interface ServerNotice {
  /**
   * `kicked`: this socket is being disconnected (for flooding) and should not reconnect at once. `signed-out`:
   * the session ended (signed out everywhere, password changed, account banned); the socket is closed.
   * `moving`: this node hands its matches to other nodes and closes the socket next; the client reconnects (to
   * another node) and carries on without showing anything: not an error.
   */
  kind: 'shutdown' | 'info' | 'kicked' | 'signed-out' | 'moving';
  message: string;
}
