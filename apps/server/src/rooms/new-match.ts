/** A room's new match: its seed, its engine state from the seated rosters, and the record the store keeps. */
import { createGame, type CardDef, type GameState, type ManagerId } from '@vroyale/engine';
import { isUntimed, type ClockConfig, type MatchKind } from '@vroyale/protocol';
import { matchSeed, newMatchId } from '../identity/ids.js';
import type { MatchRecord, Occupant } from '../storage/records.js';

export function newMatch(
  /** `chooser`: a later game of a best-of-three, where the loser of the last game chooses the order (PR-18). */
  room: { roomId: string; clockConfig: ClockConfig; kind: MatchKind; fixedSeed: string | null; chooser: ManagerId | null },
  seats: { A: Occupant; B: Occupant },
  deps: { pool: Record<string, CardDef>; config: { matchSeed: string | null } },
  now: number,
): { match: MatchRecord; state: GameState } {
  const seed = room.fixedSeed ?? matchSeed(deps.config.matchSeed);
  const created = createGame({ seed, pool: deps.pool, rosters: { A: seats.A.roster, B: seats.B.roster }, ...(room.chooser ? { chooser: room.chooser } : {}) });
  if (!created.ok) throw new Error(`createGame refused validated rosters: ${created.message}`);
  const clock = room.clockConfig;
  const match: MatchRecord = {
    id: newMatchId(),
    roomId: room.roomId,
    seed,
    rosters: { A: seats.A.roster, B: seats.B.roster },
    seats,
    status: 'active',
    result: null,
    clocks: isUntimed(clock) ? { A: 0, B: 0 } : { A: clock.initialMs, B: clock.initialMs },
    createdAt: now,
    kind: room.kind,
    endedAt: null,
    chooser: room.chooser,
  };
  return { match, state: created.state };
}
