/**
 * A review process (review-process.ts): plain JS so it starts without the TypeScript loader, loading
 * review-job.ts through tsx's API as the bot threads do (bots/bot-worker.mjs). One request at a time,
 * `{ id, job }` with `job` a ReviewJob; it answers `{ id, progress: [done, total] }` now and then, then
 * `{ id, reviewJson }` (the `GameReview` as JSON text) or `{ id, error }`.
 *
 * A process, not a worker thread: a thread's garbage collection is partly done by V8's helper threads, which are
 * the whole process's and ran at the server's priority, so a review at nice 19 still took CPU from live matches.
 * Here every thread is this process's own and is lowered before anything else runs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Nice value and scheduling policy (5: SCHED_IDLE) of one of this process's threads, or null once it is gone. */
function schedOf(tid) {
  try {
    const s = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): nice is field 19, policy field 41.
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { nice: Number(f[16]), policy: Number(f[38]) };
  } catch {
    return null;
  }
}
const niceOf = (tid) => schedOf(tid)?.nice ?? null;

/**
 * Linux: every thread under SCHED_IDLE as well (`chrt`, util-linux, which Debian always has; allowed without
 * privileges). At nice 19 a running review still keeps its core until its slice is used when the server's thread
 * wakes (the scheduler protects the running task's slice), which showed in the server's p99 under
 * `bench:server --reviews`; a SCHED_IDLE task gives the core up at once to any other task that wakes, and runs
 * only on a core that would otherwise idle. Threads started later inherit the policy. False where it cannot.
 */
function idlePolicy() {
  if (process.platform !== 'linux') return false;
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers every thread to nice 19. On Linux setpriority(PRIO_PROCESS, tid) applies to that thread alone, and V8's
 * helpers (and Node's own threads) exist before this code runs, so each thread in /proc/self/task is lowered;
 * threads started later inherit their creator's value. A helper may start while the list is walked: walk again
 * until no new one shows up. Elsewhere `os.setPriority(19)` lowers the whole process, which is now only this.
 */
function lower() {
  if (process.platform !== 'linux') {
    os.setPriority(19);
    return;
  }
  const done = new Set();
  for (let pass = 0; pass < 5; pass++) {
    const tids = readdirSync('/proc/self/task')
      .map(Number)
      .filter((t) => !done.has(t));
    if (tids.length === 0) return;
    for (const tid of tids) {
      try {
        os.setPriority(tid, 19);
      } catch (e) {
        // A thread that ended meanwhile; anything else (not allowed) is the caller's to report.
        if (niceOf(tid) !== null) throw e;
      }
      done.add(tid);
    }
  }
}

let lowered = false;
try {
  lower();
  lowered = true;
} catch {
  // Not allowed here (a sandbox): the review still runs, at the inherited priority, and says so when ready.
}
const idle = idlePolicy();
const threads =
  process.platform === 'linux'
    ? readdirSync('/proc/self/task')
        .map((t) => ({ tid: Number(t), ...schedOf(t) }))
        .filter((t) => t.nice !== undefined)
    : [];

const { tsImport } = await import('tsx/esm/api');
const { runReview } = await tsImport('./review-job.ts', import.meta.url);

/** Progress goes out at most this often: the server has matches to serve. */
const PROGRESS_MS = 250;
/**
 * A server killed outright (kill -9) leaves this process to init. A review runs synchronously for seconds, so
 * 'disconnect' only comes after it: the parent is checked after each decision as well (`process.ppid` is read
 * afresh on each access), and an orphan stops there.
 */
const parent = process.ppid;
const orphaned = () => process.ppid !== parent;
process.on('disconnect', () => process.exit(0));

process.on('message', ({ id, job }) => {
  let last = 0;
  try {
    const review = runReview(job, (done, total) => {
      if (orphaned()) process.exit(0);
      const now = performance.now();
      if (now - last >= PROGRESS_MS || done === total) {
        last = now;
        process.send({ id, progress: [done, total] });
      }
    });
    // As JSON text: the server stores and serves it as it is, and a string crosses the channel as one copy.
    process.send({ id, reviewJson: JSON.stringify(review) });
  } catch (e) {
    process.send({ id, error: e && e.message ? e.message : String(e), stack: e && e.stack ? String(e.stack) : null });
  }
});
process.send({ ready: true, pid: process.pid, lowered, idle, threads });
