/**
 * Seat holds: a seat belongs to a user, and when the user's last socket goes the seat is held `seatHoldMs`
 * before it is given up (waiting room) or lost (match: 'abandoned'). With both managers away, the one who left
 * second must not win by leaving later: a hold that runs out while the other manager is away too waits on them
 * (`expired`): both run out → a draw; the other comes back first → this seat loses then; this one comes back
 * first → play goes on.
 */
import { other } from '@vroyale/engine';
import type { RoomStatus, Seat } from '@vroyale/protocol';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Seats } from '../storage/records.js';
import type { Clock, TimerHandle } from '../time/clock.js';

export interface HoldDeps {
  clock: Clock;
  log: Logger;
  config: Pick<ServerConfig, 'seatHoldMs'>;
}

/** The room as its holds see it. */
export interface HoldingRoom {
  readonly roomId: string;
  readonly status: RoomStatus;
  readonly seats: Seats;
  /** The match's master, once the match runs (the server's concede and draw). */
  readonly master: { serverConcede(seat: Seat, origin: 'abandoned'): Promise<void>; serverDraw(origin: 'abandoned'): Promise<void> } | null;
  /** Whether any socket of the seat's user is in the room. */
  present(seat: Seat): boolean;
  /** Gives a waiting room's seat up. */
  freeSeat(seat: Seat): void;
}

const SEATS: readonly Seat[] = ['A', 'B'];

export class SeatHolds {
  private readonly holds = new Map<Seat, { deadline: number; handle: TimerHandle }>();
  /** Seats whose hold ran out while the other manager was away too: their loss waits on that manager. */
  private readonly expired = new Set<Seat>();

  constructor(
    private readonly deps: HoldDeps,
    private readonly room: HoldingRoom,
  ) {}

  /** When the seat's hold runs out, if it is held. */
  deadline(seat: Seat): number | null {
    return this.holds.get(seat)?.deadline ?? null;
  }

  start(seat: Seat): void {
    if (this.room.status === 'finished' || this.holds.has(seat) || this.room.seats[seat]?.bot) return;
    const deadline = this.deps.clock.now() + this.deps.config.seatHoldMs;
    const handle = this.deps.clock.setTimeout(() => this.holdExpired(seat), this.deps.config.seatHoldMs);
    this.holds.set(seat, { deadline, handle });
  }

  cancel(seat: Seat): void {
    const h = this.holds.get(seat);
    if (!h) return;
    this.deps.clock.clearTimeout(h.handle);
    this.holds.delete(seat);
  }

  cancelAll(): void {
    for (const s of SEATS) this.cancel(s);
  }

  /** The match ended: no hold matters any more, nor a loss waiting on the other manager. */
  matchEnded(): void {
    this.cancelAll();
    this.expired.clear();
  }

  /** A manager's socket is back: their hold ends, and a seat whose hold ran out meanwhile loses now. */
  returned(seat: Seat): void {
    this.cancel(seat);
    this.expired.delete(seat);
    const rival = other(seat);
    if (this.room.status === 'active' && this.expired.delete(rival)) void this.room.master?.serverConcede(rival, 'abandoned');
  }

  private holdExpired(seat: Seat): void {
    this.holds.delete(seat);
    if (this.room.present(seat)) return;
    this.deps.log.info({ roomId: this.room.roomId, seat, status: this.room.status }, 'seat hold expired');
    if (this.room.status === 'waiting') this.room.freeSeat(seat);
    else if (this.room.status === 'active') this.abandoned(seat);
  }

  /**
   * A seat's hold ran out during the match. With the other manager here, this seat loses. With them away
   * too, nobody is there to win, and the one who left second must not win by leaving later: if the other
   * hold runs out as well the match is a draw; if the other manager comes back first, this seat loses then;
   * if this manager comes back first, play goes on.
   */
  private abandoned(seat: Seat): void {
    const rival = other(seat);
    const rivalAway = !this.room.seats[rival]!.bot && !this.room.present(rival);
    if (!rivalAway) return void this.room.master?.serverConcede(seat, 'abandoned');
    if (this.expired.has(rival)) {
      this.expired.clear();
      return void this.room.master?.serverDraw('abandoned');
    }
    this.expired.add(seat);
  }
}
