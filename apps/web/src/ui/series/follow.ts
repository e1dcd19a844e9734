/**
 * The next game of a best-of-three, followed as a rematch is (end-overlay.tsx `useFollowRematch`): once the room on
 * screen names its match's next room (`nextRoomId`), a manager (seated there already: `room:join` with any roster
 * attaches them) goes to it, and a spectator watches it instead (the new room's screen spectates; this one is left).
 */
import { useEffect, useRef } from 'react';
import { joinRoom, leaveRoom } from '../../net/calls';
import { useApp } from '../../store';
import { useRosterChoice } from '../roster-picker';
import { navigate } from '../route';

export function useFollowSeries(roomId: string): void {
  const next = useApp((s) => s.roomStates[roomId]?.series?.nextRoomId ?? null);
  const seat = useApp((s) => s.roomStates[roomId]?.yourSeat ?? null);
  const [roster] = useRosterChoice();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!next || followed.current === next) return;
    followed.current = next;
    if (seat) void joinRoom(next, roster).then((ok) => ok && navigate(`/room/${next}`));
    else {
      navigate(`/room/${next}`);
      void leaveRoom(roomId);
    }
  }, [next, seat, roster, roomId]);
}
