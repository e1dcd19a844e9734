/**
 * The account facts matchmaking reads (issue 17 §3, store.ts `AccountFacts`) on SQLite. Every read is a primary-key or unique-index lookup.
 */
import type Database from 'better-sqlite3';
import { usernameKey } from '@vroyale/protocol';
import { DEFAULT_RATING, DEFAULT_RD } from '../../ratings/glicko.js';
import type { AccountFacts } from '../store.js';

type Row = Record<string, unknown>;

export function sqliteFacts(db: Database.Database): AccountFacts {
  const st = {
    user: db.prepare('SELECT username, banned_at FROM users WHERE id = ?'),
    byKey: db.prepare('SELECT id FROM users WHERE username_key = ?'),
    rating: db.prepare('SELECT rating, rd FROM ratings WHERE user_id = ? AND queue = ?'),
  };
  const user = (id: string) => st.user.get(id) as Row | undefined;
  return {
    usernameOf: async (id) => {
      const u = user(id)?.username;
      return typeof u === 'string' ? u : null;
    },
    userIdOf: async (name) => {
      const r = st.byKey.get(usernameKey(name.trim())) as Row | undefined;
      return r ? String(r.id) : null;
    },
    bannedAt: async (id) => {
      const b = user(id)?.banned_at;
      return b === null || b === undefined ? null : Number(b);
    },
    bannedAmong: async (ids) => {
      const banned = new Set<string>();
      for (const id of ids) if (user(id)?.banned_at != null) banned.add(id);
      return banned;
    },
    ratingOf: async (id, queue) => {
      const r = st.rating.get(id, queue) as Row | undefined;
      return r ? { rating: Number(r.rating), rd: Number(r.rd) } : { rating: DEFAULT_RATING, rd: DEFAULT_RD };
    },
  };
}
