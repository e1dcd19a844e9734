/**
 * What matchmaking needs from the game server (game-server.ts builds it): time, the users' sockets, account
 * facts and blocks, and one way to open a started match for two users.
 */
import type { ClockConfig, MatchFormat, MatchKind, Seat, ServerToClientEvents } from '@vroyale/protocol';
import type { Roster } from '@vroyale/engine';
import type { Logger } from '../logger.js';
import type { Clock } from '../time/clock.js';
import type { AccountFacts } from '../storage/store.js';

export interface Player {
  userId: string;
  /** The display name when they queued or challenged (they may have no socket when the match starts). */
  name: string;
  roster: Roster;
  /** The side deck a deck code carried (PR-22): used when the match is a best-of-three. */
  side?: string[];
  rosterLabel: string;
  /** The account's username, as read when they queued or challenged (null or absent: a guest). */
  username?: string | null;
}

export interface MatchmakingHost {
  clock: Clock;
  log: Logger;
  facts: AccountFacts;
  /** From memory (identity/blocks.ts): both users' lists must be loaded (`loadBlocks`) or they read as empty. */
  blocked(a: string, b: string): boolean;
  /** Reads these users' block lists where memory lacks them (a queued user whose socket is gone was forgotten). */
  loadBlocks(userIds: readonly string[]): Promise<void>;
  /** The user's live sockets (empty when they have none). */
  socketsOf(userId: string): string[];
  displayName(userId: string): string | null;
  send<E extends keyof ServerToClientEvents>(socketIds: string[], event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** The user's seat in a live match of one of these kinds, if any. */
  liveSeat(userId: string, kinds: readonly MatchKind[]): { roomId: string; seat: Seat; kind: MatchKind; format: MatchFormat } | null;
  /** Does the user hold a seat in a live match of one of these kinds? */
  inLiveMatch(userId: string, kinds: readonly MatchKind[]): boolean;
  /**
   * A private room of this kind with `a` in seat A and `b` in seat B, its match started, and every socket of
   * both users attached to it. Returns the room id.
   */
  startMatch(kind: MatchKind, clock: ClockConfig | undefined, a: Player, b: Player, format?: MatchFormat): Promise<string>;
  /** The server's default clock (queue matches use it). */
  defaultClock: ClockConfig;
}
