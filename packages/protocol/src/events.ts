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
import type { ChatHistory, ChatMessage, LobbyRooms, MatchLogHistory, RematchState, RoomState, ServerNotice, ViewMessage } from './server-messages.js';
import type { Seat } from './client-payloads.js';
import type { PassUntilMode, StopSettings } from './stop-settings.js';

/** Event name → payload schema: the server's dispatch table, and the single list of client events. */
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
} as const;

export type ClientEventName = keyof typeof CLIENT_PAYLOADS;

/** What the server and the clients need to know about a client event besides its payload. */
export interface ClientEventTraits {
  /**
   * About one room (`roomId` in its payload): in a cluster it is handled by the node holding that room (the
   * socket's node forwards it there).
   */
  room: boolean;
  /**
   * Safe to be handled twice, so a client sends it again when no answer came (a reconnect, a match moving). An
   * action is, because it keeps its clientActionId (the server answers a duplicate with the first ack).
   */
  resend: boolean;
}

/** Each client event's traits, declared once: an event missing here (or one that is not an event) fails to compile. */
export const CLIENT_EVENT_TRAITS = {
  hello: { room: false, resend: false },
  'lobby:subscribe': { room: false, resend: true },
  'lobby:unsubscribe': { room: false, resend: true },
  'room:create': { room: false, resend: false },
  'room:join': { room: true, resend: true },
  'room:play-bot': { room: false, resend: false },
  'room:tutorial': { room: false, resend: false },
  'room:spectate': { room: true, resend: true },
  'room:leave': { room: true, resend: true },
  'room:chat': { room: true, resend: false },
  'room:rematch': { room: true, resend: false },
  'match:action': { room: true, resend: true },
  'match:pass-until': { room: true, resend: true },
  settings: { room: false, resend: true },
  'queue:join': { room: false, resend: false },
  'queue:leave': { room: false, resend: false },
  'queue:accept': { room: false, resend: false },
  'challenge:send': { room: false, resend: false },
  'challenge:answer': { room: false, resend: false },
  'challenge:cancel': { room: false, resend: false },
} as const satisfies Record<ClientEventName, ClientEventTraits>;

/** The client events with this trait set, as a type. */
type EventsWith<K extends keyof ClientEventTraits> = {
  [E in ClientEventName]: (typeof CLIENT_EVENT_TRAITS)[E][K] extends true ? E : never;
}[ClientEventName];

/** Events about one room (`roomId` in the payload): routed to the room's node in a cluster. */
export type RoomEventName = EventsWith<'room'>;
/** Events a client may send again when no answer came. */
export type ResendableEventName = EventsWith<'resend'>;

function eventsWith<K extends keyof ClientEventTraits>(k: K): ReadonlySet<EventsWith<K>> {
  return new Set(
    Object.entries(CLIENT_EVENT_TRAITS)
      .filter(([, t]) => t[k])
      .map(([e]) => e as EventsWith<K>),
  );
}

export const ROOM_EVENTS: ReadonlySet<RoomEventName> = eventsWith('room');
export const RESENDABLE_EVENTS: ReadonlySet<ResendableEventName> = eventsWith('resend');

/** Narrows any event name (a string off the wire included) to a room event. */
export const isRoomEvent = (e: string): e is RoomEventName => (ROOM_EVENTS as ReadonlySet<string>).has(e);

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
}
