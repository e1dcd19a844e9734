/** Before the match: the seats, the invite link, and a roster picker to take a free seat. */
import { useState } from 'react';
import { isUntimed, type RoomState } from '@vroyale/protocol';
import { useT } from '../i18n';
import { joinRoom, leaveRoom } from '../net/client';
import { toast, useApp } from '../store';
import { fmt } from './room-clock';
import { RosterPicker, useRosterChoice } from './roster-picker';
import { navigate } from './route';

/** Invite links point at the room route; the same link lets anyone watch once the seats are full. */
export const inviteLink = (roomId: string) => `${location.origin}${location.pathname}#/room/${roomId}`;

export function WaitingRoom({ roomId, room }: { roomId: string; room: RoomState | undefined }) {
  const [roster, setRoster] = useRosterChoice();
  const [copied, setCopied] = useState(false);
  const t = useT();
  const me = useApp((s) => s.seats.find((x) => x.roomId === roomId)?.seat ?? null);
  const link = inviteLink(roomId);
  const free = room ? (['A', 'B'] as const).filter((s) => !room.seats[s]) : [];
  return (
    <div className="waiting">
      <h2>{room ? `Room ${roomId.slice(0, 6)} — ${room.visibility === 'private' ? 'private' : 'public'}` : 'Joining the room…'}</h2>
      {room && (
        <>
          <p>
            {isUntimed(room.clock) ? t('pace.untimedNote') : `Clock: ${fmt(room.clock.initialMs)} + ${room.clock.incrementMs / 1000}s per move`} · {room.spectators} watching
          </p>
          <ul className="seats" aria-label="Seats">
            {(['A', 'B'] as const).map((s) => (
              <li key={s}>
                Seat {s}: {room.seats[s] ? `${room.seats[s]!.name}${room.seats[s]!.bot ? ' (bot)' : ''}${s === me ? ' (you)' : ''}` : <em>empty</em>}
              </li>
            ))}
          </ul>
          <div className="invite">
            <label htmlFor="invite">Invite link</label>
            <input id="invite" readOnly value={link} onFocus={(e) => e.target.select()} />
            <button
              className="btn"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(
                  () => setCopied(true),
                  () => toast('Copy the link by hand: the browser refused the clipboard', 'info'),
                );
              }}
            >
              {copied ? 'Copied!' : 'Copy invite link'}
            </button>
          </div>
          {me ? (
            <p className="hint">You are in seat {me}. The match starts when the other seat is taken.</p>
          ) : free.length > 0 && room.status === 'waiting' ? (
            <div className="join">
              <RosterPicker value={roster} onChange={setRoster} />
              <button className="btn primary" onClick={() => void joinRoom(roomId, roster)}>
                Take a seat
              </button>
            </div>
          ) : null}
        </>
      )}
      <button className="btn ghost" onClick={() => void leaveRoom(roomId).then(() => navigate('/'))}>
        Leave room
      </button>
    </div>
  );
}
