/**
 * What the server and the clients need to know about each client event besides its payload, declared once.
 * Apart from events.ts (the payload schemas) and free of zod, so the web app's first page can read
 * `RESENDABLE_EVENTS` without loading a schema (docs/performance.md, "The first page"). events.ts's
 * `CLIENT_PAYLOADS` must name exactly these events: neither compiles otherwise.
 */

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

/** Each client event's traits, declared once: the list of client events (CLIENT_PAYLOADS must match it, or neither compiles). */
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
  'series:sideboard': { room: true, resend: false },
  'match:action': { room: true, resend: true },
  'match:pass-until': { room: true, resend: true },
  settings: { room: false, resend: true },
  'queue:join': { room: false, resend: false },
  'queue:leave': { room: false, resend: false },
  'queue:accept': { room: false, resend: false },
  'challenge:send': { room: false, resend: false },
  'challenge:answer': { room: false, resend: false },
  'challenge:cancel': { room: false, resend: false },
  'tournament:list': { room: false, resend: true },
  'tournament:create': { room: false, resend: false },
  'tournament:watch': { room: false, resend: true },
  'tournament:unwatch': { room: false, resend: true },
  'tournament:register': { room: false, resend: false },
  'tournament:unregister': { room: false, resend: false },
  'tournament:ready': { room: false, resend: true },
  'tournament:drop': { room: false, resend: false },
  'tournament:manage': { room: false, resend: false },
  'puzzle:daily': { room: false, resend: true },
  'puzzle:next': { room: false, resend: false },
  'puzzle:move': { room: false, resend: false },
  'puzzle:hint': { room: false, resend: false },
  'puzzle:solution': { room: false, resend: true },
} as const satisfies Record<string, ClientEventTraits>;

/** Every client event: the keys of CLIENT_EVENT_TRAITS (events.ts's CLIENT_PAYLOADS must have exactly these). */
export type ClientEventName = keyof typeof CLIENT_EVENT_TRAITS;

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
