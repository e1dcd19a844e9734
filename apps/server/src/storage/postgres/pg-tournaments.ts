/** Tournaments on PostgreSQL (the rules of ../sqlite/tournaments.ts); writes go through the lane. */
import type pg from 'pg';
import type { TournamentRecord } from '../records.js';
import type { TournamentStore } from '../store.js';
import { TOURNAMENTS_SQL } from '../json-rows-sql.js';
import { rows, run, type WriteLane } from './pg-db.js';

export class PgTournaments implements TournamentStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  save(rec: TournamentRecord, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await run(c, TOURNAMENTS_SQL.save, [rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now]);
    });
  }

  async load(since: number): Promise<TournamentRecord[]> {
    return (await rows(this.pool, TOURNAMENTS_SQL.load, [since])).map((r) => JSON.parse(String(r.data_json)) as TournamentRecord);
  }
}
