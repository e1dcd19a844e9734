/**
 * Time in the room's top bar: both chess clocks and the opponent's seat-hold countdown. Both tick locally from
 * the last server snapshot (the server sends times only with views and room states, not every second).
 */
import { useEffect, useRef, useState } from 'react';
import type { ManagerId } from '@vroyale/engine';
import type { ClocksView, RoomState } from '@vroyale/protocol';
import { useT } from '../i18n';
import { useSettings } from '../settings';
import { playSound } from '../sound';

export function fmt(ms: number): string {
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

export function Clock(props: { m: ManagerId; clocks: ClocksView; at: number; name: string; active: boolean; mine?: boolean }) {
  return props.clocks.untimed ? <NoClock {...props} /> : <ChessClock {...props} />;
}

/** An untimed room: nothing counts down; the clock only shows who is to act. */
function NoClock({ m, clocks, name, active }: { m: ManagerId; clocks: ClocksView; name: string; active: boolean }) {
  const t = useT();
  const running = clocks[m].running && active;
  return (
    <div className={`clock untimed${running ? ' running' : ''}`} role="timer" aria-label={t('pace.untimedClock', { name })} title={t('pace.untimed')}>
      <span className="clock-name">{name}</span>
      <span className="clock-time untimed-word">{t('pace.untimed')}</span>
    </div>
  );
}

function ChessClock({ m, clocks, at, name, active, mine }: { m: ManagerId; clocks: ClocksView; at: number; name: string; active: boolean; mine?: boolean }) {
  const now = useNow();
  const t = useT();
  const c = clocks[m];
  const left = c.running && active ? c.remainingMs - (now - at) : c.remainingMs;
  // Your clock warns at the seconds set in Settings (0: never), with one chime per crossing while it runs.
  const warnMs = useSettings((s) => s.clockWarnSeconds) * 1000;
  const warn = !!mine && active && left > 0 && left <= warnMs;
  const running = c.running && active;
  const chimed = useRef(false);
  useEffect(() => {
    if (!warn) chimed.current = false;
    else if (running && !chimed.current) {
      chimed.current = true;
      playSound('clock');
    }
  }, [warn, running]);
  return (
    <div
      className={`clock${running ? ' running' : ''}${(mine ? warn : left < 30_000) ? ' low' : ''}${warn ? ' warn' : ''}`}
      role="timer"
      aria-label={t(c.running ? 'room.clockRunning' : 'room.clock', { name, time: fmt(left) })}
    >
      <span className="clock-name">{name}</span>
      <span className="clock-time">{fmt(left)}</span>
    </div>
  );
}

export function SeatStatus({ room, seat, me }: { room: RoomState; seat: ManagerId; me: ManagerId | null }) {
  const now = useNow(500);
  const t = useT();
  const s = room.seats[seat];
  if (!s || seat === me) return null;
  if (s.connected) return <span className="conn-dot ok" title={t('room.connected', { name: s.name })} aria-label={t('room.connected', { name: s.name })} />;
  const left = s.holdDeadline !== null ? s.holdDeadline - room.serverNow - (now - receivedAt(room)) : null;
  return (
    <span className="conn-warn" role="status">
      {left !== null ? t('room.disconnectedHeld', { name: s.name, time: fmt(left) }) : t('room.disconnected', { name: s.name })}
    </span>
  );
}

const roomSeen = new WeakMap<RoomState, number>();
/** The local time this room state was first seen (what its `serverNow` is measured from). */
export function receivedAt(r: RoomState): number {
  let t = roomSeen.get(r);
  if (t === undefined) roomSeen.set(r, (t = Date.now()));
  return t;
}
