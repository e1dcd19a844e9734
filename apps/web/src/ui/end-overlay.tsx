/**
 * The end of a match: the result, what ended it (the card, art and name, when one did), both managers' final
 * sanity and the turns played, then Rematch, Watch replay, Review the match (the replay, asking for its review) and
 * Back to lobby. A game of a best-of-three that does not decide it shows the match's score and the side-deck window
 * instead of Rematch (series/series-end.tsx).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ManagerId } from '@vroyale/engine';
import { joinRoom, offerRematch } from '../net/calls';
import { capitalise } from '../game/labels';
import { endCause } from '../game/end-cause';
import { cardName } from '../game/labels';
import { CardFace } from './card';
import { useT } from '../i18n';
import { useApp } from '../store';
import { useRosterChoice } from './roster-picker';
import { eventPath, navigate } from './route';
import { SeriesEnd } from './series/series-end';

export function EndOverlay({ roomId, me, names, bot }: { roomId: string; me: ManagerId | null; names: Record<ManagerId, string>; bot: boolean }) {
  const view = useApp((s) => s.views[roomId]);
  const room = useApp((s) => s.roomStates[roomId]);
  const rematch = room?.rematch;
  const series = room?.series ?? null;
  const busy = useApp((s) => s.busy);
  const [hidden, setHidden] = useState(false);
  const [asking, setAsking] = useState(false);
  const t = useT();
  const defs = useApp((s) => s.defs);
  const result = view?.result ?? (view?.view.winner ? { winner: view.view.winner, reason: view.view.endReason ?? 'sanity' } : null);
  if (!view || !result) return null;
  const endCard = view.view.endCard ?? null;
  const endDef = endCard ? defs[endCard.def] : undefined;
  if (hidden)
    return (
      <button className="btn primary end-reopen" onClick={() => setHidden(false)}>
        {t('room.showResult')}
      </button>
    );
  const them: ManagerId | null = me === 'A' ? 'B' : me === 'B' ? 'A' : null;
  const offers = rematch?.offers ?? [];
  const iOffered = me !== null && offers.includes(me);
  const theyOffered = them !== null && offers.includes(them);
  const title =
    result.winner === 'draw'
      ? t('room.draw')
      : me === null
        ? t('room.wins', { name: names[result.winner] })
        : result.winner === me
          ? t('room.victory')
          : t('room.defeat');
  const ask = async () => {
    setAsking(true);
    await offerRematch(roomId);
    setAsking(false);
  };
  let rematchUi: ReactNode = null;
  const tournamentId = room?.tournamentId ?? null;
  // A best-of-three goes on to its next game until a manager has won it; then a rematch is another best-of-three.
  if (series && series.status !== 'done') {
    rematchUi = null;
  } else if (tournamentId) {
    // A tournament's match: the event pairs the next round; its page has the standings and the next ready check.
    rematchUi = (
      <a className="btn primary" href={eventPath(tournamentId)}>
        {t('room.backToEvent')}
      </a>
    );
  } else if (rematch?.roomId) {
    rematchUi =
      me === null ? (
        <a className="btn primary" href={`#/room/${rematch.roomId}`}>
          {t('room.watchRematch')}
        </a>
      ) : (
        <p className="hint" role="status">
          {t('room.startingRematch')}
        </p>
      );
  } else if (me !== null) {
    rematchUi = theyOffered ? (
      <button className="btn primary" disabled={asking || busy} onClick={() => void ask()}>
        {t('room.acceptRematch')}
      </button>
    ) : iOffered ? (
      <button className="btn" disabled>
        {t('room.rematchOffered', { name: names[them!] })}
      </button>
    ) : (
      <button className="btn primary" disabled={asking || busy} onClick={() => void ask()}>
        {bot ? t('room.playBotAgain') : t('room.offerRematch')}
      </button>
    );
  } else if (offers.length > 0) {
    rematchUi = <p className="hint">{t('room.wouldRematch', { names: offers.map((o) => names[o]).join(t('room.and')) })}</p>;
  }
  return (
    <div className="end-overlay" role="dialog" aria-label={t('room.result')}>
      <div className={`end-card${series?.status === 'between' && me !== null && series.yours?.side.length ? ' series-wide' : ''}`}>
        <h2 className={result.winner === me ? 'win' : result.winner === 'draw' ? '' : me ? 'lose' : ''}>{title}</h2>
        <div className="end-cause">
          {endDef && (result.reason === 'card' || result.reason === 'sanity') && <CardFace def={endDef} size="sm" zoom={false} />}
          <p>{t('room.reason', { reason: capitalise(endCause({ ...result, card: endCard }, defs, { me, names }, cardName)) })}</p>
        </div>
        <div className="end-facts">
          {(['A', 'B'] as const).map((m) => (
            <span key={m}>
              <b>{m === me ? t('log.you') : names[m]}</b> ♥ {Math.max(0, view.view.managers[m].sanity)}
            </span>
          ))}
          <span>{t('room.end.turns', { count: view.view.turn })}</span>
        </div>
        {series && room && <SeriesEnd room={room} series={series} me={me} names={names} drawn={result.winner === 'draw'} />}
        {me !== null && theyOffered && !rematch?.roomId && (
          <p className="rematch-offer" role="status">
            {t('room.offersRematch', { name: names[them!] })}
          </p>
        )}
        <div className="options">
          {rematchUi}
          <a className="btn" href={`#/replay/${view.matchId}`}>
            {t('room.watchReplay')}
          </a>
          {/* The replay viewer asks for the match's game review at once (issue 35 §1). */}
          <a className="btn" href={`#/replay/${view.matchId}?review`}>
            {t('room.reviewMatch')}
          </a>
          <button className="btn" onClick={() => navigate('/')}>
            {t('room.backToLobbyShort')}
          </button>
          <button className="btn ghost" onClick={() => setHidden(true)}>
            {t('room.seeBoard')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Once both managers agreed on a rematch, a seated manager moves to the new room (already seated there). */
export function useFollowRematch(roomId: string, seated: boolean): void {
  const next = useApp((s) => s.roomStates[roomId]?.rematch.roomId ?? null);
  const [roster] = useRosterChoice();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!next || !seated || followed.current === next) return;
    followed.current = next;
    void joinRoom(next, roster).then((ok) => ok && navigate(`/room/${next}`));
  }, [next, seated, roster]);
}
