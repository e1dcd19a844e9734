/**
 * The ws server engine.io runs (its `wsEngine` option), with each upgraded connection's reads going through a
 * ReadGate (read-gate.ts) instead of straight into ws's parser: admission control decides when a socket's
 * frames are parsed. ws's own `data` listener is the one thing on the socket after the upgrade; it is taken off
 * and called by the gate with whole frames. The transport finds a connection's gate by its WebSocket.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type ServerOptions, type WebSocket } from 'ws';
import { ReadGate, type BeforeOwned } from './read-gate.js';
import type { ReadPark } from './read-park.js';

/**
 * Each WebSocket's gate, who runs a gate's frames before it belongs to a socket (the transport sets it), and
 * where low-class sockets' reads are parked (read-park.ts; server.ts parks every TCP connection at accept).
 */
export interface ReadGates {
  gates: WeakMap<WebSocket, ReadGate>;
  beforeOwned: BeforeOwned;
  park?: ReadPark | null;
}

export function gatedWsEngine(gates: ReadGates): new (options: ServerOptions) => WebSocketServer {
  return class GatedWsServer extends WebSocketServer {
    override handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, cb: (ws: WebSocket, req: IncomingMessage) => void): void {
      super.handleUpgrade(req, socket, head, (ws, request) => {
        const parse = socket.listeners('data') as ((chunk: Buffer) => void)[];
        if (parse.length === 1) {
          socket.removeAllListeners('data');
          const gate = new ReadGate(
            socket,
            (chunk) => parse[0]!.call(socket, chunk),
            this.options.maxPayload || Infinity,
            (feed) => gates.beforeOwned(feed),
            gates.park ?? null,
          );
          socket.on('data', (chunk: Buffer) => gate.onData(chunk));
          gates.gates.set(ws, gate);
        }
        cb(ws, request);
      });
    }
  };
}
