/**
 * Accounts and their sessions (issue 17 §1), kept out of storage.ts. A guest is a `users` row without a
 * username; registering fills in username, username_key, password_hash and registered_at on that same row, so
 * the user id (and everything keyed by it: seats, matches, decks, settings, ratings) stays. Uniqueness of names
 * is the UNIQUE index on username_key (the protocol's `usernameKey`: case and look-alikes folded).
 */
import type Database from 'better-sqlite3';
import { usernameKey } from '@vroyale/protocol';
import { hashToken, newSessionToken, newUserId } from '../../identity/ids.js';
import { UsernameTakenError, type AccountRow, type AccountsStore, type RegisteredAccount } from '../store.js';

type Row = Record<string, unknown>;
const account = (r: Row): AccountRow => ({
  id: String(r.id),
  username: r.username === null ? null : String(r.username),
  displayName: String(r.display_name),
  passwordHash: r.password_hash === null ? null : String(r.password_hash),
  createdAt: Number(r.created_at),
  registeredAt: r.registered_at === null ? null : Number(r.registered_at),
  bannedAt: r.banned_at === null ? null : Number(r.banned_at),
});

const COLUMNS = 'id, username, display_name, password_hash, created_at, registered_at, banned_at';

export class SqliteAccounts implements AccountsStore {
  private readonly st;

  constructor(private readonly db: Database.Database) {
    this.st = {
      byId: db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`),
      byKey: db.prepare(`SELECT ${COLUMNS} FROM users WHERE username_key = ?`),
      insertGuest: db.prepare('INSERT INTO users (id, display_name, created_at) VALUES (?, ?, ?)'),
      register: db.prepare(
        'UPDATE users SET username = ?, username_key = ?, display_name = ?, password_hash = ?, registered_at = ? WHERE id = ? AND username IS NULL',
      ),
      setPassword: db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
      insertSession: db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES (?, ?, ?, ?)'),
      deleteSession: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      deleteSessionsOf: db.prepare('DELETE FROM sessions WHERE user_id = ?'),
      sessionHashesOf: db.prepare('SELECT token_hash FROM sessions WHERE user_id = ?'),
      countSessions: db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?'),
    };
  }

  async byId(id: string): Promise<AccountRow | null> {
    const r = this.st.byId.get(id) as Row | undefined;
    return r ? account(r) : null;
  }

  /** The registered account whose username folds to the same key as `name`, or null. */
  async byUsername(name: string): Promise<RegisteredAccount | null> {
    const r = this.st.byKey.get(usernameKey(name)) as Row | undefined;
    const a = r ? account(r) : null;
    return a && a.username !== null && a.passwordHash !== null ? (a as RegisteredAccount) : null;
  }

  /** A new guest user and its first session; returns the user id and the session token (never stored itself). */
  async createGuest(displayName: string, now: number): Promise<{ userId: string; token: string }> {
    const userId = newUserId();
    const token = newSessionToken();
    this.db.transaction(() => {
      this.st.insertGuest.run(userId, displayName, now);
      this.st.insertSession.run(hashToken(token), userId, now, now);
    })();
    return { userId, token };
  }

  /**
   * Makes `userId` (a guest row) an account, or a new user when `userId` is null, in one transaction. Throws
   * `UsernameTakenError` when the key is taken; returns false when the row is already an account (or gone).
   */
  async register(userId: string | null, username: string, passwordHash: string, now: number): Promise<{ ok: true; userId: string } | { ok: false }> {
    const id = userId ?? newUserId();
    try {
      const done = this.db.transaction(() => {
        if (!userId) this.st.insertGuest.run(id, username, now);
        return this.st.register.run(username, usernameKey(username), username, passwordHash, now, id).changes === 1;
      })();
      return done ? { ok: true, userId: id } : { ok: false };
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new UsernameTakenError(username);
      throw e;
    }
  }

  async changePassword(userId: string, passwordHash: string, now: number): Promise<string> {
    return this.db.transaction(() => {
      this.st.setPassword.run(passwordHash, userId);
      this.st.deleteSessionsOf.run(userId);
      return this.newSession(userId, now);
    })();
  }

  /** A new session for the user; returns its token. */
  async createSession(userId: string, now: number): Promise<string> {
    return this.newSession(userId, now);
  }

  private newSession(userId: string, now: number): string {
    const token = newSessionToken();
    this.st.insertSession.run(hashToken(token), userId, now, now);
    return token;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.st.deleteSession.run(tokenHash);
  }

  /** Deletes every session of the user; returns their hashes (whose sockets are then signed out). */
  async deleteSessionsOf(userId: string): Promise<string[]> {
    return this.db.transaction(() => {
      const hashes = (this.st.sessionHashesOf.all(userId) as { token_hash: string }[]).map((r) => r.token_hash);
      this.st.deleteSessionsOf.run(userId);
      return hashes;
    })();
  }

  /** Replaces one session by a fresh one (a privilege change: register, password change); returns the new token. */
  async rotateSession(oldHash: string, userId: string, now: number): Promise<string> {
    return this.db.transaction(() => {
      this.st.deleteSession.run(oldHash);
      return this.newSession(userId, now);
    })();
  }

  async sessionCount(userId: string): Promise<number> {
    return Number((this.st.countSessions.get(userId) as { n: number }).n);
  }
}
