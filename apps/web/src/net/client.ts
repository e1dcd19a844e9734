/**
 * The socket client: one Socket.IO connection typed with the protocol's event maps. It feeds the store and
 * offers promise-returning calls for every client event. Identity is the session cookie (net/identity.ts sets it
 * up before the first connection; the handshake reads it), so a reload or a dropped connection says hello again
 * and gets its seats back. Only when the server has no accounts API does the old localStorage token serve.
 */
import { seatName } from '../game/seat-name';
import { io, type Socket } from 'socket.io-client';
import type { Action, CardView, GameView, ManagerId } from '@vroyale/engine';
import type {
  Ack,
  AckData,
  BotLevel,
  ClientActionInput,
  ClientEventName,
  ClientToServerEvents,
  ClockConfig,
  MatchLogHistory,
  PassUntilMode,
  ServerToClientEvents,
  ViewMessage,
  Visibility,
} from '@vroyale/protocol';
import { DEFAULT_STOP_SETTINGS, oneShotAfter, RESENDABLE_EVENTS, StopSettings } from '@vroyale/protocol';
import { labels } from '../game/labels';
import { mergeChatHistory } from './chat-merge';
import { historyLines, learn, sentence, type LogContext } from '../game/log';
import { t } from '../i18n';
import { store, toast, ui, type LogLine } from '../store';
import { errorText } from './errors';
import { applyChallenge, applyQueueState } from './matchmaking-state';
import { noticeEffect, sendSettled, type Attempt } from './resend';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Payload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];

/** Where this app kept the session token before cookies: adopted once by `POST /api/auth/guest`, then removed. */
export const LEGACY_TOKEN_KEY = 'vroyale.token';
const NAME_KEY = 'vroyale.name';
/** Stop settings live with the person, per browser (docs/auto-pass.md): the server only holds a copy. */
const STOPS_KEY = 'vroyale.stops';
const LOG_MAX = 400;
const CHAT_MAX = 100;

let socket: ClientSocket | null = null;
let lobbyWanted = false;
const watching = new Set<string>();
const logCtx: Record<string, LogContext> = {};
/** Rooms whose log just started afresh (no log of this tab to carry on): the server's public record fills it in. */
const wantsHistory = new Map<string, string>();

export const savedName = (): string => localStorage.getItem(NAME_KEY) ?? '';

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

let onSessionEnded: () => void = () => undefined;
/** What to do when the server says this session ended (`server:notice` 'signed-out'): net/identity.ts. */
export function whenSessionEnds(fn: () => void): void {
  onSessionEnded = fn;
}

/** The name to say hello with: an account's own, else the display name this browser saved. */
function helloName(): string {
  const acc = store.getState().account;
  return acc && !acc.guest ? acc.displayName || acc.username || '' : savedName();
}

/** A new handshake, which reads the session cookie as it is now (after signing in, out or up). */
export function reconnect(): void {
  if (!socket) return connect();
  store.setState({ me: null, seats: [] });
  socket.disconnect();
  socket.connect();
}

/** Closes the connection for good (no reconnection); `connect` makes a new one. */
export function disconnect(): void {
  socket?.disconnect();
  socket = null;
  identifiedOn = null;
}

export function connect(url?: string): void {
  if (socket) return;
  store.setState({ conn: 'connecting' });
  const s: ClientSocket = url ? io(url, { transports: ['websocket', 'polling'] }) : io({ transports: ['websocket', 'polling'] });
  socket = s;
  s.on('connect', () => {
    store.setState({ conn: 'online' });
    const name = helloName();
    if (name) void hello(name);
  });
  s.on('disconnect', () => {
    identifiedOn = null;
    store.setState({ conn: 'offline' });
  });
  s.io.on('reconnect_attempt', () => store.setState({ conn: 'connecting' }));
  s.on('lobby:rooms', (m) => store.setState({ lobby: m.rooms, lobbyRecent: m.recent ?? [] }));
  s.on('room:state', (m) => store.setState((st) => ({ roomStates: { ...st.roomStates, [m.roomId]: m } })));
  s.on('room:chat', (m) => store.setState((st) => ({ chat: { ...st.chat, [m.roomId]: [...(st.chat[m.roomId] ?? []), m].slice(-CHAT_MAX) } })));
  s.on('room:chat-history', (m) =>
    store.setState((st) => ({ chat: { ...st.chat, [m.roomId]: mergeChatHistory(st.chat[m.roomId] ?? [], m.messages, CHAT_MAX) } })),
  );
  s.on('server:notice', (m) => {
    const effect = noticeEffect(m.kind);
    if (effect === 'session-ended') return onSessionEnded();
    // A server handing its matches over: it closes this socket next and Socket.IO reconnects elsewhere by itself.
    if (effect === 'quiet') return;
    store.setState({ notice: m.message });
    toast(m.message, 'info');
  });
  s.on('queue:state', applyQueueState);
  s.on('challenge:update', applyChallenge);
  s.on('match:view', applyView);
  s.on('match:log-history', applyLogHistory);
}

/** Applies one server view: the only way the board changes. Marked for the render-time measurement. */
export function applyView(m: ViewMessage): void {
  performance.mark('vroyale:view-start');
  const st = store.getState();
  const ctx = (logCtx[m.roomId] ??= { defs: st.defs, cardDefs: st.cardDefs, me: null, names: { A: 'A', B: 'B' }, stackSources: {} });
  const room = st.roomStates[m.roomId];
  ctx.me = m.viewer === 'spectator' ? null : m.viewer;
  ctx.names = { A: room?.seats.A ? seatName(room.seats.A) : t('room.managerA'), B: room?.seats.B ? seatName(room.seats.B) : t('room.managerB') };
  // An update carries only definitions this viewer has not been sent yet (a full view carries all that it
  // shows): keep them all, with their identity, so memoised cards skip re-rendering when nothing changed.
  let defs = st.defs;
  for (const [k, d] of Object.entries(m.view.defs)) {
    if (defs[k]) continue;
    if (defs === st.defs) defs = { ...st.defs };
    defs[k] = d;
  }
  m.view.defs = defs;
  const cardDefs = { ...st.cardDefs };
  for (const c of allCards(m.view)) cardDefs[c.id] = c.def;
  for (const item of m.view.stack) ctx.stackSources[item.id] = item.source;
  ctx.defs = defs;
  ctx.cardDefs = cardDefs;
  // The log names cards as the board did just before these events and just after them.
  const prev = st.views[m.roomId];
  ctx.before = prev && prev.matchId === m.matchId ? labels(prev.view, ctx.names, ctx.me) : null;
  ctx.after = labels(m.view, ctx.names, ctx.me);
  learn(m.events, ctx);
  const lines: LogLine[] = [];
  for (const e of m.events) {
    const s = sentence(e, ctx);
    if (s) lines.push({ seq: m.seq, ...s });
  }
  let log = st.log[m.roomId] ?? [];
  if (m.full && (!prev || prev.matchId !== m.matchId)) {
    // After a reload this tab still has the log it wrote before (sessionStorage): carry on from it.
    const kept = m.seq > 0 ? restoredLog(m.matchId, m.viewer) : null;
    log = kept
      ? [...kept, { seq: m.seq, kind: 'info', text: t('log.reconnected') }]
      : [{ seq: m.seq, kind: 'info', text: m.seq === 0 ? t('log.begins') : t('log.joined') }];
    if (!kept && m.seq > 0) wantsHistory.set(m.roomId, m.matchId);
    else wantsHistory.delete(m.roomId);
  }
  if (lines.length) log = [...log, ...lines].slice(-LOG_MAX);
  if (prev && prev.seq !== m.seq) {
    // A new position: menus, aims and pointing belong to the old one, and so does the hover zoom (its card
    // may have moved, which gives it a new id, or the prompt it was read for has changed). Moving the
    // pointer over a card again brings the zoom back.
    ui.setState({ aiming: null, menu: null, point: [], hover: null });
  }
  // A one-shot ends on public events (the server's rule, shared): mirror it, so the controls show it ending.
  const shot = st.oneShots[m.roomId] ?? null;
  const oneShots =
    shot && m.viewer !== 'spectator' ? { ...st.oneShots, [m.roomId]: oneShotAfter(shot, m.viewer, m.events, prev?.view.active ?? m.view.active) } : st.oneShots;
  store.setState({
    oneShots,
    views: { ...st.views, [m.roomId]: m },
    viewAt: { ...st.viewAt, [m.roomId]: Date.now() },
    log: { ...st.log, [m.roomId]: log },
    defs,
    cardDefs,
  });
}

/**
 * The public record of the match so far (sent once after the full view of a socket entering the room): its
 * lines go before the "joined" line, if this tab's log started afresh; a tab that kept its own log (written
 * from its own, richer views) ignores it.
 */
export function applyLogHistory(h: MatchLogHistory): void {
  if (wantsHistory.get(h.roomId) !== h.matchId) return;
  wantsHistory.delete(h.roomId);
  const st = store.getState();
  const ctx = logCtx[h.roomId];
  const view = st.views[h.roomId];
  if (!ctx || !view || view.matchId !== h.matchId) return;
  const lines = historyLines(h.batches, { ...ctx, after: labels(view.view, ctx.names, ctx.me) });
  if (lines.length === 0) return;
  const head: LogLine = { seq: h.batches[0]?.seq ?? 0, kind: 'info', text: t('pace.history') };
  const log = [head, ...lines, ...(st.log[h.roomId] ?? [])].slice(-LOG_MAX);
  store.setState({ log: { ...st.log, [h.roomId]: log } });
}

const LOG_KEY = 'vroyale.log';

function restoredLog(matchId: string, viewer: string): LogLine[] | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LOG_KEY) ?? 'null') as { matchId: string; viewer: string; lines: LogLine[] }[] | null;
    return saved?.find((x) => x.matchId === matchId && x.viewer === viewer)?.lines ?? null;
  } catch {
    return null;
  }
}

/** Keeps this tab's match logs across a reload (written once, as the page goes away). */
function saveLogs(): void {
  const st = store.getState();
  const out = Object.entries(st.views).map(([roomId, v]) => ({ matchId: v.matchId, viewer: v.viewer, lines: st.log[roomId] ?? [] }));
  try {
    sessionStorage.setItem(LOG_KEY, JSON.stringify(out.slice(-4)));
  } catch {
    /* storage full or unavailable: the log starts afresh */
  }
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', saveLogs);

export function allCards(v: GameView): CardView[] {
  const out: CardView[] = [];
  for (const m of ['A', 'B'] as const) {
    const mv = v.managers[m];
    if (mv.hand) out.push(...mv.hand);
    if (mv.backstage) out.push(mv.backstage);
    out.push(...mv.centre, ...mv.main, ...mv.starPool, ...mv.graduation, ...mv.hiatus);
  }
  for (const s of v.stack) if (s.card) out.push(s.card);
  return out;
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
  identifiedOn = socket?.connected ? (socket.id ?? null) : null;
  for (const w of [...identifiedWaiters]) w();
  // Before anything else, so the server answers for this person as they asked from the first decision on.
  await sendStops(savedStops());
  if (lobbyWanted) void subscribeLobby();
  for (const roomId of watching) if (!ack.seats.some((s) => s.roomId === roomId)) void emitSettled('room:spectate', { roomId });
  return true;
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

export async function createRoom(visibility: Visibility, clock: ClockConfig | undefined): Promise<string | null> {
  const ack = await call('room:create', clock ? { visibility, clock } : { visibility });
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

export async function spectate(roomId: string): Promise<boolean> {
  watching.add(roomId);
  const ack = await call('room:spectate', { roomId });
  return !!ack;
}

export async function leaveRoom(roomId: string): Promise<void> {
  watching.delete(roomId);
  await emit('room:leave', { roomId });
  // The room tells this socket nothing more: what it last said (a seat in a waiting room) no longer holds.
  store.setState((s) => {
    const roomStates = { ...s.roomStates };
    delete roomStates[roomId];
    return { seats: s.seats.filter((x) => x.roomId !== roomId), roomStates };
  });
}

/** Offers a rematch, or accepts the other manager's offer; returns the new room once both agreed. */
export async function offerRematch(roomId: string): Promise<string | null> {
  const ack = await call('room:rematch', { roomId });
  return ack?.roomId ?? null;
}

export async function sendChat(roomId: string, text: string): Promise<boolean> {
  return !!(await call('room:chat', { roomId, text }));
}

/** This browser's stop settings; the defaults when none were saved or the saved ones no longer fit. */
export function savedStops(): StopSettings {
  try {
    const r = StopSettings.safeParse(JSON.parse(localStorage.getItem(STOPS_KEY) ?? 'null'));
    return r.success ? r.data : DEFAULT_STOP_SETTINGS;
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

export function mySeat(roomId: string): ManagerId | null {
  const v = store.getState().views[roomId];
  if (v && v.viewer !== 'spectator') return v.viewer;
  return store.getState().seats.find((s) => s.roomId === roomId)?.seat ?? null;
}

/** "Learn to play": a new tutorial match against the gentle bot (`room:tutorial`, apps/web/src/tutorial/). */
export function startTutorialMatch(concede?: string): Promise<BotStart> {
  return startAgainstBot(() => emitSettled('room:tutorial', concede ? { concede } : {}));
}
