/**
 * One change and the automatic answers it sets off, planned as one unit (issue 33 §1). After a manager's action
 * (or a bot's move, a flag fall...) the server often answers for the other manager at once: a pass where they
 * have no stop, an empty declaration, a one-shot 'pass until ...' (docs/auto-pass.md). Those answers are planned
 * here, in memory, before anything is saved: the unit is then one commit (every action still its own row of the
 * log, so replays are unchanged), one view per viewer, one send, one ack.
 *
 * Planning changes nothing of the match: it steps engine states (never changed in place) and works on copies
 * of the chess clock and the one-shots, which the master adopts only once the unit is committed. The clocks and
 * increments of each row are those the old one-change-at-a-time path gave at the same `now`: settle, increment
 * for the one who completed a decision, then the clocks of the new deciders run. Each automatic answer is
 * decided as before (`next`: from the spectator projection only, stops/auto-action.ts).
 */
import { deciders, stepParsed, type Action, type GameEvent, type GameState, type ManagerId } from '@vroyale/engine';
import type { MatchResult } from '@vroyale/protocol';
import type { OneShots } from '../stops/one-shots.js';
import type { ActionOrigin } from '../storage/records.js';
import type { AppendAction } from '../storage/store.js';
import type { ChessClock } from './chess-clock.js';
import { earnsIncrement } from './increment-rule.js';

/** More automatic answers in a row than any match makes: past it the rest is planned the old way (queued). */
export const MAX_UNIT = 64;

export interface UnitStep {
  seat: ManagerId;
  action: Action;
  origin: ActionOrigin;
  /** The active manager before this action (one-shots read it). */
  activeBefore: ManagerId;
  state: GameState;
  events: readonly GameEvent[];
  /** Time left after it, as stored in its row. */
  clocks: Record<ManagerId, number>;
  increment: boolean;
}

export interface Unit {
  steps: UnitStep[];
  rows: AppendAction[];
  /** The match's result, if the unit's last action ended it. */
  result: MatchResult | null;
  /** The clock and one-shots as they stand after the unit (adopted by the master once it is saved). */
  chess: ChessClock;
  oneShots: OneShots;
  /** True when nothing more is answered automatically at the unit's last state (the planner looked). */
  settled: boolean;
  /** An automatic answer the engine refused (logged by the caller; the seat is asked instead). */
  refused: { seat: ManagerId; action: Action; code: string } | null;
}

export interface UnitInput {
  matchId: string;
  roomId: string;
  state: GameState;
  /** The first action, already accepted by the engine (`step(state, action)`). */
  first: { seat: ManagerId; action: Action; origin: ActionOrigin; clientActionId: string | null; next: GameState; events: readonly GameEvent[] };
  now: number;
  chess: ChessClock;
  oneShots: OneShots;
  /** The automatic answer due at this state, if any (the first human decider the server answers for). */
  next(state: GameState, oneShots: OneShots): { seat: ManagerId; action: Action } | null;
}

export function planUnit(u: UnitInput): Unit {
  const chess = u.chess.clone();
  const oneShots = u.oneShots.clone();
  const steps: UnitStep[] = [];
  const rows: AppendAction[] = [];
  let before = u.state;
  let cur: { seat: ManagerId; action: Action; origin: ActionOrigin; clientActionId: string | null; next: GameState; events: readonly GameEvent[] } = u.first;
  let result: MatchResult | null = null;
  let settled = false;
  let refused: Unit['refused'] = null;
  for (;;) {
    const { seat, action, origin, next, events } = cur;
    chess.settle(u.now);
    const increment = earnsIncrement(action.type, origin) && chess.isRunning(seat);
    const clocks = chess.snapshot(u.now);
    if (increment) clocks[seat] += chess.incrementMs;
    result = next.phase === 'game-over' ? resultOf(next, origin) : null;
    steps.push({ seat, action, origin, activeBefore: before.active, state: next, events, clocks, increment });
    rows.push({
      matchId: u.matchId,
      roomId: u.roomId,
      seq: next.seq,
      actor: seat,
      origin,
      action,
      clientActionId: cur.clientActionId,
      at: u.now,
      clocks,
      result,
    });
    if (increment) chess.addIncrement(seat);
    chess.setRunning(result ? [] : deciders(next), u.now);
    oneShots.afterEvents(events, before.active);
    if (result) break;
    if (steps.length >= MAX_UNIT) break;
    const auto = u.next(next, oneShots);
    if (!auto) {
      settled = true;
      break;
    }
    // Built here (stops/auto-action.ts): a well-formed Action, no schema to check it against.
    const r = stepParsed(next, auto.action);
    if (!r.ok) {
      refused = { seat: auto.seat, action: auto.action, code: r.code };
      settled = true;
      break;
    }
    before = next;
    cur = { seat: auto.seat, action: auto.action, origin: 'auto-pass', clientActionId: null, next: r.state, events: r.events };
  }
  return { steps, rows, result, chess, oneShots, settled, refused };
}

export function resultOf(s: GameState, origin: ActionOrigin): MatchResult {
  const winner = s.winner ?? 'draw';
  if (origin === 'time' || origin === 'abandoned') return { winner, reason: origin };
  return { winner, reason: s.endReason ?? 'concede' };
}
