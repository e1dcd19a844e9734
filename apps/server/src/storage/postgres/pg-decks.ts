/**
 * Decks per user on PostgreSQL (the rules of ../sqlite/decks.ts): every query names the owner. The count under
 * DECKS_PER_ACCOUNT and the insert share a transaction that first locks the owner's `users` row, so two nodes
 * creating or importing for one user at once cannot both pass the count. `seq` is SQLite's rowid: the list's
 * tie-break, so an import's decks (one timestamp) list in a stable order.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { DECKS_PER_ACCOUNT, type DeckBody, type DeckRecord } from '@vroyale/protocol';
import type { DecksStore, ImportResult } from '../store.js';
import { row, rows, run, type Queryable, type Row, type WriteLane } from './pg-db.js';

const record = (r: Row): DeckRecord => ({
  id: String(r.id),
  name: String(r.name),
  code: String(r.code),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});
const newDeckId = (): string => `d_${randomBytes(9).toString('base64url')}`;
const COLUMNS = 'id, name, code, created_at, updated_at';

export class PgDecks implements DecksStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  async list(userId: string): Promise<DeckRecord[]> {
    return (await rows(this.pool, `SELECT ${COLUMNS} FROM decks WHERE user_id = ? ORDER BY created_at DESC, seq DESC`, [userId])).map(record);
  }

  private async count(c: Queryable, userId: string): Promise<number> {
    return Number((await row(c, 'SELECT COUNT(*) AS n FROM decks WHERE user_id = ?', [userId]))?.n ?? 0);
  }

  private async getOn(c: Queryable, userId: string, id: string): Promise<DeckRecord | null> {
    const r = await row(c, `SELECT ${COLUMNS} FROM decks WHERE id = ? AND user_id = ?`, [id, userId]);
    return r ? record(r) : null;
  }

  get(userId: string, id: string): Promise<DeckRecord | null> {
    return this.getOn(this.pool, userId, id);
  }

  create(userId: string, deck: DeckBody, now: number): Promise<DeckRecord | null> {
    return this.lane.tx(async (c) => {
      await run(c, 'SELECT 1 FROM users WHERE id = ? FOR UPDATE', [userId]);
      if ((await this.count(c, userId)) >= DECKS_PER_ACCOUNT) return null;
      const id = newDeckId();
      await run(c, 'INSERT INTO decks (id, user_id, name, code, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
        id,
        userId,
        deck.name,
        deck.code,
        now,
        now,
      ]);
      return { id, name: deck.name, code: deck.code, createdAt: now, updatedAt: now };
    });
  }

  update(userId: string, id: string, patch: { name?: string; code?: string }, now: number): Promise<DeckRecord | null> {
    return this.lane.tx(async (c) => {
      const cur = await this.getOn(c, userId, id);
      if (!cur) return null;
      const next = { ...cur, name: patch.name ?? cur.name, code: patch.code ?? cur.code, updatedAt: now };
      await run(c, 'UPDATE decks SET name = ?, code = ?, updated_at = ? WHERE id = ? AND user_id = ?', [next.name, next.code, now, id, userId]);
      return next;
    });
  }

  delete(userId: string, id: string): Promise<boolean> {
    return this.lane.tx(async (c) => (await run(c, 'DELETE FROM decks WHERE id = ? AND user_id = ?', [id, userId])) > 0);
  }

  import(userId: string, decks: readonly DeckBody[], now: number): Promise<ImportResult> {
    return this.lane.tx(async (c): Promise<ImportResult> => {
      await run(c, 'SELECT 1 FROM users WHERE id = ? FOR UPDATE', [userId]);
      const saved = new Set((await rows(c, 'SELECT name, code FROM decks WHERE user_id = ?', [userId])).map((r) => JSON.stringify([r.name, r.code])));
      const seen = new Set<string>();
      const fresh = decks.filter((d) => {
        const key = JSON.stringify([d.name, d.code]);
        if (seen.has(key) || saved.has(key)) return false;
        seen.add(key);
        return true;
      });
      if ((await this.count(c, userId)) + fresh.length > DECKS_PER_ACCOUNT) return { ok: false, reason: 'too-many-decks' };
      for (const d of fresh)
        await run(c, 'INSERT INTO decks (id, user_id, name, code, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
          newDeckId(),
          userId,
          d.name,
          d.code,
          now,
          now,
        ]);
      return { ok: true, imported: fresh.length, skipped: decks.length - fresh.length };
    });
  }
}
