/**
 * A room: two seats, the sockets watching, its chat, and (once both seats are taken) the match's master.
 * A seat belongs to a user, not a socket: any socket of that user acts for the seat, and when the last one
 * goes the seat is held for `seatHoldMs` before it is given up (waiting room) or lost (match: 'abandoned').
 */
import { BOT_LISTED_MS } from '../master/bot-listing.js';
import { createGame, other, type CardDef, type Viewer } from '@vroyale/engine';
import {
  isUntimed,
  LIMITS,
  type ChatMessage,
  type ClockConfig,
  type MatchResult,
  type RematchState,
  type RoomState,
  type RoomStatus,
  type RoomSummary,
  type MatchKind,
  type Seat,
  type SeatInfo,
  type SummarySeat,
  type Visibility,
} from '@vroyale/protocol';
import { matchSeed, newMatchId } from '../identity/ids.js';
import type { Blocks } from '../identity/blocks.js';
import type { Users } from '../identity/users.js';
import { MatchMaster, type MasterDeps, type MasterRoom } from '../master/match-master.js';
import { inBackground } from '../storage/background-write.js';
import type { MatchRecord, Occupant, RoomRecord, Seats } from '../storage/records.js';
import { TokenBucket } from '../net/token-bucket.js';
import type { TimerHandle } from '../time/clock.js';

export interface RoomDeps extends MasterDeps {
  pool: Record<string, CardDef>;
  users: Users;
  /** Chat lines from someone a member blocked never reach that member (identity/blocks.ts). */
  blocks: Pick<Blocks, 'blockedBy'>;
  /** The lobby's hook: this room's summary changed. */
  onRoomChanged(room: Room): void;
  /** The lobby's hook: only the match's turn (or whose it is) changed, as spectators see it. */
  onRoomProgress?(room: Room): void;
}

/** A bot match is listed for spectators only while its manager is playing: one who acted this recently. */
/** Kinds whose live matches the lobby lists for anyone to watch, whatever the room's visibility. */
const WATCHABLE: ReadonlySet<MatchKind> = new Set(['ranked', 'casual', 'challenge']);
/** The rating the lobby shows for a seat, read once the match begins (`loadRatings`). */
type SeatRating = { rating: number; provisional: boolean };
const PROVISIONAL_RD = 110;

const SEATS: readonly Seat[] = ['A', 'B'];
/**
 * Spectators coming and going are told to the room at most this often: one message per member per join made
 * 500 watchers with a few of them toggling cost the managers seconds of delay (issue 15 §3).
 */
export const PRESENCE_EVERY_MS = 250;

export class Room implements MasterRoom {
  readonly roomId: string;
  readonly visibility: Visibility;
  readonly clockConfig: ClockConfig;
  readonly createdAt: number;
  /** How the room came about (issue 17): stored on its match, decides whether the result is rated. */
  readonly kind: MatchKind;
  status: RoomStatus;
  seats: Seats;
  master: MatchMaster | null = null;
  /**
   * Settles once the match start's rows (room, match, players) are committed, or rejects if the store refused
   * them. Matchmaking waits for it before seating anyone's sockets; a room:join does not (see CONTEXT.md).
   */
  matchSaved: Promise<void> = Promise.resolve();
  finishedAt: number | null = null;
  /** The match seed to use instead of a random one (the tutorial's, rooms/tutorial.ts). */
  fixedSeed: string | null = null;
  /** After the match: the seats that asked for a rematch, and the room it started in (see rematch.ts). */
  readonly rematch: RematchState = { offers: [], roomId: null };
  readonly chatLog: ChatMessage[] = [];
  /** The sender's user id of each `chatLog` line (lines carry names, not ids), for the block filter. */
  private readonly chatFrom: string[] = [];
  /** Chat lines per user in this room (a token bucket each; dropped with the room). */
  private readonly chatBuckets = new Map<string, TokenBucket>();
  /** Attached sockets → their user. */
  private readonly members = new Map<string, string>();
  private readonly holds = new Map<Seat, { deadline: number; handle: TimerHandle }>();
  /** Seats whose hold ran out while the other manager was away too: their loss waits on that manager. */
  private readonly expired = new Set<Seat>();
  /** The pending coalesced presence broadcast, if any. */
  private presenceTimer: TimerHandle | null = null;
  /** The spectator count of the last broadcast, and what each socket that entered since was told on entering. */
  private toldAll = 0;
  private readonly toldJoiners = new Map<string, number>();
  /** The managers' ratings as the lobby shows them (null: none to show, or not read yet). */
  private readonly ratings: Record<Seat, SeatRating | null> = { A: null, B: null };

  constructor(
    private readonly deps: RoomDeps,
    rec: RoomRecord,
  ) {
    this.roomId = rec.id;
    this.visibility = rec.visibility;
    this.clockConfig = rec.clock;
    this.createdAt = rec.createdAt;
    this.kind = rec.kind ?? 'room';
    this.status = rec.status === 'active' ? 'active' : rec.status === 'waiting' ? 'waiting' : 'finished';
    this.seats = rec.seats;
  }

  record(): RoomRecord {
    return {
      id: this.roomId,
      visibility: this.visibility,
      status: this.status,
      clock: this.clockConfig,
      seats: this.seats,
      matchId: this.master?.id ?? null,
      createdAt: this.createdAt,
      kind: this.kind,
    };
  }

  seatOf(userId: string): Seat | null {
    for (const s of SEATS) if (this.seats[s]?.userId === userId) return s;
    return null;
  }

  hasMember(socketId: string): boolean {
    return this.members.has(socketId);
  }

  get memberCount(): number {
    return this.members.size;
  }

  *viewers(): Iterable<{ socketId: string; viewer: Viewer }> {
    for (const [socketId, userId] of this.members) yield { socketId, viewer: this.seatOf(userId) ?? 'spectator' };
  }

  private socketsOfSeat(seat: Seat): string[] {
    const occ = this.seats[seat];
    if (!occ) return [];
    return [...this.members].filter(([, u]) => u === occ.userId).map(([s]) => s);
  }

  // --- membership -----------------------------------------------------------------------------------------

  /**
   * A socket enters (manager or spectator): it gets the room state, once a match runs its full view and the
   * match's public record so far, and the recent chat. A manager's socket changes what matters to play (connected, hold) and is told to all at once;
   * a spectator's only changes the count, which the others learn from the next coalesced broadcast.
   */
  attach(socketId: string, userId: string): void {
    this.members.set(socketId, userId);
    const seat = this.seatOf(userId);
    if (seat) {
      this.returned(seat);
      this.broadcastState();
    } else {
      const state = this.stateFor(null);
      this.deps.transport.send(socketId, 'room:state', state);
      this.toldJoiners.set(socketId, state.spectators);
      this.presenceChanged();
    }
    this.master?.sendFull([socketId], seat ?? 'spectator');
    this.master?.sendLogHistory([socketId], seat ?? 'spectator');
    this.sendChatHistory(socketId, userId);
    this.deps.onRoomChanged(this);
  }

  detach(socketId: string): void {
    const userId = this.members.get(socketId);
    if (userId === undefined) return;
    this.members.delete(socketId);
    this.toldJoiners.delete(socketId);
    const seat = this.seatOf(userId);
    if (seat) {
      if (this.socketsOfSeat(seat).length === 0) this.startHold(seat);
      this.broadcastState();
    } else this.presenceChanged();
    this.deps.onRoomChanged(this);
  }

  /** The spectator count changed: one broadcast per `PRESENCE_EVERY_MS` at most, and only if someone is behind. */
  private presenceChanged(): void {
    if (this.presenceTimer) return;
    this.presenceTimer = this.deps.clock.setTimeout(() => {
      this.presenceTimer = null;
      const now = this.spectatorCount();
      if (this.toldAll !== now) return this.broadcastState();
      for (const told of this.toldJoiners.values()) if (told !== now) return this.broadcastState();
    }, PRESENCE_EVERY_MS);
  }

  /** A manager leaves on purpose: in a waiting room that frees the seat at once. */
  leave(socketId: string, userId: string): void {
    const seat = this.seatOf(userId);
    this.detach(socketId);
    if (seat && this.status === 'waiting' && this.socketsOfSeat(seat).length === 0) this.freeSeat(seat);
  }

  // --- seats ----------------------------------------------------------------------------------------------

  takeSeat(
    occupant: Occupant,
    want: Seat | 'any' | undefined,
  ): { ok: true; seat: Seat } | { ok: false; code: 'room-full' | 'seat-taken' | 'not-started'; message: string } {
    if (this.status !== 'waiting') return { ok: false, code: 'room-full', message: 'This match has already started; you can watch it' };
    const free = SEATS.filter((s) => this.seats[s] === null);
    if (free.length === 0) return { ok: false, code: 'room-full', message: 'Both seats are taken; you can watch instead' };
    const seat = want && want !== 'any' ? want : free[0]!;
    if (this.seats[seat] !== null) return { ok: false, code: 'seat-taken', message: 'Someone just took that seat; take the other one or watch' };
    this.seats[seat] = occupant;
    this.save();
    if (this.seats.A && this.seats.B) this.startMatch();
    return { ok: true, seat };
  }

  /** Saves the room record behind the change just made in memory (storage/background-write.ts). */
  private save(): void {
    inBackground(this.deps.log, this.deps.storage.saveRoom(this.record(), this.deps.clock.now()), 'saving a room failed', { roomId: this.roomId });
  }

  private freeSeat(seat: Seat): void {
    this.cancelHold(seat);
    this.seats[seat] = null;
    this.save();
    this.broadcastState();
    this.deps.onRoomChanged(this);
  }

  private startMatch(): void {
    const seats = { A: this.seats.A!, B: this.seats.B! };
    const seed = this.fixedSeed ?? matchSeed(this.deps.config.matchSeed);
    const created = createGame({ seed, pool: this.deps.pool, rosters: { A: seats.A.roster, B: seats.B.roster } });
    if (!created.ok) throw new Error(`createGame refused validated rosters: ${created.message}`);
    const now = this.deps.clock.now();
    const match: MatchRecord = {
      id: newMatchId(),
      roomId: this.roomId,
      seed,
      rosters: { A: seats.A.roster, B: seats.B.roster },
      seats,
      status: 'active',
      result: null,
      clocks: isUntimed(this.clockConfig) ? { A: 0, B: 0 } : { A: this.clockConfig.initialMs, B: this.clockConfig.initialMs },
      createdAt: now,
      kind: this.kind,
      endedAt: null,
    };
    this.status = 'active';
    // Issued before the master exists, so nothing it schedules can write an action for an unknown match (the
    // store applies writes in the order they were issued; the first append waits behind this one).
    this.matchSaved = this.deps.storage.startMatch({ ...this.record(), matchId: match.id }, match, now);
    inBackground(this.deps.log, this.matchSaved, 'saving a match start failed', { roomId: this.roomId, matchId: match.id });
    // In a cluster the lease is issued right behind the start row, so it is recorded before the first append's
    // batch (the write lane keeps issue order); if another node somehow holds it, the first append is fenced.
    if (this.deps.ownership) void this.deps.ownership.acquire(match.id, 'acquired');
    this.master = new MatchMaster(this.deps, this, match, created.state, new Map());
    this.deps.log.info({ roomId: this.roomId, matchId: match.id }, 'match started');
    this.loadRatings();
    for (const [viewer, ids] of this.groupMembers()) this.master.sendFull(ids, viewer);
    // Seats whose sockets already left before the match began start their hold now.
    for (const s of SEATS) if (!this.seats[s]!.bot && this.socketsOfSeat(s).length === 0) this.startHold(s);
    this.broadcastState();
    this.deps.onRoomChanged(this);
  }

  /** After a restart: the match's master rebuilt from its log. */
  restoreMaster(master: MatchMaster): void {
    this.master = master;
    this.holdAbsentSeats();
    this.loadRatings();
  }

  /**
   * The ratings the lobby lists beside the names: the match's own queue for ranked and casual (guests have a
   * casual one), an account's ranked rating otherwise; nothing for bots, or for guests outside the queues. Read
   * once at the start (a failed read only leaves the number out).
   */
  private loadRatings(): void {
    const queue = this.kind === 'casual' ? 'casual' : 'ranked';
    for (const s of SEATS) {
      const occ = this.seats[s];
      if (!occ || occ.bot || (!occ.username && this.kind !== 'ranked' && this.kind !== 'casual')) continue;
      this.deps.storage.facts.ratingOf(occ.userId, queue).then(
        (r) => {
          this.ratings[s] = { rating: Math.round(r.rating), provisional: r.rd > PROVISIONAL_RD };
          this.deps.onRoomChanged(this);
        },
        (e: unknown) => this.deps.log.warn({ err: e, roomId: this.roomId }, 'reading a rating for the lobby failed'),
      );
    }
  }

  /** The master's hook: the turn spectators see moved on (the lobby shows it). */
  onProgress(): void {
    this.deps.onRoomProgress?.(this);
  }

  /** After a restart nobody is connected yet: every human seat waits `seatHoldMs` for its manager. */
  holdAbsentSeats(): void {
    for (const s of SEATS) if (this.seats[s] && !this.seats[s]!.bot && this.socketsOfSeat(s).length === 0) this.startHold(s);
  }

  onMatchEnded(result: MatchResult): void {
    this.status = 'finished';
    this.finishedAt = this.deps.clock.now();
    for (const s of SEATS) this.cancelHold(s);
    this.expired.clear();
    void result;
    // Behind the final append in the write lane: the lease ends once the result is committed.
    if (this.master && this.deps.ownership) void this.deps.ownership.release([this.master.id]);
    this.broadcastState();
    this.deps.onRoomChanged(this);
  }

  /**
   * The seat's user said hello with a new display name: the seat (room record and, once playing, the match's
   * seats, which views and the replay name) shows it from now on, and everyone in the room and the lobby
   * hears of it. Chat lines already sent keep the old name.
   */
  renameOccupant(userId: string, name: string, username?: string): boolean {
    const seat = this.seatOf(userId);
    const occ = seat ? this.seats[seat] : null;
    if (!seat || !occ || occ.bot || (occ.name === name && occ.username === username)) return false;
    occ.name = name;
    // A guest who registered (issue 17) keeps the seat under the account's username.
    if (username) occ.username = username;
    const match = this.master?.match ?? null;
    if (match) {
      match.seats[seat].name = name;
      if (username) match.seats[seat].username = username;
    }
    inBackground(this.deps.log, this.deps.storage.saveSeats(this.record(), match, this.deps.clock.now()), 'saving seats failed', { roomId: this.roomId });
    this.broadcastState();
    this.deps.onRoomChanged(this);
    return true;
  }

  // --- seat holds -----------------------------------------------------------------------------------------

  private startHold(seat: Seat): void {
    if (this.status === 'finished' || this.holds.has(seat) || this.seats[seat]?.bot) return;
    const deadline = this.deps.clock.now() + this.deps.config.seatHoldMs;
    const handle = this.deps.clock.setTimeout(() => this.holdExpired(seat), this.deps.config.seatHoldMs);
    this.holds.set(seat, { deadline, handle });
  }

  private cancelHold(seat: Seat): void {
    const h = this.holds.get(seat);
    if (!h) return;
    this.deps.clock.clearTimeout(h.handle);
    this.holds.delete(seat);
  }

  private holdExpired(seat: Seat): void {
    this.holds.delete(seat);
    if (this.socketsOfSeat(seat).length > 0) return;
    this.deps.log.info({ roomId: this.roomId, seat, status: this.status }, 'seat hold expired');
    if (this.status === 'waiting') this.freeSeat(seat);
    else if (this.status === 'active') this.abandoned(seat);
  }

  /**
   * A seat's hold ran out during the match. With the other manager here, this seat loses. With them away
   * too, nobody is there to win, and the one who left second must not win by leaving later: if the other
   * hold runs out as well the match is a draw; if the other manager comes back first, this seat loses then;
   * if this manager comes back first, play goes on.
   */
  private abandoned(seat: Seat): void {
    const rival = other(seat);
    const rivalAway = !this.seats[rival]!.bot && this.socketsOfSeat(rival).length === 0;
    if (!rivalAway) return void this.master?.serverConcede(seat, 'abandoned');
    if (this.expired.has(rival)) {
      this.expired.clear();
      return void this.master?.serverDraw('abandoned');
    }
    this.expired.add(seat);
  }

  /** A manager's socket is back: their hold ends, and a seat whose hold ran out meanwhile loses now. */
  private returned(seat: Seat): void {
    this.cancelHold(seat);
    this.expired.delete(seat);
    const rival = other(seat);
    if (this.status === 'active' && this.expired.delete(rival)) void this.master?.serverConcede(rival, 'abandoned');
  }

  // --- room state -----------------------------------------------------------------------------------------

  private groupMembers(): Map<Viewer, string[]> {
    const groups = new Map<Viewer, string[]>();
    for (const { socketId, viewer } of this.viewers()) {
      const list = groups.get(viewer);
      if (list) list.push(socketId);
      else groups.set(viewer, [socketId]);
    }
    return groups;
  }

  private seatInfo(seat: Seat, now: number): SeatInfo | null {
    const occ = this.seats[seat];
    if (!occ) return null;
    const hold = this.holds.get(seat);
    const connected = occ.bot || this.socketsOfSeat(seat).length > 0;
    return {
      name: occ.name,
      username: occ.username ?? null,
      bot: occ.bot,
      connected,
      holdDeadline: hold?.deadline ?? null,
      holdRemainingMs: hold ? Math.max(0, hold.deadline - now) : null,
    };
  }

  private spectatorCount(): number {
    let n = 0;
    for (const { viewer } of this.viewers()) if (viewer === 'spectator') n++;
    return n;
  }

  stateFor(yourSeat: Seat | null): RoomState {
    const now = this.deps.clock.now();
    const spectators = this.spectatorCount();
    return {
      roomId: this.roomId,
      visibility: this.visibility,
      kind: this.kind,
      createdAt: this.createdAt,
      status: this.status,
      clock: this.clockConfig,
      seats: { A: this.seatInfo('A', now), B: this.seatInfo('B', now) },
      spectators,
      matchId: this.master?.id ?? null,
      result: this.master?.matchResult ?? null,
      rematch: { offers: [...this.rematch.offers], roomId: this.rematch.roomId },
      yourSeat,
      serverNow: now,
    };
  }

  /** Everyone in the room gets the room state now (it carries the spectator count too, so a pending presence broadcast has nothing left to say). */
  broadcastState(): void {
    this.toldAll = this.spectatorCount();
    this.toldJoiners.clear();
    for (const [viewer, ids] of this.groupMembers()) this.deps.transport.send(ids, 'room:state', this.stateFor(viewer === 'spectator' ? null : viewer));
  }

  /**
   * Whether the lobby lists this room for anyone to join or watch: public rooms; ranked, casual and challenge
   * matches (public by nature, like a chess site's games); a bot match while its manager is playing (acted in the
   * last `BOT_LISTED_MS`); never a private room (its link is the invitation) or the tutorial.
   */
  listed(now: number): boolean {
    if (this.visibility === 'public' || WATCHABLE.has(this.kind)) return true;
    if (this.kind !== 'bot' || !this.master || this.status !== 'active') return false;
    return now - this.master.lastHumanActionAt < BOT_LISTED_MS;
  }

  summary(): RoomSummary {
    const seat = (s: Seat): SummarySeat | null => {
      const o = this.seats[s];
      const r = this.ratings[s];
      return o ? { name: o.name, username: o.username ?? null, bot: o.bot, rating: r?.rating ?? null, provisional: r?.provisional ?? false } : null;
    };
    const spectators = this.spectatorCount();
    const p = this.master?.progress ?? null;
    return {
      roomId: this.roomId,
      kind: this.kind,
      status: this.status,
      clock: this.clockConfig,
      seats: { A: seat('A'), B: seat('B') },
      spectators,
      createdAt: this.createdAt,
      turn: p?.turn ?? null,
      active: p?.active ?? null,
      delayed: p?.delayed ?? false,
      result: this.master?.matchResult ?? null,
      endedAt: this.status === 'finished' ? this.finishedAt : null,
    };
  }

  chatAllowed(userId: string): boolean {
    let bucket = this.chatBuckets.get(userId);
    if (!bucket) this.chatBuckets.set(userId, (bucket = new TokenBucket(this.deps.config.chatLimit, () => this.deps.clock.now())));
    return bucket.take();
  }

  /** A chat line from `fromUserId`, to every member but those who blocked them (a set lookup per member). */
  addChat(msg: ChatMessage, fromUserId: string): void {
    this.chatLog.push(msg);
    this.chatFrom.push(fromUserId);
    if (this.chatLog.length > LIMITS.chatHistoryLines) {
      this.chatLog.shift();
      this.chatFrom.shift();
    }
    const to: string[] = [];
    for (const [socketId, userId] of this.members) if (!this.deps.blocks.blockedBy(userId).has(fromUserId)) to.push(socketId);
    if (to.length > 0) this.deps.transport.send(to, 'room:chat', msg);
  }

  /**
   * The newest lines in one message, bounded in lines and bytes: a joiner used to get every stored line
   * as its own `room:chat`, one emit (and encode) per line per joiner. Lines from people the joiner blocked
   * are left out.
   */
  private sendChatHistory(socketId: string, userId: string): void {
    if (this.chatLog.length === 0) return;
    const blocked = this.deps.blocks.blockedBy(userId);
    const messages: ChatMessage[] = [];
    let bytes = 0;
    for (let i = this.chatLog.length - 1; i >= 0 && messages.length < LIMITS.chatHistoryLines; i--) {
      if (blocked.has(this.chatFrom[i]!)) continue;
      const m = this.chatLog[i]!;
      bytes += Buffer.byteLength(m.text) + Buffer.byteLength(m.from.name);
      if (bytes > LIMITS.chatHistoryBytes) break;
      messages.push(m);
    }
    if (messages.length === 0) return;
    this.deps.transport.send(socketId, 'room:chat-history', { roomId: this.roomId, messages: messages.reverse() });
  }

  /** Server shutdown: stop holds and presence broadcasts, and let the master finish its queue. */
  async close(): Promise<void> {
    for (const s of SEATS) this.cancelHold(s);
    if (this.presenceTimer) this.deps.clock.clearTimeout(this.presenceTimer);
    this.presenceTimer = null;
    await this.master?.close();
  }

  isIdle(now: number, idleTtlMs: number): boolean {
    return this.status === 'waiting' && this.members.size === 0 && !this.seats.A && !this.seats.B && now - this.createdAt > idleTtlMs;
  }
}
