/**
 * One review process (review-child.mjs, forked): runs one review at a time off the event loop, every one of its
 * threads at nice 19. A process rather than a worker thread because a thread shares the server's V8 helper
 * threads (its garbage collection partly runs on them, at the server's priority); a process has its own. A review
 * that outlives its wall-time cap, or a process that dies, fails that review only; the process is then dead
 * (`alive` false) and the queue starts another for the next review. Processes start on first use: a server nobody
 * asks for a review carries none.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { ReviewJob } from './review-job.js';

/**
 * What the process said when it was ready: its pid, whether its priority was lowered, whether it runs under
 * SCHED_IDLE (Linux), and each thread's nice and scheduling policy (Linux; 5 is SCHED_IDLE).
 */
export interface ProcessInfo {
  pid: number;
  lowered: boolean;
  idle: boolean;
  threads: { tid: number; nice: number; policy: number }[];
}

type Message =
  | ({ ready: true } & ProcessInfo)
  | { id: number; progress: [number, number] }
  | { id: number; reviewJson: string }
  | { id: number; error: string; stack: string | null };

interface Current {
  id: number;
  onProgress: (done: number, total: number) => void;
  resolve: (json: string) => void;
  reject: (e: Error) => void;
}

/** How long a process may take to load the review code before it counts as dead. */
const START_MS = 60_000;
/** How long `close` waits for a killed process to be gone. */
const CLOSE_MS = 5_000;
/**
 * The child's node flags, set rather than inherited: the server's own (`--cpu-prof`, a benchmark's `--import`,
 * `--heapsnapshot-signal`...) are not the review's. One GC helper, as the server has (node-flags.ts).
 */
const CHILD_FLAGS = ['--v8-pool-size=1'];

export class ReviewProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<ProcessInfo>;
  private readonly exited: Promise<void>;
  private current: Current | null = null;
  private nextId = 1;
  private dead: Error | null = null;
  private killed = false;
  private failStart!: (e: Error) => void;
  private startTimer: ReturnType<typeof setTimeout>;
  info: ProcessInfo | null = null;

  constructor() {
    this.child = fork(new URL('./review-child.mjs', import.meta.url), [], {
      execArgv: CHILD_FLAGS,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // An idle review process never keeps the server running.
    this.child.unref();
    this.child.channel?.unref();
    let started!: (i: ProcessInfo) => void;
    this.ready = new Promise<ProcessInfo>((res, rej) => {
      started = res;
      this.failStart = rej;
    });
    // Handled here so a process that dies before anyone waits on it is no unhandled rejection.
    this.ready.catch(() => {});
    this.exited = new Promise((res) => this.child.once('exit', () => res()));
    this.startTimer = setTimeout(() => this.kill(new Error(`the review process did not start within ${START_MS / 1000} s`)), START_MS);
    this.startTimer.unref();
    this.child.on('message', (m: Message) => {
      if ('ready' in m) {
        clearTimeout(this.startTimer);
        this.info = { pid: m.pid, lowered: m.lowered, idle: m.idle, threads: m.threads };
        return started(this.info);
      }
      const c = this.current;
      if (!c || c.id !== m.id) return;
      if ('progress' in m) return c.onProgress(m.progress[0], m.progress[1]);
      this.current = null;
      if ('reviewJson' in m) c.resolve(m.reviewJson);
      else c.reject(new Error(m.error));
    });
    this.child.on('error', (e) => this.kill(e));
    this.child.on('exit', (code, signal) => this.die(new Error(`the review process stopped (${signal ?? `exit code ${code}`})`)));
  }

  /** Marks the process dead and fails its review. */
  private die(e: Error): void {
    clearTimeout(this.startTimer);
    if (this.dead) return;
    this.dead = e;
    this.failStart(e);
    const c = this.current;
    this.current = null;
    c?.reject(e);
  }

  /** Fails the process with `e` and makes sure it is gone (it may be midway through a decision). */
  private kill(e: Error): void {
    this.die(e);
    // Once: a kill that fails is an 'error', which comes back here.
    if (this.killed || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.killed = true;
    this.child.kill('SIGKILL');
  }

  /** Resolves once the process has loaded the review code; rejects if it died first. */
  started(): Promise<ProcessInfo> {
    return this.ready;
  }

  get alive(): boolean {
    return this.dead === null;
  }

  /**
   * Runs one review: its `GameReview` as JSON text (made in the review process, so the server only passes a string
   * on). Rejects with a sentence when it failed, went over `wallMs`, or the process died.
   */
  async run(job: ReviewJob, onProgress: (done: number, total: number) => void, wallMs: number): Promise<string> {
    if (this.current) throw new Error('a review process runs one review at a time');
    const id = this.nextId++;
    const result = new Promise<string>((resolve, reject) => {
      this.current = { id, onProgress, resolve, reject };
    });
    // Settled by the process's death before anyone awaits it (the start failing): never an unhandled rejection.
    result.catch(() => {});
    await this.ready;
    if (this.dead) throw this.dead;
    // The review gives no other way to stop a decision midway: the process goes, and a new one is started.
    const timer = setTimeout(() => this.kill(new Error(`The review took longer than its time limit (${wallMs / 1000} s of wall time)`)), wallMs);
    timer.unref();
    this.child.send({ id, job });
    try {
      return await result;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills the process and waits (a bounded while) until it is gone. */
  async close(): Promise<void> {
    this.kill(new Error('the server is stopping'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.exited, new Promise((res) => (timer = setTimeout(res, CLOSE_MS)))]);
    clearTimeout(timer);
  }
}
