/**
 * Stop settings (docs/auto-pass.md): where this person wants to be asked. They live with the person, per browser
 * (localStorage; the protocol's defaults when none), and the server holds a copy: sent after every hello
 * (net/session.ts) and on each change. `passUntil` sets a one-shot pass in one match.
 */
import { DEFAULT_STOP_SETTINGS, type PassUntilMode, type StopSettings } from '@vroyale/protocol';
import { store } from '../store';
import { isStopSettings } from './settings-check';
import { call } from './socket';

const STOPS_KEY = 'vroyale.stops';

/** This browser's stop settings; the defaults when none were saved or the saved ones no longer fit. */
export function savedStops(): StopSettings {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STOPS_KEY) ?? 'null');
    return isStopSettings(saved) ? saved : DEFAULT_STOP_SETTINGS;
  } catch {
    return DEFAULT_STOP_SETTINGS;
  }
}

/** Sends stop settings to the server and, once it has them, keeps them in this browser. */
export async function sendStops(stops: StopSettings): Promise<boolean> {
  const ack = await call('settings', { stops });
  if (!ack) return false;
  rememberStops(ack.stops);
  return true;
}

/** Keeps stop settings in the store and this browser (also when the account's copy arrives: net/account-sync.ts). */
export function rememberStops(stops: StopSettings): void {
  store.setState({ stops });
  try {
    localStorage.setItem(STOPS_KEY, JSON.stringify(stops));
  } catch {
    /* storage unavailable: the server still has them for this session */
  }
}

/** Passes until my next turn or until something happens, in one match; null cancels. True once in force. */
export async function passUntil(roomId: string, mode: PassUntilMode): Promise<boolean> {
  const ack = await call('match:pass-until', { roomId, mode });
  if (ack) store.setState((s) => ({ oneShots: { ...s.oneShots, [roomId]: ack.mode } }));
  return !!ack;
}
