/**
 * The Transport over Socket.IO. Each socket is in a Socket.IO room named by its id, so `send` to a list of
 * ids (on this node or, with the Redis streams adapter, on any node) encodes the message once (once per slice of a large list: fan-out.ts). Every event from a client arrives through `onAny`, with its ack callback
 * wrapped so it is answered at most once, and a handler's exception answered instead of crashing.
 *
 * Admission control (issue 36, net/admission.ts) decides whose messages are handled in each event-loop turn.
 * A WebSocket's reads wait unparsed in its ReadGate (read-gate.ts, gated-ws-server.ts) and ws is fed one frame
 * at a time, when it is that socket's turn; a long-polling socket's packets (a POST is decoded by engine.io in
 * one go) wait here, decoded by engine.io but not by Socket.IO. Sockets waiting are not read.
 *
 * Then each packet is peeked at before Socket.IO decodes it (net/packet-peek.ts: type, ack id, event name; the
 * engine.io socket's `data` listener, Socket.IO's decoder, is wrapped) and shown to the gate: a refusal is
 * answered from there, its JSON never parsed. While a socket is being fed its writes are corked, so its
 * refusals of one turn leave in one write.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Server, Socket } from 'socket.io';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@vroyale/protocol';
import { requestToken } from '../http/session-auth.js';
import type { Logger } from '../logger.js';
import { Admission, type AdmissionConfig } from '../net/admission.js';
import type { SocketClass } from '../net/socket-class.js';
import { ackPacket, peekPacket, type Peeked } from '../net/packet-peek.js';
import { CloseQueue, Reaper } from './close-queue.js';
import { FanOut } from './fan-out.js';
import type { ReadGate } from './read-gate.js';
import type { ReadGates } from './gated-ws-server.js';
import type { GateVerdict, Incoming, MessageGate, ServerEvent, ServerPayload, Transport } from './transport.js';
import { wsTextFrame } from './ws-text-frame.js';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;
type AnyEmit = { emit(event: string, payload: unknown): boolean };
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type EngineTransport = { name: string; socket?: object };

/** One socket as the transport keeps it. */
interface Wire {
  socket: IoSocket;
  /** Socket.IO's own `data` listeners (its decoder), called for each packet let through. */
  decode: ((data: unknown) => void)[];
  /** A WebSocket's unparsed reads (null for long-polling). */
  reads: ReadGate | null;
  /** A long-polling socket's packets waiting for their turn. */
  packets: unknown[];
  /** Its writes are held until this tick ends (one write for what it is answered while fed). */
  corked: boolean;
  /** Closed from the server's side: nothing more is read or delivered, the game server was told. */
  closing: boolean;
  /** Its class when its bytes last arrived (the read wait's label). */
  cls?: SocketClass;
  /** The gate's verdict on the frame being fed to ws, given from its head (`answerUnparsed`): not asked twice. */
  verdict: GateVerdict | null;
}

export interface TransportOptions {
  /** A cluster adapter is installed (VROYALE_REDIS_URL): sockets this node does not hold may be on another. */
  clustered?: boolean;
  admission?: AdmissionConfig;
  /** Where the ws server (gated-ws-server.ts) leaves each WebSocket's ReadGate. */
  readGates?: ReadGates;
  /** Server-side closes per event-loop turn (close-queue.ts). */
  closesPerTurn?: number;
  /** Each event-loop turn that admitted messages: its wall time and messages (the metrics). */
  onTurn?: (ms: number, messages: number) => void;
  /** A WebSocket frame fed to ws: how long it waited since its bytes arrived (ms), by its socket's class. */
  onReadWait?: (cls: SocketClass, ms: number) => void;
}

/**
 * How much of a frame is unmasked to read its Socket.IO head: `4` (engine.io's message), `2`, an ack id of up to 15
 * digits and `["` + an event name of up to 64 characters + `"` (packet-peek.ts) fit in 96.
 */
const PEEK_CHARS = 96;

/** What a new WebSocket's first frames (the CONNECT: Socket.IO builds its socket) cost admission control. */
const CONNECT_UNITS = 4;

/** No admission control: every message is decoded as it arrives. */
const UNLIMITED: AdmissionConfig = { turnMessages: Infinity, turnMs: Infinity, shares: { seated: 1, watching: 1, identified: 1, new: 1 } };

export class SocketIoTransport implements Transport {
  private handler: (m: Incoming) => void = () => {};
  private gatekeeper: MessageGate | null = null;
  private readonly wires = new Map<string, Wire>();
  readonly admission: Admission;
  private readonly closes: CloseQueue;
  private readonly reaper = new Reaper();
  private readonly clustered: boolean;
  private readonly readGates: ReadGates | null;
  private readonly onReadWait: ((cls: SocketClass, ms: number) => void) | null;
  /** Messages refused from their frame's head (`answerUnparsed`) since start: the metrics. */
  refusedUnparsed = 0;

  constructor(
    private readonly io: IoServer,
    private readonly log: Logger,
    private readonly addressOf: (req: IncomingMessage) => string,
    options: TransportOptions = {},
  ) {
    this.clustered = options.clustered ?? false;
    this.readGates = options.readGates ?? null;
    this.onReadWait = options.onReadWait ?? null;
    // A new WebSocket's first frames (Socket.IO's CONNECT: it builds the socket) wait like a new socket's message.
    if (this.readGates) this.readGates.beforeOwned = (feed) => this.admission.run('new', CONNECT_UNITS, feed);
    this.admission = new Admission(options.admission ?? UNLIMITED, {
      next: (id) => this.next(id),
      pending: (id) => {
        const wire = this.wires.get(id);
        return !!wire && !wire.closing && ((wire.reads?.pending() ?? false) || wire.packets.length > 0);
      },
      pause: (id) => this.wires.get(id)?.reads?.socket.pause(),
      resume: (id) => {
        const wire = this.wires.get(id);
        if (wire && !wire.closing) wire.reads?.socket.resume();
      },
      turnEnded: options.onTurn,
    });
    this.closes = new CloseQueue((id) => this.closeNow(id), options.closesPerTurn);
    io.on('connection', (socket) => this.onConnection(socket));
  }

  /** Large broadcasts go out a slice per event-loop turn (fan-out.ts). */
  private readonly fanOut = new FanOut((ids, event, payload) => this.emit(ids, event, payload));

  /**
   * Sockets of this node get the message directly (`io.local`); only the others' go through the cluster adapter
   * (one Redis stream entry per send, read by every node). A socket lives on one node for its whole life, so its
   * messages always take the same path and keep their order. Without an adapter every socket is local.
   */
  private emit(ids: readonly string[], event: string, payload: unknown): void {
    const local: string[] = [];
    let remote: string[] = [];
    for (const id of ids) (this.io.sockets.sockets.has(id) ? local : remote).push(id);
    this.emitHere(local, event, payload);
    if (remote.length === 0 || !this.clustered) return;
    // Sockets whose node is known go to that node alone (cluster/node-link.ts); the rest to every node.
    if (this.remoteRoute) remote = this.remoteRoute(remote, event, payload);
    if (remote.length > 0) (this.io.to(remote) as unknown as AnyEmit).emit(event, payload);
  }

  private remoteRoute: ((ids: string[], event: string, payload: unknown) => string[]) | null = null;

  /**
   * In a cluster: `route` sends to the other nodes' sockets it can place (each to its own node) and returns the
   * ids it could not, which go through the adapter as before (issue 33 §4).
   */
  routeRemote(route: (ids: string[], event: string, payload: unknown) => string[]): void {
    this.remoteRoute = route;
  }

  /** Delivers a message another node sent for sockets of this node (never sent on: a socket gone is dropped). */
  emitLocal(ids: readonly string[], event: string, payload: unknown): void {
    this.emitHere(
      ids.filter((id) => this.io.sockets.sockets.has(id)),
      event,
      payload,
    );
  }

  /**
   * Sockets of this node. One socket (a manager's view: most sends) gets it through its own `emit`. A broadcast
   * also copies the text into a pre-built WebSocket frame, an off-heap buffer the garbage collector frees later,
   * which pays only when several sockets share it (docs/performance.md, "The transport's floor"). Either way the
   * message is encoded at once, and a socket's messages keep their order.
   */
  private emitHere(ids: readonly string[], event: string, payload: unknown): void {
    if (ids.length === 1) (this.io.sockets.sockets.get(ids[0]!) as unknown as AnyEmit | undefined)?.emit(event, payload);
    else if (ids.length > 1) (this.io.local.to(ids as string[]) as unknown as AnyEmit).emit(event, payload);
  }

  send<E extends ServerEvent>(to: string | readonly string[], event: E, payload: ServerPayload<E>): void {
    this.fanOut.send(typeof to === 'string' ? [to] : to, event, payload);
  }

  flush(): void {
    this.fanOut.flush();
    this.closes.flush();
  }

  gate(gate: MessageGate): void {
    this.gatekeeper = gate;
  }

  disconnect(socketId: string): void {
    const wire = this.wires.get(socketId);
    if (!wire || wire.closing) return;
    // A flooder's reads are not parsed any more: stop reading now, and drop what was read and not parsed.
    wire.closing = true;
    this.admission.forget(socketId);
    wire.reads?.drop();
    wire.packets = [];
    this.tcpOf(wire).pause();
    this.deliver({ kind: 'disconnect', socketId, reason: 'server disconnect' });
    this.closes.push(socketId);
  }

  onMessage(handler: (m: Incoming) => void): void {
    this.handler = handler;
  }

  /** Sockets waiting for admission control and sockets waiting to be closed (tests). */
  get backlog(): { sockets: number; closes: number } {
    return { sockets: this.admission.waitingSockets, closes: this.closes.size };
  }

  /** Admission control's turn for socket `id`: one frame fed to ws, or one packet decoded. */
  private next(id: string): boolean {
    const wire = this.wires.get(id);
    if (!wire || wire.closing) return false;
    if (wire.reads?.pending()) {
      if (!wire.corked) {
        const tcp = wire.reads.socket;
        wire.corked = true;
        tcp.cork();
        process.nextTick(() => {
          wire.corked = false;
          tcp.uncork();
        });
      }
      const waited = this.onReadWait && wire.reads.waitedMs(performance.now());
      let fed: boolean;
      try {
        fed = this.answerUnparsed(wire) || wire.reads.next();
      } finally {
        wire.verdict = null;
      }
      if (fed && waited != null) this.onReadWait!(wire.cls ?? 'seated', waited);
      // Its backlog was cut and what it kept did not get it kicked: it is now.
      if (wire.reads.truncated && !wire.closing && !wire.reads.pending()) this.gatekeeper?.overflowed(id);
      return fed;
    }
    if (wire.packets.length === 0) return false;
    this.decode(wire, wire.packets.shift());
    return true;
  }

  /**
   * Shows the gate the next frame's head before ws parses it: a refusal (and a drop) is answered here with one
   * frame written to the TCP socket, so a flooder's refused messages never reach ws, engine.io or Socket.IO (their
   * objects, events and timers were most of a flood's garbage, docs/abuse.md). A frame let through is fed to ws with
   * its verdict kept for `onData`. True when the frame was answered here and dropped.
   */
  private answerUnparsed(wire: Wire): boolean {
    const gate = this.gatekeeper;
    const reads = wire.reads!;
    if (!gate) return false;
    const head = reads.peekText(PEEK_CHARS);
    // An engine.io message ('4'); anything else (a pong, an upgrade's probe) goes to ws as before.
    if (head === null || head.charCodeAt(0) !== 52) return false;
    const p = peekPacket(head.slice(1));
    if (p.kind === 'control') return false;
    const v = this.ask(gate, wire, p);
    if ('pass' in v) {
      wire.verdict = v;
      return false;
    }
    reads.skip();
    if ('refuse' in v) {
      this.refusedUnparsed++;
      this.refuse(wire, p, v, (packet) => reads.socket.write(wsTextFrame(`4${packet}`)));
    }
    return true;
  }

  /** The gate's verdict on a peeked packet: by its event's name, or null when it is not an event. */
  private ask(gate: MessageGate, wire: Wire, p: Peeked): GateVerdict {
    return gate.check(wire.socket.id, p.kind === 'event' ? (p.event ?? '') : null);
  }

  /** Answers a refused packet's ack, when it asked for one, through `write` (a Socket.IO packet's text), then the refusal's `after`. */
  private refuse(wire: Wire, p: Peeked, v: Extract<GateVerdict, { refuse: unknown }>, write: (packet: string) => void): void {
    if (p.kind === 'event' && p.ackId !== null && wire.socket.conn.readyState === 'open') write(ackPacket(p.ackId, v.refuse));
    v.after?.();
  }

  /** Bytes arrived on a WebSocket (its ReadGate holds them): its class decides when they are parsed. */
  private readable(wire: Wire): void {
    if (wire.closing || !wire.reads) return;
    const id = wire.socket.id;
    const cls = this.gatekeeper?.classOf(id) ?? 'seated';
    wire.cls = cls;
    // More at once than it could send before being kicked: the rest goes unread now, not at the kick.
    if (this.gatekeeper) wire.reads.trim(this.gatekeeper.mostBeforeKick);
    this.admission.ready(id, cls);
  }

  /** The WebSocket under the engine.io socket's current transport, through its ReadGate. */
  private adoptReads(wire: Wire): void {
    const t = wire.socket.conn.transport as unknown as EngineTransport;
    const gate = t.name === 'websocket' && t.socket ? this.readGates?.gates.get(t.socket as never) : undefined;
    if (!gate || gate === wire.reads) return;
    wire.reads = gate;
    // Its class decides whether its reads are parked (read-park.ts).
    gate.own(
      () => this.readable(wire),
      () => this.gatekeeper?.classOf(wire.socket.id) ?? 'seated',
    );
  }

  /** The TCP connection under a socket: its WebSocket's (also after an upgrade from long-polling), else its handshake's. */
  private tcpOf(wire: Wire): Duplex {
    return wire.reads?.socket ?? wire.socket.request.socket;
  }

  /** Closes the wire of a socket the game server already forgot; false while broadcasts are queued for it. */
  private closeNow(socketId: string): boolean {
    const wire = this.wires.get(socketId);
    if (!wire || !wire.socket.connected) return true;
    if (this.fanOut.pendingFor(socketId)) return false;
    // Once engine.io closed, end our side after what was sent to it (the notice). It is not read again (a flooder's
    // next reads would be parsed for nothing; and ws ending an ended stream builds two errors a socket), so its
    // end is never seen: the reaper destroys it later. Not at once: closing a socket with unread data resets the
    // connection, and the peer loses what it had not read yet, the notice too.
    const tcp = this.tcpOf(wire);
    wire.socket.conn.once('close', () => tcp.end());
    wire.socket.disconnect(true);
    this.reaper.add(tcp);
    return true;
  }

  private deliver(m: Incoming): void {
    try {
      this.handler(m);
    } catch (e) {
      this.log.error({ err: e, kind: m.kind }, 'transport handler threw');
      if (m.kind === 'message') m.reply({ ok: false, code: 'internal', message: 'The server failed to handle that message' });
    }
  }

  private decode(wire: Wire, data: unknown): void {
    try {
      for (const f of wire.decode) f(data);
    } catch (e) {
      this.log.error({ err: e }, 'decoding a message failed');
    }
  }

  /** One engine.io packet of this socket, before Socket.IO sees it. */
  private onData(wire: Wire, data: unknown): void {
    if (wire.closing) return;
    const gate = this.gatekeeper;
    const p = peekPacket(data);
    if (!gate || p.kind === 'control') return this.decode(wire, data);
    const v = wire.verdict ?? this.ask(gate, wire, p);
    wire.verdict = null;
    if ('drop' in v) return;
    if ('refuse' in v) return this.refuse(wire, p, v, (packet) => wire.socket.conn.write(packet));
    if (v.extra) this.admission.charge(v.extra);
    // A WebSocket's frame was admitted before ws parsed it; a long-polling packet waits for its turn here.
    if (wire.reads) return this.decode(wire, data);
    wire.packets.push(data);
    this.admission.ready(wire.socket.id, v.pass);
  }

  private onConnection(socket: IoSocket): void {
    const conn = socket.conn;
    const wire: Wire = {
      socket,
      decode: conn.listeners('data') as ((data: unknown) => void)[],
      reads: null,
      packets: [],
      corked: false,
      closing: false,
      verdict: null,
    };
    this.wires.set(socket.id, wire);
    conn.removeAllListeners('data');
    conn.on('data', (data: unknown) => this.onData(wire, data));
    this.adoptReads(wire);
    // Long-polling upgraded to a WebSocket: its reads go through that WebSocket's gate from now on.
    conn.on('upgrade', () => this.adoptReads(wire));
    // engine.io writes what it buffered (a burst of refusals, a view and its ack...) frame by frame: one write.
    // It then drops the buffer it wrote for a new one. A buffer that waited empty long enough to be promoted kept
    // what it carried alive, through the garbage collector's remembered set, until the next full collection: each
    // message's text was promoted (docs/performance.md, "A write buffer that outlived its messages"). A WebSocket
    // sends the buffer before "drain" (transports/websocket.js), so it is emptied then.
    let written: unknown[] | null = null;
    conn.on('flush', (buffer: unknown[]) => {
      written = buffer;
      wire.reads?.socket.cork();
    });
    conn.on('drain', () => {
      wire.reads?.socket.uncork();
      if (written && conn.transport.name === 'websocket') written.length = 0;
      written = null;
    });
    this.deliver({ kind: 'connect', socketId: socket.id, address: this.addressOf(socket.request), token: requestToken(socket.request) });
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (wire.closing) return;
      const last = args[args.length - 1];
      const ack = typeof last === 'function' ? (last as (a: Ack<object>) => void) : null;
      let answered = false;
      const reply = (a: Ack<object>) => {
        if (answered || !ack) return;
        answered = true;
        try {
          ack(a);
        } catch (e) {
          this.log.warn({ err: e }, 'ack failed');
        }
      };
      this.deliver({
        kind: 'message',
        socketId: socket.id,
        event: typeof event === 'string' ? event : String(event),
        payload: ack ? args.slice(0, -1)[0] : args[0],
        reply,
      });
    });
    socket.on('disconnect', (reason) => {
      this.wires.delete(socket.id);
      this.admission.forget(socket.id);
      wire.reads?.drop();
      if (!wire.closing) this.deliver({ kind: 'disconnect', socketId: socket.id, reason });
    });
  }
}
