/**
 * A review thread (review-thread.ts), modelled on the bot threads (bots/bot-worker.mjs): plain JS so it starts
 * without the TypeScript loader, loading review-job.ts through tsx's API. One request at a time, `{ id, job }`
 * with `job` the JSON of a ReviewJob; it answers `{ id, progress: [done, total] }` now and then, then
 * `{ id, review }` or `{ id, error }`.
 *
 * It lowers its own scheduling priority to nice 19 first, so a review only gets CPU the live matches leave. On
 * Linux `setpriority(PRIO_PROCESS, 0)` (what `os.setPriority(19)` calls) applies to the calling thread alone:
 * checked on Node 20 through /proc/self/task/<tid>/stat (this thread 19, the main thread and the others 0), and
 * test/reviews.test.ts checks it on the running server. Elsewhere (macOS) it would renice the whole server, so it
 * is done only on Linux.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

let lowered = false;
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
    lowered = true;
  } catch {
    // Not allowed here (a sandbox): the review still runs, at the thread's inherited priority.
  }
}

const { runReview } = await tsImport('./review-job.ts', import.meta.url);
const { threadSched } = await tsImport('./thread-cpu.ts', import.meta.url);

/** Progress goes out at most this often: the main thread has matches to serve. */
const PROGRESS_MS = 250;

parentPort.on('message', ({ id, job }) => {
  let last = 0;
  try {
    const review = runReview(JSON.parse(job), (done, total) => {
      const now = performance.now();
      if (now - last < PROGRESS_MS && done < total) return;
      last = now;
      parentPort.postMessage({ id, progress: [done, total] });
    });
    parentPort.postMessage({ id, review });
  } catch (e) {
    parentPort.postMessage({ id, error: e && e.message ? e.message : String(e), stack: e && e.stack ? String(e.stack) : null });
  }
});
parentPort.postMessage({ ready: true, lowered, sched: threadSched() });
