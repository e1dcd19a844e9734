/** Tournaments on SQLite (store.ts `TournamentStore`): one row each, its record as JSON. */
import type Database from 'better-sqlite3';
import type { TournamentRecord } from '../records.js';
import type { TournamentStore } from '../store.js';
import { TOURNAMENTS_SQL } from '../json-rows-sql.js';

export class SqliteTournaments implements TournamentStore {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      save: db.prepare(TOURNAMENTS_SQL.save),
      load: db.prepare(TOURNAMENTS_SQL.load),
    };
  }

  async save(rec: TournamentRecord, now: number): Promise<void> {
    this.st.save.run(rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now);
  }

  async load(since: number): Promise<TournamentRecord[]> {
    return (this.st.load.all(since) as { data_json: string }[]).map((r) => JSON.parse(r.data_json) as TournamentRecord);
  }
}
