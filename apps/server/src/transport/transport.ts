/**
 * The transport seam (as in boardgame.io): the rest of the server talks to clients only through these few
 * methods, so the master and the rooms never touch Socket.IO. `socket-io-transport.ts` implements it; a
 * test or another wire protocol could implement it too.
 */
import type { Ack, ServerToClientEvents } from '@vroyale/protocol';

export type ServerEvent = keyof ServerToClientEvents;
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** What arrives from clients: connection changes and messages, each message with its one reply. */
export type Incoming =
  /** `token`: the session token the handshake carried (the session cookie, or `Authorization: Bearer`), if any. */
  | { kind: 'connect'; socketId: string; address: string; token: string | null }
  | { kind: 'disconnect'; socketId: string; reason: string }
  | { kind: 'message'; socketId: string; event: string; payload: unknown; reply: (ack: Ack<object>) => void };

export interface Transport {
  /** Sends one message to one socket or to several (encoded once for all of them). */
  send<E extends ServerEvent>(to: string | readonly string[], event: E, payload: ServerPayload<E>): void;
  /** Writes every message still queued (large broadcasts go out in slices): before a shutdown. */
  flush(): void;
  /** Closes a socket from the server's side (a client told to stop, e.g. for flooding: it will not reconnect by itself). */
  disconnect(socketId: string): void;
  /** Registers the one handler for everything clients send. A handler that throws is caught by the transport. */
  onMessage(handler: (msg: Incoming) => void): void;
}
