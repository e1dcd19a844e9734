/**
 * Before the match: the room's friendly name, who is in and which place is open (in words, never a seat letter),
 * the invite link, and a roster picker to take the open place.
 */
import '../i18n/later-texts';
import { useState } from 'react';
import { isUntimed, type RoomState } from '@vroyale/protocol';
import { joinRoom, leaveRoom } from '../net/calls';
import { useT } from '../i18n';
import { toast, useApp } from '../store';
import { fmt } from './room-clock';
import { RosterPicker, useRosterChoice } from './roster-picker';
import { navigate, profilePath } from './route';
import { roomName } from './play/match-words';

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
      <h2>{room ? roomName(roomId) : t('lobby.joining')}</h2>
      {room && (
        <>
          <p className="hint">{t(room.visibility === 'private' ? 'lobby.privateNote' : 'lobby.publicNote')}</p>
          {room.format === 'bo3' && <p className="format-note">{t('lobby.bestOfThreeNote')}</p>}
          <p>
            {isUntimed(room.clock)
              ? `${t('pace.untimedNote')} · ${t('lobby.watching', { count: room.spectators })}`
              : t('lobby.roomClock', { initial: fmt(room.clock.initialMs), s: room.clock.incrementMs / 1000, count: room.spectators })}
          </p>
          <ul className="seats" aria-label={t('lobby.players')}>
            {(['A', 'B'] as const).map((s) => (
              <li key={s}>
                {room.seats[s] ? (
                  <>
                    {t(s === me ? 'lobby.seatYou' : room.seats[s]!.bot ? 'lobby.botName' : 'lobby.seatName', { name: room.seats[s]!.name })}
                    {room.seats[s]!.username && (
                      <>
                        {' '}
                        <a className="btn small ghost" href={profilePath(room.seats[s]!.username!)}>
                          {t('profile.profileOf', { name: room.seats[s]!.username })}
                        </a>
                      </>
                    )}
                  </>
                ) : (
                  <em>{t('lobby.openSeatWaiting')}</em>
                )}
              </li>
            ))}
          </ul>
          <div className="invite">
            <label htmlFor="invite">{t('lobby.inviteLink')}</label>
            <input id="invite" readOnly value={link} onFocus={(e) => e.target.select()} />
            <button
              className="btn"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(
                  () => setCopied(true),
                  () => toast(t('lobby.clipboardRefused'), 'info'),
                );
              }}
            >
              {copied ? t('lobby.copied') : t('lobby.copyInvite')}
            </button>
          </div>
          {me ? (
            <p className="hint">{t('lobby.youAreInRoom')}</p>
          ) : free.length > 0 && room.status === 'waiting' ? (
            <div className="join">
              <RosterPicker value={roster} onChange={setRoster} />
              <button className="btn primary" onClick={() => void joinRoom(roomId, roster)}>
                {t('lobby.takeSeat')}
              </button>
            </div>
          ) : null}
        </>
      )}
      <button className="btn ghost" onClick={() => void leaveRoom(roomId).then(() => navigate('/'))}>
        {t('lobby.leaveRoom')}
      </button>
    </div>
  );
}
