/**
 * Direct challenges (issue 17 §3): "Challenge a player" by username with a clock (untimed allowed: a challenge
 * is private), one game or a best of three (issue 34), and a roster; then the pending challenge with its countdown
 * and Cancel. Incoming challenges are `incoming-challenges.tsx`, shown wherever the person is.
 */
import { useState } from 'react';
import type { MatchFormat } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { cancelChallenge, sendChallenge } from '../../net/matchmaking';
import { challengeDeadline } from '../../net/matchmaking-state';
import { secondsLeft } from '../../play/queue-time';
import { useApp } from '../../store';
import { ClockSelect } from '../clock-select';
import { clockAt } from '../clocks';
import { FormatSelect } from '../format-select';
import { RosterPicker, useRosterChoice } from '../roster-picker';
import { useNow } from './use-now';

export function ChallengeBox({ guest }: { guest: boolean }) {
  const t = useT();
  const me = useApp((s) => s.me?.username?.toLowerCase() ?? null);
  const all = useApp((s) => s.challenges);
  const mine = Object.values(all).filter((c) => me !== null && c.from.username.toLowerCase() === me);
  const [who, setWho] = useState('');
  const [clockIdx, setClockIdx] = useState(0);
  const [format, setFormat] = useState<MatchFormat>('bo1');
  const [roster, setRoster] = useRosterChoice();
  const pending = mine.filter((c) => c.status === 'pending');
  const now = useNow(pending.length > 0, 500);
  // Open from the start where there is room beside the queue (desktop); folded on phones.
  const [roomy] = useState(() => typeof matchMedia === 'function' && matchMedia('(min-width: 901px)').matches);
  return (
    <details className="challenge-box" open={roomy || pending.length > 0 || undefined}>
      <summary>{t('play.challengeTitle')}</summary>
      {guest ? (
        <p className="hint">{t('play.challengeNeedsAccount')}</p>
      ) : (
        <form
          className="challenge-form"
          onSubmit={(e) => {
            e.preventDefault();
            const name = who.trim();
            if (!name) return;
            void sendChallenge(name, roster, clockAt(clockIdx), format).then((ok) => {
              if (ok) setWho('');
            });
          }}
        >
          <label htmlFor="challenge-who">{t('play.challengeWho')}</label>
          <input id="challenge-who" value={who} maxLength={64} autoCapitalize="none" spellCheck={false} onChange={(e) => setWho(e.target.value)} />
          <label htmlFor="challenge-clock">{t('play.challengeClock')}</label>
          <ClockSelect id="challenge-clock" value={clockIdx} onChange={setClockIdx} untimed />
          <label htmlFor="challenge-format">{t('lobby.format')}</label>
          <FormatSelect id="challenge-format" value={format} onChange={setFormat} />
          <RosterPicker id="challenge-roster" value={roster} onChange={setRoster} label={t('play.yourRoster')} />
          <button className="btn" disabled={!who.trim()}>
            {t('play.sendChallenge')}
          </button>
        </form>
      )}
      {mine.map((c) => (
        <div key={c.challengeId} className={`challenge-line status-${c.status}`} role="status">
          {c.status === 'pending' ? (
            <>
              <span>{t('play.waitingAnswer', { name: c.to.username })}</span>
              <span className="hint">{t('play.timeLeft', { count: secondsLeft(challengeDeadline(c) - now) })}</span>
              <button className="btn small" onClick={() => void cancelChallenge(c.challengeId)}>
                {t('play.cancelChallenge')}
              </button>
            </>
          ) : c.status === 'declined' ? (
            <span>{t('play.declined', { name: c.to.username })}</span>
          ) : c.status === 'expired' ? (
            <span>{t('play.expired', { from: c.from.username, to: c.to.username })}</span>
          ) : c.status === 'accepted' ? (
            <span>{t('play.acceptedOpening')}</span>
          ) : null}
        </div>
      ))}
    </details>
  );
}
