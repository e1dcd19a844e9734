/**
 * Who this page is on the socket, and what a connection restores. Identity is the session cookie (net/identity.ts
 * sets it up before the first connection; the handshake reads it), so every connection (the first, and each one
 * after a drop) says hello and gets its seats back; then stop settings are sent again, the lobby subscribed again
 * if it was, and the rooms being watched watched again. Only when the server has no accounts API does the old
 * localStorage token serve.
 */
import { store, toast } from '../store';
import { errorText } from './errors';
import { listen } from './inbound';
import { closeSocket, emit, emitSettled, hasSocket, markIdentified, newHandshake, openSocket } from './socket';
import { savedStops, sendStops } from './stops';
import { applyTournament, watchedTournaments } from './tournament-state';

/** Where this app kept the session token before cookies: adopted once by `POST /api/auth/guest`, then removed. */
export const LEGACY_TOKEN_KEY = 'vroyale.token';
const NAME_KEY = 'vroyale.name';

let lobbyWanted = false;
const watching = new Set<string>();

export const savedName = (): string => localStorage.getItem(NAME_KEY) ?? '';

/** The name to say hello with: an account's own, else the display name this browser saved. */
function helloName(): string {
  const acc = store.getState().account;
  return acc && !acc.guest ? acc.displayName || acc.username || '' : savedName();
}

export function connect(url?: string): void {
  openSocket(
    url,
    () => {
      const name = helloName();
      if (name) void hello(name);
    },
    listen,
  );
}

/** A new handshake, which reads the session cookie as it is now (after signing in, out or up). */
export function reconnect(): void {
  if (!hasSocket()) return connect();
  store.setState({ me: null, seats: [] });
  newHandshake();
}

/** Closes the connection for good (no reconnection); `connect` makes a new one. */
export function disconnect(): void {
  closeSocket();
}

export async function hello(name: string): Promise<boolean> {
  // With a cookie session the handshake already says who this is; the old token only without one.
  const token = store.getState().account ? undefined : (localStorage.getItem(LEGACY_TOKEN_KEY) ?? undefined);
  const ack = await emit('hello', token ? { name, token } : { name });
  if (!ack.ok) {
    toast(errorText(ack));
    return false;
  }
  if (ack.token && !store.getState().account) localStorage.setItem(LEGACY_TOKEN_KEY, ack.token);
  // A guest's chosen name is this browser's; an account's name is the account's.
  if (!ack.username) localStorage.setItem(NAME_KEY, ack.name);
  store.setState({ me: { userId: ack.userId, name: ack.name, username: ack.username ?? null }, seats: ack.seats });
  markIdentified();
  // Before anything else, so the server answers for this person as they asked from the first decision on.
  await sendStops(savedStops());
  if (lobbyWanted) void subscribeLobby();
  for (const roomId of watching) if (!ack.seats.some((s) => s.roomId === roomId)) void emitSettled('room:spectate', { roomId });
  // An open event page keeps hearing its event (a new connection watches nothing until asked).
  for (const ref of watchedTournaments()) void emitSettled('tournament:watch', ref).then((a) => a.ok && applyTournament(stripOk(a)));
  return true;
}

/** An ack's data without its `ok` flag. */
export function stripOk<T extends { ok: true }>(ack: T): Omit<T, 'ok'> {
  const { ok: _ok, ...rest } = ack;
  void _ok;
  return rest;
}

/** Watches a room from now on, again after each hello (net/calls.ts `spectate`). */
export function watch(roomId: string): void {
  watching.add(roomId);
}

export function unwatch(roomId: string): void {
  watching.delete(roomId);
}

export async function subscribeLobby(): Promise<void> {
  lobbyWanted = true;
  if (!store.getState().me) return;
  const ack = await emit('lobby:subscribe', {});
  if (ack.ok) store.setState({ lobby: ack.rooms, lobbyRecent: ack.recent ?? [] });
}

export function unsubscribeLobby(): void {
  lobbyWanted = false;
  if (store.getState().me) void emit('lobby:unsubscribe', {});
}
