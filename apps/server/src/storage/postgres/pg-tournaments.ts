/** Tournaments on PostgreSQL (the rules of ../sqlite/tournaments.ts); writes go through the lane. */
import type pg from 'pg';
import type { TournamentRecord } from '../records.js';
import type { TournamentStore } from '../store.js';
import { rows, run, type WriteLane } from './pg-db.js';

export class PgTournaments implements TournamentStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  save(rec: TournamentRecord, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await run(
        c,
        `INSERT INTO tournaments (id, status, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, data_json = excluded.data_json, updated_at = excluded.updated_at`,
        [rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now],
      );
    });
  }

  async load(since: number): Promise<TournamentRecord[]> {
    const sql = "SELECT data_json FROM tournaments WHERE status NOT IN ('finished', 'cancelled') OR updated_at >= ? ORDER BY created_at";
    return (await rows(this.pool, sql, [since])).map((r) => JSON.parse(String(r.data_json)) as TournamentRecord);
  }
}
