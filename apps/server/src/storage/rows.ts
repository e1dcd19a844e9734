/** Rows as both backends read them (JSON columns parsed, numbers as numbers): one mapping, the same records. */
import type { ManagerId } from '@vroyale/engine';
import type { MatchKind } from '@vroyale/protocol';
import type { ActionOrigin, ActionRecord, MatchRecord, RoomRecord } from './records.js';

export type Row = Record<string, unknown>;

/** A JSON column's value, or null when it is empty or not JSON (a hand-edited row must not stop a hello). */
export function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

export function roomRecord(r: Row): RoomRecord {
  return {
    id: String(r.id),
    visibility: r.visibility as RoomRecord['visibility'],
    status: r.status as RoomRecord['status'],
    // An untimed room is stored as initial 0 (below any clock a room may ask for: LIMITS.clockInitialMinMs).
    clock: Number(r.clock_initial_ms) === 0 ? { untimed: true } : { initialMs: Number(r.clock_initial_ms), incrementMs: Number(r.clock_increment_ms) },
    seats: JSON.parse(String(r.seats_json)),
    matchId: r.match_id === null ? null : String(r.match_id),
    createdAt: Number(r.created_at),
    // Not a rooms column: the kind is the match's (stored at its start); a room without a match is a 'room'.
    kind: typeof r.kind === 'string' ? (r.kind as MatchKind) : 'room',
    ...(r.format === 'bo3' ? { format: 'bo3' as const } : {}),
  };
}

export function matchRecord(r: Row): MatchRecord {
  return {
    id: String(r.id),
    roomId: String(r.room_id),
    seed: String(r.seed),
    rosters: JSON.parse(String(r.rosters_json)),
    seats: JSON.parse(String(r.seats_json)),
    status: r.status as MatchRecord['status'],
    result: r.result_json ? JSON.parse(String(r.result_json)) : null,
    clocks: JSON.parse(String(r.clocks_json)),
    createdAt: Number(r.created_at),
    kind: r.kind as MatchKind,
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
    ...(r.chooser === 'A' || r.chooser === 'B' ? { chooser: r.chooser } : {}),
  };
}

export function actionRecord(r: Row): ActionRecord {
  return {
    seq: Number(r.seq),
    actor: r.actor as ManagerId,
    origin: r.origin as ActionOrigin,
    action: JSON.parse(String(r.action_json)),
    clientActionId: r.client_action_id === null ? null : String(r.client_action_id),
    at: Number(r.at),
  };
}
