/** A room: waiting room (seats, invite link, join), the live playmat, spectating, and the end of a match. */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Action, ManagerId } from '@vroyale/engine';
import type { ClocksView, RoomState } from '@vroyale/protocol';
import { act, createRoom, joinRoom, leaveRoom, playBot, sendChat, setAutoPass, spectate } from '../net/client';
import { reasonText } from '../game/log';
import { store, toast, useApp, useUi, type LogLine } from '../store';
import { Board, useBoardKeys } from './Board';
import { ZoomPreview } from './Card';
import { RosterPicker, useRosterChoice } from './RosterPicker';
import { navigate } from './route';

declare global {
  interface Window {
    __vroyalePerf?: number[];
  }
}

/** Invite links point at the room route; the same link lets anyone watch once the seats are full. */
export const inviteLink = (roomId: string) => `${location.origin}${location.pathname}#/room/${roomId}`;

function fmt(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function useNow(ms = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function Clock({ m, clocks, at, name, active }: { m: ManagerId; clocks: ClocksView; at: number; name: string; active: boolean }) {
  const now = useNow();
  const c = clocks[m];
  const left = c.running && active ? c.remainingMs - (now - at) : c.remainingMs;
  return (
    <div className={`clock${c.running && active ? ' running' : ''}${left < 30_000 ? ' low' : ''}`} role="timer" aria-label={`${name}'s clock: ${fmt(left)}${c.running ? ', running' : ''}`}>
      <span className="clock-name">{name}</span>
      <span className="clock-time">{fmt(left)}</span>
    </div>
  );
}

function SeatStatus({ room, seat, me }: { room: RoomState; seat: ManagerId; me: ManagerId | null }) {
  const now = useNow(500);
  const s = room.seats[seat];
  if (!s || seat === me) return null;
  if (s.connected) return <span className="conn-dot ok" title={`${s.name} is connected`} aria-label={`${s.name} is connected`} />;
  const left = s.holdDeadline !== null ? s.holdDeadline - room.serverNow - (now - receivedAt(room)) : null;
  return (
    <span className="conn-warn" role="status">
      {s.name} disconnected{left !== null ? ` — seat held ${fmt(left)}` : ''}
    </span>
  );
}

const roomSeen = new WeakMap<RoomState, number>();
function receivedAt(r: RoomState): number {
  let t = roomSeen.get(r);
  if (t === undefined) roomSeen.set(r, (t = Date.now()));
  return t;
}

const LogItem = memo(function LogItem({ line }: { line: LogLine }) {
  return <li className={`log-${line.kind}`}>{line.text}</li>;
});

function SidePanel({ roomId, spectator }: { roomId: string; spectator: boolean }) {
  const log = useApp((s) => s.log[roomId]);
  const chat = useApp((s) => s.chat[roomId]);
  const [tab, setTab] = useState<'log' | 'chat'>('log');
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log, chat, tab]);
  return (
    <aside className="side-panel" aria-label="Game log and chat">
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={tab === 'log'} onClick={() => setTab('log')}>
          Log
        </button>
        <button role="tab" aria-selected={tab === 'chat'} onClick={() => setTab('chat')}>
          Chat{chat?.length ? ` (${chat.length})` : ''}
        </button>
      </div>
      {tab === 'log' ? (
        <ol className="log" ref={listRef} aria-label="Game log" aria-live="polite">
          {(log ?? []).map((l, i) => (
            <LogItem key={i} line={l} />
          ))}
        </ol>
      ) : (
        <>
          <ol className="log chat" ref={listRef} aria-label="Chat messages">
            {(chat ?? []).map((c, i) => (
              <li key={i}>
                <b className={`role-${c.from.role}`}>{c.from.name}</b>
                {c.from.role === 'spectator' ? ' (watching)' : ''}: {c.text}
              </li>
            ))}
          </ol>
          <form
            className="chat-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              void sendChat(roomId, text.trim()).then((ok) => ok && setText(''));
            }}
          >
            <input aria-label={spectator ? 'Chat as a spectator' : 'Chat message'} value={text} maxLength={300} onChange={(e) => setText(e.target.value)} placeholder="Say something nice" />
            <button className="btn">Send</button>
          </form>
        </>
      )}
    </aside>
  );
}

const REMATCH = /Rematch\? #\/room\/([A-Za-z0-9_-]+)/;

function EndOverlay({ roomId, me, names, bot }: { roomId: string; me: ManagerId | null; names: Record<ManagerId, string>; bot: boolean }) {
  const view = useApp((s) => s.views[roomId]);
  const chat = useApp((s) => s.chat[roomId]);
  const [roster] = useRosterChoice();
  const [hidden, setHidden] = useState(false);
  const result = view?.result ?? (view?.view.winner ? { winner: view.view.winner, reason: view.view.endReason ?? 'sanity' } : null);
  if (!view || !result || hidden) return null;
  const offer = [...(chat ?? [])].reverse().find((c) => REMATCH.test(c.text) && c.from.role !== me);
  const offerRoom = offer ? REMATCH.exec(offer.text)![1]! : null;
  const title = result.winner === 'draw' ? 'Draw' : me === null ? `${names[result.winner]} wins` : result.winner === me ? 'Victory!' : 'Defeat';
  const rematch = async () => {
    if (bot) {
      const id = await playBot(roster);
      if (id) navigate(`/room/${id}`);
      return;
    }
    const id = await createRoom('private', store.getState().roomStates[roomId]?.clock);
    if (!id) return;
    await sendChat(roomId, `Rematch? #/room/${id}`);
    if (await joinRoom(id, roster)) navigate(`/room/${id}`);
  };
  return (
    <div className="end-overlay" role="dialog" aria-label="Match result">
      <div className="end-card">
        <h2 className={result.winner === me ? 'win' : result.winner === 'draw' ? '' : me ? 'lose' : ''}>{title}</h2>
        <p>Reason: {reasonText(result.reason)}.</p>
        <div className="options">
          {me !== null && offerRoom && (
            <button
              className="btn primary"
              onClick={async () => {
                if (await joinRoom(offerRoom, roster)) navigate(`/room/${offerRoom}`);
              }}
            >
              Accept rematch
            </button>
          )}
          {me !== null && !offerRoom && (
            <button className="btn primary" onClick={() => void rematch()}>
              {bot ? 'Play the bot again' : 'Offer a rematch'}
            </button>
          )}
          <a className="btn" href={`#/replay/${view.matchId}`}>
            Watch the replay
          </a>
          <button className="btn" onClick={() => navigate('/')}>
            Back to lobby
          </button>
          <button className="btn ghost" onClick={() => setHidden(true)}>
            See the board
          </button>
        </div>
      </div>
    </div>
  );
}

function WaitingRoom({ roomId, room }: { roomId: string; room: RoomState | undefined }) {
  const [roster, setRoster] = useRosterChoice();
  const [copied, setCopied] = useState(false);
  const me = useApp((s) => s.seats.find((x) => x.roomId === roomId)?.seat ?? null);
  const link = inviteLink(roomId);
  const free = room ? (['A', 'B'] as const).filter((s) => !room.seats[s]) : [];
  return (
    <div className="waiting">
      <h2>{room ? `Room ${roomId.slice(0, 6)} — ${room.visibility === 'private' ? 'private' : 'public'}` : 'Joining the room…'}</h2>
      {room && (
        <>
          <p>
            Clock: {fmt(room.clock.initialMs)} + {room.clock.incrementMs / 1000}s per move · {room.spectators} watching
          </p>
          <ul className="seats" aria-label="Seats">
            {(['A', 'B'] as const).map((s) => (
              <li key={s}>
                Seat {s}: {room.seats[s] ? `${room.seats[s]!.name}${room.seats[s]!.bot ? ' (bot)' : ''}${s === me ? ' (you)' : ''}` : <em>empty</em>}
              </li>
            ))}
          </ul>
          <div className="invite">
            <label htmlFor="invite">Invite link</label>
            <input id="invite" readOnly value={link} onFocus={(e) => e.target.select()} />
            <button
              className="btn"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(
                  () => setCopied(true),
                  () => toast('Copy the link by hand: the browser refused the clipboard', 'info'),
                );
              }}
            >
              {copied ? 'Copied!' : 'Copy invite link'}
            </button>
          </div>
          {me ? (
            <p className="hint">You are in seat {me}. The match starts when the other seat is taken.</p>
          ) : free.length > 0 && room.status === 'waiting' ? (
            <div className="join">
              <RosterPicker value={roster} onChange={setRoster} />
              <button className="btn primary" onClick={() => void joinRoom(roomId, roster)}>
                Take a seat
              </button>
            </div>
          ) : null}
        </>
      )}
      <button className="btn ghost" onClick={() => void leaveRoom(roomId).then(() => navigate('/'))}>
        Leave room
      </button>
    </div>
  );
}

export function RoomScreen({ roomId }: { roomId: string }) {
  const room = useApp((s) => s.roomStates[roomId]);
  const msg = useApp((s) => s.views[roomId]);
  const viewAt = useApp((s) => s.viewAt[roomId] ?? 0);
  const busy = useApp((s) => s.busy);
  const me = useApp((s) => s.me);
  const autoPass = useApp((s) => s.autoPass);
  const hasSeat = useApp((s) => s.seats.some((x) => x.roomId === roomId));
  const hover = useUi((s) => (s.menu || s.aiming ? null : s.hover));
  const asked = useRef(false);

  // Not seated here: watch (which also shows the waiting room and lets us take a seat).
  useEffect(() => {
    if (!me || hasSeat || asked.current) return;
    asked.current = true;
    void spectate(roomId);
  }, [me, hasSeat, roomId]);

  // Render-time measurement: from applying a server view to the committed DOM.
  useLayoutEffect(() => {
    if (!msg) return;
    try {
      performance.mark('vroyale:view-end');
      const m = performance.measure('vroyale:view', 'vroyale:view-start', 'vroyale:view-end');
      (window.__vroyalePerf ??= []).push(m.duration);
      performance.clearMarks('vroyale:view-start');
      performance.clearMeasures('vroyale:view');
    } catch {
      /* no start mark (e.g. a re-render without a new view) */
    }
  }, [msg]);

  const onAct = useCallback((a: Action) => void act(roomId, a), [roomId]);
  const legal = msg?.legal ?? [];
  useBoardKeys(legal, busy, onAct);

  const names: Record<ManagerId, string> = { A: room?.seats.A?.name ?? 'Manager A', B: room?.seats.B?.name ?? 'Manager B' };
  const seat: ManagerId | null = msg ? (msg.viewer === 'spectator' ? null : msg.viewer) : null;
  const bot = !!(room?.seats.A?.bot || room?.seats.B?.bot);

  if (!msg) return <WaitingRoom roomId={roomId} room={room} />;

  const concede = legal.find((a) => a.type === 'concede');
  return (
    <div className="room">
      <header className="topbar">
        <button className="btn ghost" onClick={() => navigate('/')} aria-label="Back to the lobby">
          ← Lobby
        </button>
        <span className="room-name">{seat === null ? 'Spectating' : bot ? 'Versus bot' : 'Match'}</span>
        <div className="clocks">
          {(['A', 'B'] as const).map((m) => (
            <Clock key={m} m={m} clocks={msg.clocks} at={viewAt} name={m === seat ? `${names[m]} (you)` : names[m]} active={!msg.result} />
          ))}
        </div>
        {room && <SeatStatus room={room} seat={seat === 'A' ? 'B' : seat === 'B' ? 'A' : 'A'} me={seat} />}
        {room && seat === null && <SeatStatus room={room} seat="B" me={null} />}
        <span className="spacer" />
        {seat !== null && (
          <label className="toggle" title="Pass automatically when passing is your only option">
            <input type="checkbox" checked={autoPass} onChange={(e) => void setAutoPass(e.target.checked)} /> Auto-pass
          </label>
        )}
        {concede && (
          <button
            className="btn danger"
            disabled={busy}
            onClick={() => {
              if (confirm('Concede this match?')) onAct(concede);
            }}
          >
            Concede
          </button>
        )}
        {seat === null && (
          <button className="btn ghost" onClick={() => void leaveRoom(roomId).then(() => navigate('/'))}>
            Stop watching
          </button>
        )}
      </header>
      <div className="room-body">
        <main className="board-wrap" aria-label="Playmat">
          <Board
            view={msg.view}
            legal={legal}
            names={names}
            me={seat}
            busy={busy}
            onAct={onAct}
            status={
              seat === null && !msg.result ? (
                <section className="prompt" aria-label="What happens now">
                  <h2 className="prompt-title">You are watching: both hands stay hidden.</h2>
                  <p className="hint">Waiting on {msg.deciders.map((d) => names[d]).join(' and ') || '—'}.</p>
                </section>
              ) : undefined
            }
          />
          <EndOverlay roomId={roomId} me={seat} names={names} bot={bot} />
        </main>
        <SidePanel roomId={roomId} spectator={seat === null} />
      </div>
      <ZoomPreview hover={hover} />
    </div>
  );
}
