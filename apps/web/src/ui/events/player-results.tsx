/** One player's matches, round by round (a dialog opened from the standings, pairings or bracket). */
import '../../i18n/later-texts';
import { useEffect, useId, useRef } from 'react';
import type { TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { Modal } from '../modal';
import { playerMatches } from './event-state';
import type { NameOf } from './names';
import { cutSizeOf, outcomeText, pct, record, roundName } from './words';

export function PlayerResults({ v, playerId, nameOf, onClose }: { v: TournamentView; playerId: string; nameOf: NameOf; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const matches = playerMatches(v, playerId);
  const s = v.standings.find((x) => x.id === playerId);
  const dropped = v.players.find((p) => p.id === playerId)?.droppedAfterRound;
  return (
    <Modal className="player-results" role="dialog" labelledBy={`${id}-t`} onClose={onClose}>
      <header>
        <h2 id={`${id}-t`}>{t('events.history.title', { name: nameOf(playerId) })}</h2>
        <button ref={close} className="btn ghost small" onClick={onClose}>
          {t('events.history.close')}
        </button>
      </header>
      {s && (
        <p className="hint">
          #{s.rank} · {t('events.standings.points')} {s.points} · {record(s)} · {t('events.standings.omw')} {pct(s.omw)} · {t('events.standings.gw')}{' '}
          {pct(s.gw)} · {t('events.standings.ogw')} {pct(s.ogw)}
        </p>
      )}
      {dropped !== undefined && <p className="hint">{t('events.standings.droppedAfter', { n: dropped })}</p>}
      {matches.length === 0 ? (
        <p className="hint">{t('events.history.none')}</p>
      ) : (
        <table className="event-table">
          <thead>
            <tr>
              <th>{t('events.history.round')}</th>
              <th>{t('events.history.opponent')}</th>
              <th>{t('events.history.result')}</th>
            </tr>
          </thead>
          <tbody>
            {matches.map((m) => (
              <tr key={`${m.stage}${m.round}`}>
                <td>{roundName(m.stage, m.round, cutSizeOf(v))}</td>
                <td>{m.opponent ? nameOf(m.opponent) : '—'}</td>
                <td className={`outcome ${m.outcome}`}>{outcomeText(m)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
