/** The lobby: a name, Play vs bot, create a room, the live room list, join by link. */
import { LanguagePicker } from './language-picker';
import { SettingsButton } from './settings-button';
import { useEffect, useState } from 'react';
import { LIMITS, type ClockConfig, type Visibility } from '@vroyale/protocol';
import { createRoom, hello, joinRoom, playBot, savedName, spectate, subscribeLobby, unsubscribeLobby } from '../net/client';
import { reasonText } from '../game/log';
import { useApp } from '../store';
import { RosterPicker, useRosterChoice } from './roster-picker';
import { navigate } from './route';

const CLOCKS: { label: string; clock: ClockConfig | undefined }[] = [
  { label: 'Server default', clock: undefined },
  { label: '3 min + 2 s', clock: { initialMs: 180_000, incrementMs: 2_000 } },
  { label: '5 min + 3 s', clock: { initialMs: 300_000, incrementMs: 3_000 } },
  { label: '10 min + 5 s', clock: { initialMs: 600_000, incrementMs: 5_000 } },
  { label: '30 min + 10 s', clock: { initialMs: 1_800_000, incrementMs: 10_000 } },
];

function clockText(c: ClockConfig): string {
  return `${Math.round(c.initialMs / 60000)} min + ${c.incrementMs / 1000} s`;
}

export function NameForm({ onDone }: { onDone?: () => void }) {
  const me = useApp((s) => s.me);
  const conn = useApp((s) => s.conn);
  const [name, setName] = useState(me?.name ?? savedName());
  return (
    <form
      className="name-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void hello(name.trim()).then((ok) => ok && onDone?.());
      }}
    >
      <label htmlFor="name">Your manager name</label>
      <input id="name" value={name} maxLength={LIMITS.nameMax} onChange={(e) => setName(e.target.value)} placeholder="e.g. Mika" autoComplete="nickname" />
      <button className="btn primary" disabled={!name.trim() || conn !== 'online'}>
        {me ? 'Change name' : 'Enter the lobby'}
      </button>
    </form>
  );
}

export function Lobby() {
  const me = useApp((s) => s.me);
  const rooms = useApp((s) => s.lobby);
  const seats = useApp((s) => s.seats);
  const roomStates = useApp((s) => s.roomStates);
  const [roster, setRoster] = useRosterChoice();
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [clockIdx, setClockIdx] = useState(0);
  const [link, setLink] = useState('');
  const [editing, setEditing] = useState(false);

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
          <p>Run a VTuber agency, debut your talent and out-stream the rival manager. Pick a name to begin.</p>
          <NameForm onDone={() => setEditing(false)} />
        </section>
      </div>
    );
  }

  const create = async () => {
    const id = await createRoom(visibility, CLOCKS[clockIdx]!.clock);
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
        <span className="hello">
          Manager <b>{me.name}</b>{' '}
          <button className="btn ghost small" onClick={() => setEditing(true)}>
            Change name
          </button>
        </span>
        <a className="btn" href="#/decks">
          Deck builder
        </a>
        <LanguagePicker />
        <SettingsButton />
      </header>

      {live.length > 0 && (
        <section className="panel" aria-label="Your matches">
          <h2>Your seats</h2>
          <ul className="room-list">
            {live.map((s) => (
              <li key={s.roomId}>
                Room {s.roomId.slice(0, 6)} · seat {s.seat}{' '}
                <a className="btn small" href={`#/room/${s.roomId}`}>
                  Return
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="lobby-grid">
        <section className="panel" aria-label="Play">
          <h2>Play</h2>
          <RosterPicker value={roster} onChange={setRoster} label="Your roster" />
          <button
            className="btn primary big"
            onClick={async () => {
              const id = await playBot(roster);
              if (id) navigate(`/room/${id}`);
            }}
          >
            Play vs bot
          </button>
          <hr />
          <fieldset className="radio-row">
            <legend>New room</legend>
            <label>
              <input type="radio" name="vis" checked={visibility === 'public'} onChange={() => setVisibility('public')} /> Public (listed)
            </label>
            <label>
              <input type="radio" name="vis" checked={visibility === 'private'} onChange={() => setVisibility('private')} /> Private (invite link only)
            </label>
          </fieldset>
          <label htmlFor="clock">Clock</label>
          <select id="clock" value={clockIdx} onChange={(e) => setClockIdx(Number(e.target.value))}>
            {CLOCKS.map((c, i) => (
              <option key={i} value={i}>
                {c.label}
              </option>
            ))}
          </select>
          <button className="btn" onClick={() => void create()}>
            Create room
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
            <label htmlFor="link">Join by invite link</label>
            <input id="link" value={link} onChange={(e) => setLink(e.target.value)} placeholder="Paste an invite link" />
            <button className="btn" disabled={!link.trim()}>
              Open
            </button>
          </form>
        </section>

        <section className="panel rooms" aria-label="Rooms">
          <h2>Rooms</h2>
          {rooms.length === 0 && (
            <div className="rooms-empty">
              <p>No public rooms right now.</p>
              <p className="hint">Create a public room and it appears here for anyone to join or watch; a private room is shared by its invite link. Or play the bot right away.</p>
            </div>
          )}
          <table className="room-table" hidden={rooms.length === 0}>
            <thead>
              <tr>
                <th>Managers</th>
                <th>Clock</th>
                <th>Status</th>
                <th>Watching</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {rooms.map((r) => {
                const names = (['A', 'B'] as const).map((s) => (r.seats[s] ? `${r.seats[s]!.name}${r.seats[s]!.bot ? ' (bot)' : ''}` : 'open seat'));
                const open = r.status === 'waiting' && (!r.seats.A || !r.seats.B);
                return (
                  <tr key={r.roomId} data-room={r.roomId}>
                    <td>{names.join(' vs ')}</td>
                    <td>{clockText(r.clock)}</td>
                    <td>{r.status === 'finished' && r.result ? `finished (${r.result.winner === 'draw' ? 'draw' : `${r.seats[r.result.winner]?.name ?? r.result.winner} won`}, ${reasonText(r.result.reason)})` : r.status}</td>
                    <td>{r.spectators}</td>
                    <td className="row-actions">
                      {open && (
                        <button className="btn small primary" aria-label={`Join ${names.join(' vs ')}`} onClick={async () => (await joinRoom(r.roomId, roster)) && navigate(`/room/${r.roomId}`)}>
                          Join
                        </button>
                      )}
                      <button className="btn small" aria-label={`Watch ${names.join(' vs ')}`} onClick={async () => (await spectate(r.roomId)) && navigate(`/room/${r.roomId}`)}>
                        Watch
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}
