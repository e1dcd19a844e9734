/** Matches of several games on SQLite (store.ts `SeriesStore`): one row each, its state as JSON. */
import type Database from 'better-sqlite3';
import type { SeriesRecord } from '../records.js';
import type { SeriesStore } from '../store.js';
import { SERIES_SQL } from '../json-rows-sql.js';

export class SqliteSeries implements SeriesStore {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      save: db.prepare(SERIES_SQL.save),
      load: db.prepare(SERIES_SQL.load),
      ofRoom: db.prepare(SERIES_SQL.ofRoom),
      link: db.prepare('UPDATE rooms SET series_id = ? WHERE id = ? AND series_id IS NULL'),
    };
    this.saveTx = db.transaction((rec: SeriesRecord, now: number) => {
      this.st.save.run(rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now);
      for (const g of rec.games) this.st.link.run(rec.id, g.roomId);
    });
  }

  private readonly saveTx;

  /** The row, and each game's room linked to it (history and profiles group a match's games by it). */
  async save(rec: SeriesRecord, now: number): Promise<void> {
    this.saveTx(rec, now);
  }

  async load(since: number): Promise<SeriesRecord[]> {
    return (this.st.load.all(since) as { data_json: string }[]).map((r) => JSON.parse(r.data_json) as SeriesRecord);
  }

  async ofRoom(roomId: string): Promise<SeriesRecord | null> {
    const r = this.st.ofRoom.get(roomId) as { data_json: string } | undefined;
    return r ? (JSON.parse(r.data_json) as SeriesRecord) : null;
  }
}
