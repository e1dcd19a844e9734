/**
 * The lobby (issue 30: "a lobby that helps"). First what needs nobody else, above the fold on a desktop and on a
 * phone: Learn to play and Play vs bot (play/start-panel.tsx). Then the person's own live matches with Resume and
 * Concede (play/your-matches.tsx), the queues and challenges (play/play-panel.tsx), everything anyone may watch
 * (play/live-now.tsx) and rooms with friends (play/room-tools.tsx). On a desktop the start panel spans the page
 * over two columns; on a phone everything is one column, in that order (lobby.css). Rooms and matches are named in words, never by id or seat letter (play/match-words.ts).
 */
import { useEffect, useState } from 'react';
import { LIMITS } from '@vroyale/protocol';
import { hello, savedName, subscribeLobby, unsubscribeLobby } from '../net/session';
import { useT } from '../i18n';
import { useApp } from '../store';
import { LanguagePicker } from './language-picker';
import { SettingsButton } from './settings-button';
import { AccountBar, GuestNudge } from './account/account-bar';
import { PlayPanel } from './play/play-panel';
import { StartPanel } from './play/start-panel';
import { YourMatches } from './play/your-matches';
import { LiveNow } from './play/live-now';
import { RoomTools } from './play/room-tools';
import './lobby.css';

export function NameForm({ onDone }: { onDone?: () => void }) {
  const me = useApp((s) => s.me);
  const conn = useApp((s) => s.conn);
  const [name, setName] = useState(me?.name ?? savedName());
  const t = useT();
  return (
    <form
      className="name-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void hello(name.trim()).then((ok) => ok && onDone?.());
      }}
    >
      <label htmlFor="name">{t('lobby.nameLabel')}</label>
      <input
        id="name"
        value={name}
        maxLength={LIMITS.nameMax}
        onChange={(e) => setName(e.target.value)}
        placeholder={t('lobby.namePlaceholder')}
        autoComplete="nickname"
      />
      <button className="btn primary" disabled={!name.trim() || conn !== 'online'}>
        {me ? t('lobby.changeName') : t('lobby.enter')}
      </button>
    </form>
  );
}

export function Lobby() {
  const me = useApp((s) => s.me);
  const account = useApp((s) => s.account);
  const [editing, setEditing] = useState(false);
  const t = useT();

  useEffect(() => {
    void subscribeLobby();
    return () => unsubscribeLobby();
  }, [me?.userId]);

  if (!me || editing) {
    return (
      <div className="lobby lobby-welcome">
        <section className="panel hero">
          <h1>
            <span className="logo">V</span>Royale Online
          </h1>
          <p>{t('lobby.pitch')}</p>
          <NameForm onDone={() => setEditing(false)} />
          {!editing && <AccountBar />}
        </section>
      </div>
    );
  }

  return (
    <div className="lobby">
      <header className="lobby-top">
        <h1>
          <span className="logo">V</span>Royale Online
        </h1>
        <nav className="lobby-nav" aria-label={t('lobby.pages')}>
          {account && (
            <a className="btn ghost" href="#/leaderboard">
              {t('account.leaderboard')}
            </a>
          )}
          <a className="btn ghost" href="#/events">
            {t('lobby.events')}
          </a>
          <a className="btn ghost" href="#/puzzles">
            {t('lobby.puzzles')}
          </a>
          <a className="btn ghost" href="#/decks">
            {t('lobby.deckBuilder')}
          </a>
          <a className="btn ghost" href="#/how-to-play">
            {t('help.howToPlay')}
          </a>
        </nav>
        <div className="lobby-me">
          {/* An account's name is its menu (AccountBar); a guest's name can be changed here. */}
          {!me.username && (
            <span className="hello">
              <b>{me.name}</b>
              <button className="btn ghost small" onClick={() => setEditing(true)}>
                {t('lobby.changeName')}
              </button>
            </span>
          )}
          <AccountBar header />
        </div>
        <div className="lobby-tools">
          <LanguagePicker />
          <SettingsButton compact />
        </div>
      </header>

      <StartPanel />
      <div className="lobby-cols">
        <div className="lobby-col">
          <YourMatches />
          <PlayPanel />
          <GuestNudge />
        </div>
        <div className="lobby-col">
          <LiveNow />
          <RoomTools />
        </div>
      </div>
      <a className="lobby-about hint" href="#/about">
        {t('common.about')}
      </a>
    </div>
  );
}
