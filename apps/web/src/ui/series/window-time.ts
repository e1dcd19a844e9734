/** The side-deck window's countdown, from the room state's `between.deadline` and `serverNow` as the clocks count. */
import type { RoomState } from '@vroyale/protocol';
import { useNow } from '../play/use-now';
import { receivedAt } from '../room-clock';

/** Milliseconds left in the window at local time `now`, for a room state first seen at local time `at`. */
export function windowLeft(room: RoomState, now: number, at: number): number {
  const b = room.series?.between;
  return b ? Math.max(0, b.deadline - room.serverNow - (now - at)) : 0;
}

/** The window's time left, ticking twice a second while it is open. */
export function useWindowLeft(room: RoomState | undefined): number {
  const open = !!room?.series?.between;
  const now = useNow(open, 500);
  return room ? windowLeft(room, now, receivedAt(room)) : 0;
}
