/**
 * The soak benchmark's players: one socket per seat, thinking like a person (World.think) before a random legal
 * action (as bench-kit's Seat: never a concession or a manual star tilt), recording every acknowledged action
 * for the final database check, now and then dropping the connection and coming back on a new socket with the
 * same session, chatting a little, pressing Leave on a finished match or not (`--leave-share`), and starting
 * another match a few seconds after one ends: a private
 * room for two (PairSlot), a match against the server's bot (BotSlot), or the casual queue (queuePlayer).
 * Some players register an account first (HTTP, Bearer: the session is rotated and the socket follows).
 */
import { realise, type Legal } from '@vroyale/engine';
import type { Ack, QueueState, ViewMessage } from '@vroyale/protocol';
import { emit } from './bench-kit.js';
import type { Sock, World } from './soak-world.js';

const ROSTERS = ['raid-night', 'mod-squad', 'fan-club-frenzy', 'anniversary-countdown', 'headline-scandal'];
const PASSWORD = 'soak test password';

export class Player {
  socket: Sock | null = null;
  token: string | undefined;
  /** The room of the current (or last) match. */
  roomId: string | null = null;
  /** A queue player between queue:join and its match: the next seat view names the room. */
  awaitingMatch = false;
  onMatchEnd: (roomId: string, reason: string) => void = () => {};
  /** The queue dropped this player while it waited (a missed pairing): join again. */
  onQueueIdle: () => void = () => {};
  private view: ViewMessage | null = null;
  private timer: NodeJS.Timeout | null = null;
  private n = 0;
  private epoch = 0;
  private readonly ended: string[] = [];
  private lastViewAt = Date.now();

  constructor(
    private readonly w: World,
    readonly tag: string,
    private readonly address: string,
    private readonly account: boolean,
    /** Presses Leave on a finished match before the next one; the others just move on, as most web users do. */
    private readonly leaves: boolean,
  ) {}

  get connected(): boolean {
    return !!this.socket?.connected;
  }

  /** In a live match and no view for `ms`: a stall worth reporting. */
  stalled(ms: number): boolean {
    return this.roomId !== null && this.w.liveRooms.has(this.roomId) && Date.now() - this.lastViewAt > ms;
  }

  /** Connects and says hello (with its session after the first time); an account registers after its first hello. */
  async connect(): Promise<void> {
    const epoch = ++this.epoch;
    const s = await this.w.socket(this.address);
    s.on('match:view', (v: ViewMessage) => epoch === this.epoch && this.onView(v));
    s.on('queue:state', (q: QueueState) => epoch === this.epoch && this.onQueue(q));
    s.on('disconnect', (reason: string) => {
      if (epoch !== this.epoch || this.w.stopping) return;
      this.w.tally.unexpectedDisconnects++;
      this.w.problem(`${this.tag} disconnected: ${reason}`);
      this.socket = null;
      this.w.later(2_000, () => void this.comeBack());
    });
    const ack = (await emit(s, 'hello', this.token ? { name: this.tag, token: this.token } : { name: this.tag })) as Ack<{ token?: string }>;
    if (!ack.ok) throw new Error(`hello: ${ack.message}`);
    if (ack.token) this.token = ack.token;
    this.socket = s;
    if (this.account && epoch === 1) await this.register();
  }

  private async register(): Promise<void> {
    const r = await this.w.http('POST', '/api/auth/register', { body: { username: `Soak${this.tag}`, password: PASSWORD }, bearer: this.token });
    if (r.status !== 201 || !r.setCookie) return this.w.problem(`register ${this.tag}: ${r.status} ${JSON.stringify(r.body)}`);
    // A privilege change: the guest token is gone, this socket follows the new session.
    this.token = r.setCookie.slice('vroyale_session='.length);
    this.w.tally.registrations++;
  }

  /** Drops the connection mid-match and comes back after 1-5 s on a new socket with the same session. */
  async drop(): Promise<void> {
    if (!this.socket || this.w.stopping) return;
    this.epoch++;
    this.w.cancel(this.timer);
    this.timer = null;
    this.socket.disconnect();
    this.socket = null;
    this.w.tally.reconnects++;
    await this.w.sleep(this.w.uniform(1_000, 5_000));
    await this.comeBack();
  }

  private async comeBack(): Promise<void> {
    if (this.w.stopping || this.socket) return;
    try {
      await this.connect();
    } catch (e) {
      this.w.problem(`${this.tag} reconnect: ${(e as Error).message}`);
      this.w.later(5_000, () => void this.comeBack());
    }
  }

  /** Keeps dropping the connection now and then: mid-match, or after one (the result comes back on hello). */
  scheduleDrops(): void {
    const mean = this.w.cfg.reconnectEveryMin * 60_000;
    if (mean <= 0) return;
    this.w.later(-Math.log(1 - this.w.rnd()) * mean, () => {
      void this.drop();
      this.scheduleDrops();
    });
  }

  /** Presses Leave on the match that ended, if this player does (the web app leaves a room only that way). */
  async leaveFinished(): Promise<void> {
    const roomId = this.roomId;
    if (!this.leaves || !roomId || !this.socket) return;
    try {
      await emit(this.socket, 'room:leave', { roomId });
    } catch {
      // The socket dropped meanwhile; the room is left by the server's sweep.
    }
  }

  close(): void {
    this.epoch++;
    this.w.cancel(this.timer);
    this.socket?.disconnect();
    this.socket = null;
  }

  private onView(v: ViewMessage): void {
    if (v.viewer === 'spectator' || this.ended.includes(v.roomId)) return;
    if (v.roomId !== this.roomId) {
      if (!this.awaitingMatch) return;
      this.queueMatched(v.roomId);
    }
    if (!v.full && this.view?.roomId === v.roomId && v.seq < this.view.seq) return;
    this.view = v;
    this.lastViewAt = Date.now();
    if (v.result) {
      this.ended.push(v.roomId);
      if (this.ended.length > 8) this.ended.shift();
      this.w.liveRooms.delete(v.roomId);
      this.w.cancel(this.timer);
      this.timer = null;
      this.onMatchEnd(v.roomId, v.result.reason);
      return;
    }
    this.w.liveRooms.add(v.roomId);
    if (v.legal.length > 0 && !this.timer) this.timer = this.w.later(this.w.think(), () => this.act());
  }

  /** The queue seated this player (its queue:state or its first seat view says so, whichever comes first). */
  private queueMatched(roomId: string): void {
    this.roomId = roomId;
    this.awaitingMatch = false;
    this.w.tally.matchesStarted.queue += 0.5; // each of the two players counts half
  }

  private onQueue(q: QueueState): void {
    if (q.status === 'matched' && this.awaitingMatch) this.queueMatched(q.roomId);
    else if (q.status === 'idle' && q.reason && this.awaitingMatch) {
      this.awaitingMatch = false;
      this.onQueueIdle();
    } else if (q.status === 'found' && !q.accepted && this.socket) {
      void emit(this.socket, 'queue:accept', {}).catch(() => {});
    }
  }

  private act(): void {
    this.timer = null;
    const v = this.view;
    const s = this.socket;
    if (!v || v.result || v.legal.length === 0 || !s?.connected) return;
    const useful = v.legal.filter((a: Legal) => a.type !== 'concede' && a.type !== 'tilt-star');
    const choices = useful.length ? useful : v.legal;
    const action = realise(choices[Math.floor(this.w.rnd() * choices.length)]!, this.w.rnd);
    const cid = `${this.tag}-${++this.n}`;
    const epoch = this.epoch;
    const { roomId, viewer } = v;
    s.timeout(30_000).emit('match:action', { roomId, clientActionId: cid, seenSeq: v.seq, action }, (err: Error | null, ack: Ack<{ seq: number }>) => {
      if (err) return void this.w.tally.unanswered++;
      if (ack.ok) {
        this.w.tally.actions++;
        // Stored as '<seat>:<client id>' (the two managers' ids never collide).
        this.w.acked.set(`${viewer}:${cid}`, { seq: ack.seq, roomId });
        if (this.w.rnd() < this.w.cfg.chatShare) {
          this.w.tally.chats++;
          s.emit('room:chat', { roomId, text: this.w.pick(['gg', 'nice one', 'hmm', 'wp', 'oops']) }, () => {});
        }
        return;
      }
      if (ack.code === 'stale') this.w.tally.stale++;
      else this.w.count(this.w.tally.refused, ack.code);
      // The server moved on (an automatic answer, the other seat): act again on the newest view.
      const latest = this.view;
      if (epoch === this.epoch && latest && latest.legal.length > 0 && !latest.result && !this.timer) this.timer = this.w.later(100, () => this.act());
    });
  }
}

/** Waits until every player has a connected socket (a reconnection may be under way), at most 60 s. */
async function ready(w: World, players: readonly Player[]): Promise<boolean> {
  for (let i = 0; i < 600 && !w.stopping; i++) {
    if (players.every((p) => p.connected)) return true;
    await w.sleep(100);
  }
  return false;
}

type Starter = { players: Player[]; start(): Promise<void> };

/** Two players in a private room: A creates it and both join; the next match starts a few seconds after A's ends. */
export function pairSlot(w: World, i: number, address: string, account: () => boolean, leaves: () => boolean): Starter {
  const a = new Player(w, `p${i}a`, address, account(), leaves());
  const b = new Player(w, `p${i}b`, address, account(), leaves());
  const slot: Starter = {
    players: [a, b],
    async start() {
      if (!(await ready(w, [a, b]))) return;
      await Promise.all([a.leaveFinished(), b.leaveFinished()]);
      let roomId: string | null = null;
      try {
        const created = await emit(a.socket!, 'room:create', { visibility: 'private' });
        if (!created.ok) throw new Error(`create: ${created.message}`);
        roomId = String(created.roomId);
        a.roomId = b.roomId = roomId;
        const ja = await emit(a.socket!, 'room:join', { roomId, roster: w.pick(ROSTERS)!, seat: 'A' });
        const jb = await emit(b.socket!, 'room:join', { roomId, roster: w.pick(ROSTERS)!, seat: 'B' });
        if (!ja.ok || !jb.ok) throw new Error(`join: ${ja.ok ? '' : ja.message} ${jb.ok ? '' : jb.message}`);
        w.tally.matchesStarted.private++;
      } catch (e) {
        // A seat dropped meanwhile: give up the half-made room (a waiting room with a seat taken never expires).
        w.problem(`pair ${i}: ${(e as Error).message}`);
        const half = roomId;
        if (half) for (const p of [a, b]) if (p.socket) void emit(p.socket, 'room:leave', { roomId: half }).catch(() => {});
        w.later(5_000, () => void slot.start());
      }
    },
  };
  a.onMatchEnd = (_roomId, reason) => nextMatch(w, slot, reason, 1);
  return slot;
}

/** One player against the server's bot (its level and roster chosen by the server's defaults). */
export function botSlot(w: World, i: number, address: string, account: boolean, leaves: boolean): Starter {
  const p = new Player(w, `p${i}`, address, account, leaves);
  const slot: Starter = {
    players: [p],
    async start() {
      if (!(await ready(w, [p]))) return;
      await p.leaveFinished();
      try {
        const r = await emit(p.socket!, 'room:play-bot', { roster: w.pick(ROSTERS)! });
        if (!r.ok) throw new Error(String(r.message));
        p.roomId = String(r.roomId);
        w.tally.matchesStarted.bot++;
      } catch (e) {
        w.problem(`bot ${i}: ${(e as Error).message}`);
        w.later(5_000, () => void slot.start());
      }
    },
  };
  p.onMatchEnd = (_roomId, reason) => nextMatch(w, slot, reason, 1);
  return slot;
}

/** A player of the casual queue: joins, is paired with whoever waits, plays, and joins again after a pause. */
export function queuePlayer(w: World, tag: string, address: string, account: boolean, leaves: boolean): Starter {
  const p = new Player(w, tag, address, account, leaves);
  const slot: Starter = {
    players: [p],
    async start() {
      if (!(await ready(w, [p]))) return;
      await p.leaveFinished();
      try {
        p.awaitingMatch = true;
        const r = await emit(p.socket!, 'queue:join', { queue: 'casual', roster: w.pick(ROSTERS)! });
        if (!r.ok) throw new Error(String(r.message));
        w.tally.queueJoins++;
      } catch (e) {
        p.awaitingMatch = false;
        w.problem(`queue ${tag}: ${(e as Error).message}`);
        w.later(5_000, () => void slot.start());
      }
    },
  };
  p.onQueueIdle = () => w.later(1_000, () => void slot.start());
  // Each of the two players counts half a match.
  p.onMatchEnd = (_roomId, reason) => nextMatch(w, slot, reason, 0.5);
  return slot;
}

export { PASSWORD as SOAK_PASSWORD };

/** A match of this slot ended: count it (a share of it when each player reports it), then the next after a pause. */
function nextMatch(w: World, slot: Starter, reason: string, share: number): void {
  w.tally.matchesFinished += share;
  w.tally.results[reason] = (w.tally.results[reason] ?? 0) + share;
  w.later(w.uniform(...w.cfg.betweenMatchesMs), () => void slot.start());
}
