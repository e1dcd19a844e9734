/**
 * The end overlay of a game of a best-of-three (issue 34 §1), between its result and its buttons: the match's score;
 * once decided, who won it; between two games, who chooses the next game's order, and the side-deck window (a
 * manager's panel, a lazy chunk with the card pool and the engine's swap check; spectators see the countdown and how
 * far each manager is); in an earlier game's room, the game being played now.
 */
import '../../i18n/later-texts';
import { lazy, Suspense } from 'react';
import type { ManagerId } from '@vroyale/engine';
import type { RoomState, SeriesState } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { fmt } from '../room-clock';
import { useWindowLeft } from './window-time';
import { badgeText, chooserText, matchResultText, readinessText } from './words';

const SideboardPanel = lazy(() => import('./sideboard-panel'));

export function SeriesEnd({
  room,
  series,
  me,
  names,
  drawn,
}: {
  room: RoomState;
  series: SeriesState;
  me: ManagerId | null;
  names: Record<ManagerId, string>;
  /** This room's game was a draw (it counts for neither: PR-19). */
  drawn: boolean;
}) {
  const t = useT();
  const left = useWindowLeft(room);
  const decided = matchResultText(series, names, me);
  const chooser = chooserText(series, drawn, names, me);
  return (
    <div className="series-end">
      <p className="series-line">{badgeText(series, names)}</p>
      {decided && (
        <p className={`series-result${series.winner === me ? ' win' : me ? ' lose' : ''}`} role="status">
          {decided}
        </p>
      )}
      {series.nextRoomId && (
        <p className="hint" role="status">
          {t('series.nextStarting', { game: series.game + 1 })} <a href={`#/room/${series.nextRoomId}`}>{t('series.goToNext', { game: series.game + 1 })}</a>
        </p>
      )}
      {series.status === 'between' && chooser && <p className="series-chooser">{chooser}</p>}
      {series.status === 'between' &&
        (me !== null && series.yours ? (
          <Suspense fallback={<p className="hint">{t('common.loading')}</p>}>
            <SideboardPanel roomId={room.roomId} series={series} me={me} names={names} left={left} />
          </Suspense>
        ) : (
          <div className="sb-watch" role="status">
            <p className="sb-watch-title">{t('series.spectatorWindow', { time: fmt(left) })}</p>
            {(['A', 'B'] as const).map((m) => (
              <p key={m} className="hint">
                {readinessText(series, m, names)}
              </p>
            ))}
          </div>
        ))}
    </div>
  );
}
