/**
 * What every actor of the soak benchmark shares: the server's address, the random source, people-like think
 * times, timers that all stop at once, the rooms with a live match (spectators pick from them), the tally of what
 * happened, and the acknowledged actions the database is checked against at the end.
 */
import { io, type Socket } from 'socket.io-client';
import type { AckedActions } from './soak-server.js';

export interface SoakTally {
  actions: number;
  stale: number;
  /** Other refusals of actions, by code. */
  refused: Record<string, number>;
  /** Actions whose ack never came (the socket dropped first, or 30 s passed): not counted as acknowledged. */
  unanswered: number;
  matchesStarted: { private: number; bot: number; queue: number };
  matchesFinished: number;
  results: Record<string, number>;
  queueJoins: number;
  reconnects: number;
  unexpectedDisconnects: number;
  spectates: number;
  spectateLeaves: number;
  registrations: number;
  signIns: number;
  signOuts: number;
  /** `server:notice {kind:'signed-out'}` received by the signed-out session's socket. */
  signedOutNotices: number;
  settingsSaved: number;
  chats: number;
  /** Anything unexpected (a refused join, a failed request): counted, the first few kept. */
  problems: number;
  firstProblems: string[];
}

const newTally = (): SoakTally => ({
  actions: 0,
  stale: 0,
  refused: {},
  unanswered: 0,
  matchesStarted: { private: 0, bot: 0, queue: 0 },
  matchesFinished: 0,
  results: {},
  queueJoins: 0,
  reconnects: 0,
  unexpectedDisconnects: 0,
  spectates: 0,
  spectateLeaves: 0,
  registrations: 0,
  signIns: 0,
  signOuts: 0,
  signedOutNotices: 0,
  settingsSaved: 0,
  chats: 0,
  problems: 0,
  firstProblems: [],
});

export interface WorldConfig {
  /** Median think time of a decision (log-normal, σ 0.75: most are quick, a few take many seconds). */
  thinkMedianMs: number;
  /** Pause between one match's end and the next one's start, [min, max] ms. */
  betweenMatchesMs: [number, number];
  /** Mean minutes between a player's dropped connections during a match (exponential); 0: never. */
  reconnectEveryMin: number;
  /** Share of a player's accepted actions followed by a chat line. */
  chatShare: number;
}

export type Sock = Socket;

export class World {
  readonly tally = newTally();
  readonly acked: AckedActions = new Map();
  /** Rooms whose match is live, as the players last saw them. */
  readonly liveRooms = new Set<string>();
  stopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();

  constructor(
    readonly url: string,
    readonly cfg: WorldConfig,
    readonly rnd: () => number,
  ) {}

  /** Runs `fn` after `ms` unless the world stops first. */
  later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopping) fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  cancel(t: NodeJS.Timeout | null): void {
    if (!t) return;
    clearTimeout(t);
    this.timers.delete(t);
  }

  /** Resolves after `ms`, or at once when the world stops. */
  sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.sleepers.delete(done);
        resolve();
      };
      this.sleepers.add(done);
      this.later(ms, done);
    });
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.rnd();
  }

  /** A person's think time: log-normal around the median, at least 250 ms, at most 30 s. */
  think(): number {
    const z = Math.sqrt(-2 * Math.log(1 - this.rnd())) * Math.cos(2 * Math.PI * this.rnd());
    return Math.min(30_000, Math.max(250, this.cfg.thinkMedianMs * Math.exp(0.75 * z)));
  }

  pick<T>(xs: readonly T[]): T | undefined {
    return xs.length ? xs[Math.floor(this.rnd() * xs.length)] : undefined;
  }

  problem(what: string): void {
    this.tally.problems++;
    if (this.tally.firstProblems.length < 20) this.tally.firstProblems.push(what.slice(0, 300));
  }

  count(map: Record<string, number>, key: string): void {
    map[key] = (map[key] ?? 0) + 1;
  }

  /** A socket from `localAddress` (its own household: the per-address limits see it as on the internet). */
  socket(localAddress: string, headers?: Record<string, string>): Promise<Sock> {
    return new Promise((resolve, reject) => {
      const s = io(this.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        localAddress,
        ...(headers ? { extraHeaders: headers } : {}),
      } as Parameters<typeof io>[1]);
      s.once('connect', () => resolve(s));
      s.once('connect_error', (e) => {
        s.disconnect();
        reject(e);
      });
    });
  }

  /** A JSON request as a tool (Bearer) or as the server's own page (cookie + Origin). */
  async http(
    method: string,
    path: string,
    o: { body?: unknown; bearer?: string; cookie?: string } = {},
  ): Promise<{ status: number; body: any; setCookie: string | null }> {
    const headers: Record<string, string> = {};
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.bearer) headers.authorization = `Bearer ${o.bearer}`;
    if (o.cookie) {
      headers.cookie = o.cookie;
      headers.origin = this.url;
    }
    const res = await fetch(`${this.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const text = await res.text();
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('vroyale_session=')) ?? null;
    return { status: res.status, body: text ? JSON.parse(text) : null, setCookie: setCookie ? setCookie.split(';')[0]! : null };
  }

  /** Ends every timer and wakes every sleeper; actors see `stopping` and close their sockets. */
  stop(): void {
    this.stopping = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
  }
}
