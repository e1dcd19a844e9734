/** Tournaments on SQLite (store.ts `TournamentStore`): one row each, its record as JSON. */
import type Database from 'better-sqlite3';
import type { TournamentRecord } from '../records.js';
import type { TournamentStore } from '../store.js';

const OVER = "('finished', 'cancelled')";

export class SqliteTournaments implements TournamentStore {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      save: db.prepare(
        `INSERT INTO tournaments (id, status, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, data_json = excluded.data_json, updated_at = excluded.updated_at`,
      ),
      load: db.prepare(`SELECT data_json FROM tournaments WHERE status NOT IN ${OVER} OR updated_at >= ? ORDER BY created_at`),
    };
  }

  async save(rec: TournamentRecord, now: number): Promise<void> {
    this.st.save.run(rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now);
  }

  async load(since: number): Promise<TournamentRecord[]> {
    return (this.st.load.all(since) as { data_json: string }[]).map((r) => JSON.parse(r.data_json) as TournamentRecord);
  }
}
