/**
 * What one synchronous block writes to a socket (an action's ack, then the view of its unit) leaves in one
 * write (issue 33 §1). engine.io flushes each packet as it is queued: the ack would go at once and the view only
 * after that write's callback, two writes (two syscalls, two wake-ups of the client) per socket per action.
 * The engine.io socket's flush is put off to the end of the current task (a microtask), so every packet queued
 * meanwhile goes in the same flush (frame by frame, in one corked write: socket-io-transport.ts).
 */

/** The part of an engine.io socket this touches (`flush` is engine.io's own, called after each queued packet). */
export interface FlushingConn {
  flush(): void;
}

export function coalesceFlushes(conn: FlushingConn): void {
  const flush = conn.flush.bind(conn);
  let queued = false;
  conn.flush = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      flush();
    });
  };
}
