/** The shapes the storage layer reads and writes (JSON columns parsed). */
import type { ManagerId, Roster } from '@vroyale/engine';
import type { ClockConfig, MatchKind, MatchResult, TournamentPhase, TournamentSettings, Visibility } from '@vroyale/protocol';
import type { TournamentState } from '@vroyale/tournament';

export interface Occupant {
  userId: string;
  name: string;
  roster: Roster;
  /** What the manager chose (starter id or deck code), for display. */
  rosterLabel: string;
  /** The side deck a deck code carried (PR-22; used only in a match of several games). Absent: none. */
  side?: string[];
  bot: boolean;
  /** The manager's account when they have one (issue 17): profile links, blocks, reports. Absent for guests and bots. */
  username?: string;
}

export type Seats = Record<ManagerId, Occupant | null>;

export interface RoomRecord {
  id: string;
  visibility: Visibility;
  status: 'waiting' | 'active' | 'finished' | 'closed';
  clock: ClockConfig;
  seats: Seats;
  matchId: string | null;
  createdAt: number;
  /** How the room came about (issue 17); stored on its match (`matches.kind`) at start. Absent: 'room'. */
  kind?: MatchKind;
  /** 'bo3': the room's match is a game of a best-of-three (rooms/series.ts). Absent: one game. */
  format?: 'bo3';
}

export interface MatchRecord {
  id: string;
  roomId: string;
  seed: string;
  rosters: Record<ManagerId, Roster>;
  seats: Record<ManagerId, Occupant>;
  status: 'active' | 'finished' | 'broken';
  result: MatchResult | null;
  clocks: Record<ManagerId, number>;
  createdAt: number;
  /** How the match came about: decides whether its result moves a rating (results-store.ts). */
  kind: MatchKind;
  endedAt: number | null;
  /** A later game of a match of several: the seat that chose who went first (PR-18); absent or null: the coin. */
  chooser?: ManagerId | null;
}

export type ActionOrigin = 'player' | 'bot' | 'auto-pass' | 'time' | 'abandoned';

export interface ActionRecord {
  seq: number;
  actor: ManagerId;
  origin: ActionOrigin;
  action: unknown;
  clientActionId: string | null;
  at: number;
}

export interface SessionRecord {
  userId: string;
  name: string;
  /** The account's username; null for a guest. */
  username: string | null;
  /** The account is banned (`users.banned_at`): its hello is refused. */
  banned: boolean;
  /** The stop settings last sent from this session's browser, unvalidated (null: never sent). */
  stops: unknown;
  /** When the session was last used (a hello, or in use at a sweep): it expires `sessionTtlMs` after. */
  lastSeen: number;
}

/** A manager's deck in a match of several games: the roster to play and the side deck beside it (PR-22). */
export interface SeriesDeck {
  roster: Roster;
  side: string[];
}

/**
 * A match of several games (issue 34; rooms/series.ts). Seats keep their letters for the whole match. `registered`
 * is what each manager brought (a rematch starts from it again); `current` is the deck after the swaps so far.
 */
export interface SeriesRecord {
  id: string;
  format: 'bo3';
  status: 'playing' | 'between' | 'done';
  kind: MatchKind;
  /** Every game's room is made like the first: visibility and clock. */
  visibility: Visibility;
  clock: ClockConfig;
  /** The managers as first seated (the next game takes them from the last game's room when it is still there). */
  seats: Record<ManagerId, Occupant>;
  registered: Record<ManagerId, SeriesDeck>;
  current: Record<ManagerId, SeriesDeck>;
  /** `chooser`: who chose the order of play (PR-18; null in game 1); `coin`: game 1's coin winner, once it ended. */
  games: { roomId: string; winner: ManagerId | 'draw' | null; chooser: ManagerId | null; coin?: ManagerId | null }[];
  /** The side-deck window before the next game: when it closes, who is ready, and each one's swap (hidden). */
  between: { deadline: number; ready: ManagerId[]; swaps: Record<ManagerId, { out: string[]; in: string[] } | null>; chooser: ManagerId } | null;
  /** Null once done: nobody won (a tournament's round time ended it level, PR-20). */
  winner: ManagerId | null;
  createdAt: number;
  /** A tournament's round time was called (PR-20): no new game starts. */
  timeCalled?: boolean;
}

/** A registered player of a tournament: `playerId` ("p3") is what its state and views name; the user id stays here. */
export interface TournamentEntrant {
  playerId: string;
  userId: string;
  name: string;
  username: string;
  /** What the player registered with (a starter id or a deck code), locked for the event. */
  roster: string;
  label: string;
}

/** Where a tournament is between its rounds (tournaments/tournament.ts): stored as the protocol's views show it. */
export type TournamentPhaseRecord = TournamentPhase;

/** A Swiss tournament (issue 34 §2): its settings, entrants, the pure state (`@vroyale/tournament`) and its rooms. */
export interface TournamentRecord extends TournamentSettings {
  organiser: { userId: string; username: string };
  /** The invite link's code of an invite-only event (null when public). */
  invite: string | null;
  createdAt: number;
  entrants: TournamentEntrant[];
  /** The pure state once the event started (null during registration). */
  state: TournamentState | null;
  phase: TournamentPhaseRecord;
  /** `<stage>:<round>:<table>` → the room of the match's first game. */
  rooms: Record<string, string>;
  /** Turn numbers at round time per room (PR-20): a game whose turn passes it by more than the extra turns is drawn. */
  turnsAtTime: Record<string, number>;
}
