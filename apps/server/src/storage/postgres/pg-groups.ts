/**
 * The smaller query groups of the `Store` on PostgreSQL: accounts and their sessions, user lookups, interface
 * settings, blocks, reports, matchmaking's account facts, and the moderators' writes. The SQL is SQLite's
 * (../sqlite/) with PostgreSQL's spellings: `$n` placeholders (through pg-db.ts), `ON CONFLICT DO NOTHING`,
 * `RETURNING id`, `= ANY($n)`. Writes go through the write lane; reads to the pool.
 */
import type pg from 'pg';
import { usernameKey, type RatingQueue, type UiSettings } from '@vroyale/protocol';
import { hashToken, newSessionToken, newUserId } from '../../identity/ids.js';
import { DEFAULT_RATING, DEFAULT_RD } from '../../ratings/glicko.js';
import {
  UsernameTakenError,
  type AccountFacts,
  type AccountRow,
  type AccountsStore,
  type AdminStore,
  type BlocksStore,
  type RegisteredAccount,
  type ReportRow,
  type ReportsStore,
  type SettingsStore,
  type UserSummary,
  type UsersLookup,
} from '../store.js';
import { isUniqueViolation, row, rows, run, type Row, type WriteLane } from './pg-db.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

const account = (r: Row): AccountRow => ({
  id: String(r.id),
  username: str(r.username),
  displayName: String(r.display_name),
  passwordHash: str(r.password_hash),
  createdAt: Number(r.created_at),
  registeredAt: num(r.registered_at),
  bannedAt: num(r.banned_at),
});
const COLUMNS = 'id, username, display_name, password_hash, created_at, registered_at, banned_at';

async function newSession(c: pg.PoolClient, userId: string, now: number): Promise<string> {
  const token = newSessionToken();
  await run(c, 'INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES (?, ?, ?, ?)', [hashToken(token), userId, now, now]);
  return token;
}

export class PgAccounts implements AccountsStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  async byId(id: string): Promise<AccountRow | null> {
    const r = await row(this.pool, `SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]);
    return r ? account(r) : null;
  }

  async byUsername(name: string): Promise<RegisteredAccount | null> {
    const r = await row(this.pool, `SELECT ${COLUMNS} FROM users WHERE username_key = ?`, [usernameKey(name)]);
    const a = r ? account(r) : null;
    return a && a.username !== null && a.passwordHash !== null ? (a as RegisteredAccount) : null;
  }

  async createGuest(displayName: string, now: number): Promise<{ userId: string; token: string }> {
    const userId = newUserId();
    const token = await this.lane.tx(async (c) => {
      await run(c, 'INSERT INTO users (id, display_name, created_at) VALUES (?, ?, ?)', [userId, displayName, now]);
      return newSession(c, userId, now);
    });
    return { userId, token };
  }

  async register(userId: string | null, username: string, passwordHash: string, now: number): Promise<{ ok: true; userId: string } | { ok: false }> {
    const id = userId ?? newUserId();
    try {
      const done = await this.lane.tx(async (c) => {
        if (!userId) await run(c, 'INSERT INTO users (id, display_name, created_at) VALUES (?, ?, ?)', [id, username, now]);
        const sql = 'UPDATE users SET username = ?, username_key = ?, display_name = ?, password_hash = ?, registered_at = ? WHERE id = ? AND username IS NULL';
        return (await run(c, sql, [username, usernameKey(username), username, passwordHash, now, id])) === 1;
      });
      return done ? { ok: true, userId: id } : { ok: false };
    } catch (e) {
      if (isUniqueViolation(e)) throw new UsernameTakenError(username);
      throw e;
    }
  }

  createSession(userId: string, now: number): Promise<string> {
    return this.lane.tx((c) => newSession(c, userId, now));
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'DELETE FROM sessions WHERE token_hash = ?', [tokenHash])));
  }

  deleteSessionsOf(userId: string): Promise<string[]> {
    return this.lane.tx(async (c) => (await rows(c, 'DELETE FROM sessions WHERE user_id = ? RETURNING token_hash', [userId])).map((r) => String(r.token_hash)));
  }

  rotateSession(oldHash: string, userId: string, now: number): Promise<string> {
    return this.lane.tx(async (c) => {
      await run(c, 'DELETE FROM sessions WHERE token_hash = ?', [oldHash]);
      return newSession(c, userId, now);
    });
  }

  changePassword(userId: string, passwordHash: string, now: number): Promise<string> {
    return this.lane.tx(async (c) => {
      await run(c, 'UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, userId]);
      await run(c, 'DELETE FROM sessions WHERE user_id = ?', [userId]);
      return newSession(c, userId, now);
    });
  }

  async sessionCount(userId: string): Promise<number> {
    return Number((await row(this.pool, 'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [userId]))?.n ?? 0);
  }
}

const summary = (r: Row): UserSummary => ({
  id: String(r.id),
  username: String(r.username),
  displayName: String(r.display_name),
  createdAt: Number(r.created_at),
  bannedAt: num(r.banned_at),
  banReason: str(r.ban_reason),
});

export class PgUsers implements UsersLookup {
  constructor(private readonly pool: pg.Pool) {}

  async byUsername(name: string): Promise<UserSummary | null> {
    const r = await row(this.pool, 'SELECT id, username, display_name, created_at, banned_at, ban_reason FROM users WHERE username_key = ?', [
      usernameKey(name.trim()),
    ]);
    return r ? summary(r) : null;
  }

  async byPrefix(prefix: string, limit = 50): Promise<UserSummary[]> {
    const like = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
    const sql =
      "SELECT id, username, display_name, created_at, banned_at, ban_reason FROM users WHERE username IS NOT NULL AND lower(username) LIKE ? ESCAPE '\\' ORDER BY lower(username) LIMIT ?";
    return (await rows(this.pool, sql, [like, limit])).map(summary);
  }

  async usernameOf(userId: string): Promise<string | null | undefined> {
    const r = await row(this.pool, 'SELECT username FROM users WHERE id = ?', [userId]);
    return r ? str(r.username) : undefined;
  }
}

export class PgSettings implements SettingsStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  async ui(userId: string): Promise<UiSettings | null> {
    const raw = (await row(this.pool, 'SELECT ui_json FROM users WHERE id = ?', [userId]))?.ui_json;
    if (typeof raw !== 'string' || !raw) return null;
    try {
      const v: unknown = JSON.parse(raw);
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as UiSettings) : null;
    } catch {
      return null;
    }
  }

  setUi(userId: string, ui: UiSettings): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'UPDATE users SET ui_json = ? WHERE id = ?', [JSON.stringify(ui), userId])));
  }
}

export class PgBlocks implements BlocksStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  async of(userId: string): Promise<string[]> {
    return (await rows(this.pool, 'SELECT blocked_id FROM blocks WHERE user_id = ?', [userId])).map((r) => String(r.blocked_id));
  }

  add(userId: string, blockedId: string, now: number): Promise<void> {
    return this.lane.tx(
      async (c) =>
        void (await run(c, 'INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [userId, blockedId, now])),
    );
  }

  remove(userId: string, blockedId: string): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?', [userId, blockedId])));
  }
}

const WHO = (alias: string) => `COALESCE(${alias}.username, ${alias}.display_name || ' (guest ' || ${alias}.id || ')')`;

export class PgReports implements ReportsStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  create(r: { reporterId: string; targetId: string; matchId: string | null; reason: string; note: string | null }, now: number): Promise<number> {
    return this.lane.tx(async (c) => {
      const sql = 'INSERT INTO reports (reporter_id, target_id, match_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id';
      return Number((await row(c, sql, [r.reporterId, r.targetId, r.matchId, r.reason, r.note, now]))!.id);
    });
  }

  async list(all = false): Promise<ReportRow[]> {
    const sql = `SELECT r.id, r.created_at, ${WHO('a')} AS reporter, ${WHO('t')} AS target, r.reason, r.note, r.match_id, r.resolved_at, r.resolution
                   FROM reports r JOIN users a ON a.id = r.reporter_id JOIN users t ON t.id = r.target_id
                  ${all ? '' : 'WHERE r.resolved_at IS NULL'}
                  ORDER BY r.created_at DESC, r.id DESC`;
    return (await rows(this.pool, sql)).map((r) => ({
      id: Number(r.id),
      createdAt: Number(r.created_at),
      reporter: String(r.reporter),
      target: String(r.target),
      reason: String(r.reason),
      note: str(r.note),
      matchId: str(r.match_id),
      resolvedAt: num(r.resolved_at),
      resolution: str(r.resolution),
    }));
  }

  resolve(id: number, note: string, now: number): Promise<boolean> {
    return this.lane.tx(async (c) => (await run(c, 'UPDATE reports SET resolved_at = ?, resolution = ? WHERE id = ?', [now, note, id])) > 0);
  }
}

export function pgFacts(pool: pg.Pool): AccountFacts {
  const user = (id: string) => row(pool, 'SELECT username, banned_at FROM users WHERE id = ?', [id]);
  return {
    usernameOf: async (id) => str((await user(id))?.username),
    userIdOf: async (name) => str((await row(pool, 'SELECT id FROM users WHERE username_key = ?', [usernameKey(name.trim())]))?.id),
    bannedAt: async (id) => num((await user(id))?.banned_at),
    bannedAmong: async (ids) =>
      new Set((await rows(pool, 'SELECT id FROM users WHERE id = ANY(?) AND banned_at IS NOT NULL', [[...ids]])).map((r) => String(r.id))),
    ratingOf: async (id, queue: RatingQueue) => {
      const r = await row(pool, 'SELECT rating, rd FROM ratings WHERE user_id = ? AND queue = ?', [id, queue]);
      return r ? { rating: Number(r.rating), rd: Number(r.rd) } : { rating: DEFAULT_RATING, rd: DEFAULT_RD };
    },
  };
}

export class PgAdmin implements AdminStore {
  constructor(private readonly lane: WriteLane) {}

  ban(userId: string, reason: string | null, now: number): Promise<number> {
    return this.lane.tx(async (c) => {
      await run(c, 'UPDATE users SET banned_at = COALESCE(banned_at, ?), ban_reason = ? WHERE id = ?', [now, reason, userId]);
      return run(c, 'DELETE FROM sessions WHERE user_id = ?', [userId]);
    });
  }

  unban(userId: string): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'UPDATE users SET banned_at = NULL, ban_reason = NULL WHERE id = ?', [userId])));
  }
}
