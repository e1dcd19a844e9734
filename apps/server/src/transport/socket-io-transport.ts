/**
 * The Transport over Socket.IO. Each socket is in a Socket.IO room named by its id, so `send` to a list of
 * ids (on this node or, with the Redis streams adapter, on any node) encodes the message once (once per slice of a large list: fan-out.ts). Every event from a client arrives through `onAny`, with its ack callback
 * wrapped so it is answered at most once, and a handler's exception answered instead of crashing.
 */
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@vroyale/protocol';
import { requestToken } from '../http/session-auth.js';
import type { Logger } from '../logger.js';
import { FanOut } from './fan-out.js';
import type { Incoming, ServerEvent, ServerPayload, Transport } from './transport.js';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;
type AnyEmit = { emit(event: string, payload: unknown): boolean };

export class SocketIoTransport implements Transport {
  private handler: (m: Incoming) => void = () => {};

  constructor(
    private readonly io: IoServer,
    private readonly log: Logger,
    private readonly addressOf: (req: IncomingMessage) => string,
    /** A cluster adapter is installed (VROYALE_REDIS_URL): sockets this node does not hold may be on another. */
    private readonly clustered = false,
  ) {
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
    const remote: string[] = [];
    for (const id of ids) (this.io.sockets.sockets.has(id) ? local : remote).push(id);
    if (local.length > 0) (this.io.local.to(local) as unknown as AnyEmit).emit(event, payload);
    if (remote.length > 0 && this.clustered) (this.io.to(remote) as unknown as AnyEmit).emit(event, payload);
  }

  send<E extends ServerEvent>(to: string | readonly string[], event: E, payload: ServerPayload<E>): void {
    this.fanOut.send(typeof to === 'string' ? [to] : to, event, payload);
  }

  flush(): void {
    this.fanOut.flush();
  }

  disconnect(socketId: string): void {
    this.fanOut.flush();
    const socket = this.io.sockets.sockets.get(socketId);
    if (!socket) return;
    // A flooder's next reads would still be parsed frame by frame before engine.io drops them: stop reading
    // now, close our side once what was sent to it (the notice) is written, and cut it off if it never answers.
    const tcp = socket.request.socket;
    tcp.pause();
    socket.conn.once('close', () => tcp.end());
    socket.disconnect(true);
    setTimeout(() => tcp.destroy(), 2_000).unref();
  }

  onMessage(handler: (m: Incoming) => void): void {
    this.handler = handler;
  }

  private deliver(m: Incoming): void {
    try {
      this.handler(m);
    } catch (e) {
      this.log.error({ err: e, kind: m.kind }, 'transport handler threw');
      if (m.kind === 'message') m.reply({ ok: false, code: 'internal', message: 'The server failed to handle that message' });
    }
  }

  private onConnection(socket: Socket<ClientToServerEvents, ServerToClientEvents>): void {
    this.deliver({ kind: 'connect', socketId: socket.id, address: this.addressOf(socket.request), token: requestToken(socket.request) });
    socket.onAny((event: unknown, ...args: unknown[]) => {
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
      this.deliver({ kind: 'message', socketId: socket.id, event: typeof event === 'string' ? event : String(event), payload: ack ? args.slice(0, -1)[0] : args[0], reply });
    });
    socket.on('disconnect', (reason) => this.deliver({ kind: 'disconnect', socketId: socket.id, reason }));
  }
}
