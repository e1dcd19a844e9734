/**
 * The Events area (`#/events`, a lazy chunk with the tournament pages): the server's list of tournaments (public
 * ones and the user's own, open ones first), refreshed every 10 s while shown and whenever an event this page
 * hears of changes, and "Create an event" for signed-in users. Guests see how to take part.
 */
import '../../i18n/later-texts';
import { useEffect, useState } from 'react';
import type { TournamentSummary } from '@vroyale/protocol';
import { useLanguage, useT } from '../../i18n';
import { listTournaments } from '../../net/tournaments';
import { useApp } from '../../store';
import { eventPath } from '../route';
import { useNow } from '../play/use-now';
import { CreateForm } from './create-form';
import { EventsHead, SignInNote } from './events-head';
import { useSignedIn } from './use-signed-in';
import { countdown, formatShort, summaryStatus, when } from './words';
import './events.css';

const POLL_MS = 10_000;

export default function EventsPage() {
  const t = useT();
  const list = useApp((s) => s.tournamentList);
  const heard = useApp((s) => s.tournaments);
  const conn = useApp((s) => s.conn);
  const signedIn = useSignedIn();
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (conn !== 'online') return;
    const load = () => void listTournaments().then((ok) => setFailed(!ok));
    load();
    const id = setInterval(load, POLL_MS);
    return () => clearInterval(id);
  }, [conn, heard]);

  return (
    <div className="events-page">
      <EventsHead title={t('events.title')} back="lobby" />
      <p className="hint events-intro">{t('events.intro')}</p>
      {!signedIn && <SignInNote />}
      {signedIn &&
        (creating ? (
          <CreateForm onCancel={() => setCreating(false)} />
        ) : (
          <div>
            <button className="btn primary" onClick={() => setCreating(true)}>
              {t('events.create.open')}
            </button>
          </div>
        ))}
      <section className="panel" aria-labelledby="events-list-title">
        <div className="events-list-head">
          <h2 id="events-list-title">{t('events.title')}</h2>
          <button className="btn ghost small" onClick={() => void listTournaments()}>
            {t('events.refresh')}
          </button>
        </div>
        {failed && !list && <p role="alert">{t('events.listFailed')}</p>}
        {!list && !failed && <p className="loading">{t('events.loadingList')}</p>}
        {list && list.length === 0 && <p className="hint">{t('events.noEvents')}</p>}
        {list && list.length > 0 && (
          <ul className="events-list">
            {list.map((s) => (
              <EventRow key={s.id} s={s} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EventRow({ s }: { s: TournamentSummary }) {
  const t = useT();
  const lang = useLanguage();
  const open = s.status === 'registration';
  const now = useNow(open, 1000);
  // The list carries no server time: registration's close is counted on this clock (a moment off at most).
  const left = s.registrationEndsAt - now;
  return (
    <li className={`event-row status-${s.status}`}>
      <a className="event-row-link" href={eventPath(s.id)}>
        <span className="event-name">{s.name}</span>
        <span className="event-meta">
          <span>{t('events.organiserBy', { name: s.organiser })}</span>
          <span className="chip">{formatShort(s.format)}</span>
          <span>{t('events.playersCount', { count: s.players })}</span>
          {s.visibility === 'invite' && <span className="chip">{t('events.inviteOnly')}</span>}
        </span>
        <span className="event-state">
          <span className={`status-chip s-${s.status}`}>{summaryStatus(s)}</span>
          {open && (
            <small className="hint" title={t('events.closesAt', { when: when(s.registrationEndsAt, lang) })}>
              {left > 0 ? t('events.closesIn', { time: countdown(left) }) : t('events.closesAt', { when: when(s.registrationEndsAt, lang) })}
            </small>
          )}
        </span>
      </a>
    </li>
  );
}
