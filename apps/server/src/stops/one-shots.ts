/**
 * One-shot passes ('pass until my turn', 'pass until something happens') of one match, per seat. Held in the
 * match master's memory only (a restart forgets them, which merely asks the manager again). They end on
 * events as a spectator sees them, so what ends one is public, like everything the pass decision reads.
 */
import { projectEvents, type GameEvent, type ManagerId } from '@vroyale/engine';
import { oneShotAfter, type PassUntilMode } from '@vroyale/protocol';

export class OneShots {
  private readonly modes: Record<ManagerId, PassUntilMode> = { A: null, B: null };

  /** An independent copy (planned on during a unit, adopted once it is saved). */
  clone(): OneShots {
    const c = new OneShots();
    c.adopt(this);
    return c;
  }

  adopt(from: OneShots): void {
    this.modes.A = from.modes.A;
    this.modes.B = from.modes.B;
  }

  of(seat: ManagerId): PassUntilMode {
    return this.modes[seat];
  }

  set(seat: ManagerId, mode: PassUntilMode): void {
    this.modes[seat] = mode;
  }

  /**
   * Ends the one-shots the events of one change end. `active` is the active manager before them (an
   * `attackers` event does not say whose attack it is; a `turn` event changes it).
   */
  afterEvents(events: readonly GameEvent[], active: ManagerId): void {
    if (!this.modes.A && !this.modes.B) return;
    const seen = projectEvents(events, 'spectator');
    for (const seat of ['A', 'B'] as const) this.modes[seat] = oneShotAfter(this.modes[seat], seat, seen, active);
  }
}
