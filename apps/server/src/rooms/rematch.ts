/**
 * Rematch: after a finished match either manager offers (`room:rematch`); when the other has offered too, or
 * is a bot, a new room opens with the same managers, rosters, clock and visibility, seats swapped (the new
 * match's seed flips the coin again), and its match starts at once. The old room's state names the new room
 * (`rematch.roomId`), so both managers (and any spectator) can follow. Offers live in memory only.
 */
import type { MatchKind, RematchState, Seat } from '@vroyale/protocol';
import type { Occupant } from '../storage/records.js';
import type { Room } from './room.js';

export type RematchResult = { ok: true; rematch: RematchState } | { ok: false; code: 'not-finished' | 'not-a-manager'; message: string };

const other = (s: Seat): Seat => (s === 'A' ? 'B' : 'A');

/**
 * The rematch's kind: a rematch of a queue match is a friendly one between the same two ('challenge',
 * unrated: the queue chose the pairing, not the players); one of the tutorial is a normal bot match.
 */
export function rematchKind(kind: MatchKind): MatchKind {
  if (kind === 'ranked' || kind === 'casual') return 'challenge';
  if (kind === 'tutorial') return 'bot';
  return kind;
}

/**
 * Records `seat`'s offer in `room`; starts the rematch when both agreed. `open` makes an empty waiting room
 * (the game server's own room factory, so the lobby and storage know it).
 */
export function offerRematch(room: Room, seat: Seat, open: (like: Room) => Room): RematchResult {
  if (room.status !== 'finished') return { ok: false, code: 'not-finished', message: 'A rematch can be offered once the match is over' };
  const r = room.rematch;
  if (r.roomId) return { ok: true, rematch: { offers: [...r.offers], roomId: r.roomId } };
  const mine = room.seats[seat];
  const theirs = room.seats[other(seat)];
  if (!mine || !theirs) return { ok: false, code: 'not-a-manager', message: 'Only the two managers of the match can play a rematch' };
  if (!r.offers.includes(seat)) r.offers.push(seat);
  if (theirs.bot || r.offers.includes(other(seat))) {
    const next = open(room);
    // After a best-of-three, each deck as registered (PR-22: every match starts from it, not from the last swaps).
    const registered = room.series?.rec.registered;
    const copy = (o: Occupant, was: Seat): Occupant => ({
      ...o,
      userId: o.bot ? `bot:${next.roomId}` : o.userId,
      ...(registered ? { roster: registered[was].roster, side: registered[was].side } : {}),
    });
    // Seats swap: the old B sits in A. Each takeSeat saves the room; the second one starts the match.
    const a = next.takeSeat(copy(room.seats.B!, 'B'), 'A');
    const b = next.takeSeat(copy(room.seats.A!, 'A'), 'B');
    if (!a.ok || !b.ok) throw new Error('a fresh room refused its rematch seats');
    r.roomId = next.roomId;
  }
  room.broadcastState();
  return { ok: true, rematch: { offers: [...r.offers], roomId: r.roomId } };
}
