/**
 * One review thread (review-worker.mjs): runs one review at a time off the event loop. A review that outlives
 * its wall-time cap, or a thread that dies, fails that review only; the thread is then dead (`alive` false) and
 * the queue starts another for the next review. Threads start on first use: a server nobody asks for a review
 * carries none.
 */
import { Worker } from 'node:worker_threads';
import type { GameReview } from '@vroyale/protocol';
import type { ReviewJob } from './review-job.js';

/** What the thread said when it was ready: whether its priority was lowered, and its id and nice value (Linux). */
export interface ThreadInfo {
  lowered: boolean;
  sched: { tid: number; nice: number } | null;
}

type Message =
  | { ready: true; lowered: boolean; sched: ThreadInfo['sched'] }
  | { id: number; progress: [number, number] }
  | { id: number; review: GameReview }
  | { id: number; error: string; stack: string | null };

interface Current {
  id: number;
  onProgress: (done: number, total: number) => void;
  resolve: (r: GameReview) => void;
  reject: (e: Error) => void;
}

/** How long a thread may take to load the review code before it counts as dead. */
const START_MS = 60_000;

export class ReviewThread {
  private readonly worker: Worker;
  private readonly ready: Promise<ThreadInfo>;
  private current: Current | null = null;
  private nextId = 1;
  private dead: Error | null = null;
  private failStart!: (e: Error) => void;
  private startTimer: ReturnType<typeof setTimeout>;
  info: ThreadInfo | null = null;

  constructor() {
    this.worker = new Worker(new URL('./review-child.mjs', import.meta.url));
    this.worker.unref();
    let started!: (i: ThreadInfo) => void;
    this.ready = new Promise<ThreadInfo>((res, rej) => {
      started = res;
      this.failStart = rej;
    });
    // Handled here so a thread that dies before anyone waits on it is no unhandled rejection.
    this.ready.catch(() => {});
    this.startTimer = setTimeout(() => this.die(new Error(`the review thread did not start within ${START_MS / 1000} s`)), START_MS);
    this.startTimer.unref();
    this.worker.on('message', (m: Message) => {
      if ('ready' in m) {
        clearTimeout(this.startTimer);
        this.info = { lowered: m.lowered, sched: m.sched };
        return started(this.info);
      }
      const c = this.current;
      if (!c || c.id !== m.id) return;
      if ('progress' in m) return c.onProgress(m.progress[0], m.progress[1]);
      this.current = null;
      if ('review' in m) c.resolve(m.review);
      else c.reject(new Error(m.error));
    });
    this.worker.on('error', (e) => this.die(e));
    this.worker.on('exit', (code) => this.die(new Error(`the review thread stopped (exit code ${code})`)));
  }

  /** Marks the thread dead and fails its review. */
  private die(e: Error): void {
    clearTimeout(this.startTimer);
    if (this.dead) return;
    this.dead = e;
    this.failStart(e);
    const c = this.current;
    this.current = null;
    c?.reject(e);
  }

  /** Resolves once the thread has loaded the review code; rejects if it died first. */
  started(): Promise<ThreadInfo> {
    return this.ready;
  }

  get alive(): boolean {
    return this.dead === null;
  }

  /** Runs one review; rejects with a sentence when it failed, went over `wallMs`, or the thread died. */
  async run(job: ReviewJob, onProgress: (done: number, total: number) => void, wallMs: number): Promise<GameReview> {
    if (this.current) throw new Error('a review thread runs one review at a time');
    const id = this.nextId++;
    const result = new Promise<GameReview>((resolve, reject) => {
      this.current = { id, onProgress, resolve, reject };
    });
    // Settled by the thread's death before anyone awaits it (the start failing): never an unhandled rejection.
    result.catch(() => {});
    await this.ready;
    if (this.dead) throw this.dead;
    const timer = setTimeout(() => {
      // The review thread gives no other way to stop a decision midway: the thread goes, and a new one is started.
      this.die(new Error(`The review took longer than its time limit (${wallMs / 1000} s of wall time)`));
      void this.worker.terminate();
    }, wallMs);
    timer.unref();
    this.worker.postMessage({ id, job: JSON.stringify(job) });
    try {
      return await result;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.die(new Error('the server is stopping'));
    await this.worker.terminate();
  }
}
