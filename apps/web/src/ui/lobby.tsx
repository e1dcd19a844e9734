/** The lobby: a name, Play vs bot, create a room, the live room list, join by link. */
import { useEffect, useState } from 'react';
import { LIMITS, type BotLevel, type Visibility } from '@vroyale/protocol';
import { BotLevelSelect } from './bot-level-select';
import { ClockSelect } from './clock-select';
import { clockAt, clockText, UNTIMED_IDX } from './clocks';
import { createRoom, hello, joinRoom, playBot, savedName, spectate, subscribeLobby, unsubscribeLobby } from '../net/client';
import { reasonText } from '../game/log';
import { useT } from '../i18n';
import { useApp } from '../store';
import { LanguagePicker } from './language-picker';
import { SettingsButton } from './settings-button';
import { RosterPicker, useRosterChoice } from './roster-picker';
import { navigate } from './route';
import { LearnToPlay } from '../tutorial/lobby-button';
import { AccountBar, GuestNudge } from './account/account-bar';
import { PlayPanel } from './play/play-panel';

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
      <input id="name" value={name} maxLength={LIMITS.nameMax} onChange={(e) => setName(e.target.value)} placeholder={t('lobby.namePlaceholder')} autoComplete="nickname" />
      <button className="btn primary" disabled={!name.trim() || conn !== 'online'}>
        {me ? t('lobby.changeName') : t('lobby.enter')}
      </button>
    </form>
  );
}

export function Lobby() {
  const me = useApp((s) => s.me);
  const account = useApp((s) => s.account);
  const rooms = useApp((s) => s.lobby);
  const seats = useApp((s) => s.seats);
  const roomStates = useApp((s) => s.roomStates);
  const [roster, setRoster] = useRosterChoice();
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [clockIdx, setClockIdx] = useState(0);
  const [botClockIdx, setBotClockIdx] = useState(UNTIMED_IDX);
  const [botLevel, setBotLevel] = useState<BotLevel>('normal');
  const [link, setLink] = useState('');
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

  const create = async () => {
    const id = await createRoom(visibility, clockAt(clockIdx));
    if (!id) return;
    if (await joinRoom(id, roster)) navigate(`/room/${id}`);
  };

  const live = seats.filter((s) => roomStates[s.roomId]?.status !== 'finished' && rooms.find((r) => r.roomId === s.roomId)?.status !== 'finished');

  return (
    <div className="lobby">
      <header className="lobby-head">
        <h1>
          <span className="logo">V</span>Royale Online
        </h1>
        {/* An account's name is its menu (AccountBar); a guest's name can be changed here. */}
        {!me.username && (
          <span className="hello">
            {t('lobby.manager')} <b>{me.name}</b>{' '}
            <button className="btn ghost small" onClick={() => setEditing(true)}>
              {t('lobby.changeName')}
            </button>
          </span>
        )}
        <AccountBar header />
        {account && (
          <a className="btn" href="#/leaderboard">
            {t('account.leaderboard')}
          </a>
        )}
        <a className="btn" href="#/decks">
          {t('lobby.deckBuilder')}
        </a>
        <a className="btn" href="#/how-to-play">
          {t('help.howToPlay')}
        </a>
        <LanguagePicker />
        <SettingsButton compact />
      </header>

      <GuestNudge />
      <PlayPanel />

      {live.length > 0 && (
        <section className="panel" aria-label={t('lobby.yourMatches')}>
          <h2>{t('lobby.yourSeats')}</h2>
          <ul className="room-list">
            {live.map((s) => (
              <li key={s.roomId}>
                {t('lobby.seatLine', { room: s.roomId.slice(0, 6), seat: s.seat })}{' '}
                <a className="btn small" href={`#/room/${s.roomId}`}>
                  {t('lobby.return')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="lobby-grid">
        <section className="panel" aria-label={t('lobby.play')}>
          <h2>{t('lobby.play')}</h2>
          <LearnToPlay />
          <RosterPicker value={roster} onChange={setRoster} label={t('lobby.yourRoster')} />
          <label htmlFor="bot-clock">{t('pace.botClock')}</label>
          <ClockSelect id="bot-clock" value={botClockIdx} onChange={setBotClockIdx} untimed />
          <label htmlFor="bot-level">{t('lobby.botLevel')}</label>
          <BotLevelSelect id="bot-level" value={botLevel} onChange={setBotLevel} />
          <button
            className="btn primary big"
            onClick={async () => {
              const id = await playBot(roster, clockAt(botClockIdx), botLevel);
              if (id) navigate(`/room/${id}`);
            }}
          >
            {t('lobby.playBot')}
          </button>
          <hr />
          <fieldset className="radio-row">
            <legend>{t('lobby.newRoom')}</legend>
            <label>
              <input type="radio" name="vis" checked={visibility === 'public'} onChange={() => (setVisibility('public'), clockIdx === UNTIMED_IDX && setClockIdx(0))} /> {t('lobby.public')}
            </label>
            <label>
              <input type="radio" name="vis" checked={visibility === 'private'} onChange={() => setVisibility('private')} /> {t('lobby.private')}
            </label>
          </fieldset>
          <label htmlFor="clock">{t('lobby.clock')}</label>
          <ClockSelect id="clock" value={clockIdx} onChange={setClockIdx} untimed={visibility === 'private'} />
          <button className="btn" onClick={() => void create()}>
            {t('lobby.createRoom')}
          </button>
          <hr />
          <form
            className="join-link"
            onSubmit={(e) => {
              e.preventDefault();
              const m = /([A-Za-z0-9_-]{6,32})\s*$/.exec(link.trim().replace(/^.*#\/room\//, ''));
              if (m) navigate(`/room/${m[1]}`);
            }}
          >
            <label htmlFor="link">{t('lobby.joinByLink')}</label>
            <input id="link" value={link} onChange={(e) => setLink(e.target.value)} placeholder={t('lobby.pasteLink')} />
            <button className="btn" disabled={!link.trim()}>
              {t('lobby.open')}
            </button>
          </form>
        </section>

        <section className="panel rooms" aria-label={t('lobby.rooms')}>
          <h2>{t('lobby.rooms')}</h2>
          {rooms.length === 0 && (
            <div className="rooms-empty">
              <p>{t('lobby.noRooms')}</p>
              <p className="hint">{t('lobby.noRoomsHint')}</p>
            </div>
          )}
          <table className="room-table" hidden={rooms.length === 0}>
            <thead>
              <tr>
                <th>{t('lobby.managers')}</th>
                <th>{t('lobby.clock')}</th>
                <th>{t('lobby.status')}</th>
                <th>{t('lobby.watching')}</th>
                <th aria-label={t('lobby.actions')} />
              </tr>
            </thead>
            <tbody>
              {rooms.map((r) => {
                const names = (['A', 'B'] as const).map((s) => (r.seats[s] ? (r.seats[s]!.bot ? t('lobby.botName', { name: r.seats[s]!.name }) : r.seats[s]!.name) : t('lobby.openSeat')));
                const vs = t('lobby.versus', { a: names[0], b: names[1] });
                const open = r.status === 'waiting' && (!r.seats.A || !r.seats.B);
                return (
                  <tr key={r.roomId} data-room={r.roomId}>
                    <td>{vs}</td>
                    <td>{clockText(r.clock)}</td>
                    <td>
                      {r.status === 'finished' && r.result
                        ? r.result.winner === 'draw'
                          ? t('lobby.finishedDraw', { reason: reasonText(r.result.reason) })
                          : t('lobby.finishedWon', { name: r.seats[r.result.winner]?.name ?? r.result.winner, reason: reasonText(r.result.reason) })
                        : r.status === 'waiting'
                          ? t('lobby.waiting')
                          : r.status === 'active'
                            ? t('lobby.active')
                            : r.status}
                    </td>
                    <td>{r.spectators}</td>
                    <td className="row-actions">
                      {open && (
                        <button className="btn small primary" aria-label={t('lobby.joinRoom', { room: vs })} onClick={async () => (await joinRoom(r.roomId, roster)) && navigate(`/room/${r.roomId}`)}>
                          {t('lobby.join')}
                        </button>
                      )}
                      <button className="btn small" aria-label={t('lobby.watchRoom', { room: vs })} onClick={async () => (await spectate(r.roomId)) && navigate(`/room/${r.roomId}`)}>
                        {t('lobby.watch')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
      <a className="lobby-about hint" href="#/about">{t('common.about')}</a>
    </div>
  );
}
