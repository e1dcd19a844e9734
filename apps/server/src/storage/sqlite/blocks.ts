/** Blocks rows (issue 17 §5); identity/blocks.ts keeps each user's list in memory. */
import type Database from 'better-sqlite3';
import type { BlocksStore } from '../store.js';

export class SqliteBlocks implements BlocksStore {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      of: db.prepare('SELECT blocked_id FROM blocks WHERE user_id = ?'),
      add: db.prepare('INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      remove: db.prepare('DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?'),
    };
  }

  async of(userId: string): Promise<string[]> {
    return (this.st.of.all(userId) as { blocked_id: string }[]).map((r) => r.blocked_id);
  }

  async add(userId: string, blockedId: string, now: number): Promise<void> {
    this.st.add.run(userId, blockedId, now);
  }

  async remove(userId: string, blockedId: string): Promise<void> {
    this.st.remove.run(userId, blockedId);
  }
}
