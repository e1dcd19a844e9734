/**
 * Large broadcasts in slices. Writing one view to 500 spectators' sockets takes milliseconds of the event loop
 * in one go, and every other match's action that arrives meanwhile waits for it. A send to more than `slice`
 * sockets is cut into slices written one per event-loop turn (`setImmediate`: the I/O of other sockets is
 * read between slices), so a popular match delays its own spectators a little instead of everyone.
 *
 * Order per socket is kept: a socket with slices still queued gets its later messages queued behind them,
 * even small ones. Payloads are encoded when their slice is written, so they must not change after `send`
 * (views, room states and chat lines are built fresh for each send).
 */
export type Emit = (ids: readonly string[], event: string, payload: unknown) => void;

interface Slice {
  ids: readonly string[];
  event: string;
  payload: unknown;
}

export class FanOut {
  private readonly queue: Slice[] = [];
  /** Socket id → slices queued for it. */
  private readonly pending = new Map<string, number>();
  private scheduled = false;

  constructor(
    private readonly emit: Emit,
    private readonly slice = 64,
    private readonly later: (f: () => void) => void = setImmediate,
  ) {}

  send(ids: readonly string[], event: string, payload: unknown): void {
    if (ids.length === 0) return;
    if (ids.length <= this.slice && !ids.some((id) => this.pending.has(id))) return this.emit(ids, event, payload);
    // The first slice goes out now unless one of its sockets is waiting on earlier slices.
    for (let i = 0; i < ids.length; i += this.slice) this.enqueue({ ids: ids.slice(i, i + this.slice), event, payload });
    this.schedule();
  }

  /** Whether slices for socket `id` are still queued (its close waits for them: close-queue.ts). */
  pendingFor(id: string): boolean {
    return this.pending.has(id);
  }

  /** Writes everything queued now (before a shutdown, so notices are not lost). */
  flush(): void {
    while (this.queue.length > 0) this.drain(false);
  }

  private enqueue(s: Slice): void {
    this.queue.push(s);
    for (const id of s.ids) this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    this.later(() => this.drain());
  }

  private drain(reschedule = true): void {
    if (reschedule) this.scheduled = false;
    const s = this.queue.shift();
    if (!s) return;
    for (const id of s.ids) {
      const n = this.pending.get(id)! - 1;
      if (n > 0) this.pending.set(id, n);
      else this.pending.delete(id);
    }
    try {
      this.emit(s.ids, s.event, s.payload);
    } finally {
      if (reschedule) this.schedule();
    }
  }
}
