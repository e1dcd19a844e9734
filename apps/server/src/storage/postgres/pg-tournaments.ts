/**
 * Tournaments on PostgreSQL (the rules of ../sqlite/tournaments.ts); writes go through the lane. In a cluster a
 * save is fenced like a match's append (pg-leases.ts `fenced`, inside the same transaction): a node that lost the
 * event's lease writes nothing over the row its new owner keeps.
 */
import type pg from 'pg';
import type { TournamentRecord } from '../records.js';
import { FencedError, type TournamentStore } from '../store.js';
import { TOURNAMENTS_SQL } from '../json-rows-sql.js';
import { rows, run, type WriteLane } from './pg-db.js';

export class PgTournaments implements TournamentStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
    private readonly fenced: (c: pg.PoolClient, ids: readonly string[]) => Promise<Set<string>> = async () => new Set(),
  ) {}

  async save(rec: TournamentRecord, now: number): Promise<void> {
    // Thrown outside the lane job: an error inside it would cost the pooled connection (taken for a broken one).
    const refused = await this.lane.tx(async (c) => {
      if ((await this.fenced(c, [rec.id])).has(rec.id)) return true;
      await run(c, TOURNAMENTS_SQL.save, [rec.id, rec.status, JSON.stringify(rec), rec.createdAt, now]);
      return false;
    });
    if (refused) throw new FencedError(rec.id);
  }

  async load(since: number): Promise<TournamentRecord[]> {
    return (await rows(this.pool, TOURNAMENTS_SQL.load, [since])).map((r) => JSON.parse(String(r.data_json)) as TournamentRecord);
  }
}
