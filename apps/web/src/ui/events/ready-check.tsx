/**
 * The ready check, big and first on the page while it waits for this user: what is about to start, the time left
 * (who misses it is dropped), and "I'm ready". Once confirmed, how many are ready. And this user's match of the
 * round in play: the opponent and a Play link to the room the server already seated them in (or their bye).
 */
import '../../i18n/later-texts';
import type { TournamentRef, TournamentView } from '@vroyale/protocol';
import { useState } from 'react';
import { useT } from '../../i18n';
import { confirmReady } from '../../net/tournaments';
import { useApp } from '../../store';
import { useNow } from '../play/use-now';
import { myPairing, needsReady, timeLeft, youDropped } from './event-state';
import type { NameOf } from './names';
import { countdown, cutRoundName, cutSizeOf } from './words';

export function ReadyCheck({ v, at }: { v: TournamentView; at: TournamentRef }) {
  const t = useT();
  const heardAt = useApp((s) => s.tournamentAt[v.id]) ?? Date.now();
  const p = v.phase;
  const open = p.kind === 'ready-check';
  const now = useNow(open, 500);
  const [busy, setBusy] = useState(false);
  if (p.kind !== 'ready-check' || !v.you || youDropped(v)) return null;
  const left = countdown(timeLeft(p.deadline, v.serverNow, heardAt, now));
  if (!needsReady(v)) {
    // Confirmed (or no match in this cut round): how many are ready so far.
    if (!p.ready.includes(v.you.playerId)) return null;
    return (
      <section className="panel ready-check done" role="status">
        <p>{t('events.ready.confirmed')}</p>
        <p className="hint">
          {t('events.countdown.ready')} <b className="countdown">{left}</b>
        </p>
      </section>
    );
  }
  const prompt =
    p.stage === 'swiss' ? t('events.ready.prompt_swiss', { n: p.round }) : t('events.ready.prompt_cut', { round: cutRoundName(cutSizeOf(v), p.round) });
  return (
    <section className="panel ready-check" role="alert" aria-labelledby="ready-title">
      <h2 id="ready-title">{t('events.ready.title')}</h2>
      <p className="ready-prompt">{prompt}</p>
      <div className="ready-row">
        <button
          className="btn primary big"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void confirmReady(at).finally(() => setBusy(false));
          }}
        >
          {t('events.ready.confirm')}
        </button>
        <span className="ready-time" aria-label={`${t('events.countdown.ready')} ${left}`}>
          {left}
        </span>
      </div>
      <p className="hint">{t('events.ready.missWarning')}</p>
    </section>
  );
}

export function YourMatch({ v, nameOf }: { v: TournamentView; nameOf: NameOf }) {
  const t = useT();
  const m = myPairing(v);
  if (!m || !v.you || m.result) return null;
  if (m.b === null)
    return (
      <section className="panel your-match bye" role="status">
        <p>{t('events.pairings.yourBye')}</p>
      </section>
    );
  const opponent = nameOf(m.a === v.you.playerId ? m.b : m.a);
  return (
    <section className="panel your-match" role="status">
      <p>{t('events.pairings.yourMatch', { table: m.table, name: opponent })}</p>
      {m.roomId ? (
        <a className="btn primary big" href={`#/room/${m.roomId}`} aria-label={t('events.pairings.playMatch', { name: opponent })}>
          {t('events.pairings.play')}
        </a>
      ) : (
        <span className="hint">{t('events.pairings.waitingRoom')}</span>
      )}
    </section>
  );
}
