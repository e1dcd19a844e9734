/**
 * One write per socket per tick (issue 33 §1). engine.io writes a packet the moment it is sent when its transport
 * is writable, and a WebSocket is not writable again until the write's callback, a tick later: an action's ack and
 * the view that follows it in the same run of the server went out as two frames in two writes (`bench:server` at
 * 100 matches: 21,106 writes, 20,332 of them a single frame; the acks alone were a third). Deferring a socket's
 * flush to the end of the current tick lets everything the server sends it in one run share the transport's one
 * `send`, which the transport corks into one write. The order of packets is unchanged; a packet waits a tick at
 * most. A close flushes first: engine.io's own close at shutdown discards what is still buffered.
 */
export interface Flushable {
  flush(): void;
  close(...args: unknown[]): unknown;
}

export function flushOncePerTick(conn: Flushable): void {
  const now = conn.flush.bind(conn);
  const close = conn.close.bind(conn);
  let queued = false;
  const run = () => {
    queued = false;
    now();
  };
  // engine.io calls `this.flush()` after each packet, on drain and on upgrade: an own property wins over its method.
  conn.flush = () => {
    if (queued) return;
    queued = true;
    process.nextTick(run);
  };
  conn.close = (...args: unknown[]) => {
    now();
    return close(...args);
  };
}
