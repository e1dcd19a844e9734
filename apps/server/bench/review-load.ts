/**
 * `npm run bench:server -- --reviews N` (issue 35 §1's bar: the server's p99 stays within 10% while reviews
 * run): keeps N game reviews of finished matches asked for (queued or running in the server's review process)
 * for the whole run, so every measured window has reviews running beside the live matches.
 *
 * A review is run once per match, so each needs a finished match of its own: before the load, `prepare` plays
 * matches of random legal actions (two sockets each) as fast as the per-socket limit allows until there are
 * enough, and the pool is topped up from the bench database as the load's own matches finish. Reviews are asked
 * for over the public HTTP API, as a player would; the bench server's per-address review limit is lifted (every
 * request here comes from 127.0.0.1).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { makeRng } from '@vroyale/engine';
import { bucketDelta, buckets, parsePromText } from '../src/metrics/prom-text.js';
import { histogramWindow, newWindow, Slot, sumBuckets, threadCpu, type Recorder } from './bench-kit.js';
import { processCpuSeconds } from './cluster-costs.js';

export interface ReviewFigures {
  /** Reviews kept asked for. */
  kept: number;
  asked: number;
  done: number;
  failed: number;
  /** Checks (every second) at which fewer than `kept` were queued or running: the pool of finished matches ran dry. */
  shortChecks: number;
  checks: number;
  /** Decisions of the logs the review process has gone through (done reviews whole, open ones so far): did reviews run? */
  decisionsReviewed: number;
  /** The first failure's message, if any. */
  firstError: string | null;
  /**
   * The load's own synchronous reads of the bench database while measuring (finding matches to review), in this
   * process: its event loop is the one that times the actions, so a long read would count against the server.
   */
  pollReadMs: { count: number; max: number; total: number };
}

const PREPARE_THINK_MS = 60;
const STALL_MS = 15_000;

export class ReviewLoad {
  private readonly open = new Set<string>();
  /** Each asked review's decisions gone through, as last read. */
  private readonly progress = new Map<string, number>();
  private stopped = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy = false;
  readonly figures: ReviewFigures;

  constructor(
    private readonly url: string,
    private readonly dbPath: string,
    kept: number,
  ) {
    this.figures = {
      kept,
      asked: 0,
      done: 0,
      failed: 0,
      shortChecks: 0,
      checks: 0,
      decisionsReviewed: 0,
      firstError: null,
      pollReadMs: { count: 0, max: 0, total: 0 },
    };
  }

  /** Finished matches in the bench database, oldest first. */
  private finished(): string[] {
    const db = new Database(this.dbPath, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT id FROM matches WHERE status = 'finished' ORDER BY ended_at").all() as { id: string }[]).map((r) => r.id);
    } finally {
      db.close();
    }
  }

  private reader: Database.Database | null = null;
  private seenUpTo = -1;
  private readonly unasked: string[] = [];
  /** Every finished match read so far: each goes into `unasked` once. */
  private readonly seen = new Set<string>();

  /**
   * The next finished match not yet asked for, for the measured load: one read-only connection kept open and only
   * the matches finished since the last read (by `ended_at`), so that the read stays well under a millisecond.
   */
  private nextFinished(): string | null {
    if (this.unasked.length === 0) {
      const t0 = performance.now();
      this.reader ??= new Database(this.dbPath, { readonly: true, fileMustExist: true });
      const rows = this.reader
        .prepare("SELECT id, ended_at AS endedAt FROM matches WHERE status = 'finished' AND ended_at >= ? ORDER BY ended_at")
        .all(this.seenUpTo) as { id: string; endedAt: number }[];
      for (const r of rows) {
        // `>=`: a match may end in the same millisecond as the last one read, after the read.
        this.seenUpTo = Math.max(this.seenUpTo, Number(r.endedAt));
        if (this.seen.has(r.id)) continue;
        this.seen.add(r.id);
        this.unasked.push(r.id);
      }
      const ms = performance.now() - t0;
      const f = this.figures.pollReadMs;
      f.count++;
      f.max = Math.max(f.max, Math.round(ms * 100) / 100);
      f.total = Math.round((f.total + ms) * 100) / 100;
    }
    return this.unasked.shift() ?? null;
  }

  /** Matches still live in the bench database. */
  private live(): number {
    const db = new Database(this.dbPath, { readonly: true, fileMustExist: true });
    try {
      return Number((db.prepare("SELECT count(*) AS n FROM matches WHERE status = 'active'").get() as { n: number }).n);
    } finally {
      db.close();
    }
  }

  /**
   * Plays fast matches (random legal actions, 30–90 ms apart) until `n` have finished, then lets the ones under way
   * finish too (no new ones), so the load starts with no live match of these left behind. Returns how it went:
   * slots started again after stalling, and why starts were refused.
   */
  async prepare(n: number): Promise<string> {
    // As fast as an honest client may act: the server's per-socket limit refills 20 messages a second, and a seat
    // over it is refused, then kicked (and a kicked bench socket is not reconnected).
    const rec: Recorder = { win: newWindow(), finishedMatches: 0, thinkMs: PREPARE_THINK_MS, rnd: makeRng('review-bench') };
    const slots = await Promise.all(Array.from({ length: Math.min(n, 8) }, (_, i) => Slot.open(this.url, 60_000 + i, false, rec)));
    // Why starts were refused (message → times): a slot whose start failed waits for the watchdog below.
    const refusals = new Map<string, number>();
    const refusedFor = (m: string) => refusals.set(m, (refusals.get(m) ?? 0) + 1);
    const start = (s: Slot) => s.start().catch((e: unknown) => refusedFor(e instanceof Error ? e.message : String(e)));
    // A match moves every PREPARE_THINK_MS or so: a slot whose match has not moved for STALL_MS (a refused start, or
    // a result its first seat never saw) is started again.
    const moved = slots.map(() => ({ seq: -1, at: Date.now() }));
    let restarts = 0;
    const watch = () => {
      slots.forEach((s, i) => {
        const m = moved[i]!;
        if (s.lastStartError !== null) {
          refusedFor(s.lastStartError);
          s.lastStartError = null;
        }
        if (s.seq !== m.seq) Object.assign(m, { seq: s.seq, at: Date.now() });
        else if (!s.stopped && s.connected && Date.now() - m.at > STALL_MS) {
          m.at = Date.now();
          restarts++;
          void start(s);
        }
      });
    };
    const refused = () => [...refusals].map(([m, k]) => `${k}× ${m}`).join('; ') || 'none';
    const wait = async (done: () => boolean, what: string) => {
      const end = Date.now() + 300_000;
      while (!done()) {
        if (Date.now() > end)
          throw new Error(
            `review matches: ${what} not within 5 minutes (${this.finished().length} finished, ${this.live()} live; the slots' matches at seq ${slots.map((s) => s.seq).join(', ')}; ${slots.filter((s) => !s.connected).length} slots disconnected; starts refused: ${refused()})`,
          );
        watch();
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      await Promise.all(slots.map(start));
      await wait(() => this.finished().length >= n, `${n} finished`);
      for (const s of slots) s.stopped = true;
      await new Promise((r) => setTimeout(r, 500));
      await wait(() => this.live() === 0, 'the last ones finished');
    } finally {
      for (const s of slots) s.close();
    }
    return `${restarts} slot restarts after ${STALL_MS / 1000} s without a move; starts refused: ${refused()}`;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), 1_000);
    void this.tick();
  }

  private async request(method: 'GET' | 'POST', id: string): Promise<{ status: string; error: string | null } | null> {
    const r = await fetch(`${this.url}/api/matches/${id}/review`, { method });
    const body = (await r.json()) as { status?: string; error?: string | null; message?: string; progress?: { done: number } };
    if (r.status >= 400) {
      this.figures.firstError ??= `${r.status} ${body.error}: ${body.message}`;
      return null;
    }
    if (body.progress) this.progress.set(id, body.progress.done);
    this.figures.decisionsReviewed = [...this.progress.values()].reduce((a, b) => a + b, 0);
    return { status: String(body.status), error: body.error ?? null };
  }

  private async tick(): Promise<void> {
    if (this.busy || this.paused || this.stopped) return;
    this.busy = true;
    try {
      for (const id of [...this.open]) {
        const s = await this.request('GET', id);
        if (!s || s.status === 'done' || s.status === 'failed') {
          this.open.delete(id);
          if (s?.status === 'done') this.figures.done++;
          else {
            this.figures.failed++;
            if (s?.error) this.figures.firstError ??= s.error;
          }
        }
      }
      if (this.open.size < this.figures.kept) {
        while (this.open.size < this.figures.kept) {
          const id = this.nextFinished();
          if (id === null) break;
          const s = await this.request('POST', id);
          if (!s) continue;
          this.figures.asked++;
          if (s.status === 'queued' || s.status === 'running') this.open.add(id);
        }
      }
      this.figures.checks++;
      if (this.open.size < this.figures.kept) this.figures.shortChecks++;
    } catch (e) {
      // A request in flight when the bench stops the server is not a finding.
      if (!this.stopped) this.figures.firstError ??= e instanceof Error ? e.message : String(e);
    } finally {
      this.busy = false;
    }
  }

  /** While true the tick asks for nothing (the A/B mode's "off" phases: no request reaches the server). */
  paused = false;

  /** Reviews queued or running now. */
  get running(): number {
    return this.open.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.reader?.close();
    this.reader = null;
  }
}

/**
 * CPU seconds of each game review process (reviews/review-process.ts) of the server `pid` (Linux; null elsewhere):
 * the server's own figures no longer include them. Its other children (tsx's esbuild service) are left out.
 */
export function reviewProcessesCpu(pid: number): Map<number, number> | null {
  try {
    const cpu = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)) {
        try {
          if (!readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('review-child.mjs')) continue;
          cpu.set(child, processCpuSeconds(child));
        } catch {
          // Gone since the list was read.
        }
      }
    }
    return cpu;
  } catch {
    return null;
  }
}

/** Stops (SIGSTOP) or resumes (SIGCONT) every review process of the server `pid`; how many it reached. */
export function signalReviewProcesses(pid: number, signal: 'SIGSTOP' | 'SIGCONT'): number {
  let n = 0;
  for (const child of reviewProcessesCpu(pid)?.keys() ?? []) {
    try {
      process.kill(child, signal);
      n++;
    } catch {
      // Gone since the list was read.
    }
  }
  return n;
}

/**
 * Moves every review process of the server `pid` (all its threads) onto `cpus` (a taskset list), without waiting:
 * with `--pin-loop on` a review process, forked by the event loop's thread, would otherwise inherit the loop's core.
 */
export function pinReviewProcesses(pid: number, cpus: string): void {
  for (const child of reviewProcessesCpu(pid)?.keys() ?? []) execFile('taskset', ['-a', '-p', '-c', cpus, String(child)], () => {});
}

export interface Phase {
  /** performance.now() when the phase began. */
  at: number;
  /** The machine's monotonic clock then (ms, `process.hrtime`): to lay phases beside another process's timings (loop-gaps.mjs). */
  mono?: number;
  on: boolean;
  /** CPU seconds so far when the phase began: the server's event loop, its other threads, this bench process. */
  cpu?: { main: number; others: number; bench: number } | null;
  /** The server's own histograms (cumulative buckets) scraped as the phase began, once the scrape is back. */
  server?: ServerHistograms;
}

/** Player actions' in-server time and seated managers' read wait, as the server's metrics count them. */
interface ServerHistograms {
  action: Map<number, number>;
  readWait: Map<number, number>;
}

async function scrapeServer(metricsUrl: string): Promise<ServerHistograms> {
  const res = await fetch(metricsUrl);
  if (!res.ok) throw new Error(`${metricsUrl}: ${res.status}`);
  const s = parsePromText(await res.text());
  return {
    action: buckets(s, 'vroyale_action_to_broadcast_seconds', { origin: 'player' }),
    readWait: buckets(s, 'vroyale_read_wait_seconds', { class: 'seated' }),
  };
}

/**
 * `--reviews-ab S`: within one measured window, reviews run for S seconds, then are stopped for S seconds (their
 * processes SIGSTOPped, no request asked), and so on, so that the same server, matches and minute of the machine
 * are measured with and without reviews. Runs on two separate days, or even ten minutes apart, differ by more
 * than the effect looked for (docs/review.md); this pairs them phase by phase.
 */
export class ReviewToggle {
  readonly phases: Phase[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly scrapes: Promise<void>[] = [];

  constructor(
    private readonly reviews: ReviewLoad,
    private readonly serverPid: number,
    private readonly seconds: number,
    /** The server's metrics listener: its own histograms are then split by phase too (`serverByPhase`). */
    private readonly metricsUrl?: string,
    /** With `--pin-loop on`: the cores the review processes are kept on (a new one starts on the loop's). */
    private readonly reviewCpus?: string,
  ) {}

  private set(on: boolean): void {
    this.reviews.paused = !on;
    signalReviewProcesses(this.serverPid, on ? 'SIGCONT' : 'SIGSTOP');
    if (on && this.reviewCpus) pinReviewProcesses(this.serverPid, this.reviewCpus);
    this.mark(on);
  }

  private mark(on: boolean): void {
    const phase: Phase = { at: performance.now(), mono: Number(process.hrtime.bigint()) / 1e6, on, cpu: cpuNow(this.serverPid) };
    this.phases.push(phase);
    if (this.metricsUrl)
      this.scrapes.push(
        scrapeServer(this.metricsUrl).then(
          (h) => void (phase.server = h),
          () => {},
        ),
      );
  }

  /**
   * The server's in-server action time and read wait in each kind of phase, from its histograms' buckets: tells
   * time spent inside the server from time spent on the way (the bench's own loop, the sockets).
   */
  async serverByPhase(): Promise<Record<'on' | 'off', { action: ReturnType<typeof histogramWindow>; readWait: ReturnType<typeof histogramWindow> }> | null> {
    await Promise.all(this.scrapes);
    const parts = {
      on: { action: [] as Map<number, number>[], readWait: [] as Map<number, number>[] },
      off: { action: [] as Map<number, number>[], readWait: [] as Map<number, number>[] },
    };
    for (let k = 0; k + 1 < this.phases.length; k++) {
      const p = this.phases[k]!.server;
      const q = this.phases[k + 1]!.server;
      if (!p || !q) continue;
      const kind = parts[this.phases[k]!.on ? 'on' : 'off'];
      kind.action.push(bucketDelta(q.action, p.action));
      kind.readWait.push(bucketDelta(q.readWait, p.readWait));
    }
    if (!parts.on.action.length || !parts.off.action.length) return null;
    const window = (k: typeof parts.on) => ({ action: histogramWindow(sumBuckets(k.action)), readWait: histogramWindow(sumBuckets(k.readWait)) });
    return { on: window(parts.on), off: window(parts.off) };
  }

  start(): void {
    this.phases.length = 0;
    this.set(true);
    this.timer = setInterval(() => this.set(!this.phases[this.phases.length - 1]!.on), this.seconds * 1000);
  }

  /** Ends the toggling with reviews running; the phases stay for `split`. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.reviews.paused = false;
    signalReviewProcesses(this.serverPid, 'SIGCONT');
    this.mark(true);
  }
}

/**
 * The latencies of a window split by phase: a sample counts when it was sent at least `settleMs` after its phase
 * began and received before the phase ended (a phase's first moments carry the last one's queue). The last entry
 * of `phases` only marks the end.
 */
export function splitByPhase(latencies: number[], at: number[], phases: Phase[], settleMs: number): { on: number[]; off: number[] } {
  const out = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i < latencies.length; i++) {
    const sent = at[i]! - latencies[i]!;
    for (let k = 0; k + 1 < phases.length; k++) {
      const p = phases[k]!;
      if (sent >= p.at + settleMs && at[i]! < phases[k + 1]!.at) {
        (p.on ? out.on : out.off).push(latencies[i]!);
        break;
      }
    }
  }
  return out;
}

function cpuNow(serverPid: number): Phase['cpu'] {
  const t = threadCpu(serverPid);
  const own = process.cpuUsage();
  return t && { ...t, bench: (own.user + own.system) / 1e6 };
}

/**
 * CPU per answered action in each kind of phase: the server's event loop, its other threads and this bench process,
 * in ms per sample received in the phase (every sample, settling time included, since the CPU is too). Tells a
 * machine that makes the server's work dearer while reviews run (caches, the hypervisor) from one that only makes
 * it wait.
 */
export function cpuByPhase(at: number[], phases: Phase[]): Record<'on' | 'off', { main: number; others: number; bench: number; samples: number } | null> {
  const sum = { on: { main: 0, others: 0, bench: 0, samples: 0 }, off: { main: 0, others: 0, bench: 0, samples: 0 } };
  for (let k = 0; k + 1 < phases.length; k++) {
    const p = phases[k]!;
    const q = phases[k + 1]!;
    if (!p.cpu || !q.cpu) return { on: null, off: null };
    const s = sum[p.on ? 'on' : 'off'];
    s.main += q.cpu.main - p.cpu.main;
    s.others += q.cpu.others - p.cpu.others;
    s.bench += q.cpu.bench - p.cpu.bench;
    for (const t of at) if (t >= p.at && t < q.at) s.samples++;
  }
  const perAction = (s: typeof sum.on) =>
    s.samples === 0
      ? null
      : { main: (s.main * 1000) / s.samples, others: (s.others * 1000) / s.samples, bench: (s.bench * 1000) / s.samples, samples: s.samples };
  return { on: perAction(sum.on), off: perAction(sum.off) };
}
