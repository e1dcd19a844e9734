/**
 * Identity without passwords: a display name and a session token. The first hello issues a random token
 * (the browser keeps it); a later hello that presents it is the same user, on any new socket. Only the
 * token's hash is stored. An unknown or expired token simply starts a new identity.
 */
import type { Storage } from '../storage/storage.js';
import { hashToken, newSessionToken, newUserId } from './ids.js';

export interface User {
  id: string;
  name: string;
  autoPass: boolean;
  /** Live sockets of this user (several tabs are fine). */
  sockets: Set<string>;
}

export class Users {
  private readonly byId = new Map<string, User>();

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number,
  ) {}

  /** Identifies a socket's user: the presented token's user, or a new user with a new token. */
  hello(name: string, token: string | undefined): { user: User; token: string } {
    if (token) {
      const found = this.storage.findSession(hashToken(token));
      if (found) {
        this.storage.touchSession(found.userId, name, this.now());
        const user = this.load(found.userId, name, found.autoPass);
        return { user, token };
      }
    }
    const fresh = newSessionToken();
    const id = newUserId();
    this.storage.createSession(hashToken(fresh), id, name, this.now());
    return { user: this.load(id, name, false), token: fresh };
  }

  private load(id: string, name: string, autoPass: boolean): User {
    let u = this.byId.get(id);
    if (!u) {
      u = { id, name, autoPass, sockets: new Set() };
      this.byId.set(id, u);
    }
    u.name = name;
    return u;
  }

  get(id: string): User | undefined {
    return this.byId.get(id);
  }

  /** For rooms restored after a restart: their managers are known users even before they say hello. */
  remember(id: string, name: string): User {
    return this.byId.get(id) ?? this.load(id, name, this.storage.findAutoPass(id));
  }

  setAutoPass(id: string, on: boolean): void {
    const u = this.byId.get(id);
    if (u) u.autoPass = on;
    this.storage.setAutoPass(id, on);
  }

  autoPassOf(id: string): boolean {
    return this.byId.get(id)?.autoPass ?? false;
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
