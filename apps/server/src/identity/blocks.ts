/**
 * Who blocked whom (issue 17 §5). A block is one-way in storage (`blocks(user_id, blocked_id)`) and two-way in
 * effect for pairing and challenges (`blocked(a, b)`); chat is filtered by the recipient's own list
 * (`blockedBy`). Each user's list is read from the store once (`load`: on hello, before the socket is theirs, and
 * by the block routes) and kept in memory, so a chat line costs a map lookup per recipient, not a query; the block
 * routes update memory and the row together. Used by rooms (chat), the HTTP routes, and matchmaking and challenges.
 *
 * `blockedBy` answers from memory only (the store is async): a user whose list is not loaded has blocked nobody
 * as far as it knows. Everyone it is asked about is loaded: chat members and challengers said hello, a challenge's
 * target must have a socket, and a queue tick loads the lists of every waiting user first (`loadAll`: one whose
 * socket is gone was forgotten, list and all).
 */
import type { BlocksStore } from '../storage/store.js';

const NONE: ReadonlySet<string> = new Set();

export class Blocks {
  private readonly byUser = new Map<string, Set<string>>();
  constructor(private readonly store: BlocksStore) {}

  /** The ids `userId` has blocked (as loaded). */
  blockedBy(userId: string): ReadonlySet<string> {
    return this.byUser.get(userId) ?? NONE;
  }

  /** Either has blocked the other: they are never paired, and cannot challenge each other. */
  blocked(a: string, b: string): boolean {
    return this.blockedBy(a).has(b) || this.blockedBy(b).has(a);
  }

  /** Reads a user's list (hello, the block routes) unless it is in memory already; returns it. */
  async load(userId: string): Promise<ReadonlySet<string>> {
    const known = this.byUser.get(userId);
    if (known) return known;
    const ids = await this.store.of(userId);
    // A block or unblock that ran while this read was out wins: it read the list itself first.
    const now = this.byUser.get(userId);
    if (now) return now;
    // Most people block nobody: share one empty set until they do.
    const set = ids.length === 0 ? (NONE as Set<string>) : new Set(ids);
    this.byUser.set(userId, set);
    return set;
  }

  /** `load` for each (a queue tick: a waiting user whose socket is gone was forgotten, their list with them). */
  async loadAll(userIds: readonly string[]): Promise<void> {
    await Promise.all(userIds.filter((id) => !this.byUser.has(id)).map((id) => this.load(id)));
  }

  async block(userId: string, blockedId: string, now: number): Promise<void> {
    await this.load(userId);
    await this.store.add(userId, blockedId, now);
    this.byUser.set(userId, new Set([...this.blockedBy(userId), blockedId]));
  }

  async unblock(userId: string, blockedId: string): Promise<void> {
    await this.load(userId);
    await this.store.remove(userId, blockedId);
    const next = new Set(this.blockedBy(userId));
    next.delete(blockedId);
    this.byUser.set(userId, next.size === 0 ? (NONE as Set<string>) : next);
  }

  /** A user no longer in memory (no socket, no seat): their list is read again when they are back. */
  forget(userId: string): void {
    this.byUser.delete(userId);
  }
}
