/**
 * The page's requests about rooms and matches, one promise each over the socket (net/socket.ts): a refusal is
 * shown as a toast and the call answers false or null, except where the caller decides (the bot-match cap).
 * Actions carry a fresh clientActionId each, so resending one (a match moving to another server) is acked once.
 */
import type { Action } from '@vroyale/engine';
import type { Ack, BotLevel, ClientActionInput, ClockConfig, MatchFormat, Visibility } from '@vroyale/protocol';
import { t } from '../i18n';
import { store, toast, ui } from '../store';
import { errorText } from './errors';
import { unwatch, watch } from './session';
import { call, emit, emitSettled } from './socket';
import { reduceLeave } from './view-reducer';

/** A new room; `format` 'bo3' makes it a best-of-three (omitted for one game, the server's default). */
export async function createRoom(visibility: Visibility, clock: ClockConfig | undefined, format: MatchFormat = 'bo1'): Promise<string | null> {
  const ack = await call('room:create', { visibility, ...(clock ? { clock } : {}), ...(format === 'bo3' ? { format } : {}) });
  return ack ? ack.roomId : null;
}

export async function joinRoom(roomId: string, roster: string): Promise<boolean> {
  const ack = await call('room:join', { roomId, roster });
  if (ack) store.setState((s) => ({ seats: [...s.seats.filter((x) => x.roomId !== roomId), { roomId, seat: ack.seat }] }));
  return !!ack;
}

/** What starting a match against the bot came to: its room, a refusal at the bot-match cap (the server's words), or null. */
export type BotStart = string | { atCap: string } | null;

/**
 * Starts a match against the bot (`room:play-bot`) or the tutorial (`room:tutorial`). At the bot-match cap it
 * answers `{ atCap }` without a word, for the lobby to offer conceding the oldest (`concede`: that room, given up
 * first by the server in the same request); other refusals are shown.
 */
async function startAgainstBot(send: () => Promise<Ack<{ roomId: string; seat: 'A' | 'B' }>>): Promise<BotStart> {
  const ack = await send();
  if (!ack.ok) {
    if (ack.code === 'too-many-bot-matches') return { atCap: errorText(ack) };
    toast(errorText(ack));
    return null;
  }
  store.setState((s) => ({ seats: [...s.seats.filter((x) => x.roomId !== ack.roomId), { roomId: ack.roomId, seat: ack.seat }] }));
  return ack.roomId;
}

export function playBot(roster: string, clock?: ClockConfig, level?: BotLevel, concede?: string): Promise<BotStart> {
  return startAgainstBot(() =>
    emitSettled('room:play-bot', { roster, ...(clock ? { clock } : {}), ...(level ? { level } : {}), ...(concede ? { concede } : {}) }),
  );
}

/** "Learn to play": a new tutorial match against the gentle bot (`room:tutorial`, apps/web/src/tutorial/). */
export function startTutorialMatch(concede?: string): Promise<BotStart> {
  return startAgainstBot(() => emitSettled('room:tutorial', concede ? { concede } : {}));
}

export async function spectate(roomId: string): Promise<boolean> {
  watch(roomId);
  const ack = await call('room:spectate', { roomId });
  return !!ack;
}

export async function leaveRoom(roomId: string): Promise<void> {
  unwatch(roomId);
  await emit('room:leave', { roomId });
  store.setState((s) => reduceLeave(s, roomId));
}

/** Offers a rematch, or accepts the other manager's offer; returns the new room once both agreed. */
export async function offerRematch(roomId: string): Promise<string | null> {
  const ack = await call('room:rematch', { roomId });
  return ack?.roomId ?? null;
}

/**
 * Between two games of a best-of-three: this manager's side-deck swap (both lists empty: keep the deck), which also
 * says ready. Answers how many cards it exchanged, or null (refused: the toast says why).
 */
export async function sendSideboard(roomId: string, swap: { out: string[]; in: string[] }): Promise<number | null> {
  const ack = await call('series:sideboard', { roomId, swap });
  return ack ? ack.swapped : null;
}

export async function sendChat(roomId: string, text: string): Promise<boolean> {
  return !!(await call('room:chat', { roomId, text }));
}

let actionCounter = 0;

/** Sends one of the server's legal actions (the seat is the server's to fill in). */
export async function act(roomId: string, action: Action): Promise<boolean> {
  const st = store.getState();
  const view = st.views[roomId];
  if (!view || st.busy) return false;
  const { manager: _m, ...rest } = action;
  void _m;
  store.setState({ busy: true });
  ui.setState({ aiming: null, menu: null });
  // Resent as it is (same clientActionId) while its match moves to another server: acked once, never shown.
  const ack = await emitSettled('match:action', {
    roomId,
    clientActionId: `${Date.now().toString(36)}-${(++actionCounter).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    seenSeq: view.seq,
    action: rest as ClientActionInput,
  });
  store.setState({ busy: false });
  if (!ack.ok) {
    if (ack.code !== 'stale') toast(errorText(ack));
    return false;
  }
  return true;
}

/**
 * Concedes, whatever the match is waiting for and whether or not this seat is deciding. A view that arrives
 * while the concession is on its way makes it stale; it is sent again against the newer view.
 */
export async function concede(roomId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const view = store.getState().views[roomId];
    if (!view || view.result) return false;
    const ack = await emitSettled('match:action', {
      roomId,
      clientActionId: `${Date.now().toString(36)}-${(++actionCounter).toString(36)}-concede`,
      seenSeq: view.seq,
      action: { type: 'concede' },
    });
    if (ack.ok) return true;
    if (ack.code !== 'stale') {
      toast(errorText(ack));
      return false;
    }
  }
  toast(t('errors.concedeAgain'));
  return false;
}
