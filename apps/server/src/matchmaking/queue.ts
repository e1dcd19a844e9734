/**
 * The matchmaking queues (issue 17 §3). One entry per user (all their tabs share it and hear every change
 * through `queue:state`), paired by pairing.ts on a tick every second and on every join, on the injected Clock.
 *
 * - Both paired users have a socket → the match starts at once (`matched`), the longer waiter in seat A (the
 *   seat does not decide who starts: the match seed flips the coin).
 * - One of them has none (a reload, a dropped connection) → `found` for `QUEUE_ACCEPT_MS`: a present user has
 *   accepted by being there; the absent one sees `found` on their next hello and answers `queue:accept`. Both
 *   accepted → start. The deadline passing → who had not accepted leaves the queue (`you-missed`), the other
 *   searches again with their original `since` (`opponent-missed`).
 * - A user whose sockets all closed stays queued `GRACE_MS`, then leaves.
 * - Nobody queues while seated in a live ranked or casual match (`already-playing`).
 */
import { QUEUE_ACCEPT_MS, ratingQueueOf, type AckError, type MatchFormat, type QueueName, type QueueState, type Seat } from '@vroyale/protocol';
import type { TimerHandle } from '../time/clock.js';
import type { MatchmakingHost, Player } from './host.js';
import { pairEntries } from './pairing.js';

export const TICK_MS = 1_000;
/** How long a user with no socket stays queued (a reload or a short drop must not cost their place). */
export const GRACE_MS = 60_000;

interface Entry extends Player {
  queue: QueueName;
  /** Best-of-one or best-of-three: its own queue (`pool`) and its own rating. */
  format: MatchFormat;
  pool: string;
  rating: number;
  since: number;
  pending: Pending | null;
  grace: TimerHandle | null;
}

interface Pending {
  entries: [Entry, Entry];
  deadline: number;
  accepted: Set<string>;
  timer: TimerHandle;
}

type Result = { ok: true; state: QueueState } | AckError;
const refuse = (code: AckError['code'], message: string): AckError => ({ ok: false, code, message });

export class MatchmakingQueue {
  private readonly entries = new Map<string, Entry>();
  private ticker: TimerHandle | null = null;
  /** Counters for tests and metrics. */
  readonly stats = { pairs: 0, started: 0, missed: 0 };

  constructor(private readonly h: MatchmakingHost) {}

  /** The account facts are read first; everything after them is synchronous (no other event interleaves). */
  async join(userId: string, queue: QueueName, player: Player, format: MatchFormat = 'bo1'): Promise<Result> {
    const facts = this.h.facts;
    const rated = ratingQueueOf(queue, format);
    const [username, bannedAt, rating] = await Promise.all([facts.usernameOf(userId), facts.bannedAt(userId), facts.ratingOf(userId, rated)]);
    if (bannedAt !== null) return refuse('banned', 'This account is banned and cannot queue');
    if (queue === 'ranked' && !username) return refuse('not-signed-in', 'Ranked play needs an account: register or sign in first');
    // One queue match at a time (ranked or casual): a queue must never seat someone twice at once.
    if (this.h.inLiveMatch(userId, ['ranked', 'casual'])) return refuse('already-playing', 'Finish your current ranked or casual match before queueing again');
    const old = this.entries.get(userId);
    if (old?.pending) this.breakPending(old.pending, userId, 'opponent-left');
    if (old) this.drop(old);
    const now = this.h.clock.now();
    // Switching deck in the same queue keeps the place; another queue (or format) starts a new wait.
    const since = old && old.pool === rated ? old.since : now;
    const e: Entry = { ...player, username, queue, format, pool: rated, rating: rating.rating, since, pending: null, grace: null };
    this.entries.set(userId, e);
    if (this.h.socketsOf(userId).length === 0) this.startGrace(e);
    const state = this.stateOf(userId);
    // Every tab of the user hears it (the caller's ack says it too). The tick runs after the ack is sent.
    this.tell(userId, state);
    queueMicrotask(() => this.tick());
    return { ok: true, state };
  }

  leave(userId: string): QueueState {
    const e = this.entries.get(userId);
    if (e?.pending) this.breakPending(e.pending, userId, 'opponent-left');
    if (e) this.drop(e);
    const state: QueueState = { status: 'idle' };
    this.tell(userId, state);
    return state;
  }

  accept(userId: string): Result {
    const p = this.entries.get(userId)?.pending;
    if (!p) return refuse('not-pending', 'There is no pairing waiting for you');
    p.accepted.add(userId);
    if (p.accepted.size === 2) void this.start(p);
    else for (const e of p.entries) this.tell(e.userId, this.stateOf(e.userId));
    return { ok: true, state: this.stateOf(userId) };
  }

  /**
   * Takes the user out of the queue for a reason that is not their own doing (signed out, banned: the accounts
   * code calls this); their sockets hear `idle` with the reason, a found opponent searches again.
   */
  remove(userId: string, reason: 'banned' | 'signed-out'): void {
    const e = this.entries.get(userId);
    if (!e) return;
    if (e.pending) this.breakPending(e.pending, userId, 'opponent-left');
    this.drop(e);
    this.tell(userId, { status: 'idle', reason });
  }

  /** A socket of this user said hello: their state (and a found pairing) reaches it; the grace ends. */
  hello(userId: string, socketId: string): void {
    const e = this.entries.get(userId);
    if (e?.grace) {
      this.h.clock.clearTimeout(e.grace);
      e.grace = null;
    }
    this.h.send([socketId], 'queue:state', this.stateOf(userId));
  }

  /** A socket of this user closed: with none left, the grace period starts. */
  socketClosed(userId: string): void {
    const e = this.entries.get(userId);
    if (e && !e.pending && this.h.socketsOf(userId).length === 0) this.startGrace(e);
  }

  stateOf(userId: string): QueueState {
    const e = this.entries.get(userId);
    const serverNow = this.h.clock.now();
    if (!e) {
      // Matched and still playing: a reload hears it again (nothing kept here: the rooms know).
      const live = this.h.liveSeat(userId, ['ranked', 'casual']);
      return live ? { status: 'matched', queue: live.kind as QueueName, format: live.format, roomId: live.roomId, seat: live.seat } : { status: 'idle' };
    }
    if (e.pending) {
      const other = e.pending.entries.find((o) => o !== e)!;
      return {
        status: 'found',
        queue: e.queue,
        format: e.format,
        deadline: e.pending.deadline,
        serverNow,
        accepted: e.pending.accepted.has(userId),
        opponentAccepted: e.pending.accepted.has(other.userId),
      };
    }
    return { status: 'searching', queue: e.queue, format: e.format, since: e.since, serverNow };
  }

  /** Waiting entries (tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.ticker) this.h.clock.clearTimeout(this.ticker);
    this.ticker = null;
    for (const e of this.entries.values()) this.drop(e);
  }

  // --- pairing --------------------------------------------------------------------------------------------

  /** Runs on a timer: a failure is logged, never thrown (it would end the process), and the ticking goes on. */
  tick(): void {
    if (this.ticker) this.h.clock.clearTimeout(this.ticker);
    this.ticker = null;
    // One tick at a time: a tick asked for while one reads the bans runs right after it.
    if (this.ticking) return void (this.tickAgain = true);
    this.ticking = true;
    void this.pairNow()
      .catch((e: unknown) => this.h.log.error({ err: e }, 'matchmaking tick failed'))
      .finally(() => {
        this.ticking = false;
        if (this.tickAgain) {
          this.tickAgain = false;
          return this.tick();
        }
        if (this.entries.size > 0 && !this.stopped) this.ticker = this.h.clock.setTimeout(() => this.tick(), TICK_MS);
      });
  }

  private ticking = false;
  private tickAgain = false;
  private stopped = false;

  private async pairNow(): Promise<void> {
    // A ban issued while someone waits takes effect at the next tick (one read for every waiting entry); the
    // pairing after it is synchronous, on the entries as they are then.
    const waiting = [...this.entries.values()].filter((e) => !e.pending).map((e) => e.userId);
    const [banned] = await Promise.all([waiting.length > 0 ? this.h.facts.bannedAmong(waiting) : new Set<string>(), this.h.loadBlocks(waiting)]);
    for (const id of banned) if (this.entries.get(id) && !this.entries.get(id)!.pending) this.remove(id, 'banned');
    const free = [...this.entries.values()].filter((e) => !e.pending);
    const now = this.h.clock.now();
    for (const [a, b] of pairEntries(free, now, (x, y) => this.h.blocked(x, y))) {
      // A match started above awaited its save: someone may have left or been paired since.
      if (this.entries.get(a.userId) !== a || this.entries.get(b.userId) !== b || a.pending || b.pending) continue;
      this.stats.pairs++;
      const deadline = now + QUEUE_ACCEPT_MS;
      const present = [a, b].filter((e) => this.h.socketsOf(e.userId).length > 0).map((e) => e.userId);
      const p: Pending = { entries: [a, b], deadline, accepted: new Set(present), timer: null as unknown as TimerHandle };
      a.pending = b.pending = p;
      for (const e of [a, b]) if (e.grace) (this.h.clock.clearTimeout(e.grace), (e.grace = null));
      if (p.accepted.size === 2) {
        await this.start(p);
        continue;
      }
      p.timer = this.h.clock.setTimeout(() => this.missed(p), QUEUE_ACCEPT_MS);
      for (const e of [a, b]) this.tell(e.userId, this.stateOf(e.userId));
    }
  }

  /** Both accepted: the match is made and saved, then both hear `matched` (their entries stay pending meanwhile). */
  private async start(p: Pending): Promise<void> {
    if (p.timer) this.h.clock.clearTimeout(p.timer);
    const [a, b] = p.entries;
    let roomId: string;
    try {
      roomId = await this.h.startMatch(a.queue, this.h.defaultClock, a, b, a.format);
    } catch (e) {
      // The room could not be made or saved (storage failed): both keep their place and their wait.
      this.h.log.error({ err: e, users: [a.userId, b.userId] }, 'queue match could not start');
      for (const x of [a, b]) if (this.entries.get(x.userId) === x) ((x.pending = null), this.tell(x.userId, this.stateOf(x.userId)));
      return;
    }
    // An entry replaced while the match was saved (the user queued again) is theirs to keep.
    for (const x of [a, b]) if (this.entries.get(x.userId) === x) this.entries.delete(x.userId);
    this.stats.started++;
    for (const [e, seat] of [
      [a, 'A'],
      [b, 'B'],
    ] as [Entry, Seat][]) {
      this.tell(e.userId, { status: 'matched', queue: e.queue, format: e.format, roomId, seat });
    }
  }

  /** The window closed: who had not accepted leaves, the other searches again with the wait they had. */
  private missed(p: Pending): void {
    this.stats.missed++;
    for (const e of p.entries) {
      e.pending = null;
      if (p.accepted.has(e.userId)) {
        this.tell(e.userId, { ...(this.stateOf(e.userId) as QueueState & { status: 'searching' }), reason: 'opponent-missed' });
        if (this.h.socketsOf(e.userId).length === 0) this.startGrace(e);
      } else {
        this.drop(e);
        this.tell(e.userId, { status: 'idle', reason: 'you-missed' });
      }
    }
    this.tick();
  }

  /** `leaver` left (or switched) during a found window: the other searches again. */
  private breakPending(p: Pending, leaver: string, reason: 'opponent-left'): void {
    if (p.timer) this.h.clock.clearTimeout(p.timer);
    for (const e of p.entries) {
      e.pending = null;
      if (e.userId === leaver) continue;
      this.tell(e.userId, { ...(this.stateOf(e.userId) as QueueState & { status: 'searching' }), reason });
      if (this.h.socketsOf(e.userId).length === 0) this.startGrace(e);
    }
    queueMicrotask(() => this.tick());
  }

  private startGrace(e: Entry): void {
    if (e.grace) return;
    e.grace = this.h.clock.setTimeout(() => {
      e.grace = null;
      if (this.entries.get(e.userId) === e && !e.pending) this.drop(e);
    }, GRACE_MS);
  }

  private drop(e: Entry): void {
    if (e.grace) this.h.clock.clearTimeout(e.grace);
    e.grace = null;
    if (this.entries.get(e.userId) === e) this.entries.delete(e.userId);
  }

  private tell(userId: string, state: QueueState): void {
    const sockets = this.h.socketsOf(userId);
    if (sockets.length > 0) this.h.send(sockets, 'queue:state', state);
  }
}
