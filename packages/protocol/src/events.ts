/**
 * The Socket.IO event maps, for `Server<ClientToServerEvents, ServerToClientEvents>` on the server and
 * `Socket<ServerToClientEvents, ClientToServerEvents>` in clients. Every client event carries one payload
 * (validated by the schema of the same name in CLIENT_PAYLOADS) and an ack callback.
 */
import type { z } from 'zod';
import type { AckFn } from './acks.js';
import {
  ActionPayload,
  ChatPayload,
  CreateRoomPayload,
  EmptyPayload,
  HelloPayload,
  JoinRoomPayload,
  LeaveRoomPayload,
  PassUntilPayload,
  PlayBotPayload,
  RematchPayload,
  SideboardPayload,
  SettingsPayload,
  SpectatePayload,
  TutorialPayload,
} from './client-payloads.js';
import {
  ChallengeAnswerPayload,
  ChallengeCancelPayload,
  ChallengeSendPayload,
  QueueJoinPayload,
  type ChallengeUpdate,
  type QueueState,
} from './matchmaking.js';
import {
  TournamentCreatePayload,
  TournamentManagePayload,
  TournamentRef,
  TournamentRegisterPayload,
  TournamentUnwatchPayload,
  type TournamentSummary,
  type TournamentView,
  type TournamentYou,
} from './tournaments.js';
import { PuzzleMovePayload, PuzzleRef, type PuzzleFrame, type PuzzleHint, type PuzzleState } from './puzzles.js';
import type { ChatHistory, ChatMessage, LobbyRooms, MatchLogHistory, RematchState, RoomState, ServerNotice, ViewMessage } from './server-messages.js';
import type { Seat } from './client-payloads.js';
import type { PassUntilMode, StopSettings } from './stop-settings.js';
import type { ClientEventName } from './event-traits.js';

/** Event name → payload schema: the server's dispatch table, for exactly the events of CLIENT_EVENT_TRAITS (event-traits.ts). */
export const CLIENT_PAYLOADS = {
  hello: HelloPayload,
  'lobby:subscribe': EmptyPayload,
  'lobby:unsubscribe': EmptyPayload,
  'room:create': CreateRoomPayload,
  'room:join': JoinRoomPayload,
  'room:play-bot': PlayBotPayload,
  /** "Learn to play": a private bot match with the tutorial's fixed rosters and seed (issue 16 §1). */
  'room:tutorial': TutorialPayload,
  'room:spectate': SpectatePayload,
  'room:leave': LeaveRoomPayload,
  'room:chat': ChatPayload,
  'room:rematch': RematchPayload,
  /** Between two games of a best-of-three: the sender's side-deck swap, and ready (PR-22). */
  'series:sideboard': SideboardPayload,
  'match:action': ActionPayload,
  'match:pass-until': PassUntilPayload,
  settings: SettingsPayload,
  /** Matchmaking (matchmaking.ts): enter or switch queue, leave it, accept a pairing found while away. */
  'queue:join': QueueJoinPayload,
  'queue:leave': EmptyPayload,
  'queue:accept': EmptyPayload,
  /** Direct challenges by username (accounts only). */
  'challenge:send': ChallengeSendPayload,
  'challenge:answer': ChallengeAnswerPayload,
  'challenge:cancel': ChallengeCancelPayload,
  /** Swiss tournaments (tournaments.ts): the Events list, one event's page, registration, the organiser's tools. */
  'tournament:list': EmptyPayload,
  'tournament:create': TournamentCreatePayload,
  'tournament:watch': TournamentRef,
  'tournament:unwatch': TournamentUnwatchPayload,
  'tournament:register': TournamentRegisterPayload,
  'tournament:unregister': TournamentRef,
  'tournament:ready': TournamentRef,
  'tournament:drop': TournamentRef,
  'tournament:manage': TournamentManagePayload,
  /** The puzzle page (puzzles.ts): today's puzzle, the next at the player's level, a move, a hint, the solution. */
  'puzzle:daily': EmptyPayload,
  'puzzle:next': EmptyPayload,
  'puzzle:move': PuzzleMovePayload,
  'puzzle:hint': PuzzleRef,
  'puzzle:solution': PuzzleRef,
} as const satisfies Record<ClientEventName, z.ZodType>;

/** What each client event's ack carries on success. */
export interface AckData {
  /**
   * `token` only when the session did not come from the cookie (a tool's hello, a new session made over the
   * socket): a browser's httpOnly cookie is never echoed to script. `username`: null for guests.
   */
  hello: { token?: string; userId: string; name: string; username: string | null; seats: { roomId: string; seat: Seat }[] };
  'lobby:subscribe': LobbyRooms;
  'lobby:unsubscribe': object;
  'room:create': { roomId: string };
  'room:join': { roomId: string; seat: Seat };
  'room:play-bot': { roomId: string; seat: Seat };
  'room:tutorial': { roomId: string; seat: Seat };
  'room:spectate': { roomId: string };
  'room:leave': object;
  'room:chat': object;
  /** The offers so far, and the new room once both managers agreed. */
  'room:rematch': RematchState;
  /** How many cards the swap exchanged. */
  'series:sideboard': { swapped: number };
  'match:action': { seq: number };
  /** The one-shot now in force for the sender's seat in that match. */
  'match:pass-until': { mode: PassUntilMode };
  /** The settings now in force (an echo of what was sent). */
  settings: { stops: StopSettings };
  'queue:join': QueueState;
  'queue:leave': QueueState;
  'queue:accept': QueueState;
  'challenge:send': ChallengeUpdate;
  'challenge:answer': ChallengeUpdate;
  'challenge:cancel': ChallengeUpdate;
  /** Public events and the sender's own, newest first. */
  'tournament:list': { tournaments: TournamentSummary[] };
  /** `invite`: the invite link's code, for an invite-only event (null for a public one). */
  'tournament:create': { tournamentId: string; invite: string | null };
  'tournament:watch': TournamentView;
  'tournament:unwatch': object;
  'tournament:register': TournamentView;
  'tournament:unregister': TournamentView;
  'tournament:ready': TournamentView;
  'tournament:drop': TournamentView;
  'tournament:manage': TournamentView;
  'puzzle:daily': PuzzleState;
  'puzzle:next': PuzzleState;
  /** The position after the move and the opponent's answers, and whether the attempt is solved, failed or goes on. */
  'puzzle:move': PuzzleState;
  'puzzle:hint': { hint: PuzzleHint };
  /** The main line from the first position, one frame per action (the player's projection); the attempt as it is now. */
  'puzzle:solution': { frames: PuzzleFrame[]; state: PuzzleState };
}

export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: z.input<(typeof CLIENT_PAYLOADS)[E]>, ack: AckFn<AckData[E]>) => void;
};

export interface ServerToClientEvents {
  'match:view': (msg: ViewMessage) => void;
  'match:log-history': (msg: MatchLogHistory) => void;
  'room:state': (msg: RoomState) => void;
  'room:chat': (msg: ChatMessage) => void;
  'room:chat-history': (msg: ChatHistory) => void;
  'lobby:rooms': (msg: LobbyRooms) => void;
  'server:notice': (msg: ServerNotice) => void;
  /** This user's matchmaking state, on every change and on hello. */
  'queue:state': (msg: QueueState) => void;
  /** A challenge to or from this user changed (also each pending one on hello). */
  'challenge:update': (msg: ChallengeUpdate) => void;
  /** A tournament this socket watches (or plays in) changed: the whole view as every watcher sees it (`you` null). */
  'tournament:update': (msg: TournamentView) => void;
  /** This user's own part of a watched tournament changed (sent after the update it belongs to). */
  'tournament:you': (msg: TournamentYou) => void;
}
