/**
 * Registration: the roster to bring (the lobby's roster picker: a starter or one of the user's decks), Register,
 * and once registered the roster chosen with Change roster and Unregister. The roster is locked when the event
 * starts; other players' lists are published only at its end (the server's rule; this says it).
 */
import '../../i18n/later-texts';
import { useMemo, useState } from 'react';
import type { TournamentRef, TournamentView } from '@vroyale/protocol';
import { rosterOptions } from '../../decks';
import { useLanguage, useT } from '../../i18n';
import { registerFor, unregisterFrom } from '../../net/tournaments';
import { useApp } from '../../store';
import { RosterPicker, useRosterChoice } from '../roster-picker';
import { SignInNote } from './events-head';
import { useSignedIn } from './use-signed-in';

/** A roster as the picker names it ("Starter: Raid Night", "My deck: Aggro"), or "a deck of yours" for a code. */
export function useRosterLabel(value: string | null): string {
  const t = useT();
  const lang = useLanguage();
  const decks = useApp((s) => s.decks);
  const opts = useMemo(() => rosterOptions(decks), [decks, lang]);
  if (!value) return '';
  return opts.find((o) => o.value === value)?.label ?? t('events.registration.deck');
}

export function Registration({ v, at }: { v: TournamentView; at: TournamentRef }) {
  const t = useT();
  const signedIn = useSignedIn();
  const [roster, setRoster] = useRosterChoice();
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  const mine = useRosterLabel(v.you?.roster ?? null);
  const open = v.status === 'registration';
  const run = async (f: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await f();
    setBusy(false);
    if (ok) setChanging(false);
  };

  let body;
  if (!signedIn) body = open ? <SignInNote /> : null;
  else if (v.you && !changing)
    body = (
      <>
        <p className="registered" role="status">
          {open ? t('events.registration.registered', { roster: mine }) : t('events.registration.yourRoster', { roster: mine })}
        </p>
        {open && (
          <div className="row-actions">
            <button className="btn" onClick={() => setChanging(true)}>
              {t('events.registration.change')}
            </button>
            <button className="btn ghost" disabled={busy} onClick={() => void run(() => unregisterFrom(at))}>
              {t('events.registration.unregister')}
            </button>
          </div>
        )}
      </>
    );
  else if (open)
    body = (
      <>
        <RosterPicker id="event-roster" value={roster} onChange={setRoster} label={t('events.registration.roster')} />
        <div className="row-actions">
          <button className="btn primary" disabled={busy} onClick={() => void run(() => registerFor(at, roster))}>
            {v.you ? t('events.registration.change') : t('events.registration.register')}
          </button>
          {changing && (
            <button className="btn ghost" onClick={() => setChanging(false)}>
              {t('events.create.cancel')}
            </button>
          )}
        </div>
        <p className="hint">{t('events.registration.lockedNote')}</p>
      </>
    );
  else body = <p className="hint">{t('events.registration.closed')}</p>;
  if (!body) return null;
  return (
    <section className="panel event-registration" aria-labelledby="event-reg-title">
      <h2 id="event-reg-title">{open ? t('events.registration.title') : t('events.registration.entry')}</h2>
      {body}
    </section>
  );
}
