/**
 * The account facts matchmaking reads (issue 17 §3): a user's username and ban, a username's user, a rating.
 * One small module of plain SQL on `users` and `ratings`, so the accounts code (identity/) can change how it
 * writes them without matchmaking knowing. Every read is a primary-key or unique-index lookup.
 */
import type Database from 'better-sqlite3';
import { usernameKey, type QueueName } from '@vroyale/protocol';
import { DEFAULT_RATING, DEFAULT_RD } from '../ratings/glicko.js';

type Row = Record<string, unknown>;

export interface AccountFacts {
  /** The account's username, or null for a guest (or an unknown id). */
  usernameOf(userId: string): string | null;
  /** The user id of an account by username (case and look-alikes folded: `usernameKey`), or null. */
  userIdOf(username: string): string | null;
  bannedAt(userId: string): number | null;
  /** The rating the pairing uses: the stored one of that queue, or the defaults. */
  ratingOf(userId: string, queue: QueueName): { rating: number; rd: number };
}

export function accountFacts(db: Database.Database): AccountFacts {
  const st = {
    user: db.prepare('SELECT username, banned_at FROM users WHERE id = ?'),
    byKey: db.prepare('SELECT id FROM users WHERE username_key = ?'),
    rating: db.prepare('SELECT rating, rd FROM ratings WHERE user_id = ? AND queue = ?'),
  };
  const user = (id: string) => st.user.get(id) as Row | undefined;
  return {
    usernameOf: (id) => {
      const u = user(id)?.username;
      return typeof u === 'string' ? u : null;
    },
    userIdOf: (name) => {
      const r = st.byKey.get(usernameKey(name.trim())) as Row | undefined;
      return r ? String(r.id) : null;
    },
    bannedAt: (id) => {
      const b = user(id)?.banned_at;
      return b === null || b === undefined ? null : Number(b);
    },
    ratingOf: (id, queue) => {
      const r = st.rating.get(id, queue) as Row | undefined;
      return r ? { rating: Number(r.rating), rd: Number(r.rd) } : { rating: DEFAULT_RATING, rd: DEFAULT_RD };
    },
  };
}
