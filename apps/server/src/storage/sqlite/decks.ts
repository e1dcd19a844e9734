/**
 * Decks saved per user (issue 17 §2). Every query names the owner: a deck id alone never finds a deck, so
 * another user's id answers exactly like an unknown one (the routes say 404 either way).
 */
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { DECKS_PER_ACCOUNT, type DeckBody, type DeckRecord } from '@vroyale/protocol';
import type { DecksStore, ImportResult } from '../store.js';

interface DeckRow {
  id: string;
  name: string;
  code: string;
  created_at: number;
  updated_at: number;
}

const record = (r: DeckRow): DeckRecord => ({ id: r.id, name: r.name, code: r.code, createdAt: r.created_at, updatedAt: r.updated_at });
const newDeckId = (): string => `d_${randomBytes(9).toString('base64url')}`;

export class SqliteDecks implements DecksStore {
  private readonly st;

  constructor(private readonly db: Database.Database) {
    this.st = {
      list: db.prepare('SELECT * FROM decks WHERE user_id = ? ORDER BY created_at DESC, rowid DESC'),
      count: db.prepare('SELECT COUNT(*) AS n FROM decks WHERE user_id = ?'),
      get: db.prepare('SELECT * FROM decks WHERE id = ? AND user_id = ?'),
      insert: db.prepare('INSERT INTO decks (id, user_id, name, code, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)'),
      update: db.prepare('UPDATE decks SET name = ?, code = ?, updated_at = ? WHERE id = ? AND user_id = ?'),
      delete: db.prepare('DELETE FROM decks WHERE id = ? AND user_id = ?'),
      same: db.prepare('SELECT 1 FROM decks WHERE user_id = ? AND name = ? AND code = ?'),
    };
  }

  async list(userId: string): Promise<DeckRecord[]> {
    return (this.st.list.all(userId) as DeckRow[]).map(record);
  }

  private count(userId: string): number {
    return (this.st.count.get(userId) as { n: number }).n;
  }

  async get(userId: string, id: string): Promise<DeckRecord | null> {
    return this.getNow(userId, id);
  }

  private getNow(userId: string, id: string): DeckRecord | null {
    const r = this.st.get.get(id, userId) as DeckRow | undefined;
    return r ? record(r) : null;
  }

  /** A new deck, or null when the user already has DECKS_PER_ACCOUNT (counted in the same transaction). */
  async create(userId: string, deck: DeckBody, now: number): Promise<DeckRecord | null> {
    return this.db
      .transaction(() => {
        if (this.count(userId) >= DECKS_PER_ACCOUNT) return null;
        const id = newDeckId();
        this.st.insert.run(id, userId, deck.name, deck.code, now, now);
        return { id, name: deck.name, code: deck.code, createdAt: now, updatedAt: now };
      })
      .immediate();
  }

  /** Renames and/or replaces the list; null when this user has no such deck. */
  async update(userId: string, id: string, patch: { name?: string; code?: string }, now: number): Promise<DeckRecord | null> {
    return this.db.transaction(() => {
      const cur = this.getNow(userId, id);
      if (!cur) return null;
      const next = { ...cur, name: patch.name ?? cur.name, code: patch.code ?? cur.code, updatedAt: now };
      this.st.update.run(next.name, next.code, now, id, userId);
      return next;
    })();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return this.st.delete.run(id, userId).changes > 0;
  }

  /**
   * The decks a browser kept locally: a deck with the same name and code as one already saved (or earlier in the
   * same list) is skipped; if the rest do not fit under DECKS_PER_ACCOUNT nothing is saved (all or nothing, so
   * the browser can keep its copy and the person choose what to drop).
   */
  async import(userId: string, decks: readonly DeckBody[], now: number): Promise<ImportResult> {
    return this.db
      .transaction((): ImportResult => {
        const seen = new Set<string>();
        const fresh = decks.filter((d) => {
          const key = JSON.stringify([d.name, d.code]);
          if (seen.has(key) || this.st.same.get(userId, d.name, d.code)) return false;
          seen.add(key);
          return true;
        });
        if (this.count(userId) + fresh.length > DECKS_PER_ACCOUNT) return { ok: false, reason: 'too-many-decks' };
        for (const d of fresh) this.st.insert.run(newDeckId(), userId, d.name, d.code, now, now);
        return { ok: true, imported: fresh.length, skipped: decks.length - fresh.length };
      })
      .immediate();
  }
}
