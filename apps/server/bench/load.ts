/**
 * Load benchmark: `npm run bench:server [-- --levels 100,250,500 --hold 20 --think 1000]`.
 *
 * Starts the real server in a child process (its own core, its own temporary database) and, from this
 * process, N concurrent bot-vs-bot matches over real Socket.IO connections on loopback, ramping through the
 * levels. Each bot waits a think time (uniform in [think/2, 3·think/2]) before each decision, then plays a
 * random legal action (never concede, never a manual star tilt); finished matches are replaced at once.
 *
 * Per level, over the `hold` seconds after the level is reached: concurrent matches, actions/s,
 * action-to-broadcast latency (emit → the acting socket receives the view with that action's seq: p50/p99),
 * the server's event-loop delay (p50/p99/max, from /api/metrics), server memory per match (heap and RSS
 * growth over the idle baseline ÷ matches) and this process's own event-loop delay (a busy load generator
 * inflates latencies, so it is reported too). The last line is one JSON object.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { makeRng, type Action } from '@vroyale/engine';
import type { Ack, ViewMessage } from '@vroyale/protocol';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const LEVELS = flag('levels', '50,100,200,300,400,500').split(',').map(Number);
const HOLD_S = Number(flag('hold', '20'));
const THINK_MS = Number(flag('think', '1000'));
const RAMP_PER_SEC = Number(flag('ramp', '100'));
const rnd = makeRng('load-bench');

interface Window {
  latencies: number[];
  actions: number;
  stale: number;
  errors: number;
}
let win: Window = { latencies: [], actions: 0, stale: 0, errors: 0 };
let finishedMatches = 0;

type Sock = Socket;
const emit = (s: Sock, event: string, payload: unknown): Promise<Ack<Record<string, unknown>>> => s.timeout(30_000).emitWithAck(event, payload);

function connect(url: string, name: string): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    s.once('connect', async () => {
      const ack = await emit(s, 'hello', { name });
      ack.ok ? resolve(s) : reject(new Error(String(ack.message)));
    });
    s.once('connect_error', reject);
  });
}

/** One bot seat: acts on its views after a think time, and times its own actions to their broadcast. */
class Seat {
  view: ViewMessage | null = null;
  private timer: NodeJS.Timeout | null = null;
  private awaiting: { seq: number; t0: number } | null = null;
  private n = 0;
  constructor(
    readonly socket: Sock,
    private readonly onResult: () => void,
  ) {
    socket.on('match:view', (v: ViewMessage) => this.onView(v));
  }

  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.view = null;
    this.awaiting = null;
  }

  private onView(v: ViewMessage): void {
    if (this.view && v.roomId !== this.view.roomId && !v.full) return;
    if (this.awaiting && v.seq >= this.awaiting.seq) {
      win.latencies.push(performance.now() - this.awaiting.t0);
      this.awaiting = null;
    }
    this.view = v;
    if (v.result) {
      if (v.viewer === 'A') this.onResult();
      return;
    }
    if (v.legal.length > 0 && !this.timer) this.timer = setTimeout(() => this.act(), THINK_MS * (0.5 + rnd()));
  }

  private act(): void {
    this.timer = null;
    const v = this.view;
    if (!v || v.result || v.legal.length === 0) return;
    const useful = v.legal.filter((a: Action) => a.type !== 'concede' && a.type !== 'tilt-star');
    const action = (useful.length ? useful : v.legal)[Math.floor(rnd() * (useful.length || v.legal.length))]!;
    const t0 = performance.now();
    const seenSeq = v.seq;
    // A callback ack (not emitWithAck): it runs synchronously when the ack arrives, before the view that
    // follows it in the same read, so the view is matched to this action.
    this.socket.timeout(30_000).emit('match:action', { roomId: v.roomId, clientActionId: `${this.socket.id}-${++this.n}`, seenSeq, action }, (err: Error | null, ack: Ack<Record<string, unknown>>) => {
      if (err) return void win.errors++;
      if (ack.ok) {
        win.actions++;
        this.awaiting = { seq: Number(ack.seq), t0 };
        return;
      }
      if (ack.code === 'stale') win.stale++;
      else win.errors++;
      const latest = this.view;
      if (latest && latest.legal.length > 0 && !latest.result && !this.timer) this.timer = setTimeout(() => this.act(), 50);
    });
  }
}

/** A pair of sockets that plays match after match. */
class Slot {
  private constructor(
    private readonly a: Seat,
    private readonly b: Seat,
  ) {}
  stopped = false;

  static async open(url: string, i: number): Promise<Slot> {
    const [sa, sb] = await Promise.all([connect(url, `bench${i}a`), connect(url, `bench${i}b`)]);
    let slot: Slot | null = null;
    const onResult = () => {
      finishedMatches++;
      if (slot && !slot.stopped) void slot.start();
    };
    slot = new Slot(new Seat(sa, onResult), new Seat(sb, () => {}));
    return slot;
  }

  async start(): Promise<void> {
    this.a.reset();
    this.b.reset();
    const created = await emit(this.a.socket, 'room:create', { visibility: 'private' });
    if (!created.ok) throw new Error(String(created.message));
    const roomId = String(created.roomId);
    await emit(this.a.socket, 'room:join', { roomId, roster: 'raid-night', seat: 'A' });
    await emit(this.b.socket, 'room:join', { roomId, roster: 'mod-squad', seat: 'B' });
  }

  close(): void {
    this.stopped = true;
    this.a.reset();
    this.b.reset();
    this.a.socket.disconnect();
    this.b.socket.disconnect();
  }
}

async function startServer(dir: string): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', VROYALE_DB: join(dir, 'bench.db'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /"port":(\d+)[^\n]*"msg":"server listening"/.exec(buf);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.stdout!.resume();
  return { child, url: `http://127.0.0.1:${port}` };
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const round = (x: number) => Math.round(x * 100) / 100;

async function metrics(url: string) {
  return (await (await fetch(`${url}/api/metrics`)).json()) as { eventLoopDelayMs: { p50: number; p99: number; max: number }; memory: { rss: number; heapUsed: number }; activeMatches: number };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-bench-'));
  const { child, url } = await startServer(dir);
  const own = monitorEventLoopDelay({ resolution: 5 });
  own.enable();
  const slots: Slot[] = [];
  const results: Record<string, unknown>[] = [];
  try {
    await new Promise((r) => setTimeout(r, 500));
    (global as { gc?: () => void }).gc?.();
    const base = await metrics(url);
    console.log(`server ${url}; think ${THINK_MS} ms (uniform ×0.5–1.5); hold ${HOLD_S} s per level; baseline heap ${(base.memory.heapUsed / 1e6).toFixed(1)} MB`);
    for (const level of LEVELS) {
      while (slots.length < level) {
        const batch = Math.min(level - slots.length, Math.max(1, Math.round(RAMP_PER_SEC / 10)));
        const opened = await Promise.all(Array.from({ length: batch }, (_, k) => Slot.open(url, slots.length + k)));
        slots.push(...opened);
        await Promise.all(opened.map((s) => s.start()));
        await new Promise((r) => setTimeout(r, 100));
      }
      // Let the new matches get past their openings, then measure a clean window.
      await new Promise((r) => setTimeout(r, Math.min(5_000, THINK_MS * 3)));
      await metrics(url);
      own.reset();
      win = { latencies: [], actions: 0, stale: 0, errors: 0 };
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, HOLD_S * 1000));
      const seconds = (performance.now() - t0) / 1000;
      const m = await metrics(url);
      const row = {
        matches: m.activeMatches,
        actionsPerSec: round(win.actions / seconds),
        latencyMs: { p50: round(pct(win.latencies, 50)), p99: round(pct(win.latencies, 99)), max: round(pct(win.latencies, 100)), samples: win.latencies.length },
        serverLoopDelayMs: m.eventLoopDelayMs,
        heapPerMatchKB: round((m.memory.heapUsed - base.memory.heapUsed) / 1024 / Math.max(1, m.activeMatches)),
        rssPerMatchKB: round((m.memory.rss - base.memory.rss) / 1024 / Math.max(1, m.activeMatches)),
        serverRssMB: round(m.memory.rss / 1e6),
        benchLoopDelayMs: { p99: round(own.percentile(99) / 1e6), max: round(own.max / 1e6) },
        staleRefusals: win.stale,
        otherErrors: win.errors,
      };
      results.push(row);
      console.log(
        `${String(row.matches).padStart(4)} matches | ${String(row.actionsPerSec).padStart(7)} actions/s | latency p50 ${row.latencyMs.p50} ms p99 ${row.latencyMs.p99} ms max ${row.latencyMs.max} ms | server loop p99 ${m.eventLoopDelayMs.p99} ms max ${m.eventLoopDelayMs.max} ms | heap/match ${row.heapPerMatchKB} KB rss/match ${row.rssPerMatchKB} KB | bench loop p99 ${row.benchLoopDelayMs.p99} ms`,
      );
    }
  } finally {
    for (const s of slots) s.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
  const last = results[results.length - 1] as { matches: number; latencyMs: { p99: number } } | undefined;
  console.log(JSON.stringify({ thinkMs: THINK_MS, holdSeconds: HOLD_S, finishedMatches, levels: results, bar: { matches: 500, p99Ms: 50, met: !!last && last.matches >= 500 && last.latencyMs.p99 <= 50 } }));
}

await main();
process.exit(0);
