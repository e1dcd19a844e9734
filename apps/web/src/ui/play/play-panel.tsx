/**
 * "Play online" (issue 17 §3): the casual and ranked queues, each one game or a best of three (issue 34 §1: four
 * queues, each with its own rating; the last choice remembered, play/queue-choice.ts), and direct challenges, at
 * the top of the lobby.
 * Find match → searching, with the time in queue counted from the server's clock (play/queue-time.ts) and
 * Cancel at any moment; a pairing found while away → Accept before its countdown ends; matched → the room opens
 * (net/matchmaking-state.ts). Ranked needs an account, and says so.
 */
import { useState } from 'react';
import type { MatchFormat, QueueName } from '@vroyale/protocol';
import i18next from 'i18next';
import { t as translate, useT } from '../../i18n';
import { acceptMatch, joinQueue, leaveQueue } from '../../net/matchmaking';
import { lastQueueChoice, rememberQueueChoice, type QueueChoice } from '../../play/queue-choice';
import { elapsedMs, formatDuration, remainingMs, secondsLeft } from '../../play/queue-time';
import { useApp } from '../../store';
import { FormatSelect } from '../format-select';
import { RosterPicker, useRosterChoice } from '../roster-picker';
import { ChallengeBox } from './challenge-box';
import { queueText } from './queue-words';
import { useNow } from './use-now';

/** A reason code as words (`play.reason.*`; a key the texts lack shows nothing rather than the key). */
const reasonText = (r: string): string => {
  const key = `play.reason.${r}`;
  return i18next.exists(key) ? (translate as unknown as (k: string) => string)(key) : '';
};

export function PlayPanel() {
  const account = useApp((s) => s.account);
  const me = useApp((s) => s.me);
  const q = useApp((s) => s.queue);
  const at = useApp((s) => s.queueAt);
  // A pairing's room still being played (a finished one is no news: the state stays `matched` until the next hello).
  const matchedLive = useApp((s) => s.queue.status === 'matched' && s.roomStates[s.queue.roomId]?.status !== 'finished');
  const [choice, setChoice] = useState<QueueChoice>(lastQueueChoice);
  const choose = (c: Partial<QueueChoice>) => {
    const next = { ...choice, ...c };
    rememberQueueChoice(next);
    setChoice(next);
  };
  const [roster, setRoster] = useRosterChoice();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const now = useNow(q.status === 'searching' || q.status === 'found');
  if (!account) return null;
  // Why the search stopped or started again, when it was not this person's doing.
  const reason = 'reason' in q && q.reason ? q.reason : null;
  const guest = account.guest || !me?.username;
  const chosen: QueueName = guest ? 'casual' : choice.queue;
  const format: MatchFormat = choice.format;

  const find = async () => {
    setBusy(true);
    await joinQueue(chosen, roster, format);
    setBusy(false);
  };

  let body;
  if (q.status === 'searching') {
    const which = t('play.searchingIn', { queue: queueText(q.queue, q.format) });
    body = (
      <div className="queue-status searching" role="status">
        <div className="queue-spinner" aria-hidden="true" />
        <div>
          <p className="queue-title">{t('play.searching')}</p>
          <p className="hint queue-which">{which}</p>
          {reason && <p className="queue-reason">{reasonText(reason)}</p>}
        </div>
        <span className="queue-time" aria-label={which}>
          {formatDuration(elapsedMs(q.since, q.serverNow, at, now))}
        </span>
        <button className="btn" onClick={() => void leaveQueue()}>
          {t('play.cancel')}
        </button>
      </div>
    );
  } else if (q.status === 'found') {
    const left = secondsLeft(remainingMs(q.deadline, q.serverNow, at, now));
    body = (
      <div className="queue-status found" role="alert">
        <p className="queue-title">{t('play.found')}</p>
        <p className="queue-which">{queueText(q.queue, q.format)}</p>
        {q.accepted ? (
          <p className="hint">{t('play.waitingOpponent')}</p>
        ) : (
          <>
            <p className="hint">{t('play.acceptWithin', { count: left })}</p>
            <button className="btn primary big" onClick={() => void acceptMatch()}>
              {t('play.accept')}
            </button>
          </>
        )}
        <button className="btn ghost" onClick={() => void leaveQueue()}>
          {t('play.cancel')}
        </button>
      </div>
    );
  } else {
    // Idle, or matched (the room opened already: from the lobby, the next search).
    body = (
      <>
        <div className="queue-choice" role="radiogroup" aria-label={t('play.queue')}>
          {(['casual', 'ranked'] as const).map((k) => (
            <label key={k} className={`queue-option${chosen === k ? ' on' : ''}${k === 'ranked' && guest ? ' off' : ''}`}>
              <input type="radio" name="queue" value={k} checked={chosen === k} disabled={k === 'ranked' && guest} onChange={() => choose({ queue: k })} />
              <b>{t(k === 'ranked' ? 'play.ranked' : 'play.casual')}</b>
              <small>{k === 'ranked' && guest ? t('play.rankedNeedsAccount') : t(k === 'ranked' ? 'play.rankedHint' : 'play.casualHint')}</small>
            </label>
          ))}
        </div>
        <div className="queue-format">
          <label htmlFor="queue-format">{t('lobby.format')}</label>
          <FormatSelect id="queue-format" value={format} onChange={(f) => choose({ format: f })} />
          {format === 'bo3' && <small className="hint">{t('play.bo3Hint')}</small>}
        </div>
        <RosterPicker id="queue-roster" value={roster} onChange={setRoster} label={t('play.bring')} />
        {q.status === 'matched' && matchedLive && (
          <p className="queue-matched hint" role="status">
            {t('play.matchedIn', { queue: queueText(q.queue, q.format) })} <a href={`#/room/${q.roomId}`}>{t('play.openMatch')}</a>
          </p>
        )}
        {reason && (
          <p className="queue-reason" role="status">
            {reasonText(reason)}
          </p>
        )}
        <button className="btn primary big find-match" disabled={busy || !me} onClick={() => void find()}>
          {t('play.findMatch')}
        </button>
      </>
    );
  }

  return (
    <section className="panel play-panel" aria-labelledby="play-online-title">
      <div className="play-queue">
        <h2 id="play-online-title">{t('play.title')}</h2>
        {body}
      </div>
      <ChallengeBox guest={guest} />
    </section>
  );
}
