/**
 * The game server's cluster side (issue 19 §2-3; docs/scaling.md): what a node does about rooms other nodes hold.
 * - Forwarding: a client's message about a room this node does not hold goes to its holder (room-router.ts); one
 *   on its way to another node is asked again for a while (hand-over.ts `untilHeld`), then answered `moved`.
 * - Serving: another node's socket's message about a room held here runs on a connection record marked `remote`.
 * - Following a match: after a takeover or hand-over the new owner announces the room, and every node attaches
 *   its sockets of the room's managers (`cluster:attach`) and its sockets that watched it (`cluster:watch`).
 * - Hand-over (SIGTERM): the released matches are announced, the other nodes acquire them at once.
 * - Tournaments (docs/decisions/0013) the same way: their events are forwarded to the node running the event, and
 *   after a takeover every node's sockets that watched it (its players' too) watch it again on its new node.
 * The pipeline itself (gate, schema, handlers) stays in game-server.ts; this file reaches it through `ClusterHost`.
 */
import type { Ack, AckError, RoomEventName } from '@vroyale/protocol';
import type { Conn } from '../net/conn.js';
import type { Blocks } from '../identity/blocks.js';
import type { Users } from '../identity/users.js';
import type { Logger } from '../logger.js';
import type { Lobby } from '../rooms/lobby.js';
import { restoreFinishedRoom, restoreLiveRoom } from '../rooms/restore.js';
import type { Room, RoomDeps } from '../rooms/room.js';
import type { UserRooms } from '../rooms/user-rooms.js';
import type { MatchRecord, SeriesRecord } from '../storage/records.js';
import type { Store } from '../storage/store.js';
import type { Transport } from '../transport/transport.js';
import { takeReleased, untilHeld } from './hand-over.js';
import type { Ownership } from './ownership.js';
import { RemoteWatches } from './remote-watches.js';
import { isNodeOwn, isTournamentRouted, type Forwarded, type NodeRequest, type TournamentRoutedEvent } from './node-messages.js';
import { RENEW_MS } from './room-directory.js';
import { isTournamentId } from '../tournaments/tournament-cluster.js';
import type { RoomRouter } from './room-router.js';

type Identified = Conn & { userId: string };
type Reply = (ack: Ack<object>) => void;

/** What the cluster side needs of the game server. */
export interface ClusterHost {
  readonly conns: Map<string, Conn>;
  readonly lobby: Lobby;
  readonly userRooms: UserRooms;
  readonly users: Users;
  readonly blocks: Blocks;
  readonly storage: Store;
  readonly transport: Transport;
  readonly log: Logger;
  readonly roomDeps: RoomDeps;
  shuttingDown(): boolean;
  attach(conn: Conn, room: Room): void;
  /** `conn` watches `room` under the spectating caps (no toggle spent). */
  watch(conn: Identified, room: Room, reply: Reply): void;
  /** The pipeline after the flood gate (schema, identified, handler): another node's socket's room event. */
  dispatch(conn: Conn, event: RoomEventName | TournamentRoutedEvent, payload: unknown, reply: Reply): void;
  /** The event's own handler on this node, its payload already checked (for a room no node holds: its usual refusal). */
  handleHere(conn: Identified, event: RoomEventName | TournamentRoutedEvent, payload: unknown, reply: Reply): void;
  disconnected(socketId: string): void;
  /** Does this node hold the tournament (it runs it, or holds it over)? */
  holdsTournament(tournamentId: string): boolean;
  /** A taken-over room is its best-of-three's last game: the series continues here (false: none to run). */
  takeSeries(room: Room, rec?: SeriesRecord): Promise<boolean>;
  /** A taken-over room may be a tournament's table whose round time was called elsewhere (PR-20). */
  tableArrived(room: Room): Promise<void>;
}

const err = (code: AckError['code'], message: string): AckError => ({ ok: false, code, message });
const MOVING = 'This match is moving to another server; send it again in a moment';

export class ClusterRooms {
  /** This node's sockets watching rooms other nodes hold (re-attached after a takeover). */
  private readonly watches = new RemoteWatches();
  /** Rooms whose running match the other nodes were told of (held weakly: a dropped room leaves by itself). */
  private readonly announced = new WeakSet<Room>();
  /** When this node last wrote each room it holds into the directory (room-directory.ts). */
  private readonly placed = new WeakMap<Room, number>();

  constructor(
    private readonly h: ClusterHost,
    private readonly router: RoomRouter,
    private readonly ownership: Ownership | null,
  ) {
    router.serve(
      (m, answer) =>
        void this.serve(m, answer).catch((e: unknown) => {
          h.log.error({ err: e, event: m.event }, 'forwarded message failed');
          answer({ ok: false, code: 'internal', message: 'The server failed to handle that message' });
        }),
      (socketId) => {
        if (h.conns.get(socketId)?.remote) h.disconnected(socketId);
      },
    );
    router.onAnnounce((id, userIds) => (isTournamentId(id) ? this.watchAgain(id, userIds) : this.attachElsewhere(id, userIds)));
    router.onStarted();
    // A node handing over is not asked to attach anyone: the rooms it still lists are on their way elsewhere.
    router.onSeats((userId) =>
      h.shuttingDown() ? [] : [...h.userRooms.roomsOf(userId), ...h.userRooms.finishedOf(userId)].filter((id) => h.lobby.get(id)?.seatOf(userId)),
    );
    if (ownership)
      router.onReleased((ids) => {
        if (!h.shuttingDown()) void takeReleased(ownership, ids, (id) => this.takeOver(id), h.log);
      });
  }

  /**
   * Takeover (cluster/ownership.ts scan, or a hand-over's release): the lease of `matchId` is ours now; bring its
   * room back from PostgreSQL (replay) and tell every node, so managers and spectators, wherever their sockets
   * are, are attached. A best-of-three's series comes along (its last game's lease is the series'); a finished
   * game's lease is still held only for its series' side-deck window, which then runs here.
   */
  async takeOver(matchId: string): Promise<void> {
    const { h } = this;
    const match = await h.storage.match(matchId);
    if (h.lobby.get(match?.roomId ?? '')) return;
    const room = match?.status === 'active' ? await this.restoreLive(match) : match ? await this.restoreWindow(match) : null;
    if (!room) return void (await this.ownership?.release([matchId]));
    h.userRooms.sync(room);
    h.log.info({ matchId, roomId: room.roomId, seq: room.master?.seq, status: room.status }, 'match taken over');
    const users = [room.seats.A, room.seats.B].flatMap((o) => (o && !o.bot ? [o.userId] : []));
    this.announced.add(room);
    this.place(room, true);
    this.attachElsewhere(room.roomId, users);
    this.router.announce(room.roomId, users);
  }

  private async restoreLive(match: MatchRecord): Promise<Room | null> {
    const { h } = this;
    const rec = (await h.storage.liveRooms()).find((r) => r.id === match.roomId);
    if (!rec || (await restoreLiveRoom(h.roomDeps, h.lobby, rec, 'held')) !== 'match') return null;
    const room = h.lobby.get(match.roomId)!;
    if (room.format === 'bo3') await h.takeSeries(room);
    await h.tableArrived(room).catch((e: unknown) => h.log.warn({ err: e, roomId: room.roomId }, "reading a table's round time failed"));
    return room;
  }

  /** A finished game whose series' window (or the series hearing its end) is still to run: its room and series here. */
  private async restoreWindow(match: MatchRecord): Promise<Room | null> {
    const { h } = this;
    const series = await h.storage.series.ofRoom(match.roomId);
    const last = series?.games[series.games.length - 1];
    if (!series || series.status === 'done' || last?.roomId !== match.roomId) return null;
    const rec = (await h.storage.finishedRoomsSince(match.endedAt ?? 0)).find((r) => r.id === match.roomId);
    const room = rec ? await restoreFinishedRoom(h.roomDeps, h.lobby, rec, match) : null;
    if (room && (await h.takeSeries(room, series))) return room;
    if (room) h.lobby.rooms.delete(room.roomId);
    return null;
  }

  /** A room of this node changed: once its match runs here, the other nodes hear of it (`RoomRouter.started`). */
  roomChanged(room: Room): void {
    this.place(room);
    if (room.status !== 'active' || !room.master || this.announced.has(room)) return;
    this.announced.add(room);
    this.router.started(room.roomId);
  }

  /** The directory names this node for `room` (once, again after `RENEW_MS` while it changes, and on a takeover). */
  private place(room: Room, now = false): void {
    const at = performance.now();
    const last = this.placed.get(room);
    if (!now && last !== undefined && at - last < RENEW_MS) return;
    this.placed.set(room, at);
    this.router.place(room.roomId);
  }

  /**
   * Sends to sockets other nodes hold that this node knows (they forwarded here): each node gets the message for
   * its own sockets only (node-link.ts). Returns the ids it could not place, for the adapter (every node).
   */
  route(socketIds: readonly string[], event: string, payload: unknown): string[] {
    const byNode = new Map<string, string[]>();
    const rest: string[] = [];
    for (const id of socketIds) {
      const node = this.h.conns.get(id)?.remote;
      if (node === undefined || !this.router.reaches(node)) {
        rest.push(id);
        continue;
      }
      const ids = byNode.get(node);
      if (ids) ids.push(id);
      else byNode.set(node, [id]);
    }
    for (const [node, ids] of byNode) this.router.emitTo(node, ids, event, payload);
    return rest;
  }

  /** A hello on this node: the user's seats in rooms other nodes hold are attached to this socket there. */
  async helloElsewhere(conn: Identified): Promise<void> {
    const userId = conn.userId;
    for (const roomId of await this.router.seatsElsewhere(userId))
      if (this.h.conns.get(conn.id) === conn && conn.userId === userId) this.forward(conn, { event: 'cluster:attach', payload: { roomId } }, roomId, () => {});
  }

  /**
   * A room now held by some node: the sockets this node holds of these users (its managers), and those that
   * watched it there, are attached to it there (or here).
   */
  private attachElsewhere(roomId: string, userIds: readonly string[]): void {
    const { h } = this;
    const local = h.lobby.get(roomId);
    const conns = userIds.flatMap((u) => [...(h.users.get(u)?.sockets ?? [])]).map((id) => h.conns.get(id));
    for (const conn of conns) {
      if (!conn || conn.remote || !conn.userId) continue;
      if (local) {
        if (!conn.rooms.has(roomId)) h.attach(conn, local);
        continue;
      }
      this.forward(conn as Identified, { event: 'cluster:attach', payload: { roomId } }, roomId, () => {});
    }
    for (const id of this.watches.watchers(roomId)) {
      const conn = h.conns.get(id);
      if (!conn?.userId || conn.remote) continue;
      if (local) {
        this.watches.remove(id, roomId);
        if (!conn.rooms.has(roomId)) h.watch(conn as Identified, local, () => {});
        continue;
      }
      this.forward(conn as Identified, { event: 'cluster:watch', payload: { roomId } }, roomId, () => {});
    }
  }

  /**
   * Another node's socket sent a message about a room: handled here if this node holds the room (null
   * otherwise), as if the socket were ours (a connection record marked `remote`; the user as that node
   * identified it). Flood limits were applied on the socket's node.
   */
  private async serve(m: Forwarded, answer: (a: Ack<object> | null) => void): Promise<void> {
    const { h } = this;
    const tournament = isTournamentRouted(m.event);
    const room = tournament ? undefined : h.lobby.get(m.roomId);
    if ((tournament ? !h.holdsTournament(m.roomId) : !room) || h.shuttingDown()) return answer(null);
    let conn = h.conns.get(m.socketId);
    if (!conn) {
      await h.users.recall(m.userId, m.name, m.username);
      await h.blocks.load(m.userId);
      conn = h.conns.get(m.socketId);
      if (!conn) {
        conn = { id: m.socketId, userId: m.userId, address: m.address, remote: m.from, handshakeToken: null, sessionHash: null, rooms: new Set() };
        h.conns.set(m.socketId, conn);
        h.users.attachSocket(m.userId, m.socketId);
      }
    }
    if (!conn.remote || conn.userId !== m.userId) return answer({ ok: false, code: 'internal', message: 'Unknown connection' });
    if (!room) return h.dispatch(conn, m.event as TournamentRoutedEvent, m.payload, answer);
    // A room restored here at start-up has not changed yet: forwards about it come here directly from now on.
    this.place(room);
    // A node's own request (not a client's event): attach a seated manager's socket to the room it holds a seat in.
    if (m.event === 'cluster:attach') {
      if (!room.seatOf(m.userId)) return answer({ ok: false, code: 'not-a-manager', message: 'No seat in this room' });
      if (!conn.rooms.has(room.roomId)) h.attach(conn, room);
      return answer({ ok: true });
    }
    // The same for a socket that watched the room on the node that held it before (caps apply, no toggle is spent).
    if (m.event === 'cluster:watch') return h.watch(conn as Identified, room, answer);
    h.dispatch(conn, m.event, m.payload, answer);
  }

  /**
   * A message about a room this node does not hold: to the node that holds it, or handled here if none does. A
   * room on its way to another node (held lately, announced or released, or listed active by another node) is
   * asked again for a few seconds (`untilHeld`), then answered `moved`, which clients send again silently.
   */
  forward(conn: Identified, request: NodeRequest, roomId: string, reply: Reply): void {
    const { h, router } = this;
    const user = h.users.get(conn.userId);
    const { event } = request;
    const m = {
      socketId: conn.id,
      userId: conn.userId,
      name: user?.name ?? '',
      username: user?.username ?? null,
      address: conn.address,
      roomId,
      ...request,
    };
    untilHeld(
      () => router.forward(m),
      () => !h.shuttingDown() && h.conns.get(conn.id) === conn && (router.wasHeld(roomId) || this.listedActive(roomId)),
    ).then(
      (ack) => {
        if (ack === 'moving') return reply(err('moved', MOVING));
        if (ack) {
          this.rememberWatch(conn, event, roomId, ack);
          return reply(ack);
        }
        if (router.wasHeld(roomId)) return reply(err('moved', MOVING));
        // No node holds it: answered here (an unknown room's usual refusal).
        h.log.info({ roomId, event, listed: this.listedActive(roomId), socketId: conn.id }, 'no node holds the room of a forward');
        if (isNodeOwn(request)) reply(err('internal', 'No server holds that room now'));
        else h.handleHere(conn, request.event, request.payload, reply);
      },
      (e: unknown) => {
        h.log.error({ err: e, event }, 'forwarding failed');
        reply(err('internal', 'The server failed to handle that message'));
      },
    );
  }

  /** Another node listed this room as a live match lately (lobby feed): no answer for it means it is moving. */
  private listedActive(roomId: string): boolean {
    return this.h.lobby.list().rooms.some((r) => r.roomId === roomId && r.status === 'active');
  }

  /** Keeps what this node's sockets watch on other nodes (for `attachElsewhere` after a takeover). */
  private rememberWatch(conn: Conn, event: NodeRequest['event'], roomId: string, ack: Ack<object>): void {
    if (!ack.ok || conn.remote) return;
    if (event === 'room:spectate' || event === 'cluster:watch' || event === 'tournament:watch' || event === 'tournament:register')
      this.watches.add(conn.id, roomId);
    else if (event === 'room:leave' || event === 'tournament:unwatch') this.watches.remove(conn.id, roomId);
  }

  /**
   * This node took a tournament over (the directory names it already): its own sockets of these users (players,
   * organiser) watch it here, and every other node's watch it again (`watchAgain`, on the announcement).
   */
  tournamentTakenOver(tournamentId: string, userIds: readonly string[]): void {
    this.watchAgain(tournamentId, userIds);
    this.router.announce(tournamentId, userIds);
  }

  /** This node's sockets of these users, and those that watched the tournament, watch it on the node running it. */
  private watchAgain(tournamentId: string, userIds: readonly string[]): void {
    const { h } = this;
    const ids = new Set([...userIds.flatMap((u) => [...(h.users.get(u)?.sockets ?? [])]), ...this.watches.watchers(tournamentId)]);
    for (const id of ids) {
      const conn = h.conns.get(id);
      if (conn?.userId && !conn.remote) this.watchTournament(conn as Identified, tournamentId);
    }
  }

  /** `conn` (a socket of this node) watches the tournament wherever it runs; the view reaches it as an update. */
  watchTournament(conn: Identified, tournamentId: string): void {
    const { h } = this;
    const pushed = (a: Ack<object>) => {
      if (!a.ok || h.conns.get(conn.id) !== conn) return;
      const { ok: _, ...view } = a as Ack<object> & { ok: true };
      h.transport.send([conn.id], 'tournament:update', view as never);
    };
    const request = { event: 'tournament:watch', payload: { tournamentId } } as const;
    if (h.holdsTournament(tournamentId)) h.handleHere(conn, request.event, request.payload, pushed);
    else this.forward(conn, request, tournamentId, pushed);
  }

  /** A socket of this node said hello again or closed: what it watched elsewhere is forgotten. */
  forgetWatches(socketId: string): void {
    this.watches.removeSocket(socketId);
  }

  /** A socket of this node closed: the nodes it forwarded to detach it (`vroyale:gone`). */
  socketClosed(socketId: string): void {
    this.router.socketClosed(socketId);
  }

  /**
   * SIGTERM, after every queue drained and the leases were released: the other nodes take these matches at once,
   * and this node's own sockets hear `moving` (not an error) before they are closed.
   */
  handOver(matches: readonly { matchId: string; roomId: string }[], drainedMs: number): void {
    const { h } = this;
    this.router.released(matches);
    const own = [...h.conns.values()].filter((c) => !c.remote).map((c) => c.id);
    if (own.length > 0) h.transport.send(own, 'server:notice', { kind: 'moving', message: 'Moving you to another server' });
    h.transport.flush();
    h.log.info({ matches: matches.length, sockets: own.length, drainedMs }, 'matches handed over');
  }
}
