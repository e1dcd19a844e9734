/**
 * "Your matches": every live match this person sits in (ui/play/my-matches.ts), whoever and wherever it is
 * against: the opponent, the kind of match, the turn and whose move it is, with Resume and Concede (behind a
 * confirmation); a waiting room they sit in, with Open and Leave. Nothing shows when there is none.
 */
import { seatName } from '../../game/seat-name';
import { useState } from 'react';
import { useT } from '../../i18n';
import { concede, leaveRoom } from '../../net/calls';
import { useApp } from '../../store';
import { ConfirmDialog } from '../confirm-dialog';
import { t as tx } from '../../i18n';
import { kindText, roomName } from './match-words';
import { myMatches, type MyMatch } from './my-matches';

export function YourMatches() {
  const t = useT();
  const roomStates = useApp((s) => s.roomStates);
  const views = useApp((s) => s.views);
  const [asking, setAsking] = useState<MyMatch | null>(null);
  const list = myMatches({ roomStates, views });
  if (list.length === 0) return null;
  return (
    <section className="panel your-matches" aria-labelledby="your-matches-title">
      <h2 id="your-matches-title">{t('lobby.yourMatches')}</h2>
      <p className="hint">{t('lobby.yourMatchesHint')}</p>
      <ul className="match-list">
        {list.map((m) => {
          const name = m.opponent ? seatName(m.opponent) : '';
          return (
            <li key={m.roomId} className={`match-item${m.yourMove ? ' your-move' : ''}`} data-room={m.roomId}>
              <div className="match-main">
                <span className={`kind-chip kind-${m.kind}`}>{kindText(m.kind)}</span>
                <b className="match-title">{m.opponent ? t('lobby.against', { name }) : roomName(m.roomId)}</b>
                <span className="match-meta">{metaText(m)}</span>
              </div>
              <div className="match-actions">
                {m.status === 'waiting' ? (
                  <>
                    <a className="btn small primary" href={`#/room/${m.roomId}`} aria-label={t('lobby.openRoom', { room: roomName(m.roomId) })}>
                      {t('lobby.open')}
                    </a>
                    <button
                      className="btn small ghost"
                      aria-label={t('lobby.leaveNamed', { room: roomName(m.roomId) })}
                      onClick={() => void leaveRoom(m.roomId)}
                    >
                      {t('lobby.leave')}
                    </button>
                  </>
                ) : (
                  <>
                    <a className="btn small primary" href={`#/room/${m.roomId}`} aria-label={t('lobby.resumeMatch', { name })}>
                      {t('lobby.resume')}
                    </a>
                    <button className="btn small ghost" aria-haspopup="dialog" aria-label={t('lobby.concedeMatch', { name })} onClick={() => setAsking(m)}>
                      {t('lobby.concede')}
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {asking && <ConcedeFromLobby match={asking} onClose={() => setAsking(null)} />}
    </section>
  );
}

/** "Turn 4 · your move", "Opening (mulligans) · Bea to play", "Waiting for an opponent". */
function metaText(m: MyMatch): string {
  if (m.status === 'waiting') return tx('lobby.waitingForOpponent');
  if (m.turn === null) return '';
  const turn = m.turn > 0 ? tx('lobby.turnN', { n: m.turn }) : tx('lobby.turnOpening');
  return `${turn} · ${m.yourMove ? tx('lobby.yourMove') : tx('lobby.theirMove', { name: m.opponent ? seatName(m.opponent) : '' })}`;
}

/** The same question the playmat asks before a concession (room.json's texts), for a match not on screen. */
function ConcedeFromLobby({ match, onClose }: { match: MyMatch; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('room.concedeTitle')}
      text={t('room.concedeText', { name: match.opponent ? seatName(match.opponent) : '' })}
      keep={t('room.keepPlaying')}
      confirm={t('room.concedeMatch')}
      onConfirm={() => concede(match.roomId)}
      onClose={onClose}
    />
  );
}
