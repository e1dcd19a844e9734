/**
 * Server-side closes, spread over event-loop turns (issue 36). Closing a socket is real work (Socket.IO leaves
 * its rooms, engine.io and ws close, the game server forgets it): a few hundred flooders kicked in the same
 * second, closed at once, held the loop for tens of milliseconds. The socket stops being read and is forgotten
 * by the game server at once (socket-io-transport.ts `disconnect`); its wire closes here, `perTurn` a turn, and a
 * socket with broadcast slices still queued for it (fan-out.ts) waits until they are written, so a notice sent
 * just before the close is never lost.
 */
export class CloseQueue {
  private readonly ids: string[] = [];
  private scheduled = false;

  constructor(
    /** Closes one socket now; false: not yet (its messages are still queued), try on a later turn. */
    private readonly close: (id: string) => boolean,
    private readonly perTurn = 32,
    private readonly later: (f: () => void) => void = setImmediate,
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
    const now = this.ids.splice(0, this.perTurn);
    const notYet: string[] = [];
    for (const id of now) if (!this.close(id)) notYet.push(id);
    this.ids.push(...notYet);
    this.schedule();
  }
}
