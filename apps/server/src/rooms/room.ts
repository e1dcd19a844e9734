/**
 * A room: two seats, the sockets watching, its chat, and (once both seats are taken) the match's master.
 * A seat belongs to a user, not a socket: any socket of that user acts for the seat, and when the last one
 * goes the seat is held for `seatHoldMs` before it is given up (waiting room) or lost (match: 'abandoned').
 * The parts: `seat-holds.ts`, `presence.ts` (spectators told coalesced), `room-chat.ts`, `room-listing.ts` (what
 * the lobby shows), `new-match.ts` (the match's record and first state).
 */
import type { CardDef, Viewer } from '@vroyale/engine';
import {
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
  type Visibility,
} from '@vroyale/protocol';
import type { Blocks } from '../identity/blocks.js';
import type { Users } from '../identity/users.js';
import { MatchMaster, type MasterDeps, type MasterRoom } from '../master/match-master.js';
import { inBackground } from '../storage/background-write.js';
import type { Occupant, RoomRecord, Seats } from '../storage/records.js';
import { newMatch } from './new-match.js';
import { Presence } from './presence.js';
import { RoomChat } from './room-chat.js';
import { isListed, SeatRatings } from './room-listing.js';
import { SeatHolds } from './seat-holds.js';
import type { Series } from './series.js';

export interface RoomDeps extends MasterDeps {
  pool: Record<string, CardDef>;
  users: Users;
  /** Chat lines from someone a member blocked never reach that member (identity/blocks.ts). */
  blocks: Pick<Blocks, 'blockedBy'>;
  /** The lobby's hook: this room's summary changed. */
  onRoomChanged(room: Room): void;
  /** The lobby's hook: only the match's turn (or whose it is) changed, as spectators see it. */
  onRoomProgress?(room: Room): void;
  /** A room made for a best-of-three started its first game: its series begins (series-service.ts). */
  seriesStarted?(room: Room): Series;
  /** A match (one game, or a best-of-three through its series) is over: its first room and the score (tournaments). */
  matchDecided?(firstRoomId: string, score: { winsA: number; winsB: number; draws: number }): void;
}

const SEATS: readonly Seat[] = ['A', 'B'];
export { PRESENCE_EVERY_MS } from './presence.js';

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
  /** 'bo3': this room's match is a game of a best-of-three. */
  readonly format: 'bo1' | 'bo3';
  /** The best-of-three this room's game belongs to (rooms/series.ts), once its first game started. */
  series: Series | null = null;
  /** The tournament whose match this room plays (tournaments/): no rematch here; the event pairs the next round. */
  tournamentId: string | null = null;
  /** A later game of a best-of-three: who chooses the order of play (PR-18); null: the coin. */
  chooser: Seat | null = null;
  /** After the match: the seats that asked for a rematch, and the room it started in (see rematch.ts). */
  readonly rematch: RematchState = { offers: [], roomId: null };
  /** Attached sockets → their user. */
  private readonly members = new Map<string, string>();
  /** Seat holds and the losses they lead to (rooms/seat-holds.ts). */
  private readonly holds: SeatHolds;
  private readonly chat: RoomChat;
  /** Spectators coming and going, told coalesced (rooms/presence.ts). */
  private readonly presence: Presence;
  /** The managers' ratings as the lobby shows them (rooms/room-listing.ts). */
  private readonly ratings: SeatRatings;

  constructor(
    private readonly deps: RoomDeps,
    rec: RoomRecord,
  ) {
    this.roomId = rec.id;
    this.visibility = rec.visibility;
    this.clockConfig = rec.clock;
    this.createdAt = rec.createdAt;
    this.kind = rec.kind ?? 'room';
    this.format = rec.format ?? 'bo1';
    this.status = rec.status === 'active' ? 'active' : rec.status === 'waiting' ? 'waiting' : 'finished';
    this.seats = rec.seats;
    this.chat = new RoomChat(deps, rec.id);
    this.presence = new Presence(deps.clock, { spectatorCount: () => this.spectatorCount(), broadcastState: () => this.broadcastState() });
    this.ratings = new SeatRatings(deps);
    const self = this;
    this.holds = new SeatHolds(deps, {
      roomId: rec.id,
      get status() {
        return self.status;
      },
      get seats() {
        return self.seats;
      },
      get master() {
        return self.master;
      },
      present: (seat) => this.socketsOfSeat(seat).length > 0,
      freeSeat: (seat) => this.freeSeat(seat),
    });
  }

  /** The recent chat lines (rooms/room-chat.ts). */
  get chatLog(): ChatMessage[] {
    return this.chat.log;
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
      ...(this.format === 'bo3' ? { format: 'bo3' as const } : {}),
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
      this.holds.returned(seat);
      this.broadcastState();
    } else {
      const state = this.stateFor(null);
      this.deps.transport.send(socketId, 'room:state', state);
      this.presence.joined(socketId, state.spectators);
      this.presence.changed();
    }
    this.master?.sendFull([socketId], seat ?? 'spectator');
    this.master?.sendLogHistory([socketId], seat ?? 'spectator');
    this.chat.sendHistory(socketId, userId);
    this.deps.onRoomChanged(this);
  }

  detach(socketId: string): void {
    const userId = this.members.get(socketId);
    if (userId === undefined) return;
    this.members.delete(socketId);
    this.presence.left(socketId);
    const seat = this.seatOf(userId);
    if (seat) {
      if (this.socketsOfSeat(seat).length === 0) this.holds.start(seat);
      this.broadcastState();
    } else this.presence.changed();
    this.deps.onRoomChanged(this);
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
    this.holds.cancel(seat);
    this.seats[seat] = null;
    this.save();
    this.broadcastState();
    this.deps.onRoomChanged(this);
  }

  private startMatch(): void {
    const now = this.deps.clock.now();
    const { match, state } = newMatch(this, { A: this.seats.A!, B: this.seats.B! }, this.deps, now);
    this.status = 'active';
    // Issued before the master exists, so nothing it schedules can write an action for an unknown match (the
    // store applies writes in the order they were issued; the first append waits behind this one).
    this.matchSaved = this.deps.storage.startMatch({ ...this.record(), matchId: match.id }, match, now);
    inBackground(this.deps.log, this.matchSaved, 'saving a match start failed', { roomId: this.roomId, matchId: match.id });
    // In a cluster the lease is issued right behind the start row, so it is recorded before the first append's
    // batch (the write lane keeps issue order); if another node somehow holds it, the first append is fenced.
    if (this.deps.ownership) void this.deps.ownership.acquire(match.id, 'acquired');
    this.master = new MatchMaster(this.deps, this, match, state, new Map());
    this.deps.log.info({ roomId: this.roomId, matchId: match.id }, 'match started');
    if (this.format === 'bo3' && !this.series && this.deps.seriesStarted) this.series = this.deps.seriesStarted(this);
    this.loadRatings();
    for (const [viewer, ids] of this.groupMembers()) this.master.sendFull(ids, viewer);
    // Seats whose sockets already left before the match began start their hold now.
    for (const s of SEATS) if (!this.seats[s]!.bot && this.socketsOfSeat(s).length === 0) this.holds.start(s);
    this.broadcastState();
    this.deps.onRoomChanged(this);
  }

  /** After a restart: the match's master rebuilt from its log. */
  restoreMaster(master: MatchMaster): void {
    this.master = master;
    this.holdAbsentSeats();
    this.loadRatings();
  }

  /** The ratings beside the names in the lobby, read once at the start. */
  private loadRatings(): void {
    this.ratings.load(this, () => this.deps.onRoomChanged(this));
  }

  /** The master's hook: the turn spectators see moved on (the lobby shows it). */
  onProgress(): void {
    this.deps.onRoomProgress?.(this);
  }

  /** After a restart nobody is connected yet: every human seat waits `seatHoldMs` for its manager. */
  holdAbsentSeats(): void {
    for (const s of SEATS) if (this.seats[s] && !this.seats[s]!.bot && this.socketsOfSeat(s).length === 0) this.holds.start(s);
  }

  onMatchEnded(result: MatchResult): void {
    this.status = 'finished';
    this.finishedAt = this.deps.clock.now();
    this.holds.matchEnded();
    void result;
    // Behind the final append in the write lane: the lease ends once the result is committed. A best-of-three's
    // series lets it go itself: its side-deck window runs under it (series.ts `settled`).
    if (this.master && this.deps.ownership && !this.series) void this.deps.ownership.release([this.master.id]);
    // The series broadcasts this room's state itself (its window opened, or the match was decided).
    if (this.series) this.series.gameEnded(this.roomId, result.winner, this.master?.orderChooser ?? null);
    else this.broadcastState();
    this.deps.onRoomChanged(this);
    if (!this.series) {
      const w = result.winner;
      this.deps.matchDecided?.(this.roomId, { winsA: w === 'A' ? 1 : 0, winsB: w === 'B' ? 1 : 0, draws: w === 'draw' ? 1 : 0 });
    }
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
    const deadline = this.holds.deadline(seat);
    const connected = occ.bot || this.socketsOfSeat(seat).length > 0;
    return {
      name: occ.name,
      username: occ.username ?? null,
      bot: occ.bot,
      connected,
      holdDeadline: deadline,
      holdRemainingMs: deadline !== null ? Math.max(0, deadline - now) : null,
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
      format: this.format,
      series: this.series?.stateFor(this.roomId, yourSeat) ?? null,
      tournamentId: this.tournamentId,
      yourSeat,
      serverNow: now,
    };
  }

  /** Everyone in the room gets the room state now (it carries the spectator count too, so a pending presence broadcast has nothing left to say). */
  broadcastState(): void {
    this.presence.toldEveryone(this.spectatorCount());
    for (const [viewer, ids] of this.groupMembers()) this.deps.transport.send(ids, 'room:state', this.stateFor(viewer === 'spectator' ? null : viewer));
  }

  /** Whether the lobby lists this room for anyone to join or watch (rooms/room-listing.ts). */
  listed(now: number): boolean {
    return isListed(this, now);
  }

  summary(): RoomSummary {
    return this.ratings.summary(this, this.spectatorCount());
  }

  chatAllowed(userId: string): boolean {
    return this.chat.allowed(userId);
  }

  /** A chat line from `fromUserId`, to every member but those who blocked them (a set lookup per member). */
  addChat(msg: ChatMessage, fromUserId: string): void {
    this.chat.add(msg, fromUserId, this.members);
  }

  /** Server shutdown: stop holds and presence broadcasts, and let the master finish its queue. */
  async close(): Promise<void> {
    this.holds.cancelAll();
    this.presence.stop();
    await this.master?.close();
  }

  isIdle(now: number, idleTtlMs: number): boolean {
    return this.status === 'waiting' && this.members.size === 0 && !this.seats.A && !this.seats.B && now - this.createdAt > idleTtlMs;
  }
}
