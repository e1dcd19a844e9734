/** Matches of several games on PostgreSQL (the rules of ../sqlite/series.ts); writes go through the lane. */
import type pg from 'pg';
import type { SeriesRecord } from '../records.js';
import type { SeriesStore } from '../store.js';
import { SERIES_SQL } from '../json-rows-sql.js';
import { rows, run, type WriteLane } from './pg-db.js';

export class PgSeries implements SeriesStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  save(rec: SeriesRecord, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await run(c, SERIES_SQL.save, [rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now]);
      for (const g of rec.games) await run(c, 'UPDATE rooms SET series_id = ? WHERE id = ? AND series_id IS NULL', [rec.id, g.roomId]);
    });
  }

  async load(since: number): Promise<SeriesRecord[]> {
    return (await rows(this.pool, SERIES_SQL.load, [since])).map((r) => JSON.parse(String(r.data_json)) as SeriesRecord);
  }

  async ofRoom(roomId: string): Promise<SeriesRecord | null> {
    const r = (await rows(this.pool, SERIES_SQL.ofRoom, [roomId]))[0];
    return r ? (JSON.parse(String(r.data_json)) as SeriesRecord) : null;
  }
}
