/** The shapes the storage layer reads and writes (JSON columns parsed). */
import type { ManagerId, Roster } from '@vroyale/engine';
import type { ClockConfig, MatchKind, MatchResult, Visibility } from '@vroyale/protocol';

export interface Occupant {
  userId: string;
  name: string;
  roster: Roster;
  /** What the manager chose (starter id or deck code), for display. */
  rosterLabel: string;
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
