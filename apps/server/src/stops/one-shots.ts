/**
 * One-shot passes ('pass until my turn', 'pass until something happens') of one match, per seat. Held in the
 * match master's memory only (a restart forgets them, which merely asks the manager again). They end on
 * events as a spectator sees them, so what ends one is public, like everything the pass decision reads.
 */
import { projectEvents, type GameEvent, type ManagerId } from '@vroyale/engine';
import type { PassUntilMode } from '@vroyale/protocol';

export class OneShots {
  private readonly modes: Record<ManagerId, PassUntilMode> = { A: null, B: null };

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
    for (const e of projectEvents(events, 'spectator')) {
      if (e.t === 'turn') active = e.active;
      for (const seat of ['A', 'B'] as const) if (this.modes[seat] && ends(this.modes[seat], seat, e, active)) this.modes[seat] = null;
    }
  }
}

function ends(mode: Exclude<PassUntilMode, null>, seat: ManagerId, e: GameEvent, active: ManagerId): boolean {
  if (mode === 'my-turn') return e.t === 'turn' && e.active === seat;
  if (e.t === 'turn') return true;
  if (e.t === 'stack-push') return e.item.controller !== seat;
  return e.t === 'attackers' && e.attackers.length > 0 && active !== seat;
}
