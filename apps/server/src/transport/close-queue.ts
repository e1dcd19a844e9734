/**
 * Server-side closes, spread over event-loop turns (issue 36). Closing a socket is real work (Socket.IO leaves
 * its rooms, engine.io and ws close, the game server forgets it): a few hundred flooders kicked in the same
 * second, closed at once, held the loop for tens of milliseconds. The socket stops being read and is forgotten
 * by the game server at once (socket-io-transport.ts `disconnect`); its wire closes here, `perTurn` a turn and no
 * more once `turnMs` is spent, and a
 * socket with broadcast slices still queued for it (fan-out.ts) waits until they are written, so a notice sent
 * just before the close is never lost.
 */
export class CloseQueue {
  private readonly ids: string[] = [];
  private scheduled = false;

  constructor(
    /** Closes one socket now; false: not yet (its messages are still queued), try on a later turn. */
    private readonly close: (id: string) => boolean,
    private readonly perTurn = 8,
    private readonly later: (f: () => void) => void = setImmediate,
    /** And no more closes in a turn once they took this long (ms): a close's cost varies with what the socket held. */
    private readonly turnMs = 2,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.ids.length;
  }

  push(id: string): void {
    this.ids.push(id);
    this.schedule();
  }

  /** Closes everything queued now (shutdown). */
  flush(): void {
    for (const id of this.ids.splice(0)) this.close(id);
  }

  private schedule(): void {
    if (this.scheduled || this.ids.length === 0) return;
    this.scheduled = true;
    this.later(() => this.turn());
  }

  private turn(): void {
    this.scheduled = false;
    const t0 = this.now();
    const notYet: string[] = [];
    for (let n = 0; n < this.perTurn && this.ids.length > 0 && (n === 0 || this.now() - t0 < this.turnMs); n++) {
      const id = this.ids.shift()!;
      if (!this.close(id)) notYet.push(id);
    }
    this.ids.push(...notYet);
    this.schedule();
  }
}

/**
 * The TCP connections of sockets closed from the server's side, cut off if their peer never closes them (a
 * flooder that stopped reading): due `afterMs` after their close, destroyed `perTurn` a turn. A timer per socket
 * fired a few thousand destroys in one turn, two seconds after a bulk kick.
 */
export class Reaper {
  private readonly due: { at: number; sock: { destroyed: boolean; destroy(): void } }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly afterMs = 2_000,
    private readonly perTurn = 16,
    private readonly now: () => number = () => performance.now(),
  ) {}

  add(sock: { destroyed: boolean; destroy(): void }): void {
    this.due.push({ at: this.now() + this.afterMs, sock });
    this.timer ??= setTimeout(() => this.sweep(), this.afterMs).unref();
  }

  private sweep(): void {
    this.timer = null;
    let n = 0;
    while (this.due.length > 0 && this.due[0]!.at <= this.now() && n < this.perTurn) {
      const { sock } = this.due.shift()!;
      if (sock.destroyed) continue;
      sock.destroy();
      n++;
    }
    if (this.due.length === 0) return;
    const wait = n >= this.perTurn ? 0 : Math.max(0, this.due[0]!.at - this.now());
    this.timer = wait === 0 ? (setImmediate(() => this.sweep()) as unknown as NodeJS.Timeout) : setTimeout(() => this.sweep(), wait).unref();
  }
}
