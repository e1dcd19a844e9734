/**
 * Who blocked whom (issue 17 §5). A block is one-way in storage (`blocks(user_id, blocked_id)`) and two-way in
 * effect for pairing and challenges (`blocked(a, b)`); chat is filtered by the recipient's own list
 * (`blockedBy`). Each user's list is read from the database once (on hello, or on first use) and kept in memory,
 * so a chat line costs a map lookup per recipient, not a query; the block routes update memory and the row
 * together. Used by rooms (chat), the HTTP routes, and matchmaking and challenges.
 */
import type Database from 'better-sqlite3';

const NONE: ReadonlySet<string> = new Set();

export class Blocks {
  private readonly byUser = new Map<string, Set<string>>();
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      of: db.prepare('SELECT blocked_id FROM blocks WHERE user_id = ?'),
      add: db.prepare('INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      remove: db.prepare('DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?'),
    };
  }

  /** The ids `userId` has blocked. */
  blockedBy(userId: string): ReadonlySet<string> {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set((this.st.of.all(userId) as { blocked_id: string }[]).map((r) => r.blocked_id));
      // Most people block nobody: share one empty set until they do.
      this.byUser.set(userId, set.size === 0 ? (NONE as Set<string>) : set);
    }
    return set;
  }

  /** Either has blocked the other: they are never paired, and cannot challenge each other. */
  blocked(a: string, b: string): boolean {
    return this.blockedBy(a).has(b) || this.blockedBy(b).has(a);
  }

  /** Reads a user's list now (hello), so their first chat line in a crowded room costs no query. */
  load(userId: string): void {
    this.blockedBy(userId);
  }

  block(userId: string, blockedId: string, now: number): void {
    this.st.add.run(userId, blockedId, now);
    this.byUser.set(userId, new Set([...this.blockedBy(userId), blockedId]));
  }

  unblock(userId: string, blockedId: string): void {
    this.st.remove.run(userId, blockedId);
    const next = new Set(this.blockedBy(userId));
    next.delete(blockedId);
    this.byUser.set(userId, next.size === 0 ? (NONE as Set<string>) : next);
  }

  /** A user no longer in memory (no socket, no seat): their list is read again when they are back. */
  forget(userId: string): void {
    this.byUser.delete(userId);
  }
}
