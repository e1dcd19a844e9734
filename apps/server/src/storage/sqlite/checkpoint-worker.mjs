/**
 * WAL checkpoints off the event loop (plain JS: a worker thread runs without the TypeScript loader).
 *
 * The server's own connection never checkpoints (`wal_autocheckpoint = 0`): copying the WAL back into the
 * database file and syncing it takes tens of milliseconds, which on the main thread would stall every
 * match. This thread opens its own connection and every `everyMs`:
 * 1. runs a PASSIVE checkpoint: it copies what the WAL holds and syncs the database file without ever
 *    blocking the writer;
 * 2. when the WAL has grown past `restartFrames` frames, runs a RESTART checkpoint right after it. Under a
 *    steady stream of commits a PASSIVE checkpoint never catches up with the writer, so SQLite would never
 *    start the WAL over and the file would grow without bound. RESTART holds off writers while it copies
 *    the few frames committed since step 1 and syncs; the server's group commit meets SQLITE_BUSY then and
 *    simply retries a moment later (group-commit.ts), so the event loop never waits. The next commit then
 *    writes the WAL from its beginning (and `journal_size_limit` trims the file).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, everyMs, restartFrames } = workerData;
const db = new Database(path);
// Waiting for the write lock here blocks nobody; the main thread's connection is what must never wait.
db.pragma('busy_timeout = 2000');

function checkpoint() {
  try {
    const t0 = performance.now();
    let [r] = db.pragma('wal_checkpoint(PASSIVE)');
    let restarted = false;
    if (r.log >= restartFrames) {
      [r] = db.pragma('wal_checkpoint(RESTART)');
      restarted = r.busy === 0;
    }
    parentPort.postMessage({ type: 'checkpoint', busy: r.busy, log: r.log, checkpointed: r.checkpointed, restarted, ms: performance.now() - t0 });
  } catch (e) {
    parentPort.postMessage({ type: 'error', message: String(e && e.message ? e.message : e) });
  }
}

const timer = setInterval(checkpoint, everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage({ type: 'stopped' });
  parentPort.close();
});
parentPort.postMessage({ type: 'ready' });
