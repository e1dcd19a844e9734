/**
 * Who a socket is: `hello` (the handshake's cookie, else the payload's token, else a new guest, under the hourly
 * new-session cap per address), then every seat of that user comes back on the socket. Also the sessions' other
 * ends, which http/auth-routes.ts calls: sign-out (one session or all), a session replaced by a new one
 * (register, password change), and a guest becoming an account.
 */
import type { Seat } from '@vroyale/protocol';
import type { ClusterRooms } from '../cluster/cluster-rooms.js';
import type { GameServerDeps } from '../game-deps.js';
import { err, type Identified, type Payload, type Reply } from '../gateway/handler-table.js';
import type { Blocks } from '../identity/blocks.js';
import { hashToken } from '../identity/ids.js';
import { SessionUpkeep } from '../identity/session-upkeep.js';
import type { Matchmaking } from '../matchmaking/matchmaking.js';
import type { Conn } from '../net/conn.js';
import type { RoomService } from '../rooms/room-service.js';

/** `'all'`: every session of the user; else one session's token hash. */
export type SignedOut = (userId: string, session: string | 'all') => void;

export interface SessionsHost {
  conns: ReadonlyMap<string, Conn>;
  blocks: Blocks;
  rooms: RoomService;
  matchmaking(): Matchmaking;
  cluster(): ClusterRooms | null;
  /** After a hello's reply: services that follow a user (tournaments) meet this socket. */
  helloed?(userId: string, socketId: string): void;
}

export class Sessions {
  private upkeep: SessionUpkeep | null = null;
  private readonly signedOutHooks: SignedOut[] = [];

  constructor(
    private readonly d: GameServerDeps,
    private readonly h: SessionsHost,
  ) {}

  /** New-session cap per address and the session sweep (identity/session-upkeep.ts); made on first use. */
  private get sessions(): SessionUpkeep {
    const { users, clock, log, config, storage } = this.d;
    return (this.upkeep ??= new SessionUpkeep(users, clock, log, {
      ttlMs: config.sessionTtlMs,
      newPerAddressPerHour: config.newSessionsPerAddressPerHour,
      storageOpen: () => storage.isOpen,
    }));
  }

  /** Starts the hourly session sweep. */
  start(): void {
    this.sessions.start();
  }

  /**
   * The handshake's session (the browser's httpOnly cookie), when valid, decides who this socket is and the
   * payload's token is ignored; the ack then leaves the token out (script never sees the cookie). Without one,
   * as before issue 17: the payload's token, or a new guest whose token the ack carries (tools, tests).
   */
  async hello(conn: Conn, p: Payload<'hello'>, reply: Reply<'hello'>): Promise<void> {
    const { users } = this.d;
    const { lobby, userRooms } = this.h.rooms;
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
    await this.h.blocks.load(user.id);
    // The socket may have gone while the store answered: nothing is attached to a closed connection.
    if (this.h.conns.get(conn.id) !== conn) return;
    if (conn.userId) this.h.rooms.detachAll(conn);
    conn.userId = user.id;
    conn.sessionHash = tokenHash;
    users.attachSocket(user.id, conn.id);
    const seats: { roomId: string; seat: Seat }[] = [];
    const open = userRooms.roomsOf(user.id);
    // Finished rooms too: a manager back right after the end (or after a restart) gets the result. Only within
    // finishedTtlMs: a finished room is dropped once nobody is in it, and re-attaching an older one on every
    // reconnection kept it in memory for as long as its manager kept reconnecting (the soak found it: issue 31).
    const now = this.d.clock.now();
    const recent = [...userRooms.finishedOf(user.id)].filter((id) => now - (lobby.get(id)?.finishedAt ?? -Infinity) < this.d.config.finishedTtlMs);
    for (const roomId of [...open, ...recent]) {
      const seat = lobby.get(roomId)?.seatOf(user.id);
      if (seat) seats.push({ roomId, seat });
    }
    reply({ ok: true, ...(fromCookie ? {} : { token }), userId: user.id, name: user.name, username: user.username, seats });
    // A new display name reaches every open room this user sits in (finished ones keep the name they ended with).
    for (const roomId of [...open]) lobby.get(roomId)?.renameOccupant(user.id, user.name, user.username ?? undefined);
    // Reconnection: every seat of this user comes back on this socket with its full view.
    for (const { roomId } of seats) this.h.rooms.attach(conn, lobby.get(roomId)!);
    this.h.matchmaking().hello(user.id, conn.id);
    this.h.helloed?.(user.id, conn.id);
    // In a cluster the user's seats may be in rooms other nodes hold (this socket reconnected to another node).
    await this.h.cluster()?.helloElsewhere(conn as Identified);
  }

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
    const gone = ids
      .map((id) => this.h.conns.get(id))
      .filter((c): c is Conn => !!c && (session === 'all' ? c.sessionHash !== keep : c.sessionHash === session));
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
      const c = this.h.conns.get(id);
      if (c?.sessionHash !== oldHash) continue;
      c.sessionHash = newHash;
      if (c.handshakeToken && hashToken(c.handshakeToken) === oldHash) c.handshakeToken = newToken;
    }
  }

  /** A guest became an account: seats in open rooms show the username from now on. */
  accountRegistered(userId: string, username: string): void {
    if (!this.d.users.registered(userId, username)) return;
    const { lobby, userRooms } = this.h.rooms;
    for (const roomId of [...userRooms.roomsOf(userId)]) lobby.get(roomId)?.renameOccupant(userId, username, username);
  }
}
