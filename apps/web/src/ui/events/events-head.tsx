/** The Events pages' header: back to the lobby (or the list), the title, the account's controls and the language. */
import '../../i18n/later-texts';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { AccountBar, openAccountDialog } from '../account/account-bar';
import { LanguagePicker } from '../language-picker';

export function EventsHead({ title, back, children }: { title: string; back: 'lobby' | 'events'; children?: ReactNode }) {
  const t = useT();
  return (
    <header className="lobby-head events-head">
      <a className="btn ghost" href={back === 'lobby' ? '#/' : '#/events'}>
        {back === 'lobby' ? t('room.lobby') : t('events.backToEvents')}
      </a>
      <h1>{title}</h1>
      {children}
      <div className="events-head-tools">
        {/* Here too: "sign in to take part" opens its dialog (openAccountDialog) only where an AccountBar listens. */}
        <AccountBar header />
        <LanguagePicker />
      </div>
    </header>
  );
}

/** A guest's note: tournaments need an account; the buttons open the account dialog. */
export function SignInNote() {
  const t = useT();
  return (
    <p className="events-signin" role="note">
      <span>{t('events.signInToTakePart')}</span>
      <button className="btn small" onClick={() => openAccountDialog('sign-in')}>
        {t('events.signIn')}
      </button>
      <button className="btn small primary" onClick={() => openAccountDialog('register')}>
        {t('events.createAccount')}
      </button>
    </p>
  );
}
