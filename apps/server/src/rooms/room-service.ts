/**
 * The rooms of this node as a service: the lobby, who holds which room (user-rooms.ts), spectating and its caps,
 * making rooms, the per-user and per-address caps, and attaching sockets to rooms. The room handlers
 * (room-handlers.ts), the sessions, the match recovery and the cluster side work through it.
 */
import { randomUUID } from 'node:crypto';
import type { Ack, AckError, ClockConfig, MatchKind } from '@vroyale/protocol';
import type { GameServerDeps } from '../game-deps.js';
import { err, type Identified } from '../gateway/handler-table.js';
import type { Blocks } from '../identity/blocks.js';
import { newRoomId } from '../identity/ids.js';
import type { Conn } from '../net/conn.js';
import { inBackground } from '../storage/background-write.js';
import { Lobby } from './lobby.js';
import { Room, type RoomDeps } from './room.js';
import { SeriesService } from './series-service.js';
import { Spectating } from './spectating.js';
import { ToggleLimit } from './toggle-limit.js';
import { UserRooms } from './user-rooms.js';

/** The last resort: per-user and per-address caps (config.caps) keep one client far below it. */
const MAX_ROOMS = 20_000;

export interface RoomServiceHooks {
  conns: Map<string, Conn>;
  blocks: Blocks;
  /** A single node's match whose log is ahead of its master: replay it (master/match-recovery.ts). */
  rebuild(matchId: string): void;
  /** A room changed (seats, status): the cluster side may tell the other nodes. */
  roomChanged(room: Room): void;
  /** A socket stopped being anywhere (hello again, closed): the cluster side forgets what it watched elsewhere. */
  socketDetached(socketId: string): void;
}

export class RoomService {
  readonly lobby: Lobby;
  /** user id → open rooms; kept by room changes, read instead of walking `lobby.rooms`. */
  readonly userRooms = new UserRooms();
  readonly spectating = new Spectating();
  /** `room:spectate` / `room:leave` per socket and per user (toggle-limit.ts). */
  readonly toggles: ToggleLimit;
  readonly roomDeps: RoomDeps;
  /** Best-of-three matches (series-service.ts). */
  readonly series: SeriesService;
  /** A match is over (one game, or a best-of-three): its first room and the score. The tournaments listen. */
  onMatchDecided: ((firstRoomId: string, score: { winsA: number; winsB: number; draws: number }) => void) | null = null;
  /** A live match's turn (or whose it is) moved on, as spectators see it. The tournaments count extra turns (PR-20). */
  onTurn: ((room: Room) => void) | null = null;

  constructor(
    private readonly d: GameServerDeps,
    private readonly h: RoomServiceHooks,
  ) {
    this.toggles = new ToggleLimit(
      () => d.config.spectateLimit,
      () => d.clock.now(),
    );
    this.lobby = new Lobby(
      d.transport,
      d.clock,
      { finishedMs: d.config.finishedTtlMs, idleMs: d.config.idleRoomTtlMs, botIdleMs: d.config.botIdleMs },
      (id, room) => this.roomDropped(id, room),
    );
    this.roomDeps = {
      storage: d.storage,
      writer: d.writer,
      clock: d.clock,
      log: d.log,
      config: d.config,
      transport: d.transport,
      bot: d.bot,
      stopsOf: (id) => d.users.stopsOf(id),
      metrics: d.metrics,
      ownership: d.ownership ?? null,
      rebuild: (matchId) => h.rebuild(matchId),
      pool: d.pool,
      users: d.users,
      blocks: h.blocks,
      onRoomChanged: (room) => {
        this.userRooms.sync(room);
        this.lobby.changed();
        h.roomChanged(room);
      },
      onRoomProgress: (room) => {
        if (room.listed(d.clock.now())) this.lobby.progressed();
        this.onTurn?.(room);
      },
      seriesStarted: (room) => this.series.started(room),
      matchDecided: (roomId, score) => this.onMatchDecided?.(roomId, score),
    };
    this.series = new SeriesService({
      storage: d.storage,
      clock: d.clock,
      log: d.log,
      pool: d.pool,
      sideboardMs: d.config.sideboardMs,
      room: (id) => this.lobby.get(id),
      decided: (roomId, score) => this.onMatchDecided?.(roomId, score),
      newRoom: (like) => this.newRoom(like.visibility, like.clock, this.roomDeps, like.kind, 'bo3'),
      ownership: d.ownership ?? null,
    });
  }

  get(roomId: string): Room | undefined {
    return this.lobby.get(roomId);
  }

  /** Why `conn` may not hold one more open room (bots: one more bot match), or null if it may. */
  capRefusal(conn: Identified, bots: boolean): AckError | null {
    if (this.lobby.rooms.size >= MAX_ROOMS) return err('room-full', 'The server is full; try again later');
    const c = this.d.config.caps;
    const [perUser, perAddress] = bots ? [c.botMatchesPerUser, c.botMatchesPerAddress] : [c.roomsPerUser, c.roomsPerAddress];
    const what = bots ? 'live matches against the bot' : 'open rooms';
    const free = bots
      ? 'finish or concede one of them first (the tutorial counts as one)'
      : 'leave a waiting room or finish a match first (empty rooms you created expire on their own)';
    const code = bots ? 'too-many-bot-matches' : 'too-many-rooms';
    if (this.userRooms.count({ userId: conn.userId }, bots) >= perUser)
      return err(code, `You already have ${perUser} ${what}, the most one account or guest may have; ${free}`);
    if (this.userRooms.count({ address: conn.address }, bots) >= perAddress)
      return err(code, `Your address already has ${perAddress} ${what}, the most one address may have; ${free}`);
    return null;
  }

  /**
   * `room:play-bot` / `room:tutorial` with `concede`: the sender gives up one of their live matches against the bot
   * first (at the cap, the lobby offers to concede the oldest instead of being refused). Recorded as their own
   * concession. Null once it is over (or already was); else why not (not theirs, not on this server, not saved).
   */
  async concedeBotMatch(conn: Identified, roomId: string): Promise<AckError | null> {
    const room = this.lobby.get(roomId);
    const seat = room?.seatOf(conn.userId) ?? null;
    if (!room || !seat || !room.seats[seat === 'A' ? 'B' : 'A']?.bot) return err('room-not-found', 'That is not one of your live matches against the bot');
    const master = room.master;
    if (room.status !== 'active' || !master || master.matchResult) return null;
    const ack = await new Promise<Ack<{ seq: number }>>(
      (resolve) => void master.submit(seat, { roomId, clientActionId: `lobby-${randomUUID()}`, seenSeq: master.seq, action: { type: 'concede' } }, resolve),
    );
    return ack.ok || ack.code === 'match-over' ? null : ack;
  }

  newRoom(
    visibility: 'public' | 'private',
    clock: ClockConfig | undefined,
    deps: RoomDeps = this.roomDeps,
    kind: MatchKind = 'room',
    format: 'bo1' | 'bo3' = 'bo1',
  ): Room {
    const now = this.d.clock.now();
    const room = new Room(deps, {
      id: newRoomId(),
      visibility,
      status: 'waiting',
      clock: clock ?? this.d.config.clock,
      seats: { A: null, B: null },
      matchId: null,
      createdAt: now,
      kind,
      ...(format === 'bo3' ? { format } : {}),
    });
    inBackground(this.d.log, this.d.storage.saveRoom(room.record(), now), 'saving a new room failed', { roomId: room.roomId });
    this.lobby.add(room);
    return room;
  }

  /** A room that never started goes (matchmaking gave up on it): forgotten here, closed in the store. */
  dropRoom(id: string): void {
    this.lobby.rooms.delete(id);
    this.userRooms.drop(id);
    inBackground(this.d.log, this.d.storage.setRoomStatus(id, 'closed', this.d.clock.now()), 'closing a room failed', { roomId: id });
  }

  /** `conn` watches `room` (a manager opening their own room is not spectating it), under the spectating caps. */
  watch(conn: Identified, room: Room, reply: (ack: Ack<{ roomId: string }>) => void): void {
    if (!room.seatOf(conn.userId) && !this.spectating.watching(conn.id, room.roomId)) {
      const c = this.d.config.caps;
      const [u, a] = [`u:${conn.userId}`, `a:${conn.address}`];
      const free = 'leave a room you watch first';
      if (this.spectating.count(u) >= c.spectatingPerUser)
        return reply(err('too-many-spectated', `You already watch ${c.spectatingPerUser} rooms, the most one account or guest may; ${free}`));
      if (this.spectating.count(a) >= c.spectatingPerAddress)
        return reply(err('too-many-spectated', `Your address already watches ${c.spectatingPerAddress} rooms, the most one address may; ${free}`));
      this.spectating.add(conn.id, [u, a], room.roomId);
    }
    reply({ ok: true, roomId: room.roomId });
    this.attach(conn, room);
  }

  attach(conn: Conn, room: Room): void {
    conn.rooms.add(room.roomId);
    room.attach(conn.id, conn.userId!);
  }

  /** `conn` leaves every room it is in (a hello as someone else, or it closed). */
  detachAll(conn: Conn): void {
    for (const id of conn.rooms) this.lobby.get(id)?.detach(conn.id);
    conn.rooms.clear();
    conn.elsewhere?.clear();
    this.spectating.removeSocket(conn.id);
    this.h.socketDetached(conn.id);
    if (conn.userId) this.d.users.detachSocket(conn.userId, conn.id);
  }

  /** A room this node no longer holds (its match went to another node): forgotten here. */
  forget(room: Room): void {
    this.lobby.rooms.delete(room.roomId);
    this.userRooms.drop(room.roomId);
    this.lobby.changed();
  }

  /** The sweep dropped a room; a finished one may still have sockets in it, which stop hearing about it. */
  private roomDropped(id: string, room: Room): void {
    this.userRooms.drop(id);
    if (room.series) this.series.forget(room.series.id);
    for (const { socketId } of room.viewers()) {
      this.h.conns.get(socketId)?.rooms.delete(id);
      this.spectating.remove(socketId, id);
    }
  }
}
