/**
 * The transport seam (as in boardgame.io): the rest of the server talks to clients only through these few
 * methods, so the master and the rooms never touch Socket.IO. `socket-io-transport.ts` implements it; a
 * test or another wire protocol could implement it too.
 */
import type { Ack, AckError, ServerToClientEvents } from '@vroyale/protocol';
import type { SocketClass } from '../net/socket-class.js';

export type ServerEvent = keyof ServerToClientEvents;
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** What arrives from clients: connection changes and messages, each message with its one reply. */
export type Incoming =
  /** `token`: the session token the handshake carried (the session cookie, or `Authorization: Bearer`), if any. */
  | { kind: 'connect'; socketId: string; address: string; token: string | null }
  | { kind: 'disconnect'; socketId: string; reason: string }
  | { kind: 'message'; socketId: string; event: string; payload: unknown; reply: (ack: Ack<object>) => void };

/**
 * What the transport asks about each message before decoding it (issue 36; gateway/gate.ts answers), knowing
 * only its event name ('' when that cannot be read without decoding, null when the packet is not an event):
 * - `pass`: decode and deliver it, when admission control (net/admission.ts) lets the socket's class in (`extra`:
 *   what it costs beyond one message, charged to the turn);
 * - `refuse`: answer this ack (if the message asked for one) without decoding it, then run `after`;
 * - `drop`: ignore it (a closing socket).
 */
export type GateVerdict = { pass: SocketClass; extra?: number } | { refuse: AckError; after?: () => void } | { drop: true };

export interface MessageGate {
  check(socketId: string, event: string | null): GateVerdict;
  /** The socket's class now (admission control serves the classes in order: net/socket-class.ts). */
  classOf(socketId: string): SocketClass;
  /** How many messages read at once a socket can send before it is certainly kicked. */
  readonly mostBeforeKick: number;
  /** The socket sent more at once than that: what lay beyond was dropped unread; it must be kicked. */
  overflowed(socketId: string): void;
}

export interface Transport {
  /** Sends one message to one socket or to several (encoded once for all of them). */
  send<E extends ServerEvent>(to: string | readonly string[], event: E, payload: ServerPayload<E>): void;
  /** Writes every message still queued (large broadcasts go out in slices): before a shutdown. */
  flush(): void;
  /**
   * Closes a socket from the server's side (a client told to stop, e.g. for flooding: it will not reconnect by
   * itself). Reading stops and the `disconnect` message is delivered at once; the wire closes on a later turn
   * (after what was sent to it), a few sockets a turn.
   */
  disconnect(socketId: string): void;
  /** Registers the gate every message passes before it is decoded (none: every message is decoded). */
  gate(gate: MessageGate): void;
  /** Registers the one handler for everything clients send. A handler that throws is caught by the transport. */
  onMessage(handler: (msg: Incoming) => void): void;
}
