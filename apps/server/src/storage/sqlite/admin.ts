/** The moderators' writes (admin/commands.ts): each one short transaction beside a live server. */
import type Database from 'better-sqlite3';
import type { AdminStore } from '../store.js';

export class SqliteAdmin implements AdminStore {
  constructor(private readonly db: Database.Database) {}

  async ban(userId: string, reason: string | null, now: number): Promise<number> {
    return this.db.transaction(() => {
      this.db.prepare('UPDATE users SET banned_at = COALESCE(banned_at, ?), ban_reason = ? WHERE id = ?').run(now, reason, userId);
      return this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes;
    })();
  }

  async unban(userId: string): Promise<void> {
    this.db.prepare('UPDATE users SET banned_at = NULL, ban_reason = NULL WHERE id = ?').run(userId);
  }
}
