/**
 * Spectators coming and going, told to the room coalesced: a spectator's socket changes only the count, which
 * the others learn from at most one broadcast per `PRESENCE_EVERY_MS`, and none if nobody's count is off (a
 * joiner was told the count on entering). Seats, managers' sockets and match start or end broadcast at once
 * (`Room.broadcastState`), which tells everyone the count too.
 */
import type { Clock, TimerHandle } from '../time/clock.js';

/**
 * Spectators coming and going are told to the room at most this often: one message per member per join made
 * 500 watchers with a few of them toggling cost the managers seconds of delay (issue 15 §3).
 */
export const PRESENCE_EVERY_MS = 250;

export class Presence {
  /** The pending coalesced presence broadcast, if any. */
  private timer: TimerHandle | null = null;
  /** The spectator count of the last broadcast, and what each socket that entered since was told on entering. */
  private toldAll = 0;
  private readonly toldJoiners = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly room: { spectatorCount(): number; broadcastState(): void },
  ) {}

  /** A spectator's socket entered and was told `count` in its own room state. */
  joined(socketId: string, count: number): void {
    this.toldJoiners.set(socketId, count);
  }

  left(socketId: string): void {
    this.toldJoiners.delete(socketId);
  }

  /** Everyone was just told this count (a broadcast of the room state). */
  toldEveryone(count: number): void {
    this.toldAll = count;
    this.toldJoiners.clear();
  }

  /** The spectator count changed: one broadcast per `PRESENCE_EVERY_MS` at most, and only if someone is behind. */
  changed(): void {
    if (this.timer) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      const now = this.room.spectatorCount();
      if (this.toldAll !== now) return this.room.broadcastState();
      for (const told of this.toldJoiners.values()) if (told !== now) return this.room.broadcastState();
    }, PRESENCE_EVERY_MS);
  }

  stop(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
