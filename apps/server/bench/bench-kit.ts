/**
 * What the server benchmarks share: the benchmark server in a child process, honest players (think, then a
 * random legal action, timed from emit to the view with that action's seq), and the server's metrics.
 * `load.ts` ramps many of them; `cluster-bench.ts` plays the same against one or two nodes (a slot's seats may
 * sit on different nodes); `abuse.ts` keeps a few playing while hostile clients do their worst.
 *
 * Each honest slot connects from a loopback address of its own (`slotAddress`): the whole 127.0.0.0/8 is
 * loopback, and the per-address limits and caps then see separate households, as they would on the internet.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { io, type Socket } from 'socket.io-client';
import { realise, type Legal } from '@vroyale/engine';
import type { Ack, ViewMessage } from '@vroyale/protocol';
import { bucketDelta, buckets, parsePromText, quantile, sampleSum } from '../src/metrics/prom-text.js';
import { SERVER_NODE_FLAGS } from '../src/node-flags.js';
import { statCpuSeconds } from './cluster-costs.js';

export interface Window {
  latencies: number[];
  /** When each latency was taken (performance.now()). */
  at: number[];
  /** Each accepted action's send → ack, and when the ack came (issue 36: the abuse bench's bursts). */
  acks: number[];
  ackAt: number[];
  actions: number;
  /** Of `actions`, those acked through another node than the room's (a seat connected to a node it does not run on). */
  forwarded: number;
  stale: number;
  errors: number;
}
/** `--name value` from the command line, or `fallback`. */
export function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

export const newWindow = (): Window => ({ latencies: [], at: [], acks: [], ackAt: [], actions: 0, forwarded: 0, stale: 0, errors: 0 });

/** Where the honest players' measurements go, and how they think. */
export interface Recorder {
  win: Window;
  finishedMatches: number;
  readonly thinkMs: number;
  readonly rnd: () => number;
}

/** Slot i's address: 127.1.x.y (never 127.0.0.1, which the server and the benchmark's own requests use). */
export const slotAddress = (i: number): string => `127.1.${(i >> 8) & 255}.${i & 255}`;

type Sock = Socket;
export const emit = (s: Sock, event: string, payload: unknown): Promise<Ack<Record<string, unknown>>> => s.timeout(30_000).emitWithAck(event, payload);

export function connect(url: string, name: string, localAddress?: string): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress } as Parameters<typeof io>[1]);
    s.once('connect', () => {
      emit(s, 'hello', { name }).then((ack) => (ack.ok ? resolve(s) : reject(new Error(String(ack.message)))), reject);
    });
    s.once('connect_error', reject);
  });
}

/** One bot seat: acts on its views after a think time, and times its own actions to their broadcast. */
class Seat {
  private readonly rec: Recorder;
  view: ViewMessage | null = null;
  private timer: NodeJS.Timeout | null = null;
  private awaiting: { seq: number; t0: number } | null = null;
  private n = 0;
  constructor(
    readonly socket: Sock,
    private readonly onResult: () => void,
    rec: Recorder,
    /** This seat's node is not the room's (a cluster benchmark's cross-node match): its actions are forwarded. */
    private readonly remote = false,
  ) {
    this.rec = rec;
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
      const now = performance.now();
      this.rec.win.latencies.push(now - this.awaiting.t0);
      this.rec.win.at.push(now);
      this.awaiting = null;
    }
    this.view = v;
    if (v.result) {
      if (v.viewer === 'A') this.onResult();
      return;
    }
    if (v.legal.length > 0 && !this.timer) this.timer = setTimeout(() => this.act(), this.rec.thinkMs * (0.5 + this.rec.rnd()));
  }

  private act(): void {
    this.timer = null;
    const v = this.view;
    if (!v || v.result || v.legal.length === 0) return;
    const useful = v.legal.filter((a: Legal) => a.type !== 'concede' && a.type !== 'tilt-star');
    // A declaration is offered, not listed: answered with a uniformly random legal one.
    const action = realise((useful.length ? useful : v.legal)[Math.floor(this.rec.rnd() * (useful.length || v.legal.length))]!, this.rec.rnd);
    const t0 = performance.now();
    const seenSeq = v.seq;
    // A callback ack (not emitWithAck): it runs synchronously when the ack arrives, before the view that
    // follows it in the same read, so the view is matched to this action.
    this.socket
      .timeout(30_000)
      .emit(
        'match:action',
        { roomId: v.roomId, clientActionId: `${this.socket.id}-${++this.n}`, seenSeq, action },
        (err: Error | null, ack: Ack<Record<string, unknown>>) => {
          if (err) return void this.rec.win.errors++;
          if (ack.ok) {
            const now = performance.now();
            this.rec.win.acks.push(now - t0);
            this.rec.win.ackAt.push(now);
            this.rec.win.actions++;
            if (this.remote) this.rec.win.forwarded++;
            this.awaiting = { seq: Number(ack.seq), t0 };
            return;
          }
          if (ack.code === 'stale') this.rec.win.stale++;
          else this.rec.win.errors++;
          const latest = this.view;
          if (latest && latest.legal.length > 0 && !latest.result && !this.timer) this.timer = setTimeout(() => this.act(), 50);
        },
      );
  }
}

/** One match slot, played match after match: two client sockets, or one against the server's bot. */
export class Slot {
  private constructor(
    private readonly a: Seat,
    private readonly b: Seat | null,
  ) {}
  stopped = false;
  /** Why the slot's latest restart after a result failed, if it did (the slot then waits: its caller may start it again). */
  lastStartError: string | null = null;

  /**
   * `url`: the server, or one per seat ([A's, B's]) for a cluster; A creates the room, so it runs on A's node
   * and B's actions go through its own node when the two differ.
   */
  static async open(url: string | readonly [string, string], i: number, vsBot: boolean, rec: Recorder): Promise<Slot> {
    const at = slotAddress(i);
    const [urlA, urlB] = typeof url === 'string' ? [url, url] : url;
    const sockets = await Promise.all(vsBot ? [connect(urlA, `bench${i}a`, at)] : [connect(urlA, `bench${i}a`, at), connect(urlB, `bench${i}b`, at)]);
    let slot: Slot | null = null;
    const onResult = () => {
      rec.finishedMatches++;
      // A start still in flight when the slot closes rejects ("socket has been disconnected"): not an error then.
      if (slot && !slot.stopped)
        slot.start().catch((e: unknown) => {
          if (slot && !slot.stopped) {
            rec.win.errors++;
            slot.lastStartError = e instanceof Error ? e.message : String(e);
          }
        });
    };
    slot = new Slot(new Seat(sockets[0]!, onResult, rec), sockets[1] ? new Seat(sockets[1], () => {}, rec, urlA !== urlB) : null);
    return slot;
  }

  /** Both seats' sockets are still connected (a socket kicked by the flood guard is not reconnected). */
  get connected(): boolean {
    return this.a.socket.connected && (this.b?.socket.connected ?? true);
  }

  /** How far the slot's current match is (its first seat's latest view; 0 before it starts). */
  get seq(): number {
    return this.a.view?.seq ?? 0;
  }

  /** The room of the slot's current match (its first seat's latest view). */
  get roomId(): string | null {
    return this.a.view?.roomId ?? null;
  }

  async start(): Promise<void> {
    this.a.reset();
    this.b?.reset();
    if (!this.b) {
      const r = await emit(this.a.socket, 'room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
      if (!r.ok) throw new Error(String(r.message));
      return;
    }
    const created = await emit(this.a.socket, 'room:create', { visibility: 'private' });
    if (!created.ok) throw new Error(`room:create: ${String(created.message)}`);
    const roomId = String(created.roomId);
    for (const [socket, roster, seat] of [
      [this.a.socket, 'raid-night', 'A'],
      [this.b.socket, 'mod-squad', 'B'],
    ] as const) {
      const joined = await emit(socket, 'room:join', { roomId, roster, seat });
      if (!joined.ok) throw new Error(`room:join ${seat}: ${String(joined.message)}`);
    }
  }

  close(): void {
    this.stopped = true;
    for (const s of [this.a, this.b]) {
      s?.reset();
      // Pending acks are answered with an error when the socket goes: nothing waits on them any more.
      s?.socket.off('match:view');
      s?.socket.disconnect();
    }
  }
}

/** `metricsUrl`: the server's Prometheus listener (VROYALE_METRICS_PORT, on loopback), which `metrics` scrapes. */
export async function startBenchServer(dir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; metricsUrl: string }> {
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // --expose-gc only lets the metrics listener's ?gc=1 collect before measuring memory (between windows).
  // The server's own flags first: a flag in BENCH_SERVER_NODE_ARGS comes later and wins (V8 keeps the last).
  const argv = [...SERVER_NODE_FLAGS, ...extra, '--expose-gc', '--import', 'tsx', 'apps/server/src/main.ts'];
  const cpus = process.env.BENCH_SERVER_CPUS;
  const child = spawn(cpus ? 'taskset' : process.execPath, cpus ? ['-c', cpus, process.execPath, ...argv] : argv, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      VROYALE_METRICS_PORT: '0',
      VROYALE_METRICS_HOST: '127.0.0.1',
      VROYALE_DB: join(dir, 'bench.db'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The metrics listener logs first, then the server (server.ts).
  const [port, metricsPort] = await new Promise<[number, number]>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /"port":(\d+)[^\n]*"msg":"server listening"/.exec(buf);
      const mm = /"metricsPort":(\d+)[^\n]*"msg":"metrics listening"/.exec(buf);
      if (m && mm) resolve([Number(m[1]), Number(mm[1])]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // BENCH_SERVER_STDOUT=file: the server's output (its log, and what flags such as --trace-gc print) kept there.
  if (process.env.BENCH_SERVER_STDOUT) child.stdout!.pipe(createWriteStream(process.env.BENCH_SERVER_STDOUT, { flags: 'a' }));
  else child.stdout!.resume();
  return { child, url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/**
 * `--pin-loop on` (Linux, 2+ cores, `taskset`): the server's main thread (its event loop) alone on core 0; its other
 * threads, this process and what it spawns later (the abusers, the honest players) on the others. On a two-core
 * machine the attacker's process and the honest players' otherwise take turns with the event loop, and a loop
 * waiting for a core is counted as the server's delay. Called again before each case: a thread the server starts
 * later (a worker) inherits its creator's core.
 */
export function pinLoop(pid: number): boolean {
  const n = cpus().length;
  if (n < 2) return false;
  const rest = `1-${n - 1}`;
  execFileSync('taskset', ['-a', '-p', '-c', rest, String(pid)], { stdio: 'ignore' });
  execFileSync('taskset', ['-p', '-c', '0', String(pid)], { stdio: 'ignore' });
  execFileSync('taskset', ['-a', '-p', '-c', rest, String(process.pid)], { stdio: 'ignore' });
  return true;
}

/**
 * CPU seconds of a process's threads from /proc (Linux; null elsewhere): its main thread (the event loop: the
 * task whose id is the pid) and all the others (worker threads: the server bots, the WAL checkpoints; libuv's pool).
 */
export function threadCpu(pid: number): { main: number; others: number } | null {
  try {
    let main = 0;
    let others = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const s = statCpuSeconds(`/proc/${pid}/task/${tid}/stat`);
      if (Number(tid) === pid) main += s;
      else others += s;
    }
    return { main, others };
  } catch {
    return null;
  }
}

/** Linux pressure stall information (PSI) for CPU: the "some" line (a task was waiting for a CPU). */
export function psi(): { avg10: number; totalUs: number } | null {
  try {
    if (!existsSync('/proc/pressure/cpu')) return null;
    const m = /some avg10=([\d.]+) .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? { avg10: Number(m[1]), totalUs: Number(m[2]) } : null;
  } catch {
    return null;
  }
}
export const cpuPressure = (): number | null => psi()?.avg10 ?? null;

export const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
export const round = (x: number) => Math.round(x * 100) / 100;

/** p50, p99 and max of a list of latencies (ms, rounded), and how many there were: the benches' latency figures. */
export function latencyFigures(xs: number[]): { p50: number; p99: number; max: number; samples: number } {
  return { p50: round(pct(xs, 50)), p99: round(pct(xs, 99)), max: round(pct(xs, 100)), samples: xs.length };
}

/** What the previous scrape of a node saw: the windows below are the changes since then. */
const previous = new Map<string, { at: number; cpuSeconds: number; action: Map<number, number>; commit: Map<number, number>; readWait: Map<number, number> }>();

/** Cumulative buckets added bound by bound (several nodes' windows of one histogram). */
export function sumBuckets(all: readonly Map<number, number>[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of all) for (const [le, n] of m) out.set(le, (out.get(le) ?? 0) + n);
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}

/** p50/p99/max in ms of a histogram's observations between two scrapes (max: the top of the highest bucket used). */
export function histogramWindow(delta: Map<number, number>): { count: number; p50: number; p99: number; max: number } {
  const count = [...delta.values()].at(-1) ?? 0;
  if (count <= 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  const bounds = [...delta.keys()].filter(Number.isFinite);
  let top = bounds.at(-1)!;
  for (const le of bounds)
    if ((delta.get(le) ?? 0) >= count) {
      top = le;
      break;
    }
  const ms = (s: number) => round(s * 1000);
  return { count, p50: ms(quantile(delta, 0.5)), p99: ms(quantile(delta, 0.99)), max: ms(top) };
}

/**
 * The server's metrics, scraped from its Prometheus listener (`metricsUrl` from startBenchServer): event-loop
 * delay and CPU since the previous scrape, player actions' in-server time and commit times since the previous
 * scrape (from the histograms' buckets, so percentiles are interpolated within a bucket), memory, matches,
 * sockets, flood and group-commit counters. `gc`: collect garbage first (the server runs with --expose-gc).
 */
export async function metrics(metricsUrl: string, gc = false) {
  const res = await fetch(`${metricsUrl}${gc ? '?gc=1' : ''}`);
  if (!res.ok) throw new Error(`${metricsUrl}: ${res.status}`);
  const s = parsePromText(await res.text());
  const v = (name: string, labels: Record<string, string> = {}) => sampleSum(s, name, labels);
  const at = performance.now();
  const cpuSeconds = v('process_cpu_seconds_total');
  const action = buckets(s, 'vroyale_action_to_broadcast_seconds', { origin: 'player' });
  const commit = buckets(s, 'vroyale_commit_seconds', { result: 'ok' });
  // Seated managers' frames: from their bytes' arrival to being parsed (admission control's wait).
  const readWait = buckets(s, 'vroyale_read_wait_seconds', { class: 'seated' });
  const prev = previous.get(metricsUrl) ?? {
    at: 0,
    cpuSeconds: 0,
    action: new Map<number, number>(),
    commit: new Map<number, number>(),
    readWait: new Map<number, number>(),
  };
  previous.set(metricsUrl, { at, cpuSeconds, action, commit, readWait });
  const commitWindow = histogramWindow(bucketDelta(commit, prev.commit));
  const ms = (seconds: number) => round(seconds * 1000);
  return {
    eventLoopDelayMs: {
      p50: ms(v('nodejs_eventloop_lag_p50_seconds')),
      p99: ms(v('nodejs_eventloop_lag_p99_seconds')),
      max: ms(v('nodejs_eventloop_lag_max_seconds')),
    },
    // Accepted player actions: taken off the match queue → last view handed to the socket layer.
    serverActionMs: histogramWindow(bucketDelta(action, prev.action)),
    /** Seated managers' WebSocket frames, bytes' arrival → parsed, since the previous scrape. */
    seatedReadWaitMs: histogramWindow(bucketDelta(readWait, prev.readWait)),
    /** Units' appends, call → COMMIT, since the previous scrape. */
    serverCommitMs: commitWindow,
    /** Applied actions so far by origin (player, bot, auto-pass, time, abandoned): counters, not a window. */
    actionsByOrigin: Object.fromEntries(
      ['player', 'bot', 'auto-pass', 'time', 'abandoned'].map((o) => [o, v('vroyale_action_to_broadcast_seconds_count', { origin: o })]),
    ),
    /** The same window's buckets, to merge several nodes' (`histogramWindow(sumBuckets(...))`). */
    serverActionBuckets: bucketDelta(action, prev.action),
    memory: { rss: v('process_resident_memory_bytes'), heapUsed: v('nodejs_heap_size_used_bytes') },
    activeMatches: v('vroyale_matches_live'),
    connections: v('vroyale_sockets'),
    flood: {
      kicks: v('vroyale_flood_kicks_total'),
      refusedConnections: v('vroyale_flood_refused_connections_total'),
      refusedMessages: v('vroyale_flood_refused_messages_total'),
      droppedTcp: v('vroyale_flood_dropped_tcp_total'),
    },
    // CPU time of the whole process (all threads) since the previous scrape, as a share of one core.
    cpu: { shareOfOneCore: prev.at ? round((cpuSeconds - prev.cpuSeconds) / ((at - prev.at) / 1000)) : 0, seconds: prev.at ? cpuSeconds - prev.cpuSeconds : 0 },
    storage: {
      commits: v('vroyale_group_commits_total'),
      appends: v('vroyale_committed_actions_total'),
      // An action's append as the master awaits it (call → COMMIT), since the previous scrape.
      commitMs: { p50: commitWindow.p50, p99: commitWindow.p99, max: commitWindow.max },
      checkpoints: { runs: v('vroyale_wal_checkpoints_total') },
    },
  };
}
