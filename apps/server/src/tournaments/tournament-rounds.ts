/**
 * One event's rounds as its record holds them (tournament.ts decides when; these only read the record): a table's
 * key in `rec.rooms`, a round's pairings, who a ready check waits for, the rooms still playing, and a table's
 * result applied by the pure rules of `@vroyale/tournament` (PR-21 for the cut).
 */
import { reportCutResult, reportResult, type MatchResult, type Outcome, type TournamentState } from '@vroyale/tournament';
import type { TournamentRecord } from '../storage/records.js';

export type Stage = 'swiss' | 'cut';

/** A table's key in `rec.rooms` (its match's first room). */
export const tableKey = (stage: Stage, round: number, table: number): string => `${stage}:${round}:${table}`;

export function roundPairings(rec: TournamentRecord, stage: Stage, round: number) {
  const s = rec.state!;
  return (stage === 'swiss' ? s.rounds[round - 1] : s.cut?.rounds[round - 1])?.pairings ?? [];
}

/** Not dropped. */
export function isActive(rec: TournamentRecord, playerId: string): boolean {
  return rec.state?.players.find((p) => p.id === playerId)?.droppedAfterRound === undefined;
}

/** Who the open ready check waits for: every active player before a Swiss round, the open cut matches' players in the cut. */
export function expectedReady(rec: TournamentRecord): string[] {
  const p = rec.phase;
  if (p.kind !== 'ready-check' || !rec.state) return [];
  if (p.stage === 'swiss') return rec.state.players.filter((x) => x.droppedAfterRound === undefined).map((x) => x.id);
  return roundPairings(rec, 'cut', p.round)
    .filter((m) => !m.result)
    .flatMap((m) => [m.a, m.b!]);
}

/** Has everyone the open ready check waits for confirmed? */
export const allReady = (rec: TournamentRecord): boolean =>
  rec.phase.kind === 'ready-check' && expectedReady(rec).every((id) => (rec.phase as { ready: string[] }).ready.includes(id));

/** The rooms of the round in progress whose match has no result yet. */
export function openRooms(rec: TournamentRecord): string[] {
  const p = rec.phase;
  if (p.kind !== 'playing' || !rec.state) return [];
  return roundPairings(rec, p.stage, p.round)
    .filter((m) => m.b !== null && !m.result)
    .map((m) => rec.rooms[tableKey(p.stage, p.round, m.table)])
    .filter((id): id is string => id !== undefined);
}

/** A table of the round in progress that needs a room and has none (its node stopped before saving it). */
export function tablesWithoutRoom(rec: TournamentRecord): boolean {
  const p = rec.phase;
  return p.kind === 'playing' && roundPairings(rec, p.stage, p.round).some((m) => m.b !== null && !m.result && !rec.rooms[tableKey(p.stage, p.round, m.table)]);
}

/**
 * The state with the result of the match that began in `firstRoomId` (seat A's side: the pairing's player a), or
 * null when that room is no table waiting for a result.
 */
export function withResult(rec: TournamentRecord, firstRoomId: string, result: MatchResult): { at: string; outcome: Outcome<TournamentState> } | null {
  const at = Object.entries(rec.rooms).find(([, id]) => id === firstRoomId)?.[0];
  const s = rec.state;
  if (!at || !s) return null;
  const [stage, round, table] = at.split(':') as [Stage, string, string];
  if (stage === 'swiss') {
    const m = s.rounds[Number(round) - 1]?.pairings.find((x) => x.table === Number(table));
    if (!m || m.result) return null;
    return { at, outcome: reportResult(s, Number(round), Number(table), result) };
  }
  const m = s.cut?.rounds[Number(round) - 1]?.pairings.find((x) => x.table === Number(table));
  if (!m || m.result || s.cut!.rounds.length !== Number(round)) return null;
  // A cut match needs a winner (PR-21): a drawn one (both left, a double knockout at time) goes to the higher seed.
  const fixed = result.winsA === result.winsB ? { ...result, winsA: result.winsA + 1 } : result;
  return { at, outcome: reportCutResult(s, Number(table), fixed) };
}
