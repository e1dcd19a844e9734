/**
 * Identity: a session token, and either a guest's display name or an account's username (issue 17: accounts are
 * made and signed in over HTTP, http/auth-routes.ts; a socket's hello resumes the same sessions). The first hello issues a random token
 * (the browser keeps it); a later hello that presents it is the same user, on any new socket. Only the
 * token's hash is stored. An unknown or expired token simply starts a new identity (whether one may be started
 * is the caller's decision: game-server.ts caps new sessions per address). A session's last use is written on
 * hello and by the hourly sweep, never per message.
 */
import { DEFAULT_STOP_SETTINGS, StopSettings } from '@vroyale/protocol';
import type { Occupant } from '../storage/records.js';
import type { Store } from '../storage/store.js';
import { hashToken, newSessionToken, newUserId } from './ids.js';

export interface User {
  id: string;
  /** What seats and chat show: a guest's display name, or an account's username. */
  name: string;
  /** The account's username; null for a guest. */
  username: string | null;
  /** Where this person wants to be asked (docs/auto-pass.md); only the server and their own sockets see them. */
  stops: StopSettings;
  /** Live sockets of this user (several tabs are fine). */
  sockets: Set<string>;
}

/** A socket's identity after hello: the user, the session's token and the hash it is stored under. */
export interface Identified {
  user: User;
  token: string;
  tokenHash: string;
}

export class Users {
  private readonly byId = new Map<string, User>();

  constructor(
    private readonly storage: Store,
    private readonly now: () => number,
  ) {}

  /**
   * The presented token's user, or null: an unknown token, or one unused for longer than `ttlMs` (its row is
   * deleted here, so the old identity cannot come back). A user in memory is in use (connected or seated) and
   * never expires: the sweep would have touched their session anyway.
   */
  async resume(name: string, token: string, ttlMs: number): Promise<Identified | 'banned' | null> {
    const hash = hashToken(token);
    const found = await this.storage.findSession(hash);
    if (!found) return null;
    const now = this.now();
    if (now - found.lastSeen > ttlMs && !this.byId.has(found.userId)) {
      await this.storage.deleteSession(hash);
      return null;
    }
    if (found.banned) return 'banned';
    // An account is its username everywhere; hello's name renames guests only.
    const shown = found.username ?? name;
    await this.storage.touchSession(hash, found.userId, shown, now);
    return { user: this.load(found.userId, shown, found.stops, found.username), token, tokenHash: hash };
  }

  /** A new identity with a new token (the caller decides whether this address may start one). */
  async create(name: string): Promise<Identified> {
    const fresh = newSessionToken();
    const id = newUserId();
    const tokenHash = hashToken(fresh);
    await this.storage.createSession(tokenHash, id, name, this.now());
    return { user: this.load(id, name, null, null), token: fresh, tokenHash };
  }

  /** Identifies a socket's user: the presented token's user, or a new user with a new token (tests; banned → new). */
  async hello(name: string, token: string | undefined, ttlMs = Infinity): Promise<Identified> {
    const r = token ? await this.resume(name, token, ttlMs) : null;
    return r && r !== 'banned' ? r : this.create(name);
  }

  /** A guest in memory became an account (http/auth-routes.ts): its name is now the username. */
  registered(id: string, username: string): User | undefined {
    const u = this.byId.get(id);
    if (u) {
      u.username = username;
      u.name = username;
    }
    return u;
  }

  /**
   * The periodic sweep: sessions in use (their users are in memory: connected, or holding a seat) are marked
   * used now, in one transaction; then rows unused for longer than `ttlMs` are deleted. Returns how many went.
   */
  async sweep(ttlMs: number): Promise<number> {
    const now = this.now();
    await this.storage.touchSessions([...this.byId.keys()], now);
    return this.storage.deleteSessionsSeenBefore(now - ttlMs);
  }

  private load(id: string, name: string, storedStops: unknown, username: string | null): User {
    let u = this.byId.get(id);
    if (!u) {
      u = { id, name, username, stops: validStops(storedStops), sockets: new Set() };
      this.byId.set(id, u);
    }
    u.name = name;
    u.username = username;
    return u;
  }

  get(id: string): User | undefined {
    return this.byId.get(id);
  }

  /** For rooms restored after a restart: their managers are known users (with their stored stops) before hello. */
  async recall(id: string, name: string, username: string | null = null): Promise<User> {
    const known = this.byId.get(id);
    if (known) return known;
    const stops = await this.storage.findStops(id);
    return this.byId.get(id) ?? this.load(id, name, stops, username);
  }

  /**
   * A user seated now who may not be in memory (matchmaking seats a queued player whose socket is gone): known at
   * once with the defaults, their stored stops applied when the read returns (unless newer ones came meanwhile).
   */
  remember(id: string, name: string, username: string | null = null): User {
    const known = this.byId.get(id);
    if (known) return known;
    const u = this.load(id, name, null, username);
    void this.storage.findStops(id).then(
      (stored) => {
        if (this.byId.get(id) === u && u.stops === DEFAULT_STOP_SETTINGS) u.stops = validStops(stored);
      },
      () => {},
    );
    return u;
  }

  async setStops(id: string, stops: StopSettings): Promise<void> {
    const u = this.byId.get(id);
    if (u) u.stops = stops;
    await this.storage.setStops(id, stops);
  }

  /** A user not in memory (forgotten, or never seen) gets the defaults, like a browser that sent none. */
  stopsOf(id: string): StopSettings {
    return this.byId.get(id)?.stops ?? DEFAULT_STOP_SETTINGS;
  }

  forget(id: string): void {
    this.byId.delete(id);
  }

  attachSocket(id: string, socketId: string): void {
    this.byId.get(id)?.sockets.add(socketId);
  }

  detachSocket(id: string, socketId: string): void {
    this.byId.get(id)?.sockets.delete(socketId);
  }
}

/** Who sits in a seat this user takes: every place that seats a person uses this, so accounts show their username. */
export function seatedAs(user: User): Pick<Occupant, 'userId' | 'name' | 'username'> {
  return user.username ? { userId: user.id, name: user.name, username: user.username } : { userId: user.id, name: user.name };
}

/** Stored settings from an older version (a window renamed, a field gone) fall back to the defaults. */
function validStops(stored: unknown): StopSettings {
  if (stored === null) return DEFAULT_STOP_SETTINGS;
  const r = StopSettings.safeParse(stored);
  return r.success ? r.data : DEFAULT_STOP_SETTINGS;
}
