/**
 * The transport's floor (issue 33 §1): the server CPU a player action costs when the server does nothing but its
 * messages, `npx tsx apps/server/bench/transport-floor.ts [--matches 500] [--hold 20] [--think 1000]
 * [--stacks socketio,socketio-broadcast,ws] [--views full,small]`. `bench:server` measures the whole server
 * against the 0.4 ms bar; this measures the part no change to the engine or the storage can remove: one
 * `match:action` read, its ack, and each manager's `match:view` (real views, as large as the server's:
 * transport-floor-server.ts), with the same kind of clients on the same two cores (`--matches` two-socket matches
 * in this process, each acting `--think` ms × 0.5–1.5 after a view offers it actions, as bench:server's slots do).
 * Stacks: `socketio`, the server's (Socket.IO, its options and parser, a view sent to its one socket),
 * `socketio-broadcast` (each view as a broadcast to that one socket, as the server sent before), and `ws`, bare
 * WebSockets with one JSON text per message, for what a lighter transport would cost. Views: `full`, the server's
 * updates; `small`, the same without the projection, the least a view sent as a change could weigh. Per run:
 * the stub's CPU per action (all threads, and the event loop), actions/s, and the ack's latency (the actor's view
 * is written right after its ack, so this is a lower bound of bench:server's action→broadcast). JSON last line.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ManagerId } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { io, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { SERVER_NODE_FLAGS } from '../src/node-flags.js';
import { cpuPressure, flag, latencyFigures, round, slotAddress, threadCpu } from './bench-kit.js';
import { FLOOR_STACKS, type FloorStack } from './transport-floor-server.js';

const MATCHES = Number(flag('matches', '500'));
const HOLD_S = Number(flag('hold', '20'));
const THINK_MS = Number(flag('think', '1000'));
const STACKS = flag('stacks', 'socketio,ws').split(',') as FloorStack[];
for (const s of STACKS) if (!FLOOR_STACKS.includes(s)) throw new Error(`--stacks: ${FLOOR_STACKS.join(', ')}; not '${s}'`);
const VIEWS = flag('views', 'full').split(',');
for (const v of VIEWS) if (v !== 'full' && v !== 'small') throw new Error(`--views: full or small, not '${v}'`);

/** A client seat: how it sends an action with an ack, and where its views arrive. */
interface Seat {
  act(payload: unknown, ack: (r: { ok: boolean }) => void): void;
  onView(f: (v: ViewMessage) => void): void;
  join(matchId: string, seat: ManagerId): Promise<void>;
  close(): void;
}

async function socketIoSeat(url: string, at: string): Promise<Seat> {
  const s: Socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: at } as Parameters<typeof io>[1]);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return {
    act: (payload, ack) => void s.timeout(30_000).emit('match:action', payload, (err: Error | null, r: { ok: boolean }) => ack(err ? { ok: false } : r)),
    onView: (f) => void s.on('match:view', f),
    join: async (matchId, seat) => void (await s.timeout(30_000).emitWithAck('join', { matchId, seat })),
    close: () => void s.disconnect(),
  };
}

async function wsSeat(url: string, at: string): Promise<Seat> {
  const ws = new WebSocket(url.replace('http', 'ws'), { localAddress: at, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let n = 0;
  const acks = new Map<number, (r: { ok: boolean }) => void>();
  let view: (v: ViewMessage) => void = () => {};
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { ack?: number; e?: string; d: unknown };
    if (m.ack !== undefined) {
      acks.get(m.ack)?.(m.d as { ok: boolean });
      acks.delete(m.ack);
    } else if (m.e === 'match:view') view(m.d as ViewMessage);
  });
  const send = (e: string, d: unknown, ack: (r: { ok: boolean }) => void) => {
    acks.set(++n, ack);
    ws.send(JSON.stringify({ e, id: n, d }));
  };
  return {
    act: (payload, ack) => send('match:action', payload, ack),
    onView: (f) => void (view = f),
    join: (matchId, seat) => new Promise((r) => send('join', { matchId, seat }, () => r())),
    close: () => ws.close(),
  };
}

interface Tally {
  acks: number[];
  actions: number;
  errors: number;
}

/** One match's two seats: whoever's view offers actions acts after a think time, as bench:server's seats do. */
async function openMatch(url: string, stack: FloorStack, i: number, tally: () => Tally): Promise<() => void> {
  const at = slotAddress(i);
  const open = stack === 'ws' ? wsSeat : socketIoSeat;
  const seats = await Promise.all([open(url, at), open(url, at)]);
  const matchId = `m${i}`;
  const timers: (NodeJS.Timeout | null)[] = [null, null];
  let n = 0;
  seats.forEach((seat, k) => {
    let busy = false;
    seat.onView((v) => {
      if (v.legal.length === 0 || busy) return;
      busy = true;
      timers[k] = setTimeout(
        () => {
          const t0 = performance.now();
          seat.act({ roomId: matchId, clientActionId: `${i}-${++n}`, seenSeq: v.seq, action: v.legal[0] }, (r) => {
            busy = false;
            const w = tally();
            if (!r.ok) return void w.errors++;
            w.acks.push(performance.now() - t0);
            w.actions++;
          });
        },
        THINK_MS * (0.5 + Math.random()),
      );
    });
  });
  await seats[0]!.join(matchId, 'A');
  await seats[1]!.join(matchId, 'B');
  return () => {
    for (const t of timers) if (t) clearTimeout(t);
    for (const s of seats) s.close();
  };
}

async function startFloor(stack: FloorStack, views: string): Promise<{ child: ChildProcess; url: string; views: number }> {
  const child = fork(fileURLToPath(new URL('./transport-floor-server.ts', import.meta.url)), [], {
    // FLOOR_NODE_ARGS: extra flags for the stub's node (e.g. '--trace-gc-nvp'), as BENCH_SERVER_NODE_ARGS for bench:server.
    execArgv: [...SERVER_NODE_FLAGS, ...(process.env.FLOOR_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx'],
    env: { ...process.env, FLOOR_STACK: stack, FLOOR_VIEWS: views },
  });
  const m = await new Promise<{ port: number; views: number }>((resolve, reject) => {
    child.once('message', (x) => resolve(x as { port: number; views: number }));
    child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${m.port}`, views: m.views };
}

const served = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { actions: number }).actions));
    child.send('count');
  });

async function measure(stack: FloorStack, viewKind: string): Promise<Record<string, unknown>> {
  const { child, url, views } = await startFloor(stack, viewKind);
  let win: Tally = { acks: [], actions: 0, errors: 0 };
  const closers: (() => void)[] = [];
  for (let i = 0; i < MATCHES; i += 25) {
    closers.push(...(await Promise.all(Array.from({ length: Math.min(25, MATCHES - i) }, (_, k) => openMatch(url, stack, i + k, () => win)))));
  }
  // Settle: every match has acted a few times before the window opens.
  await new Promise((r) => setTimeout(r, Math.max(3000, THINK_MS * 3)));
  const pid = child.pid!;
  const cpu0 = threadCpu(pid);
  const served0 = await served(child);
  const t0 = performance.now();
  const bench0 = process.cpuUsage();
  win = { acks: [], actions: 0, errors: 0 };
  await new Promise((r) => setTimeout(r, HOLD_S * 1000));
  const cpu1 = threadCpu(pid);
  const served1 = await served(child);
  const seconds = (performance.now() - t0) / 1000;
  const bench = process.cpuUsage(bench0);
  const pressure = cpuPressure();
  const tally = win;
  // Closing the sockets fails the acks still in flight: counted in a tally nobody reads.
  win = { acks: [], actions: 0, errors: 0 };
  for (const c of closers) c();
  child.kill();
  const n = served1 - served0;
  const perAction = (s: number) => round((s * 1000) / n);
  return {
    stack,
    views: viewKind,
    matches: MATCHES,
    viewPairs: views,
    actionsPerSec: round(n / seconds),
    serverCpuShareOfOneCore: cpu0 && cpu1 ? round((cpu1.main + cpu1.others - cpu0.main - cpu0.others) / seconds) : null,
    serverCpuMsPerAction: cpu0 && cpu1 ? perAction(cpu1.main + cpu1.others - cpu0.main - cpu0.others) : null,
    serverCpuMsPerActionByThread: cpu0 && cpu1 ? { main: perAction(cpu1.main - cpu0.main), others: perAction(cpu1.others - cpu0.others) } : null,
    ackMs: latencyFigures(tally.acks),
    errors: tally.errors,
    // The clients' process: at 2,000 matches it, not the server, sets the latency on two cores.
    benchCpuShareOfOneCore: round((bench.user + bench.system) / 1e6 / seconds),
    cpuPressurePct: pressure,
  };
}

const rows: Record<string, unknown>[] = [];
for (const viewKind of VIEWS)
  for (const stack of STACKS) {
    const row = await measure(stack, viewKind);
    rows.push(row);
    const t = row.serverCpuMsPerActionByThread as { main: number; others: number } | null;
    console.log(
      `${stack.padEnd(8)} ${viewKind.padEnd(5)} views ${row.matches} matches | ${row.actionsPerSec} actions/s | server cpu ${row.serverCpuMsPerAction} ms/action (event loop ${t?.main ?? '-'}, other threads ${t?.others ?? '-'}) | server cpu ${Math.round((row.serverCpuShareOfOneCore as number) * 100)}% | ack p50 ${(row.ackMs as { p50: number }).p50} p99 ${(row.ackMs as { p99: number }).p99} ms | errors ${row.errors} | bench cpu ${Math.round((row.benchCpuShareOfOneCore as number) * 100)}% | cpu pressure ${row.cpuPressurePct ?? '-'}%`,
    );
  }
console.log(JSON.stringify({ thinkMs: THINK_MS, holdSeconds: HOLD_S, rows }));
process.exit(0);
