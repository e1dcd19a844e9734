/**
 * Connections and client events. Every message goes through the same gate (gateway/gate.ts: limits, refusals
 * from the event name, admission control) → schema (the protocol's zod schema for its event) → identified? →
 * in a cluster, a room event about a room another node holds goes there (cluster/cluster-rooms.ts), a tournament's
 * event to the node running it → handler (the table the services supply, handler-table.ts). Every handler's failure
 * becomes an 'internal' ack instead of a crash. Handlers reply first and then send views, so a client sees its ack
 * before the messages it caused.
 */
import { CLIENT_PAYLOADS, isRoomEvent, type Ack, type ClientEventName } from '@vroyale/protocol';
import type { ClusterRooms } from '../cluster/cluster-rooms.js';
import { isTournamentRouted } from '../cluster/node-messages.js';
import type { Logger } from '../logger.js';
import type { Conn } from '../net/conn.js';
import type { Gateway } from './gate.js';
import type { Incoming } from '../transport/transport.js';
import { err, type Handler, type HandlerTable, type Identified, type Payload, type Reply } from './handler-table.js';

export interface ConnectionsHost {
  log: Logger;
  conns: Map<string, Conn>;
  gateway(): Gateway<Conn>;
  handlers: HandlerTable;
  hello(conn: Conn, p: Payload<'hello'>, reply: Reply<'hello'>): Promise<void>;
  /** Does this node hold the room? (In a cluster, a room event about one it does not is forwarded.) */
  holds(roomId: string): boolean;
  /** The same for a tournament (one this node runs, or holds over). */
  holdsTournament(tournamentId: string): boolean;
  cluster(): ClusterRooms | null;
  shuttingDown(): boolean;
  /** A socket closed (or another node's socket that forwarded here): every service lets go of it. */
  closed(conn: Conn): void;
}

export class Connections {
  constructor(private readonly h: ConnectionsHost) {}

  handle(m: Incoming): void {
    try {
      if (m.kind === 'connect') {
        this.h.conns.set(m.socketId, { id: m.socketId, userId: null, address: m.address, handshakeToken: m.token, sessionHash: null, rooms: new Set() });
        this.h.gateway().connected(m.socketId);
      } else if (m.kind === 'disconnect') this.disconnected(m.socketId);
      else this.onMessage(m.socketId, m.event, m.payload, m.reply);
    } catch (e) {
      this.h.log.error({ err: e, kind: m.kind }, 'handler failed');
      if (m.kind === 'message') m.reply(err('internal', 'The server failed to handle that message'));
    }
  }

  /** A decoded message: the gateway's limits (gateway/gate.ts), then `dispatch`. */
  private onMessage(socketId: string, event: string, payload: unknown, reply: (ack: Ack<object>) => void): void {
    const conn = this.h.conns.get(socketId);
    if (!conn) return reply(err('internal', 'Unknown connection'));
    this.h.gateway().message(conn, event, reply, () => this.dispatch(conn, event, payload, reply));
  }

  /** The pipeline after the gate: schema, hello or identified, (cluster) the room's node, the event's handler. */
  dispatch(conn: Conn, event: string, payload: unknown, reply: (ack: Ack<object>) => void): void {
    if (this.h.shuttingDown()) return reply(err('shutting-down', 'The server is restarting; reconnect in a moment'));
    if (!Object.prototype.hasOwnProperty.call(CLIENT_PAYLOADS, event)) return reply(err('bad-request', `Unknown event '${String(event).slice(0, 40)}'`));
    const name = event as ClientEventName;
    const parsed = CLIENT_PAYLOADS[name].safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply(err('bad-request', issue ? `${issue.path.join('.') || 'payload'}: ${issue.message}` : 'Invalid payload'));
    }
    if (name === 'hello')
      return void this.h.hello(conn, parsed.data as Payload<'hello'>, reply as Reply<'hello'>).catch((e: unknown) => {
        this.h.log.error({ err: e, event: name }, 'hello failed');
        reply(err('internal', 'The server failed to handle that message'));
      });
    if (conn.userId === null) return reply(err('not-identified', "Say 'hello' first"));
    const cluster = this.h.cluster();
    if (cluster && !conn.remote && isRoomEvent(name)) {
      const roomId = (parsed.data as { roomId?: string }).roomId;
      if (roomId && !this.h.holds(roomId))
        return cluster.forward(conn as Identified, { event: name, payload: parsed.data }, roomId, (a) => {
          if (a.ok) this.answeredElsewhere(conn, name, roomId);
          reply(a);
        });
    }
    // A tournament's event goes to the node running the event (docs/decisions/0013).
    if (cluster && !conn.remote && isTournamentRouted(name)) {
      const id = (parsed.data as { tournamentId: string }).tournamentId;
      if (!this.h.holdsTournament(id)) return cluster.forward(conn as Identified, { event: name, payload: parsed.data }, id, reply);
    }
    this.run(conn as Identified, name, parsed.data, reply);
  }

  /** The event's handler, its payload already checked; an async handler's failure is an 'internal' ack. */
  run(conn: Identified, name: Exclude<ClientEventName, 'hello'>, payload: unknown, reply: (ack: Ack<object>) => void): void {
    const handler = this.h.handlers[name] as Handler<ClientEventName>;
    const done = handler(conn, payload as Payload<ClientEventName>, reply as Reply<ClientEventName>);
    if (done instanceof Promise)
      done.catch((e: unknown) => {
        this.h.log.error({ err: e, event: name }, 'async handler failed');
        reply(err('internal', 'The server failed to handle that message'));
      });
  }

  /**
   * A room another node holds accepted this socket's message: what the socket is there decides its class here
   * (its burst and its place in admission control). Bounded by the caps on rooms held and watched.
   */
  private answeredElsewhere(conn: Conn, event: ClientEventName, roomId: string): void {
    const there = (conn.elsewhere ??= new Map());
    if (event === 'room:leave') there.delete(roomId);
    else if (event === 'match:action' || event === 'match:pass-until') there.set(roomId, 'seated');
    else if (!there.has(roomId)) there.set(roomId, 'watching');
  }

  disconnected(socketId: string): void {
    const conn = this.h.conns.get(socketId);
    if (!conn) return;
    this.h.closed(conn);
  }

  /** Sockets this node holds (not counting other nodes' sockets it serves rooms to). */
  get count(): number {
    let n = 0;
    for (const c of this.h.conns.values()) if (!c.remote) n++;
    return n;
  }
}
