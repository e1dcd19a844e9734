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
import type { Storage } from '../storage/storage.js';
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
    private readonly storage: Storage,
    private readonly now: () => number,
  ) {}

  /**
   * The presented token's user, or null: an unknown token, or one unused for longer than `ttlMs` (its row is
   * deleted here, so the old identity cannot come back). A user in memory is in use (connected or seated) and
   * never expires: the sweep would have touched their session anyway.
   */
  resume(name: string, token: string, ttlMs: number): Identified | 'banned' | null {
    const hash = hashToken(token);
    const found = this.storage.findSession(hash);
    if (!found) return null;
    const now = this.now();
    if (now - found.lastSeen > ttlMs && !this.byId.has(found.userId)) {
      this.storage.deleteSession(hash);
      return null;
    }
    if (found.banned) return 'banned';
    // An account is its username everywhere; hello's name renames guests only.
    const shown = found.username ?? name;
    this.storage.touchSession(hash, found.userId, shown, now);
    return { user: this.load(found.userId, shown, found.stops, found.username), token, tokenHash: hash };
  }

  /** A new identity with a new token (the caller decides whether this address may start one). */
  create(name: string): Identified {
    const fresh = newSessionToken();
    const id = newUserId();
    const tokenHash = hashToken(fresh);
    this.storage.createSession(tokenHash, id, name, this.now());
    return { user: this.load(id, name, null, null), token: fresh, tokenHash };
  }

  /** Identifies a socket's user: the presented token's user, or a new user with a new token (tests; banned → new). */
  hello(name: string, token: string | undefined, ttlMs = Infinity): Identified {
    const r = token ? this.resume(name, token, ttlMs) : null;
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
  sweep(ttlMs: number): number {
    const now = this.now();
    this.storage.touchSessions(this.byId.keys(), now);
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

  /** For rooms restored after a restart: their managers are known users even before they say hello. */
  remember(id: string, name: string, username: string | null = null): User {
    return this.byId.get(id) ?? this.load(id, name, this.storage.findStops(id), username);
  }

  setStops(id: string, stops: StopSettings): void {
    const u = this.byId.get(id);
    if (u) u.stops = stops;
    this.storage.setStops(id, stops);
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
