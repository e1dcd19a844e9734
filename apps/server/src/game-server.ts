/**
 * Connections and client events. Every message goes through the same gate (net/gateway.ts: limits, refusals
 * from the event name, admission control) → schema (the protocol's zod schema for its event) → identified? →
 * handler, and every handler's failure becomes an 'internal' ack instead of a crash. Handlers reply first and then send views, so a client sees its ack
 * before the messages it caused.
 */
import { randomUUID } from 'node:crypto';
import type { CardDef } from '@vroyale/engine';
import { starterRosters } from '@vroyale/cards';
import {
  CLIENT_PAYLOADS,
  isRoomEvent,
  type StopSettings,
  type Ack,
  type AckData,
  type AckError,
  type ClientEventName,
  type ClockConfig,
  type ErrorCode,
  type MatchKind,
  type Seat,
} from '@vroyale/protocol';
import type { z } from 'zod';
import { botSeatName, type ServerBot } from './bots/server-bot.js';
import type { ServerConfig } from './config.js';
import { Blocks } from './identity/blocks.js';
import { hashToken, newRoomId, scriptedOr } from './identity/ids.js';
import { SessionUpkeep } from './identity/session-upkeep.js';
import { seatedAs, type Users } from './identity/users.js';
import type { Logger } from './logger.js';
import type { MasterMetrics } from './metrics/node-metrics.js';
import type { FloodGuard } from './net/flood-guard.js';
import { Gateway } from './net/gateway.js';
import { SOCKET_CLASSES, socketClass, type SocketClass } from './net/socket-class.js';
import { Lobby } from './rooms/lobby.js';
import { offerRematch, rematchKind } from './rooms/rematch.js';
import { restoreLiveRoom, restoreRooms } from './rooms/restore.js';
import { Room, type RoomDeps } from './rooms/room.js';
import type { Ownership } from './cluster/ownership.js';
import type { RoomRouter } from './cluster/room-router.js';
import { ClusterRooms } from './cluster/cluster-rooms.js';
import { resolveRoster } from './rooms/roster-choice.js';
import { Spectating } from './rooms/spectating.js';
import { startTutorial } from './rooms/tutorial.js';
import { TOO_FAST, ToggleLimit } from './rooms/toggle-limit.js';
import { UserRooms } from './rooms/user-rooms.js';
import { inBackground } from './storage/background-write.js';
import type { AccountFacts, ActionLog, Store } from './storage/store.js';
import type { Clock } from './time/clock.js';
import type { Incoming, Transport } from './transport/transport.js';
import { Matchmaking } from './matchmaking/matchmaking.js';
import type { Conn } from './net/conn.js';

export interface GameServerDeps {
  config: ServerConfig;
  clock: Clock;
  log: Logger;
  storage: Store;
  writer: ActionLog;
  transport: Transport;
  flood: FloodGuard;
  users: Users;
  pool: Record<string, CardDef>;
  bot: ServerBot;
  /** Issue 17: account facts for matchmaking; absent → the store's (`Store.facts`). */
  facts?: AccountFacts;
  /** The masters' latency histograms (metrics/node-metrics.ts). */
  metrics?: MasterMetrics;
  /** In a cluster: this node's match leases (cluster/ownership.ts). Absent: a single node owns every match. */
  ownership?: Ownership | null;
  /** In a cluster: messages about rooms another node holds go there (cluster/room-router.ts). */
  router?: RoomRouter | null;
}

export type { Conn } from './net/conn.js';

/** `'all'`: every session of the user; else one session's token hash. */
export type SignedOut = (userId: string, session: string | 'all') => void;

type Payload<E extends ClientEventName> = z.output<(typeof CLIENT_PAYLOADS)[E]>;
type Reply<E extends ClientEventName> = (ack: Ack<AckData[E]>) => void;
type Handler<E extends ClientEventName> = (conn: Conn & { userId: string }, p: Payload<E>, reply: Reply<E>) => void | Promise<void>;

/** The last resort: per-user and per-address caps (config.caps) keep one client far below it. */
const MAX_ROOMS = 20_000;
const err = (code: ErrorCode, message: string): AckError => ({ ok: false, code, message });

export class GameServer {
  readonly lobby: Lobby;
  /** user id → open rooms; kept by room changes, read instead of walking `lobby.rooms`. */
  readonly userRooms = new UserRooms();
  private readonly spectating = new Spectating();
  /** `room:spectate` / `room:leave` per socket and per user (rooms/toggle-limit.ts). */
  private readonly toggles = new ToggleLimit(
    () => this.d.config.spectateLimit,
    () => this.d.clock.now(),
  );
  private readonly conns = new Map<string, Conn>();
  /** Who blocked whom, cached per user (identity/blocks.ts): chat filtering here, pairing and challenges. */
  readonly blocks: Blocks;
  private readonly roomDeps: RoomDeps;
  private shuttingDown = false;
  private upkeep: SessionUpkeep | null = null;
  private readonly signedOutHooks: SignedOut[] = [];
  /** Queues and challenges (issue 17 §3, src/matchmaking/). */
  readonly matchmaking: Matchmaking;
  /** In a cluster: forwarding, serving other nodes' sockets, following moved matches (cluster/cluster-rooms.ts). */
  private readonly cluster: ClusterRooms | null;
  /** Limits, refusals and kicks before a message's handler (net/gateway.ts). */
  private readonly gateway: Gateway<Conn>;

  constructor(private readonly d: GameServerDeps) {
    this.blocks = new Blocks(d.storage.blocks);
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
      rebuild: (matchId) => void this.rebuild(matchId),
      pool: d.pool,
      users: d.users,
      blocks: this.blocks,
      onRoomChanged: (room) => {
        this.userRooms.sync(room);
        this.lobby.changed();
        this.cluster?.roomChanged(room);
      },
      onRoomProgress: (room) => {
        if (room.listed(d.clock.now())) this.lobby.progressed();
      },
    };
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
      room: (id) => this.lobby.get(id),
      roomsOf: (id) => this.userRooms.roomsOf(id),
      newRoom: (kind, clock) => this.newRoom('private', clock, this.roomDeps, kind),
      dropRoom: (id) => {
        this.lobby.rooms.delete(id);
        this.userRooms.drop(id);
        inBackground(d.log, d.storage.setRoomStatus(id, 'closed', d.clock.now()), 'closing a room failed', { roomId: id });
      },
      attachUser: (userId, room) => {
        const conns = [...(d.users.get(userId)?.sockets ?? [])].map((s) => this.conns.get(s)).filter((c) => c !== undefined);
        this.userRooms.claim(room, userId, conns[0]?.address ?? null);
        for (const c of conns) this.attach(c, room);
      },
    });
    // Signed out everywhere (or the password changed): a search must not start a match for a session that is gone.
    this.onSignedOut((userId, session) => {
      if (session === 'all' || (this.d.users.get(userId)?.sockets.size ?? 0) === 0) this.matchmaking.queue.remove(userId, 'signed-out');
    });
    this.gateway = new Gateway({
      flood: d.flood,
      transport: d.transport,
      log: d.log,
      conns: this.conns,
      classify: (c) => this.classOf(c),
      clustered: !!d.router,
    });
    d.transport.onMessage((m) => this.handle(m));
    d.transport.gate(this.gateway);
    d.ownership?.onLost((matchId) => this.matchLost(matchId));
    this.cluster = d.router
      ? new ClusterRooms(
          {
            ...{
              conns: this.conns,
              lobby: this.lobby,
              userRooms: this.userRooms,
              users: d.users,
              blocks: this.blocks,
              storage: d.storage,
              transport: d.transport,
              log: d.log,
              roomDeps: this.roomDeps,
            },
            shuttingDown: () => this.shuttingDown,
            attach: (conn, room) => this.attach(conn, room),
            watch: (conn, room, reply) => this.watch(conn, room, reply),
            dispatch: (conn, event, payload, reply) => this.dispatch(conn, event, payload, reply),
            handleHere: (conn, event, payload, reply) => void this.handlers[event](conn, payload as never, reply as never),
            disconnected: (socketId) => this.onDisconnect(socketId),
          },
          d.router,
          d.ownership ?? null,
        )
      : null;
  }

  /** Cluster takeover (cluster/ownership.ts scan): the lease of `matchId` is ours now; replay it here. */
  async takeOver(matchId: string): Promise<void> {
    if (this.cluster) return this.cluster.takeOver(matchId);
    // A single node (rebuild: a log ahead of its master): the room comes back from the log here, its managers' sockets attached.
    const match = await this.d.storage.match(matchId);
    if (!match || match.status !== 'active' || this.lobby.get(match.roomId)) return;
    const rec = (await this.d.storage.liveRooms()).find((r) => r.id === match.roomId);
    if (!rec || (await restoreLiveRoom(this.roomDeps, this.lobby, rec, 'held')) !== 'match') return;
    const room = this.lobby.get(match.roomId)!;
    this.userRooms.sync(room);
    this.d.log.info({ matchId, roomId: room.roomId, seq: room.master?.seq }, 'match replayed from its log');
    for (const o of [room.seats.A, room.seats.B])
      for (const id of o && !o.bot ? (this.d.users.get(o.userId)?.sockets ?? []) : []) {
        const conn = this.conns.get(id);
        if (conn && !conn.rooms.has(room.roomId)) this.attach(conn, room);
      }
  }

  /** A single node's match whose log is ahead of its master (a COMMIT whose answer was lost): replay it here. */
  private async rebuild(matchId: string): Promise<void> {
    this.matchLost(matchId);
    // The database just answered, but may go away again before the replay: try again each second for a minute.
    for (let i = 0; i < 60 && !this.shuttingDown; i++) {
      try {
        return await this.takeOver(matchId);
      } catch (e) {
        this.d.log.error({ err: e, matchId }, 'replaying a match from its log failed; trying again');
        await new Promise<void>((r) => this.d.clock.setTimeout(r, 1_000));
      }
    }
  }

  /**
   * Another node took over a match this node ran (our append was fenced, or our renewal found the lease gone), or
   * this node stopped running it (self-fenced: lease not renewed in time, or the database away): stop its master
   * without writing anything and forget the room here; the owner (after a replay) lists and runs it now.
   */
  private matchLost(matchId: string): void {
    const room = [...this.lobby.rooms.values()].find((r) => r.master?.id === matchId);
    if (!room) return;
    room.master!.abandon();
    void room.close();
    // Its sockets are in no room here now: when this node takes the match back (a replay), they are attached again.
    for (const { socketId } of room.viewers()) this.conns.get(socketId)?.rooms.delete(room.roomId);
    // Until a node holds it again, a message about it is answered "moving, send it again", not "no such room".
    this.d.router?.heldLately(room.roomId);
    this.lobby.rooms.delete(room.roomId);
    this.userRooms.drop(room.roomId);
    this.lobby.changed();
  }

  /**
   * Start-up: rebuilds rooms and matches that were live when the server last stopped, and rooms whose match
   * ended within `finishedTtlMs` (rooms/restore.ts); starts the hourly session sweep.
   */
  async restore(): Promise<{ rooms: number; matches: number; broken: number; finished: number }> {
    const counts = await restoreRooms(this.roomDeps, this.lobby);
    for (const room of this.lobby.rooms.values()) this.userRooms.sync(room);
    this.sessions.start();
    return counts;
  }

  /** New-session cap per address and the session sweep (identity/session-upkeep.ts); made on first use. */
  private get sessions(): SessionUpkeep {
    const { users, clock, log, config, storage } = this.d;
    return (this.upkeep ??= new SessionUpkeep(users, clock, log, {
      ttlMs: config.sessionTtlMs,
      newPerAddressPerHour: config.newSessionsPerAddressPerHour,
      storageOpen: () => storage.isOpen,
    }));
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
    let n = 0;
    for (const c of this.conns.values()) if (!c.remote) n++;
    return n;
  }

  handle(m: Incoming): void {
    try {
      if (m.kind === 'connect') {
        this.conns.set(m.socketId, { id: m.socketId, userId: null, address: m.address, handshakeToken: m.token, sessionHash: null, rooms: new Set() });
        this.gateway.connected(m.socketId);
      } else if (m.kind === 'disconnect') this.onDisconnect(m.socketId);
      else this.onMessage(m.socketId, m.event, m.payload, m.reply);
    } catch (e) {
      this.d.log.error({ err: e, kind: m.kind }, 'handler failed');
      if (m.kind === 'message') m.reply(err('internal', 'The server failed to handle that message'));
    }
  }

  /** A decoded message: the gateway's limits (net/gateway.ts), then `dispatch`. */
  private onMessage(socketId: string, event: string, payload: unknown, reply: (ack: Ack<object>) => void): void {
    const conn = this.conns.get(socketId);
    if (!conn) return reply(err('internal', 'Unknown connection'));
    this.gateway.message(conn, event, reply, () => this.dispatch(conn, event, payload, reply));
  }

  private dispatch(conn: Conn, event: string, payload: unknown, reply: (ack: Ack<object>) => void): void {
    if (this.shuttingDown) return reply(err('shutting-down', 'The server is restarting; reconnect in a moment'));
    if (!Object.prototype.hasOwnProperty.call(CLIENT_PAYLOADS, event)) return reply(err('bad-request', `Unknown event '${String(event).slice(0, 40)}'`));
    const name = event as ClientEventName;
    const parsed = CLIENT_PAYLOADS[name].safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply(err('bad-request', issue ? `${issue.path.join('.') || 'payload'}: ${issue.message}` : 'Invalid payload'));
    }
    if (name === 'hello')
      return void this.hello(conn, parsed.data as Payload<'hello'>, reply as Reply<'hello'>).catch((e: unknown) => {
        this.d.log.error({ err: e, event: name }, 'hello failed');
        reply(err('internal', 'The server failed to handle that message'));
      });
    if (conn.userId === null) return reply(err('not-identified', "Say 'hello' first"));
    if (this.cluster && !conn.remote && isRoomEvent(name)) {
      const roomId = (parsed.data as { roomId?: string }).roomId;
      if (roomId && !this.lobby.get(roomId))
        return this.cluster.forward(conn as Conn & { userId: string }, { event: name, payload: parsed.data }, roomId, (a) => {
          if (a.ok) this.answeredElsewhere(conn, name, roomId);
          reply(a);
        });
    }
    const handler = this.handlers[name] as Handler<ClientEventName>;
    const done = handler(conn as Conn & { userId: string }, parsed.data, reply as Reply<ClientEventName>);
    if (done instanceof Promise)
      done.catch((e: unknown) => {
        this.d.log.error({ err: e, event: name }, 'async handler failed');
        reply(err('internal', 'The server failed to handle that message'));
      });
  }

  /**
   * A room another node holds accepted this socket's message: what the socket is there decides its class here
   * (its burst and its place in admission control). Bounded by the caps on rooms held and watched.
   */
  private answeredElsewhere(conn: Conn, event: ClientEventName, roomId: string): void {
    const there = (conn.elsewhere ??= new Map());
    if (event === 'room:leave') there.delete(roomId);
    else if (event === 'match:action' || event === 'match:pass-until') there.set(roomId, 'seated');
    else if (!there.has(roomId)) there.set(roomId, 'watching');
  }

  /**
   * The handshake's session (the browser's httpOnly cookie), when valid, decides who this socket is and the
   * payload's token is ignored; the ack then leaves the token out (script never sees the cookie). Without one,
   * as before issue 17: the payload's token, or a new guest whose token the ack carries (tools, tests).
   */
  private async hello(conn: Conn, p: Payload<'hello'>, reply: Reply<'hello'>): Promise<void> {
    const users = this.d.users;
    const ttl = this.sessions.ttlMs;
    const fromCookie = conn.handshakeToken ? await users.resume(p.name, conn.handshakeToken, ttl) : null;
    const resumed = fromCookie ?? (p.token ? await users.resume(p.name, p.token, ttl) : null);
    if (resumed === 'banned') return reply(err('banned', 'This account is banned'));
    // Checked before anything changes: a refused hello leaves this socket as it was. A valid token never counts.
    if (!resumed && !this.sessions.mayStart(conn.address))
      return reply(
        err(
          'too-many-sessions',
          `Too many new sessions from your address this hour (at most ${this.d.config.newSessionsPerAddressPerHour}); say hello with the token you were given, or try again later`,
        ),
      );
    const { user, token, tokenHash } = resumed ?? (await users.create(p.name));
    // The user's block list is read before the socket counts as theirs: chat filtering reads it from memory.
    await this.blocks.load(user.id);
    // The socket may have gone while the store answered: nothing is attached to a closed connection.
    if (this.conns.get(conn.id) !== conn) return;
    if (conn.userId) this.detachAll(conn);
    conn.userId = user.id;
    conn.sessionHash = tokenHash;
    users.attachSocket(user.id, conn.id);
    const seats: { roomId: string; seat: Seat }[] = [];
    const open = this.userRooms.roomsOf(user.id);
    // Finished rooms too: a manager back right after the end (or after a restart) gets the result. Only within
    // finishedTtlMs: a finished room is dropped once nobody is in it, and re-attaching an older one on every
    // reconnection kept it in memory for as long as its manager kept reconnecting (the soak found it: issue 31).
    const now = this.d.clock.now();
    const recent = [...this.userRooms.finishedOf(user.id)].filter((id) => now - (this.lobby.get(id)?.finishedAt ?? -Infinity) < this.d.config.finishedTtlMs);
    for (const roomId of [...open, ...recent]) {
      const seat = this.lobby.get(roomId)?.seatOf(user.id);
      if (seat) seats.push({ roomId, seat });
    }
    reply({ ok: true, ...(fromCookie ? {} : { token }), userId: user.id, name: user.name, username: user.username, seats });
    // A new display name reaches every open room this user sits in (finished ones keep the name they ended with).
    for (const roomId of [...open]) this.lobby.get(roomId)?.renameOccupant(user.id, user.name, user.username ?? undefined);
    // Reconnection: every seat of this user comes back on this socket with its full view.
    for (const { roomId } of seats) this.attach(conn, this.lobby.get(roomId)!);
    this.matchmaking.hello(user.id, conn.id);
    // In a cluster the user's seats may be in rooms other nodes hold (this socket reconnected to another node).
    await this.cluster?.helloElsewhere(conn as Conn & { userId: string });
  }

  // --- sessions and accounts (http/auth-routes.ts calls these) --------------------------------------------

  /** May `address` start one more session now (the same hourly cap as a hello without a token)? Counts it if so. */
  mayStartSession(address: string): boolean {
    return this.sessions.mayStart(address);
  }

  /**
   * Ends a user's sockets of one session (its token hash) or of all of them ('all', but `keep`'s): each is told
   * `server:notice {kind:'signed-out'}` and closed; then the `onSignedOut` hooks run. The sessions' rows are the
   * caller's to delete.
   */
  signOut(userId: string, session: string | 'all', keep?: string): void {
    const ids = [...(this.d.users.get(userId)?.sockets ?? [])];
    const gone = ids.map((id) => this.conns.get(id)).filter((c): c is Conn => !!c && (session === 'all' ? c.sessionHash !== keep : c.sessionHash === session));
    if (gone.length > 0) {
      this.d.transport.send(
        gone.map((c) => c.id),
        'server:notice',
        { kind: 'signed-out', message: 'You were signed out' },
      );
      for (const c of gone) this.d.transport.disconnect(c.id);
    }
    for (const hook of this.signedOutHooks) {
      try {
        hook(userId, session);
      } catch (e) {
        this.d.log.error({ err: e }, 'signed-out hook failed');
      }
    }
  }

  /** Runs `hook` after every `signOut` (matchmaking drops a signed-out user from its queues). */
  onSignedOut(hook: SignedOut): void {
    this.signedOutHooks.push(hook);
  }

  /**
   * A session was replaced by a new one (register, password change): its sockets now belong to the new one, and a
   * later hello on them resumes the new one (their handshake's cookie is the old, deleted token).
   */
  sessionRotated(userId: string, oldHash: string, newToken: string): void {
    const newHash = hashToken(newToken);
    for (const id of this.d.users.get(userId)?.sockets ?? []) {
      const c = this.conns.get(id);
      if (c?.sessionHash !== oldHash) continue;
      c.sessionHash = newHash;
      if (c.handshakeToken && hashToken(c.handshakeToken) === oldHash) c.handshakeToken = newToken;
    }
  }

  /** A guest became an account: seats in open rooms show the username from now on. */
  accountRegistered(userId: string, username: string): void {
    if (!this.d.users.registered(userId, username)) return;
    for (const roomId of [...this.userRooms.roomsOf(userId)]) this.lobby.get(roomId)?.renameOccupant(userId, username, username);
  }

  private attach(conn: Conn, room: Room): void {
    conn.rooms.add(room.roomId);
    room.attach(conn.id, conn.userId!);
  }

  private detachAll(conn: Conn): void {
    for (const id of conn.rooms) this.lobby.get(id)?.detach(conn.id);
    conn.rooms.clear();
    conn.elsewhere?.clear();
    this.spectating.removeSocket(conn.id);
    this.cluster?.forgetWatches(conn.id);
    if (conn.userId) this.d.users.detachSocket(conn.userId, conn.id);
  }

  /** The sweep dropped a room; a finished one may still have sockets in it, which stop hearing about it. */
  private roomDropped(id: string, room: Room): void {
    this.userRooms.drop(id);
    for (const { socketId } of room.viewers()) {
      this.conns.get(socketId)?.rooms.delete(id);
      this.spectating.remove(socketId, id);
    }
  }

  private onDisconnect(socketId: string): void {
    const conn = this.conns.get(socketId);
    if (!conn) return;
    this.detachAll(conn);
    this.lobby.unsubscribe(socketId);
    this.conns.delete(socketId);
    this.gateway.disconnected(socketId);
    if (!conn.remote) this.cluster?.socketClosed(socketId);
    if (conn.userId) this.matchmaking.socketClosed(conn.userId);
    // Users with no socket and no live seat are forgotten (their session row stays for the next hello until it
    // expires: being in memory is what the session sweep counts as "in use").
    const user = conn.userId ? this.d.users.get(conn.userId) : undefined;
    if (user && user.sockets.size === 0 && ![...this.userRooms.roomsOf(user.id)].some((id) => this.lobby.get(id)?.seatOf(user.id))) {
      this.d.users.forget(user.id);
      this.blocks.forget(user.id);
    }
  }

  /** Why `conn` may not hold one more open room (bots: one more bot match), or null if it may. */
  private roomCapRefusal(conn: Conn & { userId: string }, bots: boolean): AckError | null {
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
  private async concedeBotMatch(conn: Conn & { userId: string }, roomId: string): Promise<AckError | null> {
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

  private newRoom(visibility: 'public' | 'private', clock: ClockConfig | undefined, deps: RoomDeps = this.roomDeps, kind: MatchKind = 'room'): Room {
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
    });
    inBackground(this.d.log, this.d.storage.saveRoom(room.record(), now), 'saving a new room failed', { roomId: room.roomId });
    this.lobby.add(room);
    return room;
  }

  /** `conn` watches `room` (a manager opening their own room is not spectating it), under the spectating caps. */
  private watch(conn: Conn & { userId: string }, room: Room, reply: (ack: Ack<{ roomId: string }>) => void): void {
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

  private readonly handlers: { [E in Exclude<ClientEventName, 'hello'>]: Handler<E> } = {
    'lobby:subscribe': (conn, _p, reply) => reply({ ok: true, ...this.lobby.subscribe(conn.id) }),

    'lobby:unsubscribe': (conn, _p, reply) => {
      this.lobby.unsubscribe(conn.id);
      reply({ ok: true });
    },

    'room:create': (conn, p, reply) => {
      const refused = this.roomCapRefusal(conn, false);
      if (refused) return reply(refused);
      const room = this.newRoom(p.visibility, p.clock);
      this.userRooms.claim(room, conn.userId, conn.address, true);
      reply({ ok: true, roomId: room.roomId });
    },

    'room:join': (conn, p, reply) => {
      const room = this.lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const user = this.d.users.get(conn.userId)!;
      const already = room.seatOf(user.id);
      if (already) {
        reply({ ok: true, roomId: room.roomId, seat: already });
        return this.attach(conn, room);
      }
      const roster = resolveRoster(p.roster, this.d.pool);
      if (!roster.ok) return reply(err('invalid-roster', roster.message));
      // A room this user created already counts against their cap; sitting in it adds nothing.
      if (!this.userRooms.roomsOf(user.id).has(room.roomId)) {
        const refused = this.roomCapRefusal(conn, false);
        if (refused && refused.code !== 'room-full') return reply(refused);
      }
      const taken = room.takeSeat({ ...seatedAs(user), roster: roster.roster, rosterLabel: roster.label, bot: false }, p.seat);
      if (!taken.ok) return reply(err(taken.code, taken.message));
      this.userRooms.claim(room, user.id, conn.address);
      this.spectating.remove(conn.id, room.roomId);
      reply({ ok: true, roomId: room.roomId, seat: taken.seat });
      this.attach(conn, room);
    },

    'room:play-bot': async (conn, p, reply) => {
      const mine = resolveRoster(p.roster, this.d.pool);
      if (!mine.ok) return reply(err('invalid-roster', mine.message));
      const botChoice = p.botRoster ?? starterRosters[scriptedOr(this.d.config.matchSeed, starterRosters.length)]!.id;
      const theirs = resolveRoster(botChoice, this.d.pool);
      if (!theirs.ok) return reply(err('invalid-roster', `Bot roster: ${theirs.message}`));
      if (p.concede) {
        const failed = await this.concedeBotMatch(conn, p.concede);
        if (failed) return reply(failed);
        // The socket may have gone while the concession was saved: nothing new is started for it.
        if (this.conns.get(conn.id) !== conn) return;
      }
      const user = this.d.users.get(conn.userId)!;
      const refused = this.roomCapRefusal(conn, true);
      if (refused) return reply(refused);
      const room = this.newRoom('private', p.clock, this.roomDeps, 'bot');
      room.takeSeat({ ...seatedAs(user), roster: mine.roster, rosterLabel: mine.label, bot: false }, 'A');
      room.takeSeat({ userId: `bot:${room.roomId}`, name: botSeatName(p.level ?? 'normal'), roster: theirs.roster, rosterLabel: theirs.label, bot: true }, 'B');
      this.userRooms.claim(room, user.id, conn.address, true);
      reply({ ok: true, roomId: room.roomId, seat: 'A' });
      this.attach(conn, room);
    },

    'room:tutorial': async (conn, p, reply) => {
      if (p.concede) {
        const failed = await this.concedeBotMatch(conn, p.concede);
        if (failed) return reply(failed);
        if (this.conns.get(conn.id) !== conn) return;
      }
      startTutorial(conn, reply, {
        users: this.d.users,
        pool: this.d.pool,
        userRooms: this.userRooms,
        deps: this.roomDeps,
        refusal: (c) => this.roomCapRefusal(c, true),
        newRoom: (clock, deps) => this.newRoom('private', clock, deps, 'tutorial'),
        attach: (c, room) => this.attach(c, room),
      });
    },

    'room:spectate': (conn, p, reply) => {
      if (!this.toggles.take([`s:${conn.id}`, `u:${conn.userId}`])) return reply(err('rate-limited', TOO_FAST));
      const room = this.lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      this.watch(conn, room, reply);
    },

    'room:leave': (conn, p, reply) => {
      const room = this.lobby.get(p.roomId);
      // Leaving a room this socket is not in changes nothing, and costs no toggle.
      if (room?.hasMember(conn.id) && !this.toggles.take([`s:${conn.id}`, `u:${conn.userId}`])) return reply(err('rate-limited', TOO_FAST));
      if (room) room.leave(conn.id, conn.userId);
      if (room) this.userRooms.release(room, conn.userId);
      conn.rooms.delete(p.roomId);
      this.spectating.remove(conn.id, p.roomId);
      reply({ ok: true });
    },

    'room:chat': (conn, p, reply) => {
      const room = this.lobby.get(p.roomId);
      if (!room || !room.hasMember(conn.id)) return reply(err('room-not-found', 'Join or watch the room before chatting'));
      if (!room.chatAllowed(conn.userId)) return reply(err('rate-limited', 'You are chatting too fast'));
      const user = this.d.users.get(conn.userId)!;
      reply({ ok: true });
      room.addChat(
        { roomId: room.roomId, from: { name: user.name, role: room.seatOf(user.id) ?? 'spectator' }, text: p.text, at: this.d.clock.now() },
        user.id,
      );
    },

    'room:rematch': (conn, p, reply) => {
      const room = this.lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of the match can play a rematch'));
      // Against the bot the rematch starts at once: it is one more bot match for this user.
      const other = room.seats[seat === 'A' ? 'B' : 'A'];
      if (room.status === 'finished' && !room.rematch.roomId) {
        const refused = this.roomCapRefusal(conn, other?.bot === true);
        if (refused) return reply(refused);
      }
      const r = offerRematch(room, seat, (like) => this.newRoom(like.visibility, like.clockConfig, this.roomDeps, rematchKind(like.kind)));
      if (!r.ok) return reply(err(r.code, r.message));
      const next = r.rematch.roomId ? this.lobby.get(r.rematch.roomId) : undefined;
      if (next) this.userRooms.claim(next, conn.userId, conn.address);
      reply({ ok: true, ...r.rematch });
      this.lobby.changed();
    },

    'match:action': (conn, p, reply) => {
      const room = this.lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of a match can act in it'));
      if (!room.master) return reply(err('not-started', 'The match has not started'));
      return room.master.submit(seat, p, reply);
    },

    'match:pass-until': (conn, p, reply) => {
      const room = this.lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of a match can pass in it'));
      if (!room.master) return reply(err('not-started', 'The match has not started'));
      return room.master.setPassUntil(seat, p.mode, reply);
    },

    settings: async (conn, p, reply) => {
      await this.d.users.setStops(conn.userId, p.stops);
      reply({ ok: true, stops: p.stops });
      this.stopsChanged(conn.userId);
    },

    'queue:join': (c, p, reply) => this.matchmaking.handlers['queue:join'](c, p, reply),
    'queue:leave': (c, p, reply) => this.matchmaking.handlers['queue:leave'](c, p, reply),
    'queue:accept': (c, p, reply) => this.matchmaking.handlers['queue:accept'](c, p, reply),
    'challenge:send': (c, p, reply) => this.matchmaking.handlers['challenge:send'](c, p, reply),
    'challenge:answer': (c, p, reply) => this.matchmaking.handlers['challenge:answer'](c, p, reply),
    'challenge:cancel': (c, p, reply) => this.matchmaking.handlers['challenge:cancel'](c, p, reply),
  };

  /**
   * New stop settings from outside a socket (`PUT /api/settings`): stored, and applied to the user's live
   * matches exactly as the socket's `settings` event does.
   */
  async setStops(userId: string, stops: StopSettings): Promise<void> {
    await this.d.users.setStops(userId, stops);
    this.stopsChanged(userId);
  }

  /** A seat the server answers for may have become a question (or the reverse): its masters re-plan. */
  private stopsChanged(userId: string): void {
    for (const id of this.userRooms.roomsOf(userId)) {
      const room = this.lobby.get(id);
      if (room?.master && room.seatOf(userId)) room.master.settingsChanged();
    }
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
    this.lobby.stop();
    if (!ownership) return;
    // Every queue has drained: our matches' leases end now, after their last writes, instead of in leaseMs.
    ownership.stop();
    const mine = [...this.lobby.rooms.values()].flatMap((r) => (r.master && ownership.owns(r.master.id) ? [{ matchId: r.master.id, roomId: r.roomId }] : []));
    await ownership.release(mine.map((m) => m.matchId));
    handOver?.handOver(mine, Math.round(performance.now() - t0));
  }
}
