/**
 * "Your matches": every live room this person sits in. The server attaches each of a manager's seats to every
 * socket of theirs (on hello, and as matches start), so each arrives here as a `room:state` naming the socket's
 * seat, followed by the match's views: the lobby needs nothing more to list them, wherever they are held.
 */
import type { MatchKind, RoomState, Seat, SeatInfo, ViewMessage } from '@vroyale/protocol';
import type { AppState } from '../../store';

export interface MyMatch {
  roomId: string;
  kind: MatchKind;
  status: 'waiting' | 'active';
  seat: Seat;
  opponent: SeatInfo | null;
  names: Record<Seat, string>;
  turn: number | null;
  active: Seat | null;
  /** The match waits on this person now. */
  yourMove: boolean;
  createdAt: number;
}

function mine(r: RoomState, v: ViewMessage | undefined): MyMatch | null {
  if (!r.yourSeat || r.status === 'finished' || v?.result) return null;
  const other: Seat = r.yourSeat === 'A' ? 'B' : 'A';
  const live = v && v.matchId === r.matchId ? v : undefined;
  return {
    roomId: r.roomId,
    kind: r.kind,
    status: r.status,
    seat: r.yourSeat,
    opponent: r.seats[other],
    names: { A: r.seats.A?.name ?? '', B: r.seats.B?.name ?? '' },
    turn: live ? live.view.turn : null,
    active: live && live.view.turn > 0 ? live.view.active : null,
    yourMove: !!live && live.deciders.includes(r.yourSeat),
    createdAt: r.createdAt,
  };
}

/** Newest first. */
export function myMatches(s: Pick<AppState, 'roomStates' | 'views'>): MyMatch[] {
  const out: MyMatch[] = [];
  for (const r of Object.values(s.roomStates)) {
    const m = mine(r, s.views[r.roomId]);
    if (m) out.push(m);
  }
  return out.sort((a, b) => b.createdAt - a.createdAt);
}

/** The live match against the bot (or tutorial) started longest ago: the one the lobby offers to concede at the cap. */
export function oldestBotMatch(list: readonly MyMatch[]): MyMatch | null {
  let best: MyMatch | null = null;
  for (const m of list) if ((m.kind === 'bot' || m.kind === 'tutorial') && m.status === 'active' && (!best || m.createdAt < best.createdAt)) best = m;
  return best;
}
