/**
 * The game server's connection gate (issue 15 §1, issue 36): what happens to a message before its handler.
 *
 * Before it is decoded (`check`, asked by the transport with the event name alone): the socket's class
 * (net/socket-class.ts), its own limit (net/flood-guard.ts `check`: a refusal, and a kick after too many), then the
 * refusals that need no payload, answered without parsing it: anything but `hello` before `hello`
 * (`not-identified`), chat from a socket in no room (`room-not-found`, single node only: in a cluster the room
 * may be on another node). Those two are given only when the socket has nothing earlier still in flight (a
 * `room:spectate` not yet handled would make the chat legal), so the answer is the one the handler would give.
 * Then admission control (net/admission.ts, in the transport) decides when it is decoded.
 *
 * After it is decoded (`message`): the session's and the address's limits (promises), then the game server's
 * `dispatch` (schema → identified → handler). A verdict that comes back after the socket was closed or kicked
 * drops the message: it must not attach a closed socket to anything.
 *
 * Kicks are cheap in bulk: the notice is sent, the transport stops reading and closes the wire a few sockets per
 * turn, and the log gets one line per second for all of them (a thousand kicks are not a thousand log lines).
 */
import type { Ack, AckError, ErrorCode } from '@vroyale/protocol';
import type { Logger } from '../logger.js';
import type { GateVerdict, MessageGate, Transport } from '../transport/transport.js';
import type { FloodGuard, MessageVerdict } from '../net/flood-guard.js';
import type { SocketClass } from '../net/socket-class.js';

export interface GatewayConn {
  id: string;
  userId: string | null;
  address: string;
  rooms: ReadonlySet<string>;
}

export interface GatewayDeps<C extends GatewayConn> {
  flood: FloodGuard;
  transport: Transport;
  log: Logger;
  conns: ReadonlyMap<string, C>;
  classify(conn: C): SocketClass;
  /** In a cluster a room may be held by another node: no refusal from this node's rooms alone. */
  clustered: boolean;
}

const err = (code: ErrorCode, message: string): AckError => ({ ok: false, code, message });
const INTERNAL = err('internal', 'The server failed to handle that message');
/** What a hello costs admission control beyond one message. */
const HELLO_EXTRA = 15;

export class Gateway<C extends GatewayConn> implements MessageGate {
  /** Messages let through and not yet dispatched, per socket. */
  private readonly inFlight = new Map<string, number>();
  private kickLog: { sockets: number; addresses: Set<string> } | null = null;

  constructor(private readonly d: GatewayDeps<C>) {}

  connected(socketId: string): void {
    this.d.flood.attach(socketId);
  }

  disconnected(socketId: string): void {
    this.d.flood.detach(socketId);
    this.inFlight.delete(socketId);
  }

  classOf(socketId: string): SocketClass {
    const conn = this.d.conns.get(socketId);
    return conn ? this.d.classify(conn) : 'new';
  }

  get mostBeforeKick(): number {
    return this.d.flood.mostBeforeKick;
  }

  overflowed(socketId: string): void {
    const conn = this.d.conns.get(socketId);
    const notice = conn ? this.d.flood.overflowed(socketId, conn.address) : null;
    if (conn && notice) this.kick(conn, notice);
  }

  check(socketId: string, event: string | null): GateVerdict {
    const conn = this.d.conns.get(socketId);
    if (!conn) return { drop: true };
    const cls = this.d.classify(conn);
    const v = this.d.flood.check(socketId, cls, conn.address);
    if (!v.ok) {
      const kick = v.kick;
      return { refuse: err('rate-limited', v.message), after: kick ? () => this.kick(conn, kick) : undefined };
    }
    // Not an event (an ack from the client, a binary part): counted above, decoded as before, never dispatched.
    if (event === null) return { pass: cls };
    if (!this.inFlight.has(socketId)) {
      const refused = this.refusal(conn, event);
      if (refused) return { refuse: refused };
    }
    this.inFlight.set(socketId, (this.inFlight.get(socketId) ?? 0) + 1);
    // A hello reads and writes a session and reads the block list: more than a message's share of a turn.
    return event === 'hello' ? { pass: cls, extra: HELLO_EXTRA } : { pass: cls };
  }

  /** The refusals that need only the event name. */
  private refusal(conn: C, event: string): AckError | null {
    if (conn.userId === null) return event === 'hello' ? null : err('not-identified', "Say 'hello' first");
    if (event === 'room:chat' && conn.rooms.size === 0 && !this.d.clustered) return err('room-not-found', 'Join or watch the room before chatting');
    return null;
  }

  /**
   * A decoded message of `conn`: the session's and the address's limits answer a microtask later, in the order
   * the messages came; then `dispatch` runs, unless the socket is gone or was kicked meanwhile.
   */
  message(conn: C, event: string, reply: (ack: Ack<object>) => void, dispatch: () => void): void {
    const verdict = this.d.flood.shared(conn.id, conn.userId, conn.address);
    verdict.then(
      (v) => {
        this.settled(conn.id);
        if (this.d.conns.get(conn.id) !== conn || this.d.flood.kicked(conn.id)) return;
        try {
          this.gated(conn, v, reply, dispatch);
        } catch (e) {
          this.d.log.error({ err: e, event }, 'handler failed');
          reply(INTERNAL);
        }
      },
      (e: unknown) => {
        this.settled(conn.id);
        this.d.log.error({ err: e, event }, 'flood check failed');
        reply(INTERNAL);
      },
    );
  }

  private settled(socketId: string): void {
    const n = (this.inFlight.get(socketId) ?? 1) - 1;
    if (n > 0) this.inFlight.set(socketId, n);
    else this.inFlight.delete(socketId);
  }

  private gated(conn: C, verdict: MessageVerdict, reply: (ack: Ack<object>) => void, dispatch: () => void): void {
    if (verdict.ok) return dispatch();
    reply(err('rate-limited', verdict.message));
    if (verdict.kick) this.kick(conn, verdict.kick);
  }

  /** A socket that kept flooding: told why, then closed (the client does not reconnect by itself). */
  kick(conn: C, message: string): void {
    this.d.transport.send(conn.id, 'server:notice', { kind: 'kicked', message });
    this.d.transport.disconnect(conn.id);
    if (!this.kickLog) {
      this.kickLog = { sockets: 0, addresses: new Set() };
      setTimeout(() => this.logKicks(), 1_000).unref();
      // The first of a burst is logged as it happens; the rest of the second in one line.
      this.d.log.warn({ socketId: conn.id, userId: conn.userId, address: conn.address }, 'socket disconnected for flooding');
      return;
    }
    this.kickLog.sockets++;
    if (this.kickLog.addresses.size < 20) this.kickLog.addresses.add(conn.address);
  }

  private logKicks(): void {
    const k = this.kickLog;
    this.kickLog = null;
    if (k && k.sockets > 0) this.d.log.warn({ sockets: k.sockets, addresses: [...k.addresses] }, 'more sockets disconnected for flooding within a second');
  }
}
