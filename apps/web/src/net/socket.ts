/**
 * The socket transport: the one Socket.IO connection, typed with the protocol's event maps, and sending on it.
 * `emit` is one attempt; `emitSettled` sends until the server really answered (net/resend.ts: a refusal meaning
 * "nothing was done, send it again" is resent once connected and identified again, and so is a message lost with
 * the connection when it is safe twice); `call` is `emitSettled` with the refusal shown. Who opens it and what
 * follows a connection is net/session.ts; what the server's messages do to the store is net/inbound.ts.
 */
import { io, type Socket } from 'socket.io-client';
import { RESENDABLE_EVENTS, type Ack, type AckData, type ClientEventName, type ClientToServerEvents, type ServerToClientEvents } from '@vroyale/protocol';
import { t } from '../i18n';
import { store, toast } from '../store';
import { errorText } from './errors';
import { sendSettled, type Attempt } from './resend';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Payload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];

let socket: ClientSocket | null = null;

/** One attempt: the server's answer, or 'lost' when offline, disconnected before the answer, or not answered in time. */
function attempt<E extends ClientEventName>(event: E, payload: Payload<E>, timeoutMs: number): Promise<Attempt<AckData[E]>> {
  return new Promise((resolve) => {
    const s = socket;
    if (!s || !s.connected) return resolve('lost');
    const emitter = s.timeout(timeoutMs) as unknown as {
      emit(e: E, p: Payload<E>, cb: (err: Error | null, ack: Ack<AckData[E]>) => void): void;
    };
    emitter.emit(event, payload, (err, ack) => resolve(err ? 'lost' : ack));
  });
}

function lostAck(): { ok: false; code: 'internal'; message: string } {
  return { ok: false, code: 'internal', message: t(socket?.connected ? 'errors.timeout' : 'errors.offline') };
}

/** One attempt, no resending (hello, and what the caller resends itself). */
export async function emit<E extends ClientEventName>(event: E, payload: Payload<E>, timeoutMs = 10_000): Promise<Ack<AckData[E]>> {
  const out = await attempt(event, payload, timeoutMs);
  return out === 'lost' ? lostAck() : out;
}

/** Messages safe to be handled twice (net/resend.ts): also sent again when no answer came (protocol CLIENT_EVENT_TRAITS). */
const IDEMPOTENT: ReadonlySet<ClientEventName> = RESENDABLE_EVENTS;

/** Connected and identified (hello answered on this very socket connection). */
let identifiedOn: string | null = null;
let identifiedWaiters: (() => void)[] = [];

/** Hello was answered on the connection open now: what waits for it (`identified`) goes on. */
export function markIdentified(): void {
  identifiedOn = socket?.connected ? (socket.id ?? null) : null;
  for (const w of [...identifiedWaiters]) w();
}

/** Resolves once the socket is connected and said hello again, or after `maxMs` (the next attempt then fails). */
function identified(maxMs = 15_000): Promise<void> {
  if (socket?.connected && identifiedOn === socket.id) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxMs);
    function done() {
      clearTimeout(timer);
      identifiedWaiters = identifiedWaiters.filter((w) => w !== done);
      resolve();
    }
    identifiedWaiters.push(done);
  });
}

/**
 * Sends until the server really answered: refusals that mean "nothing was done, send it again" (a match moving to
 * another server, a server restarting) are resent without a word, and so is a message lost with the connection
 * when it is safe to receive twice. What comes back is a real answer (or the last failure, after ~10 s).
 */
export async function emitSettled<E extends ClientEventName>(event: E, payload: Payload<E>): Promise<Ack<AckData[E]>> {
  const out = await sendSettled(() => attempt(event, payload, 10_000), {
    idempotent: IDEMPOTENT.has(event),
    ready: () => identified(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
  return out === 'lost' ? lostAck() : out;
}

/** Calls an event and shows its error as a toast; returns the success data or null. */
export async function call<E extends ClientEventName>(event: E, payload: Payload<E>): Promise<Extract<Ack<AckData[E]>, { ok: true }> | null> {
  const ack = await emitSettled(event, payload);
  if (!ack.ok) {
    toast(errorText(ack));
    return null;
  }
  return ack as Extract<Ack<AckData[E]>, { ok: true }>;
}

export const hasSocket = (): boolean => socket !== null;

/**
 * Opens the connection (once; Socket.IO reconnects by itself after a drop). `onConnect` runs on every
 * connection, the first and each one after; `listen` wires the server's messages.
 */
export function openSocket(url: string | undefined, onConnect: () => void, listen: (s: ClientSocket) => void): void {
  if (socket) return;
  store.setState({ conn: 'connecting' });
  const s: ClientSocket = url ? io(url, { transports: ['websocket', 'polling'] }) : io({ transports: ['websocket', 'polling'] });
  socket = s;
  s.on('connect', () => {
    store.setState({ conn: 'online' });
    onConnect();
  });
  s.on('disconnect', () => {
    identifiedOn = null;
    store.setState({ conn: 'offline' });
  });
  s.io.on('reconnect_attempt', () => store.setState({ conn: 'connecting' }));
  listen(s);
}

/** A new handshake on the same socket, which reads the session cookie as it is now. */
export function newHandshake(): void {
  socket?.disconnect();
  socket?.connect();
}

/** Closes the connection for good (no reconnection); `openSocket` makes a new one. */
export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
  identifiedOn = null;
}
