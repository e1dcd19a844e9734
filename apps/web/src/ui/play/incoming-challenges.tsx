/**
 * Challenges addressed to this person, wherever they are in the app: who, which clock (and whether it is a best
 * of three), the roster to bring, Accept / Decline and the time left. Accepting opens the room
 * (net/matchmaking-state.ts). A challenge the challenger cancelled, or that expired, says so for a moment and goes.
 */
import { useId } from 'react';
import type { ChallengeUpdate } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { answerChallenge } from '../../net/matchmaking';
import { challengeDeadline } from '../../net/matchmaking-state';
import { secondsLeft } from '../../play/queue-time';
import { useApp } from '../../store';
import { clockText } from '../clocks';
import { RosterPicker, useRosterChoice } from '../roster-picker';
import { useNow } from './use-now';

export function IncomingChallenges() {
  const me = useApp((s) => s.me?.username?.toLowerCase() ?? null);
  const all = useApp((s) => s.challenges);
  if (!me) return null;
  // Pending ones, and for a moment the ones the challenger withdrew or that ran out (this person's own answers need no echo).
  const incoming = Object.values(all).filter(
    (c) => c.to.username.toLowerCase() === me && (c.status === 'pending' || c.status === 'cancelled' || c.status === 'expired'),
  );
  if (incoming.length === 0) return null;
  return (
    <div className="incoming-challenges">
      {incoming.map((c) => (
        <Incoming key={c.challengeId} c={c} />
      ))}
    </div>
  );
}

function Incoming({ c }: { c: ChallengeUpdate }) {
  const t = useT();
  const [roster, setRoster] = useRosterChoice();
  const now = useNow(c.status === 'pending', 500);
  const title = useId();
  if (c.status !== 'pending')
    return (
      <div className="incoming-challenge" role="status">
        {c.status === 'cancelled'
          ? t('play.cancelled', { name: c.from.username })
          : c.status === 'expired'
            ? t('play.expired', { from: c.from.username, to: c.to.username })
            : null}
      </div>
    );
  return (
    <section className="incoming-challenge" role="alertdialog" aria-labelledby={title}>
      <h2 id={title}>{t('play.incoming', { name: c.from.username })}</h2>
      <p className="hint">
        {t('play.incomingClock', { clock: clockText(c.clock) })}
        {c.format === 'bo3' && ` · ${t('lobby.formatBo3')}`} · {t('play.timeLeft', { count: secondsLeft(challengeDeadline(c) - now) })}
      </p>
      <RosterPicker id={`incoming-roster-${c.challengeId}`} value={roster} onChange={setRoster} label={t('play.yourRoster')} />
      <div className="incoming-actions">
        <button className="btn primary" onClick={() => void answerChallenge(c.challengeId, true, roster)}>
          {t('play.acceptChallenge')}
        </button>
        <button className="btn" onClick={() => void answerChallenge(c.challengeId, false)}>
          {t('play.decline')}
        </button>
      </div>
    </section>
  );
}
