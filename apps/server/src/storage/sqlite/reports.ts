/**
 * Reports of players for moderators (issue 17 §5), and the user lookups by username the block and report
 * routes and the admin command share. Usernames are found by `usernameKey` (case and look-alikes folded), the
 * same key their uniqueness is decided on.
 */
import type Database from 'better-sqlite3';
import { usernameKey } from '@vroyale/protocol';
import type { ReportRow, ReportsStore, UserSummary, UsersLookup } from '../store.js';

const account = (r: Record<string, unknown>): UserSummary => ({
  id: String(r.id),
  username: String(r.username),
  displayName: String(r.display_name),
  createdAt: Number(r.created_at),
  bannedAt: r.banned_at === null ? null : Number(r.banned_at),
  banReason: r.ban_reason === null ? null : String(r.ban_reason),
});

/** A registered account by username (any case or look-alike spelling), or null. */
function accountByUsername(db: Database.Database, name: string): UserSummary | null {
  const r = db
    .prepare('SELECT id, username, display_name, created_at, banned_at, ban_reason FROM users WHERE username_key = ?')
    .get(usernameKey(name.trim())) as Record<string, unknown> | undefined;
  return r ? account(r) : null;
}

/** Registered accounts whose username starts with `prefix` (case-insensitive), by username; at most `limit`. */
function accountsByPrefix(db: Database.Database, prefix: string, limit = 50): UserSummary[] {
  const like = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
  return (
    db
      .prepare(
        "SELECT id, username, display_name, created_at, banned_at, ban_reason FROM users WHERE username IS NOT NULL AND lower(username) LIKE ? ESCAPE '\\' ORDER BY lower(username) LIMIT ?",
      )
      .all(like, limit) as Record<string, unknown>[]
  ).map(account);
}

/** How a report names its people: the username when there is one, else the display name and id (guests). */
const WHO = (alias: string) => `COALESCE(${alias}.username, ${alias}.display_name || ' (guest ' || ${alias}.id || ')')`;

export class SqliteUsers implements UsersLookup {
  constructor(private readonly db: Database.Database) {}

  async byUsername(name: string): Promise<UserSummary | null> {
    return accountByUsername(this.db, name);
  }

  async byPrefix(prefix: string, limit = 50): Promise<UserSummary[]> {
    return accountsByPrefix(this.db, prefix, limit);
  }

  async usernameOf(userId: string): Promise<string | null | undefined> {
    const r = this.db.prepare('SELECT username FROM users WHERE id = ?').get(userId) as { username: string | null } | undefined;
    return r ? r.username : undefined;
  }
}

export class SqliteReports implements ReportsStore {
  constructor(private readonly db: Database.Database) {}

  async create(r: { reporterId: string; targetId: string; matchId: string | null; reason: string; note: string | null }, now: number): Promise<number> {
    const res = this.db
      .prepare('INSERT INTO reports (reporter_id, target_id, match_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(r.reporterId, r.targetId, r.matchId, r.reason, r.note, now);
    return Number(res.lastInsertRowid);
  }

  /** Open reports (all with `all`), newest first. */
  async list(all = false): Promise<ReportRow[]> {
    const rows = this.db
      .prepare(
        `SELECT r.id, r.created_at, ${WHO('a')} AS reporter, ${WHO('t')} AS target, r.reason, r.note, r.match_id, r.resolved_at, r.resolution
           FROM reports r JOIN users a ON a.id = r.reporter_id JOIN users t ON t.id = r.target_id
          ${all ? '' : 'WHERE r.resolved_at IS NULL'}
          ORDER BY r.created_at DESC, r.id DESC`,
      )
      .all() as Record<string, unknown>[];
    return rows.map((r) => ({
      id: Number(r.id),
      createdAt: Number(r.created_at),
      reporter: String(r.reporter),
      target: String(r.target),
      reason: String(r.reason),
      note: r.note === null ? null : String(r.note),
      matchId: r.match_id === null ? null : String(r.match_id),
      resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
      resolution: r.resolution === null ? null : String(r.resolution),
    }));
  }

  /** Closes a report with a moderator's note; false if there is no such report. */
  async resolve(id: number, note: string, now: number): Promise<boolean> {
    return this.db.prepare('UPDATE reports SET resolved_at = ?, resolution = ? WHERE id = ?').run(now, note, id).changes > 0;
  }
}
