/**
 * Direct challenges (issue 17 §3): an account invites another by username to a private match with a chosen
 * clock (untimed allowed: nobody else is waiting on it). Pending for `CHALLENGE_TTL_MS`; every change goes to
 * both users' sockets as `challenge:update`, and each pending one again on hello.
 *
 * A target that does not exist, is a guest, is the sender, is away, or blocked (or was blocked by) the sender
 * gets one answer, `challenge-unavailable`, with one message: a block must not be revealed. Away means no socket
 * closed and no sign-in over HTTP in the last `RECONNECT_GRACE_MS`: a page reloading, or connecting after its
 * sign-up or sign-in, is still there, and hears the challenge on its hello.
 */
import { randomBytes } from 'node:crypto';
import { CHALLENGE_TTL_MS, type AckError, type ChallengeUpdate, type ClockConfig, type MatchFormat } from '@vroyale/protocol';
import type { TimerHandle } from '../time/clock.js';
import type { MatchmakingHost, Player } from './host.js';

/** Pending challenges one sender may have at once (more is spam). */
export const CHALLENGES_PER_SENDER = 3;
export const UNAVAILABLE = 'That player cannot be challenged right now';
/**
 * How long a user with no socket, whose last one closed or who signed in over HTTP, can still be challenged (and a
 * challenge of theirs accepted).
 */
export const RECONNECT_GRACE_MS = 15_000;

interface Challenge {
  id: string;
  from: Player & { username: string };
  to: { userId: string; username: string };
  clock: ClockConfig;
  format: MatchFormat;
  expiresAt: number;
  timer: TimerHandle;
}

type Result = { ok: true; update: ChallengeUpdate } | AckError;
const refuse = (code: AckError['code'], message: string): AckError => ({ ok: false, code, message });

export class Challenges {
  private readonly byId = new Map<string, Challenge>();
  private readonly byUser = new Map<string, Set<Challenge>>();
  /** When each user with no socket left had their last one close or signed in (oldest first; kept `RECONNECT_GRACE_MS`). */
  private readonly leftAt = new Map<string, number>();

  constructor(private readonly h: MatchmakingHost) {}

  /** The account facts are read first; everything after them is synchronous. */
  async send(from: Player, targetName: string, clock: ClockConfig | undefined, format: MatchFormat = 'bo1'): Promise<Result> {
    const facts = this.h.facts;
    const [username, bannedAt, toId] = await Promise.all([facts.usernameOf(from.userId), facts.bannedAt(from.userId), facts.userIdOf(targetName)]);
    if (!username) return refuse('not-signed-in', 'Challenges need an account: register or sign in first');
    if (bannedAt !== null) return refuse('banned', 'This account is banned');
    const [toName, toBanned] = toId ? await Promise.all([facts.usernameOf(toId), facts.bannedAt(toId)]) : [null, null];
    if (!toId || !toName || toId === from.userId || !this.reachable(toId) || this.h.blocked(from.userId, toId) || toBanned !== null)
      return refuse('challenge-unavailable', UNAVAILABLE);
    const mine = [...(this.byUser.get(from.userId) ?? [])].filter((c) => c.from.userId === from.userId);
    if (mine.length >= CHALLENGES_PER_SENDER)
      return refuse('rate-limited', `You already have ${CHALLENGES_PER_SENDER} pending challenges; cancel one or wait for an answer`);
    const id = randomBytes(9).toString('base64url');
    const c: Challenge = {
      id,
      from: { ...from, username },
      to: { userId: toId, username: toName },
      clock: clock ?? this.h.defaultClock,
      format,
      expiresAt: this.h.clock.now() + CHALLENGE_TTL_MS,
      timer: null as unknown as TimerHandle,
    };
    c.timer = this.h.clock.setTimeout(() => this.end(c, 'expired', null), CHALLENGE_TTL_MS);
    this.byId.set(id, c);
    for (const u of [from.userId, toId]) (this.byUser.get(u) ?? this.byUser.set(u, new Set()).get(u)!).add(c);
    const update = this.update(c, 'pending', null);
    this.tell(c, update);
    return { ok: true, update };
  }

  /** The target accepts (with their roster: the match starts, challenger in seat A) or declines. */
  async answer(userId: string, challengeId: string, accept: Player | null): Promise<Result> {
    const c = this.byId.get(challengeId);
    if (!c || c.to.userId !== userId) return refuse('not-pending', 'That challenge is no longer open');
    if (!accept) return { ok: true, update: this.end(c, 'declined', null) };
    // Things may have changed since it was sent: the challenger left, was banned, or a block came between them.
    const from = c.from.userId;
    const fromBanned = await this.h.facts.bannedAt(from);
    // It may have ended (cancelled, expired, answered from another tab) while the ban was read.
    if (this.byId.get(challengeId) !== c) return refuse('not-pending', 'That challenge is no longer open');
    if (!this.reachable(from) || fromBanned !== null || this.h.blocked(from, userId)) {
      this.end(c, 'cancelled', null);
      return refuse('challenge-unavailable', UNAVAILABLE);
    }
    const roomId = await this.h.startMatch('challenge', c.clock, c.from, { ...accept, username: c.to.username }, c.format);
    return { ok: true, update: this.end(c, 'accepted', roomId) };
  }

  cancel(userId: string, challengeId: string): Result {
    const c = this.byId.get(challengeId);
    if (!c || c.from.userId !== userId) return refuse('not-pending', 'That challenge is no longer open');
    return { ok: true, update: this.end(c, 'cancelled', null) };
  }

  /** A socket said hello: every pending challenge to or from its user. */
  hello(userId: string, socketId: string): void {
    this.leftAt.delete(userId);
    for (const c of this.byUser.get(userId) ?? []) this.h.send([socketId], 'challenge:update', this.update(c, 'pending', null));
  }

  /**
   * A socket of this user closed, or they signed in or registered over HTTP (their page is about to connect): with
   * no socket now, they are reachable for `RECONNECT_GRACE_MS`.
   */
  arriving(userId: string): void {
    if (this.h.socketsOf(userId).length > 0) return;
    const now = this.h.clock.now();
    this.leftAt.delete(userId);
    this.leftAt.set(userId, now);
    for (const [u, at] of this.leftAt) {
      if (now - at <= RECONNECT_GRACE_MS) break;
      this.leftAt.delete(u);
    }
  }

  /** Has a socket, or had one or signed in a moment ago (a reload, a page connecting). */
  private reachable(userId: string): boolean {
    if (this.h.socketsOf(userId).length > 0) return true;
    const at = this.leftAt.get(userId);
    return at !== undefined && this.h.clock.now() - at <= RECONNECT_GRACE_MS;
  }

  pendingCount(): number {
    return this.byId.size;
  }

  stop(): void {
    for (const c of this.byId.values()) this.h.clock.clearTimeout(c.timer);
    this.byId.clear();
    this.byUser.clear();
    this.leftAt.clear();
  }

  private end(c: Challenge, status: ChallengeUpdate['status'], roomId: string | null): ChallengeUpdate {
    this.h.clock.clearTimeout(c.timer);
    this.byId.delete(c.id);
    for (const u of [c.from.userId, c.to.userId]) {
      const set = this.byUser.get(u);
      set?.delete(c);
      if (set?.size === 0) this.byUser.delete(u);
    }
    const update = this.update(c, status, roomId);
    this.tell(c, update);
    return update;
  }

  private update(c: Challenge, status: ChallengeUpdate['status'], roomId: string | null): ChallengeUpdate {
    return {
      challengeId: c.id,
      from: { username: c.from.username },
      to: { username: c.to.username },
      clock: c.clock,
      format: c.format,
      status,
      expiresAt: c.expiresAt,
      roomId,
    };
  }

  private tell(c: Challenge, u: ChallengeUpdate): void {
    const sockets = [...this.h.socketsOf(c.from.userId), ...this.h.socketsOf(c.to.userId)];
    if (sockets.length > 0) this.h.send(sockets, 'challenge:update', u);
  }
}
