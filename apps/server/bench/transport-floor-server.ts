/**
 * The stub server of `transport-floor.ts`, started by it as a child process with the server's node flags. It does
 * for each player action only what the transport must: read the message, answer its ack, and send each manager
 * their `match:view`. No engine, no storage, no checks: the views are real ones (a strongBot match projected for
 * each manager, the card definitions left out as the server leaves out those a viewer holds), built at start-up
 * and sent in turn, so every byte on the wire is as large as the server's. `FLOOR_STACK`: `socketio` (Socket.IO
 * with the server's options and parser, each view sent as the server sends to one socket), `socketio-broadcast`
 * (the same through a broadcast to that socket, as the server sent before) or `ws` (bare WebSockets, one JSON
 * text a message). `FLOOR_VIEWS=small`: updates without the projection (their events, legal actions, deciders
 * and clocks only), the least a view sent as a change could weigh.
 */
import { createServer } from 'node:http';
import { cardPool, starterRosters } from '@vroyale/cards';
import { createGame, deciders, legalActions, project, projectEvents, step, strongBot, type ManagerId } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { Server } from 'socket.io';
import { WebSocketServer, type WebSocket } from 'ws';
import { jsonParser } from '../src/transport/json-parser.js';

export type FloorStack = 'socketio' | 'socketio-broadcast' | 'ws';
export const FLOOR_STACKS: readonly FloorStack[] = ['socketio', 'socketio-broadcast', 'ws'];

/** One update per manager after each action of a few strongBot matches, as the server would send them. */
export function floorViews(games: number, small = false): { A: ViewMessage; B: ViewMessage }[] {
  const out: { A: ViewMessage; B: ViewMessage }[] = [];
  for (let g = 0; g < games; g++) {
    const c = createGame({
      seed: `floor-${g}`,
      pool: cardPool,
      rosters: { A: starterRosters[g % starterRosters.length]!, B: starterRosters[(g + 1) % starterRosters.length]! },
    });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    for (let n = 0; n < 2000 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const r = step(s, strongBot({ view: project(s, who), legal: legalActions(s, who), seed: `floor-${g}-${n}` }));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      if (s.phase === 'game-over') break;
      const waiting = deciders(s);
      const msg = (m: ManagerId): ViewMessage => {
        const view = project(s, m);
        view.defs = {};
        // `small`: what an update that carried only the change could weigh at its least (no projection at all).
        if (small) for (const k of Object.keys(view)) if (k !== 'seq' && k !== 'viewer') delete (view as unknown as Record<string, unknown>)[k];
        const clocks = {
          A: { remainingMs: 600_000, running: waiting.includes('A') },
          B: { remainingMs: 600_000, running: waiting.includes('B') },
          serverNow: 0,
        };
        return {
          roomId: 'r',
          matchId: 'm',
          seq: s.seq,
          viewer: m,
          view,
          events: projectEvents(r.events, m),
          legal: waiting.includes(m) ? legalActions(s, m) : [],
          deciders: waiting,
          clocks,
          result: null,
          full: false,
        } as ViewMessage;
      };
      out.push({ A: msg('A'), B: msg('B') });
    }
  }
  return out;
}

interface FloorMatch {
  next: number;
  /** How each seat is sent its view (through its Socket.IO socket, or its WebSocket). */
  seats: Partial<Record<ManagerId, (msg: ViewMessage) => void>>;
}

/** Serves until killed; tells its parent the port, then how many actions it answered whenever asked. */
export async function serveFloor(stack: FloorStack, small: boolean): Promise<void> {
  const views = floorViews(3, small);
  const matches = new Map<string, FloorMatch>();
  let actions = 0;
  // Each action advances its match by one update: both managers get theirs, the actor's after its ack.
  const act = (matchId: string): number => {
    actions++;
    return matches.get(matchId)!.next++;
  };
  const sendPair = (matchId: string) => {
    const m = matches.get(matchId)!;
    const pair = views[(m.next - 1 + views.length) % views.length]!;
    m.seats.A?.(pair.A);
    m.seats.B?.(pair.B);
  };
  const join = (matchId: string, seat: ManagerId, send: (msg: ViewMessage) => void) => {
    let m = matches.get(matchId);
    if (!m) matches.set(matchId, (m = { next: 1, seats: {} }));
    m.seats[seat] = send;
    if (m.seats.A && m.seats.B) sendPair(matchId);
  };
  const http = createServer();
  if (stack !== 'ws') {
    const io = new Server(http, { maxHttpBufferSize: 64 * 1024, serveClient: false, parser: jsonParser });
    io.on('connection', (socket) => {
      socket.on('join', (p: { matchId: string; seat: ManagerId }, ack: (r: unknown) => void) => {
        // As the server sends to one socket (transport/socket-io-transport.ts), or as a broadcast to that socket.
        join(p.matchId, p.seat, stack === 'socketio' ? (msg) => void socket.emit('match:view', msg) : (msg) => void io.to(socket.id).emit('match:view', msg));
        ack({ ok: true });
      });
      socket.on('match:action', (p: { roomId: string }, ack: (r: unknown) => void) => {
        ack({ ok: true, seq: act(p.roomId) });
        sendPair(p.roomId);
      });
    });
  } else {
    const wss = new WebSocketServer({ server: http, maxPayload: 64 * 1024 });
    wss.on('connection', (ws: WebSocket) => {
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { e: string; id: number; d: { matchId: string; seat: ManagerId; roomId: string } };
        if (m.e === 'join') {
          join(m.d.matchId, m.d.seat, (msg) => ws.send(JSON.stringify({ e: 'match:view', d: msg })));
          ws.send(JSON.stringify({ ack: m.id, d: { ok: true } }));
        } else if (m.e === 'match:action') {
          ws.send(JSON.stringify({ ack: m.id, d: { ok: true, seq: act(m.d.roomId) } }));
          sendPair(m.d.roomId);
        }
      });
    });
  }
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const address = http.address();
  process.on('message', (m: unknown) => {
    if (m === 'count') process.send!({ actions });
  });
  process.send!({ port: typeof address === 'object' && address ? address.port : 0, views: views.length });
}

const stack = FLOOR_STACKS.find((s) => s === process.env.FLOOR_STACK);
if (stack) await serveFloor(stack, process.env.FLOOR_VIEWS === 'small');
