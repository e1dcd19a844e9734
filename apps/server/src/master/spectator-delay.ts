/**
 * The spectators' delay of a ranked match (issue 30; docs/api.md "Spectator delay"): while turn N is played,
 * spectators see the match as it stood at the start of turn N-1 (turn 0 = the match's first state, the
 * mulligans), and nothing later. So every action reaches them at least one whole turn after it was made, and a
 * spectator has nothing to relay to a player that the player has not had a full turn to see. When the match
 * ends, everything is shown at once. The managers are never delayed (they get the master's live views).
 *
 * The master records every applied action here; `record` answers the actions that became visible by it (none
 * most of the time: only a new turn moves the spectators on). Everything a spectator receives about the match
 * (full and update views, the public log history, the lobby's turn) is built from `shown` and `log`, never
 * from the live state: that is what keeps the delayed part from leaving early.
 */
import type { GameEvent, GameState, ManagerId } from '@vroyale/engine';
import type { MatchKind } from '@vroyale/protocol';
import { PublicLog } from './public-log.js';

/** Whose spectators are delayed: ranked matches only (a rating is at stake; everything else is shown live). */
export const delayedKind = (kind: MatchKind): boolean => kind === 'ranked';

type Clocks = Record<ManagerId, number>;

interface Entry {
  seq: number;
  events: readonly GameEvent[];
  /** The state this action produced (engine states are never changed in place: `step` copies). */
  state: GameState;
  /** Each manager's time left right after it. */
  clocks: Clocks;
}

/** What became visible to spectators at once: the unprojected events of those actions, oldest first. */
export interface Revealed {
  events: GameEvent[];
}

export class SpectatorDelay {
  private state: GameState;
  private clocks: Clocks;
  private pending: Entry[] = [];
  /** The public record spectators get on entering (spectator-projected, bounded like the managers' one). */
  readonly log = new PublicLog();

  constructor(initial: GameState, clocks: Clocks) {
    this.state = initial;
    this.clocks = { ...clocks };
  }

  /** The state spectators see now. */
  get shown(): GameState {
    return this.state;
  }

  /** Each manager's time left in the state spectators see. */
  get shownClocks(): Clocks {
    return this.clocks;
  }

  /** Actions made but not yet shown to spectators. */
  get behind(): number {
    return this.pending.length;
  }

  /**
   * An action was applied (live `state` after it): keeps it, and moves the spectators on to the start of the turn
   * before the live one if a new turn just began. Returns what became visible, or null.
   */
  record(seq: number, events: readonly GameEvent[], state: GameState, clocks: Clocks): Revealed | null {
    this.pending.push({ seq, events, state, clocks: { ...clocks } });
    const target = Math.max(state.turn - 1, 0);
    if (this.state.turn >= target) return null;
    let n = 0;
    while (n < this.pending.length && this.pending[n]!.state.turn < target) n++;
    // The state at the start of turn `target` is the first one of that turn. Should one action ever have gone
    // past a whole turn (no such state), the spectators stay on the last state before it: later is never sooner.
    if (n < this.pending.length && this.pending[n]!.state.turn === target) n++;
    return this.reveal(n);
  }

  /** The match ended: everything is shown. */
  revealAll(): Revealed | null {
    return this.reveal(this.pending.length);
  }

  private reveal(n: number): Revealed | null {
    if (n === 0) return null;
    const out = this.pending.splice(0, n);
    const events: GameEvent[] = [];
    for (const e of out) {
      events.push(...e.events);
      this.log.add(e.seq, e.events);
    }
    const last = out[out.length - 1]!;
    this.state = last.state;
    this.clocks = last.clocks;
    return { events };
  }
}
