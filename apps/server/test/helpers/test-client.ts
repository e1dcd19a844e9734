/**
 * A scripted client over socket.io-client: records every message it receives (for leak scans), keeps the
 * latest view per room, and can play on its own with random legal actions.
 */
import { io, type Socket } from 'socket.io-client';
import { realise, type Action, type Legal } from '@vroyale/engine';
import {
  DEFAULT_STOP_SETTINGS,
  type Ack,
  type AckData,
  type ClientEventName,
  type ClientToServerEvents,
  type RoomState,
  type ServerToClientEvents,
  type ViewMessage,
} from '@vroyale/protocol';
import type { z } from 'zod';
import type { CLIENT_PAYLOADS } from '@vroyale/protocol';

/** Refusals the web client sends again without showing them (apps/web/src/net/resend.ts). */
const SILENT: ReadonlySet<string> = new Set(['moved', 'shutting-down']);

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Received {
  event: string;
  payload: unknown;
}

let counter = 0;

export class TestClient {
  readonly received: Received[] = [];
  readonly views = new Map<string, ViewMessage>();
  readonly roomStates = new Map<string, RoomState>();
  token: string | undefined;
  userId: string | undefined;
  /** When set, the client answers every view that asks it to act with a random legal action. */
  autoplay: { roomId: string; rnd: () => number; errors: Ack<object>[]; acted: number; stopWhen: ((v: ViewMessage) => boolean) | undefined } | null = null;
  /** Every refusal autoplay got, with when (performance.now()) its action was sent. */
  readonly refused: { code: string; message: string; sentAt: number; at: number; seenSeq: number; attempt: number }[] = [];
  /** Set when autoplay's `stopWhen` held. */
  stopped = false;
  /** clientActionId → seq of every action of this client the server accepted. */
  readonly accepted = new Map<string, number>();
  private waiters: { check: () => boolean; resolve: () => void }[] = [];
  /** Client action ids must be unique per seat across sockets: a reused id is a duplicate (answered, not applied). */
  readonly instance = `${Math.random().toString(36).slice(2, 10)}`;
  /**
   * Behave as the web client does when a match moves between nodes (issue 19): after a reconnection, watch again
   * the rooms this client watched; an action refused with a code the web client resends silently ('moved',
   * 'shutting-down') or left unanswered is sent again, same clientActionId, once connected. Off by default (other tests count
   * messages and refusals exactly).
   */
  followMoves = false;
  /** Rooms this client watches (`room:spectate` accepted, no `room:leave` since). */
  readonly watching = new Set<string>();
  /** What happened to the connection and to watching again, with performance.now() (for a failure's message). */
  readonly trail: string[] = [];
  /** Actions sent again after a silent refusal or no answer (followMoves). */
  resent = 0;

  private constructor(
    readonly socket: ClientSocket,
    readonly name: string,
  ) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload });
      if (event === 'match:view') this.onView(payload as ViewMessage);
      if (event === 'room:state') this.roomStates.set((payload as RoomState).roomId, payload as RoomState);
      this.poke();
    });
    // Reconnection after a server restart: identify again with the same token (as the browser would).
    const note = (what: string) => this.trail.push(`${Math.round(performance.now())} ${what}`);
    // A wait on the connection's state (`waitFor(() => !socket.connected)`) is checked again when it changes too.
    socket.on('disconnect', (reason) => {
      note(`disconnect ${reason}`);
      this.poke();
    });
    socket.io.on('reconnect_attempt', (n) => note(`reconnect attempt ${n}`));
    socket.io.on(
      'reconnect',
      () =>
        void this.hello()
          .then(() => (note('hello again ok'), this.watchAgain()))
          .catch((e: unknown) => note(`hello or watch again failed: ${String(e)}`)),
    );
  }

  /** `headers`: sent with the handshake (issue 17: `{ cookie }` makes the session cookie decide who this is). */
  static async connect(url: string, name = `player${++counter}`, token?: string, headers?: Record<string, string>): Promise<TestClient> {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
      forceNew: true,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    const c = new TestClient(socket, name);
    c.token = token;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await c.hello();
    return c;
  }

  async hello(): Promise<void> {
    const ack = await this.emit('hello', this.token ? { name: this.name, token: this.token } : { name: this.name });
    if (!ack.ok) throw new Error(`hello failed: ${ack.message}`);
    this.token = ack.token;
    this.userId = ack.userId;
    this.identifiedOn = this.socket.id;
  }

  async emit<E extends ClientEventName>(event: E, payload: z.input<(typeof CLIENT_PAYLOADS)[E]>, timeoutMs = 10_000): Promise<Ack<AckData[E]>> {
    const s = this.socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<Ack<AckData[E]>> } };
    const ack = await s.timeout(timeoutMs).emitWithAck(event, payload);
    const roomId = (payload as { roomId?: string }).roomId;
    if (ack.ok && roomId && event === 'room:spectate') this.watching.add(roomId);
    if (ack.ok && roomId && event === 'room:leave') this.watching.delete(roomId);
    return ack;
  }

  /** followMoves: after a reconnection, watch again (resending while the room is on its way to another node). */
  private async watchAgain(): Promise<void> {
    if (!this.followMoves) return;
    for (const roomId of [...this.watching])
      for (let attempt = 0; attempt < 10; attempt++) {
        const ack = await this.emit('room:spectate', { roomId });
        this.trail.push(`${Math.round(performance.now())} watch again ${attempt}: ${ack.ok ? 'ok' : ack.code}`);
        if (ack.ok || !SILENT.has(ack.code)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
  }

  /** The socket connection hello was last answered on. */
  private identifiedOn: string | undefined;

  /** Resolves after a short pause, once the socket is connected and its hello answered (or after 10 s). */
  private async connected(): Promise<void> {
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 200 && !(this.socket.connected && this.identifiedOn === this.socket.id); i++) await new Promise((r) => setTimeout(r, 50));
  }

  /** Sends anything at all (fuzzing): any event name, any payload. */
  emitRaw(event: string, payload: unknown, timeoutMs = 10_000): Promise<Ack<object>> {
    const s = this.socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<Ack<object>> } };
    return s.timeout(timeoutMs).emitWithAck(event, payload);
  }

  /**
   * Full control: the server never answers for this client. Tests that pause a match "with A to act" need
   * it, or the server may pass for A (no stop there) right after the view the pause was decided on.
   */
  async fullControl(): Promise<void> {
    const ack = await this.emit('settings', { stops: { ...DEFAULT_STOP_SETTINGS, fullControl: true } });
    if (!ack.ok) throw new Error(`settings failed: ${ack.message}`);
  }

  view(roomId: string): ViewMessage | undefined {
    return this.views.get(roomId);
  }

  /** Resolves when `check` holds (re-checked on every message), or fails after `timeoutMs`. */
  waitFor(check: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w = { check, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error(`${this.name}: timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  private poke(): void {
    const ready = this.waiters.filter((w) => w.check());
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }

  private onView(v: ViewMessage): void {
    const prev = this.views.get(v.roomId);
    if (!prev || v.seq >= prev.seq) this.views.set(v.roomId, v);
    if (this.autoplay && this.autoplay.roomId === v.roomId) this.act(v);
  }

  private act(v: ViewMessage): void {
    const a = this.autoplay;
    if (!a || v.legal.length === 0 || v.result) return;
    if (this.views.get(v.roomId)!.seq !== v.seq) return;
    if (a.stopWhen?.(v)) {
      this.stopped = true;
      return;
    }
    const choice = pickRandom(v.legal, a.rnd);
    a.acted++;
    this.send(a, v, `${this.instance}-${a.acted}`, choice, 0);
  }

  private send(a: NonNullable<TestClient['autoplay']>, v: ViewMessage, id: string, choice: Action, attempt: number): void {
    const sentAt = performance.now();
    void this.emit('match:action', { roomId: v.roomId, clientActionId: id, seenSeq: v.seq, action: choice }).then(
      (ack) => {
        if (ack.ok) return void this.accepted.set(id, ack.seq);
        a.errors.push(ack);
        this.refused.push({ code: ack.code, message: ack.message, sentAt, at: performance.now(), seenSeq: v.seq, attempt });
        // Nothing was done with it (a match moving between nodes): the same action again, as the web client does.
        if (this.followMoves && SILENT.has(ack.code) && attempt < 20) {
          this.resent++;
          return void this.connected().then(() => this.send(a, v, id, choice, attempt + 1));
        }
        const latest = this.views.get(v.roomId);
        // Throttled: try the same decision again shortly, as a real client would.
        if (ack.code === 'rate-limited') setTimeout(() => latest && this.act(latest), 60);
        // A stale refusal means a newer view is on its way (or here): act on the newest one.
        else if (latest && latest.seq !== v.seq) this.act(latest);
      },
      () => {
        // No answer (disconnected, or none in time): handled or not, nobody knows. The web client sends an action
        // again as it was (the server answers a duplicate with its first ack); without followMoves the next view
        // is what makes this client act again.
        if (!this.followMoves || attempt >= 20 || this.views.get(v.roomId)?.result) return;
        this.resent++;
        void this.connected().then(() => this.send(a, v, id, choice, attempt + 1));
      },
    );
  }

  /** Plays random legal actions until the match ends or `stopWhen` holds for a view (then it stops, not acting). */
  startAutoplay(roomId: string, rnd: () => number, stopWhen?: (v: ViewMessage) => boolean): void {
    this.autoplay = { roomId, rnd, errors: [], acted: this.autoplay?.acted ?? 0, stopWhen };
    const v = this.views.get(roomId);
    if (v) this.act(v);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * A random legal action that keeps the game moving: never concede, never a manual star tilt; an offered
 * declaration is answered with a uniformly random legal one.
 */
export function pickRandom(legal: readonly Legal[], rnd: () => number): Action {
  const useful = legal.filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
  const pool = useful.length > 0 ? useful : legal;
  return realise(pool[Math.floor(rnd() * pool.length)]!, rnd);
}
