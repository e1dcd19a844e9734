/**
 * Where each turn of a replay begins, for jumping to a turn: the replay's frames are the states after each
 * action (frame 0: the deal), and a turn begins at the frame whose action's events started it (`{ t: 'turn' }`).
 * Pure, so it is tested without the viewer.
 */
import type { GameEvent, ManagerId } from '@vroyale/engine';

export interface TurnStart {
  turn: number;
  active: ManagerId;
  /** The frame index (= the seq) at which the turn has begun. */
  at: number;
}

/** `events[k]`: the events of the action that produced frame k (frame 0 has none). Oldest first. */
export function turnStarts(events: readonly (readonly GameEvent[])[]): TurnStart[] {
  const out: TurnStart[] = [];
  events.forEach((evs, at) => {
    for (const e of evs) if (e.t === 'turn') out.push({ turn: e.turn, active: e.active, at });
  });
  return out;
}

/** The index into `starts` of the turn frame `i` is in; -1 before the first turn (setup: mulligans, order). */
export function turnIndexAt(starts: readonly TurnStart[], i: number): number {
  let k = -1;
  while (k + 1 < starts.length && starts[k + 1]!.at <= i) k++;
  return k;
}

/** The frame to go to for the previous (-1) or next (+1) turn from frame `i`: the start of the turn itself when inside it. */
export function stepTurn(starts: readonly TurnStart[], i: number, dir: -1 | 1): number {
  const k = turnIndexAt(starts, i);
  if (dir === 1) return starts[k + 1]?.at ?? i;
  if (k >= 0 && starts[k]!.at < i) return starts[k]!.at;
  return k - 1 >= 0 ? starts[k - 1]!.at : 0;
}
