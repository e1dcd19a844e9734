/**
 * "Live now": the server's list of public rooms waiting for players and matches anyone may watch (casual, ranked,
 * challenges, public rooms, bot matches being played), with both managers' names and ratings, the kind of match,
 * the turn and whose it is (a ranked match a turn behind, as spectators see it); Join where a seat is open, Watch
 * everywhere (a seat is taken with the roster last chosen in the lobby). Under it, the last few results. Finished matches never stay in the live list.
 */
import { seatName } from '../../game/seat-name';
import { useT } from '../../i18n';
import { joinRoom, spectate } from '../../net/calls';
import { useApp } from '../../store';
import { lastRoster } from '../../decks';
import { clockText } from '../clocks';
import { navigate } from '../route';
import { kindText, resultText, seatWithRating, seriesText, summaryTitle, turnText } from './match-words';

export function LiveNow() {
  const t = useT();
  const listed = useApp((s) => s.lobby);
  const roomStates = useApp((s) => s.roomStates);
  // One's own matches are under "Your matches".
  const rooms = listed.filter((r) => !roomStates[r.roomId]?.yourSeat);
  const recent = useApp((s) => s.lobbyRecent);
  return (
    <section className="panel live-now" aria-labelledby="live-now-title">
      <h2 id="live-now-title">{t('lobby.liveNow')}</h2>
      {rooms.length === 0 ? (
        <div className="live-empty">
          <p>{t('lobby.liveEmpty')}</p>
          <p className="hint">{t('lobby.liveEmptyHint')}</p>
        </div>
      ) : (
        <ul className="live-list">
          {rooms.map((r) => {
            const title = summaryTitle(r);
            const names = { A: r.seats.A ? seatName(r.seats.A) : '', B: r.seats.B ? seatName(r.seats.B) : '' };
            const open = r.status === 'waiting' && (!r.seats.A || !r.seats.B);
            const meta = [
              r.format === 'bo3' ? t('lobby.bestOfThree') : null,
              seriesText(r),
              r.status === 'waiting' ? clockText(r.clock) : turnText(r.turn, r.active, names),
              r.spectators > 0 ? t('lobby.watching', { count: r.spectators }) : null,
            ]
              .filter(Boolean)
              .join(' · ');
            return (
              <li key={r.roomId} className="live-item" data-room={r.roomId} data-kind={r.kind}>
                <div className="live-main">
                  <span className={`kind-chip kind-${r.kind}`}>{kindText(r.kind)}</span>
                  <b className="live-title">
                    {r.seats.A && r.seats.B ? t('lobby.versus', { a: seatWithRating(r.seats.A), b: seatWithRating(r.seats.B) }) : title}
                  </b>
                  <span className="live-meta">
                    {meta}
                    {r.delayed && (
                      <span className="behind" title={t('lobby.behindTitle')}>
                        {t('lobby.behind')}
                      </span>
                    )}
                  </span>
                </div>
                <div className="live-actions">
                  {open && (
                    <button
                      className="btn small primary"
                      aria-label={t('lobby.joinRoom', { room: title })}
                      onClick={async () => (await joinRoom(r.roomId, lastRoster())) && navigate(`/room/${r.roomId}`)}
                    >
                      {t('lobby.join')}
                    </button>
                  )}
                  <button
                    className="btn small"
                    aria-label={t('lobby.watchRoom', { room: title })}
                    onClick={async () => (await spectate(r.roomId)) && navigate(`/room/${r.roomId}`)}
                  >
                    {t('lobby.watch')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {recent.length > 0 && (
        <div className="recent">
          <h3>{t('lobby.recent')}</h3>
          <ul>
            {recent.map((r) => (
              <li key={r.roomId}>
                <span className={`kind-chip kind-${r.kind}`}>{kindText(r.kind)}</span> {resultText(r)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
