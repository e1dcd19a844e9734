/**
 * The game server's composition root: it builds the services and wires them together, and is what server.ts,
 * the HTTP routes and the tests hold. The work is in the services:
 * - gateway/connections.ts: connections, the gate → schema → hello → (cluster) route → handler pipeline;
 * - sessions/sessions.ts: hello, sign-out, session rotation;
 * - rooms/room-service.ts and rooms/room-handlers.ts: the lobby, rooms, caps, spectating, rematch, tutorial;
 * - master/match-handlers.ts and master/match-recovery.ts: the match events, and matches changing hands;
 * - matchmaking/: queues and challenges; cluster/cluster-rooms.ts: rooms other nodes hold.
 */
import type { StopSettings } from '@vroyale/protocol';
import { ClusterRooms } from './cluster/cluster-rooms.js';
import type { GameServerDeps } from './game-deps.js';
import { Connections } from './gateway/connections.js';
import type { HandlerTable } from './gateway/handler-table.js';
import { Blocks } from './identity/blocks.js';
import { MatchService } from './master/match-handlers.js';
import { MatchRecovery } from './master/match-recovery.js';
import { Matchmaking } from './matchmaking/matchmaking.js';
import type { Conn } from './net/conn.js';
import { Gateway } from './gateway/gate.js';
import { SOCKET_CLASSES, socketClass, type SocketClass } from './net/socket-class.js';
import type { Lobby } from './rooms/lobby.js';
import { restoreRooms } from './rooms/restore.js';
import type { Room } from './rooms/room.js';
import { roomHandlers } from './rooms/room-handlers.js';
import { RoomService } from './rooms/room-service.js';
import type { UserRooms } from './rooms/user-rooms.js';
import { Sessions, type SignedOut } from './sessions/sessions.js';
import { resolveRoster } from './rooms/roster-choice.js';
import { tournamentHandlers } from './tournaments/tournament-handlers.js';
import { puzzleHandlers } from './puzzles/puzzle-handlers.js';
import { PuzzleService } from './puzzles/puzzle-service.js';
import { shippedPuzzles } from './puzzles/puzzle-set.js';
import { isTournamentId, RESULT_KIND, TournamentCluster, type ResultMessage } from './tournaments/tournament-cluster.js';
import { FINISHED_LISTED_MS, TournamentService } from './tournaments/tournament-service.js';
import { TIME_KIND, type TimeMessage } from './tournaments/tournament-tables.js';
import type { Incoming } from './transport/transport.js';

export type { GameServerDeps } from './game-deps.js';
export type { Conn } from './net/conn.js';
export type { SignedOut } from './sessions/sessions.js';

export class GameServer {
  readonly lobby: Lobby;
  /** user id → open rooms; kept by room changes, read instead of walking `lobby.rooms`. */
  readonly userRooms: UserRooms;
  /** Who blocked whom, cached per user (identity/blocks.ts): chat filtering here, pairing and challenges. */
  readonly blocks: Blocks;
  /** Queues and challenges (issue 17 §3, src/matchmaking/). */
  readonly matchmaking: Matchmaking;
  /** Swiss tournaments (issue 34 §2, src/tournaments/). */
  readonly tournaments: TournamentService;
  /** The puzzle page (issue 35 §2, src/puzzles/). */
  readonly puzzles: PuzzleService;
  private readonly conns = new Map<string, Conn>();
  private shuttingDown = false;
  private readonly rooms: RoomService;
  private readonly matches: MatchService;
  private readonly recovery: MatchRecovery;
  private readonly sessions: Sessions;
  private readonly connections_: Connections;
  /** In a cluster: forwarding, serving other nodes' sockets, following moved matches (cluster/cluster-rooms.ts). */
  private readonly cluster: ClusterRooms | null;
  /** Limits, refusals and kicks before a message's handler (gateway/gate.ts). */
  private readonly gateway: Gateway<Conn>;

  constructor(private readonly d: GameServerDeps) {
    const { conns } = this;
    this.blocks = new Blocks(d.storage.blocks);
    this.rooms = new RoomService(d, {
      conns,
      blocks: this.blocks,
      rebuild: (matchId) => void this.recovery.rebuild(matchId),
      roomChanged: (room) => this.cluster?.roomChanged(room),
      socketDetached: (socketId) => this.cluster?.forgetWatches(socketId),
    });
    const rooms = this.rooms;
    this.lobby = rooms.lobby;
    this.userRooms = rooms.userRooms;
    this.recovery = new MatchRecovery(d, rooms, { conns, cluster: () => this.cluster, shuttingDown: () => this.shuttingDown });
    this.matches = new MatchService(rooms, d.users);
    this.sessions = new Sessions(d, {
      ...{ conns, blocks: this.blocks, rooms, matchmaking: () => this.matchmaking, cluster: () => this.cluster },
      helloed: (userId, socketId) => this.tournamentsOnHello(userId, socketId),
    });
    this.matchmaking = new Matchmaking({
      ...{
        clock: d.clock,
        log: d.log,
        users: d.users,
        pool: d.pool,
        defaultClock: d.config.clock,
        facts: d.facts ?? d.storage.facts,
        blocked: (a: string, b: string) => this.blocks.blocked(a, b),
        loadBlocks: (ids: readonly string[]) => this.blocks.loadAll(ids),
      },
      send: (ids, event, payload) => d.transport.send(ids, event, payload as never),
      room: (id) => rooms.get(id),
      roomsOf: (id) => rooms.userRooms.roomsOf(id),
      newRoom: (kind, clock, format) => rooms.newRoom('private', clock, rooms.roomDeps, kind, format),
      dropRoom: (id) => rooms.dropRoom(id),
      undecidedSeries: (id) => rooms.series.undecidedOf(id),
      attachUser: (userId, room) => {
        const mine = [...(d.users.get(userId)?.sockets ?? [])].map((s) => conns.get(s)).filter((c) => c !== undefined);
        rooms.userRooms.claim(room, userId, mine[0]?.address ?? null);
        for (const c of mine) rooms.attach(c, room);
      },
    });
    // Signed out everywhere (or the password changed): a search must not start a match for a session that is gone.
    this.onSignedOut((userId, session) => {
      if (session === 'all' || (this.d.users.get(userId)?.sockets.size ?? 0) === 0) this.matchmaking.queue.remove(userId, 'signed-out');
    });
    this.tournaments = new TournamentService({
      ...{ storage: d.storage, clock: d.clock, log: d.log, facts: d.facts ?? d.storage.facts, defaultClock: d.config.clock },
      ...{ readyMs: d.config.tournamentReadyMs, maxPlayers: 256, maxOrganised: 3 },
      send: (ids, view) => d.transport.send(ids, 'tournament:update', view),
      sendMine: (ids, mine) => d.transport.send(ids, 'tournament:you', mine),
      startMatch: (clock, format, a, b) => this.matchmaking.startMatch('room', clock, a, b, format),
      room: (id) => rooms.get(id),
      seriesOf: (id) => rooms.series.ofFirstRoom(id),
      resolve: (choice) => resolveRoster(choice, d.pool),
      cluster:
        d.ownership && d.router
          ? new TournamentCluster({
              ...{ ownership: d.ownership, storage: d.storage, clock: d.clock, log: d.log, listedMs: FINISHED_LISTED_MS },
              place: (id) => d.router!.place(id),
              askHolder: (id, kind, data) => d.router!.askHolder(id, kind, data),
            })
          : null,
    });
    d.router?.onAsk(RESULT_KIND, (m) => this.tournaments.resultHere(m as ResultMessage));
    // null: the game is not here (the event's node asks again); a number is the node-link's "heard".
    d.router?.onAsk(TIME_KIND, (m) => this.tournaments.timeHere(m as TimeMessage));
    rooms.onMatchDecided = (roomId, score) => this.tournaments.matchDecided(roomId, score);
    rooms.onTurn = (room) => this.tournaments.turnMoved(room);
    this.puzzles = new PuzzleService(shippedPuzzles(), d.storage.puzzles, () => d.clock.now(), d.config.puzzleDaily);
    const mm = this.matchmaking.handlers;
    const handlers: HandlerTable = {
      ...roomHandlers(rooms, d, conns),
      ...this.matches.handlers,
      'queue:join': (c, p, reply) => mm['queue:join'](c, p, reply),
      'queue:leave': (c, p, reply) => mm['queue:leave'](c, p, reply),
      'queue:accept': (c, p, reply) => mm['queue:accept'](c, p, reply),
      'challenge:send': (c, p, reply) => mm['challenge:send'](c, p, reply),
      'challenge:answer': (c, p, reply) => mm['challenge:answer'](c, p, reply),
      'challenge:cancel': (c, p, reply) => mm['challenge:cancel'](c, p, reply),
      ...tournamentHandlers(this.tournaments, (id) => d.users.get(id)?.name ?? 'Player'),
      ...puzzleHandlers(this.puzzles),
    };
    this.connections_ = new Connections({
      log: d.log,
      conns,
      gateway: () => this.gateway,
      handlers,
      hello: (conn, p, reply) => this.sessions.hello(conn, p, reply),
      holds: (roomId) => !!rooms.get(roomId),
      holdsTournament: (id) => this.tournaments.holds(id),
      cluster: () => this.cluster,
      shuttingDown: () => this.shuttingDown,
      closed: (conn) => this.closed(conn),
    });
    this.gateway = new Gateway({
      flood: d.flood,
      transport: d.transport,
      log: d.log,
      conns,
      classify: (c) => this.classOf(c),
      clustered: !!d.router,
    });
    d.transport.onMessage((m) => this.handle(m));
    d.transport.gate(this.gateway);
    d.ownership?.onLost((id) => {
      if (!isTournamentId(id)) return this.recovery.lost(id);
      this.tournaments.lost(id);
      // Until a node runs it again, a request about it is answered "moving, send it again".
      d.router?.heldLately(id);
    });
    this.cluster = d.router
      ? new ClusterRooms(
          {
            ...{ conns, lobby: rooms.lobby, userRooms: rooms.userRooms, users: d.users, blocks: this.blocks, storage: d.storage, transport: d.transport },
            ...{ log: d.log, roomDeps: rooms.roomDeps },
            shuttingDown: () => this.shuttingDown,
            attach: (conn, room) => rooms.attach(conn, room),
            watch: (conn, room, reply) => rooms.watch(conn, room, reply),
            dispatch: (conn, event, payload, reply) => this.connections_.dispatch(conn, event, payload, reply),
            handleHere: (conn, event, payload, reply) => this.connections_.run(conn, event, payload, reply),
            disconnected: (socketId) => this.connections_.disconnected(socketId),
            holdsTournament: (id) => this.tournaments.holds(id),
            takeSeries: (room, rec) => rooms.series.takeOver(room, rec),
            tableArrived: (room) => this.tournaments.tableArrived(room),
          },
          d.router,
          d.ownership ?? null,
        )
      : null;
  }

  /**
   * In a cluster: sends to other nodes' sockets this node knows, each to its own node; returns the ids it could
   * not place (transport/socket-io-transport.ts `routeRemote`).
   */
  routeRemote(socketIds: string[], event: string, payload: unknown): string[] {
    return this.cluster ? this.cluster.route(socketIds, event, payload) : socketIds;
  }

  /** In a cluster: messages other nodes sent for this node's sockets (node-link.ts). */
  onRemoteEmit(f: (socketIds: string[], event: string, payload: unknown) => void): void {
    this.d.router?.onEmit(f);
  }

  /** A socket closed: every service lets go of it. */
  private closed(conn: Conn): void {
    const socketId = conn.id;
    this.rooms.detachAll(conn);
    this.lobby.unsubscribe(socketId);
    this.conns.delete(socketId);
    this.gateway.disconnected(socketId);
    if (!conn.remote) this.cluster?.socketClosed(socketId);
    if (conn.userId) this.matchmaking.socketClosed(conn.userId);
    this.tournaments.socketClosed(socketId);
    // Users with no socket and no live seat are forgotten (their session row stays for the next hello until it
    // expires: being in memory is what the session sweep counts as "in use").
    const user = conn.userId ? this.d.users.get(conn.userId) : undefined;
    if (user && user.sockets.size === 0 && ![...this.userRooms.roomsOf(user.id)].some((id) => this.lobby.get(id)?.seatOf(user.id))) {
      this.d.users.forget(user.id);
      this.blocks.forget(user.id);
    }
  }

  handle(m: Incoming): void {
    this.connections_.handle(m);
  }

  /**
   * Cluster takeover (cluster/ownership.ts scan): the lease of `id` is ours now; a match is replayed here, a
   * tournament continues here from its row (its players' and watchers' sockets, on every node, watch it here).
   */
  async takeOver(id: string): Promise<void> {
    if (!isTournamentId(id)) return this.recovery.takeOver(id);
    const users = await this.tournaments.takeOver(id);
    if (users === null) return void (await this.d.ownership?.release([id]));
    this.cluster?.tournamentTakenOver(id, users);
  }

  /** After a hello: the socket watches the user's running events, here and (in a cluster) on the nodes running them. */
  private tournamentsOnHello(userId: string, socketId: string): void {
    this.tournaments.hello(userId, socketId);
    const cluster = this.cluster;
    if (!cluster) return;
    void this.tournaments.elsewhereOf(userId).then(
      (ids) => {
        const conn = this.conns.get(socketId);
        if (conn?.userId === userId) for (const id of ids) cluster.watchTournament(conn as Conn & { userId: string }, id);
      },
      (e: unknown) => this.d.log.warn({ err: e }, "reading a user's tournaments failed"),
    );
  }

  /**
   * Start-up: rebuilds rooms and matches that were live when the server last stopped, and rooms whose match
   * ended within `finishedTtlMs` (rooms/restore.ts); starts the hourly session sweep.
   */
  async restore(): Promise<{ rooms: number; matches: number; broken: number; finished: number }> {
    const counts = await restoreRooms(this.rooms.roomDeps, this.lobby);
    // Best-of-three matches link the rooms of their games again (their side-deck window's timer too). Single node
    // only: in a cluster two nodes holding rooms of one series would both run its window (docs/decisions/0012).
    if (!this.d.ownership) await this.rooms.series.restore(this.d.clock.now() - this.d.config.finishedTtlMs);
    // Tournaments: in a cluster each comes back on one node, through the takeover scan (its lease ran out, or was
    // held by an earlier generation of a node: tournaments/tournament-cluster.ts), never on every node.
    if (!this.d.ownership) await this.tournaments.restore();
    for (const room of this.lobby.rooms.values()) this.userRooms.sync(room);
    this.sessions.start();
    return counts;
  }

  room(roomId: string): Room | undefined {
    return this.lobby.get(roomId);
  }

  /** Flood counters since start (for the metrics: metrics/node-metrics.ts). */
  get floodStats(): { kicks: number; refusedConnections: number; refusedMessages: number; droppedTcp: number } {
    const f = this.d.flood;
    return { kicks: f.kicks, refusedConnections: f.refusedConnections, refusedMessages: f.refusedMessages, droppedTcp: f.droppedTcp };
  }

  /** What `conn` is for admission control and its message limit: a look-up per room it is in. */
  private classOf(conn: Conn): SocketClass {
    return socketClass(conn, (id) => this.lobby.get(id));
  }

  /** This node's sockets by class (the metrics' scrape: a walk over the sockets, never on the message path). */
  socketClasses(): Record<SocketClass, number> {
    const n = Object.fromEntries(SOCKET_CLASSES.map((c) => [c, 0])) as Record<SocketClass, number>;
    for (const c of this.conns.values()) if (!c.remote) n[this.classOf(c)]++;
    return n;
  }

  /** Sockets this node holds (not counting other nodes' sockets it serves rooms to). */
  get connections(): number {
    return this.connections_.count;
  }

  // --- sessions and accounts (http/auth-routes.ts and http/settings-routes.ts call these) -------------------

  /** May `address` start one more session now (the same hourly cap as a hello without a token)? Counts it if so. */
  mayStartSession(address: string): boolean {
    return this.sessions.mayStartSession(address);
  }

  /** Ends a user's sockets of one session or of all but `keep`'s, then runs the `onSignedOut` hooks (sessions/sessions.ts). */
  signOut(userId: string, session: string | 'all', keep?: string): void {
    this.sessions.signOut(userId, session, keep);
  }

  /** Runs `hook` after every `signOut` (matchmaking drops a signed-out user from its queues). */
  onSignedOut(hook: SignedOut): void {
    this.sessions.onSignedOut(hook);
  }

  /** A session was replaced by a new one (register, password change): its sockets now belong to the new one. */
  sessionRotated(userId: string, oldHash: string, newToken: string): void {
    this.sessions.sessionRotated(userId, oldHash, newToken);
  }

  /** Signed in or registered over HTTP: their page is about to connect (matchmaking counts them as arriving). */
  signedIn(userId: string): void {
    this.matchmaking.signedIn(userId);
  }

  /** A guest became an account: seats in open rooms show the username from now on. */
  accountRegistered(userId: string, username: string): void {
    this.sessions.accountRegistered(userId, username);
  }

  /** New stop settings from outside a socket (`PUT /api/settings`), applied to live matches as the socket's `settings`. */
  setStops(userId: string, stops: StopSettings): Promise<void> {
    return this.matches.setStops(userId, stops);
  }

  /**
   * SIGTERM: refuse new messages, let queued actions finish and save the clocks. A single node tells every client
   * it is restarting first. In a cluster it hands its matches over instead (docs/scaling.md item 7): once the
   * queues drained, the leases are released and the other nodes told, one takes each at once, and this node's
   * sockets hear `moving` (not an error) before server.ts closes them; they reconnect through the balancer. A
   * message arriving meanwhile is answered `shutting-down` here (clients send it again once reconnected) or, from
   * another node, not answered, which that node takes for "moving" and asks again (`forward`).
   */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.matchmaking.stop();
    const ownership = this.d.ownership;
    const handOver = ownership ? this.cluster : null;
    const all = [...this.conns.keys()];
    if (!handOver && all.length > 0)
      this.d.transport.send(all, 'server:notice', { kind: 'shutdown', message: 'The server is restarting; you will be reconnected' });
    this.d.transport.flush();
    const t0 = performance.now();
    await Promise.all([...this.lobby.rooms.values()].map((r) => r.close()));
    this.rooms.series.close();
    this.tournaments.close();
    this.lobby.stop();
    if (!ownership) return;
    // Every queue has drained: our matches' leases end now, after their last writes, instead of in leaseMs.
    ownership.stop();
    const mine = [...this.lobby.rooms.values()].flatMap((r) => (r.master && ownership.owns(r.master.id) ? [{ matchId: r.master.id, roomId: r.roomId }] : []));
    // The tournaments it runs too (their rows were saved before: the lane keeps issue order).
    for (const id of this.tournaments.owned()) mine.push({ matchId: id, roomId: id });
    await ownership.release(mine.map((m) => m.matchId));
    handOver?.handOver(mine, Math.round(performance.now() - t0));
  }
}
