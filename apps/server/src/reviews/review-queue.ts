/**
 * The game review queue (issue 35 §1; docs/review.md "The server's queue"): first come first served, one review
 * at a time on each review process (review-process.ts), at most `maxQueued` waiting. A review depends only on the
 * match's immutable log, so there is one per match: asking again joins the job, and a done review is read from
 * storage, never run twice.
 *
 * Storage holds every review (Store.reviews); this node's queue holds the ones it runs. In a cluster each node
 * runs its own queue on the shared table: the node that claims a row runs it, its heartbeat keeps the row
 * fresh, and a row whose node went silent for `STALE_MS` may be claimed by whoever asks next. After a start the
 * node runs again what was queued or running when it stopped (its own rows; on SQLite, every pending row,
 * since a file has one server): the log has not changed, so running it again gives the review that was asked for,
 * where failing it would make the player ask again for no reason.
 */
import type { ReviewState } from '@vroyale/protocol';
import type { ReviewBudget } from '@vroyale/review';
import type { Action } from '@vroyale/engine';
import type { Logger } from '../logger.js';
import type { ReviewEnd, ReviewRow } from '../storage/review-store.js';
import type { Store } from '../storage/store.js';
import type { ReviewJob } from './review-job.js';
import { ReviewProcess, type ProcessInfo } from './review-process.js';

export interface ReviewQueueConfig {
  /** Review processes (VROYALE_REVIEW_PROCESSES, or the older VROYALE_REVIEW_THREADS); 0 turns reviews off (the routes answer 503). */
  processes: number;
  /** Reviews waiting at most (VROYALE_REVIEW_QUEUE); one more is refused 429. */
  maxQueued: number;
  /** CPU time of its process one review may use (VROYALE_REVIEW_CPU_MS). */
  cpuMs: number;
  /** Wall time one review may take once started (VROYALE_REVIEW_WALL_MS); past it the process is killed. */
  wallMs: number;
  /** New reviews one address may ask for an hour (VROYALE_REVIEWS_PER_ADDRESS); joining one costs nothing. */
  perAddressPerHour: number;
  /** The per-decision search budget (VROYALE_REVIEW_DEALS / _VERIFY / _CANDIDATES; packages/review ReviewBudget). */
  budget: Partial<ReviewBudget>;
}

/** A silent node's pending rows are free after this long; the heartbeat comes three times as often. */
export const STALE_MS = 60_000;
const HEARTBEAT_MS = STALE_MS / 3;
/** Progress reaches storage (and other nodes' GETs) at most this often; this node's GET sees every step. */
const PROGRESS_WRITE_MS = 1_000;

interface Job {
  matchId: string;
  status: 'queued' | 'running';
  progress: { done: number; total: number };
  requestedAt: number;
  lastWrite: number;
}

/**
 * A review as the routes answer it. A done review's `GameReview` stays the JSON text the review process made and
 * storage holds (`reviewJson`, with `state.review` null): the server never parses or re-serialises it, only
 * splices it into the answer (review-routes.ts), since that took milliseconds of the event loop per answer.
 */
export interface ReviewAnswer {
  state: ReviewState;
  reviewJson: string | null;
}

export type RequestOutcome = { ok: true; answer: ReviewAnswer } | { ok: false; reason: 'queue-full' };

export class ReviewQueue {
  private readonly waiting: Job[] = [];
  /** Taken from `waiting` by a process that is not ready yet. */
  private readonly starting = new Set<Job>();
  /** Processes given a review, from the hand-over (the process may still be starting, the match still loading) to its end. */
  private readonly assigned = new Set<ReviewProcess>();
  private readonly jobs = new Map<string, Job>();
  private readonly processes: (ReviewProcess | null)[];
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  /** Every finished run (tests and the benchmark wait on it). */
  readonly stats = { done: 0, failed: 0 };

  constructor(private readonly d: { storage: Store; node: string; config: ReviewQueueConfig; now: () => number; log: Logger }) {
    this.processes = Array.from({ length: d.config.processes }, () => null);
  }

  get config(): ReviewQueueConfig {
    return this.d.config;
  }

  /** No room for a new review in this node's queue. */
  get full(): boolean {
    return this.waiting.length >= this.d.config.maxQueued;
  }

  get enabled(): boolean {
    return this.d.config.processes > 0;
  }

  /** A pending row is ours to take when its node went silent; on SQLite every pending row is ours (one server a file). */
  private staleBefore(): number {
    return this.d.storage.backend === 'sqlite' ? Number.MAX_SAFE_INTEGER : this.d.now() - STALE_MS;
  }

  /** After the server's start: runs again what this node (or a silent one) left queued or running. */
  async start(): Promise<number> {
    if (!this.enabled) return 0;
    const rows = await this.d.storage.reviews.pending(this.d.node, this.staleBefore());
    let resumed = 0;
    for (const r of rows) {
      if (!(await this.d.storage.reviews.adopt(r.matchId, this.d.node, this.d.now(), this.staleBefore()))) continue;
      if (this.full) {
        await this.d.storage.reviews.finish(
          r.matchId,
          this.d.node,
          { error: 'The server restarted with more reviews waiting than its queue holds; ask again' },
          this.d.now(),
        );
        continue;
      }
      this.enqueue(r.matchId, r.requestedAt);
      resumed++;
    }
    return resumed;
  }

  /** The review as it stands, or null when nobody asked for one. */
  async state(matchId: string): Promise<ReviewAnswer | null> {
    const job = this.jobs.get(matchId);
    if (job) return this.jobAnswer(job);
    const row = await this.d.storage.reviews.get(matchId);
    return row ? rowAnswer(row) : null;
  }

  /** The review a request would join or read (done, or queued or running anywhere); null when it would queue a new one. */
  async existing(matchId: string): Promise<ReviewAnswer | null> {
    const job = this.jobs.get(matchId);
    if (job) return this.jobAnswer(job);
    const row = await this.d.storage.reviews.get(matchId);
    if (!row || row.status === 'failed') return null;
    if (row.status === 'done' || row.updatedAt >= this.staleBefore()) return rowAnswer(row);
    return null;
  }

  /** Asks for the review of a finished match (the caller checked that it is). */
  async request(matchId: string): Promise<RequestOutcome> {
    const known = await this.existing(matchId);
    if (known) return { ok: true, answer: known };
    if (this.full) return { ok: false, reason: 'queue-full' };
    const now = this.d.now();
    const { claimed, row } = await this.d.storage.reviews.claim(matchId, this.d.node, now, this.staleBefore());
    // Someone was first (another request of this node awaiting the same claim, or another node): join theirs.
    if (!claimed) return { ok: true, answer: this.jobs.has(matchId) ? this.jobAnswer(this.jobs.get(matchId)!) : rowAnswer(row) };
    if (this.jobs.has(matchId)) return { ok: true, answer: this.jobAnswer(this.jobs.get(matchId)!) };
    return { ok: true, answer: this.jobAnswer(this.enqueue(matchId, now)) };
  }

  /** The processes started so far and what they said when ready (the priority test reads it). */
  processInfo(): (ProcessInfo | null)[] {
    return this.processes.map((p) => p?.info ?? null);
  }

  /** Reviews waiting and running on this node. */
  get size(): { waiting: number; running: number } {
    return { waiting: this.waiting.length, running: this.jobs.size - this.waiting.length };
  }

  private enqueue(matchId: string, requestedAt: number): Job {
    const job: Job = { matchId, status: 'queued', progress: { done: 0, total: 0 }, requestedAt, lastWrite: 0 };
    this.jobs.set(matchId, job);
    this.waiting.push(job);
    this.heartbeat ??= setInterval(() => void this.beat(), HEARTBEAT_MS).unref();
    this.dispatch();
    return job;
  }

  private jobAnswer(job: Job): ReviewAnswer {
    const i = this.waiting.indexOf(job);
    const position = i >= 0 ? this.starting.size + i : this.starting.has(job) ? 0 : null;
    return {
      state: { matchId: job.matchId, status: job.status, progress: { ...job.progress }, queuePosition: position, review: null, error: null },
      reviewJson: null,
    };
  }

  private async beat(): Promise<void> {
    if (this.jobs.size === 0) {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      return;
    }
    try {
      await this.d.storage.reviews.heartbeat(this.d.node, [...this.jobs.keys()], this.d.now());
    } catch (e) {
      this.d.log.warn({ err: e }, 'review heartbeat failed');
    }
  }

  /** Gives each idle process the next waiting review; a dead process's place gets a new process. */
  private dispatch(): void {
    if (this.closed) return;
    for (let i = 0; i < this.processes.length && this.waiting.length > 0; i++) {
      let p = this.processes[i];
      if (p && !p.alive) p = this.processes[i] = null;
      if (p && this.assigned.has(p)) continue;
      if (!p) {
        try {
          p = this.processes[i] = new ReviewProcess();
        } catch (e) {
          this.d.log.error({ err: e }, 'could not start a review process');
          continue;
        }
        p.started().then(
          ({ pid, lowered }) => this.d.log.info({ pid, lowered }, 'review process started'),
          () => {},
        );
      }
      const job = this.waiting.shift()!;
      const proc = p;
      this.assigned.add(proc);
      void this.run(job, proc).finally(() => {
        this.assigned.delete(proc);
        this.dispatch();
      });
    }
  }

  private async run(job: Job, proc: ReviewProcess): Promise<void> {
    const { storage, node, config, now, log } = this.d;
    let end: ReviewEnd;
    // Handed to a process that may still be starting: queued, next in line, until the process is ready.
    this.starting.add(job);
    try {
      const match = await storage.match(job.matchId);
      if (!match || match.status !== 'finished') throw new Error('The match is not a finished match any more');
      const actions = (await storage.actions(job.matchId)).map((a) => a.action as Action);
      await proc.started();
      this.starting.delete(job);
      job.status = 'running';
      job.progress = { done: 0, total: actions.length };
      await this.writeProgress(job, true);
      const payload: ReviewJob = {
        seed: match.seed,
        rosters: match.rosters,
        chooser: match.chooser ?? null,
        actions,
        budget: config.budget,
        cpuMs: config.cpuMs,
      };
      const reviewJson = await proc.run(
        payload,
        (done, total) => {
          job.progress = { done, total };
          void this.writeProgress(job, false);
        },
        config.wallMs,
      );
      end = { resultJson: reviewJson };
    } catch (e) {
      end = { error: e instanceof Error ? e.message : String(e) };
    }
    this.starting.delete(job);
    // Stopping: the row stays queued or running, and the next start runs it again.
    if (this.closed) return;
    this.jobs.delete(job.matchId);
    if ('resultJson' in end) this.stats.done++;
    else {
      this.stats.failed++;
      log.warn({ matchId: job.matchId, error: end.error }, 'review failed');
    }
    try {
      if (!(await storage.reviews.finish(job.matchId, node, end, now()))) log.warn({ matchId: job.matchId }, 'review finished after another node took it over');
    } catch (e) {
      log.error({ err: e, matchId: job.matchId }, 'could not store a review');
    }
  }

  private async writeProgress(job: Job, force: boolean): Promise<void> {
    const t = this.d.now();
    if (!force && t - job.lastWrite < PROGRESS_WRITE_MS) return;
    job.lastWrite = t;
    try {
      await this.d.storage.reviews.progress(job.matchId, this.d.node, job.progress.done, job.progress.total, t);
    } catch (e) {
      this.d.log.warn({ err: e, matchId: job.matchId }, 'review progress not stored');
    }
  }

  /** Stops the processes; reviews queued or running stay so in storage and run again at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await Promise.all(this.processes.map((p) => p?.close()));
  }
}

function rowAnswer(r: ReviewRow): ReviewAnswer {
  return {
    state: { matchId: r.matchId, status: r.status, progress: r.progress, queuePosition: null, review: null, error: r.error },
    reviewJson: r.resultJson,
  };
}
