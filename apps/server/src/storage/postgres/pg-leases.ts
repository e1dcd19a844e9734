/**
 * Match ownership leases on PostgreSQL (../store.ts `MatchLeases`; docs/scaling.md "Ownership protocol").
 *
 * Acquire is one upsert whose `WHERE lease_until < now` decides between two nodes racing for a match: the second
 * waits for the first's row lock, re-reads the row (READ COMMITTED re-checks the WHERE on the new version), finds
 * a running lease and gets no row back. It runs in the write lane, so it commits after the match's start row
 * and before the match's first append, and records the epoch this node holds before the lane moves on.
 *
 * Fencing (`check`, called by group commit inside the batch's transaction): the batch's lease rows are read
 * `FOR SHARE`, so a takeover's UPDATE of a row waits for the batch to commit, and a batch that starts after the
 * takeover sees the new epoch. Either the old owner's commit lands before the new owner replays (and the replay
 * holds it), or the old owner's append is refused: never both, never an acked action the new owner misses.
 */
import type pg from 'pg';
import type { MatchLeases } from '../store.js';
import { rows, type WriteLane } from './pg-db.js';

const ACQUIRE = `INSERT INTO match_owners (match_id, node_id, epoch, lease_until) VALUES (?, ?, 1, ?)
  ON CONFLICT (match_id) DO UPDATE SET node_id = EXCLUDED.node_id, epoch = match_owners.epoch + 1, lease_until = EXCLUDED.lease_until
  WHERE match_owners.lease_until < ?
  RETURNING epoch`;

const RENEW = `UPDATE match_owners o SET lease_until = ?
  FROM unnest(?::text[], ?::bigint[]) AS h(id, epoch)
  WHERE o.match_id = h.id AND o.epoch = h.epoch AND o.node_id = ? AND o.lease_until > 0
  RETURNING o.match_id`;

export class PgLeases implements MatchLeases {
  private nodeId: string | null = null;
  /** match id → the epoch this node acquired (and has not released or lost). */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly lane: WriteLane,
  ) {}

  fence(nodeId: string): void {
    this.nodeId = nodeId;
  }

  private me(): string {
    if (this.nodeId === null) throw new Error('leases used before fence(nodeId)');
    return this.nodeId;
  }

  acquire(matchId: string, now: number, leaseMs: number): Promise<number | null> {
    const me = this.me();
    return this.lane.tx(async (c) => {
      const got = await rows(c, ACQUIRE, [matchId, me, now + leaseMs, now]);
      const epoch = got.length > 0 ? Number(got[0]!.epoch) : null;
      // Recorded inside the lane job: an append issued after this acquire is checked against this epoch.
      if (epoch === null) this.held.delete(matchId);
      else this.held.set(matchId, epoch);
      return epoch;
    });
  }

  async renew(matchIds: readonly string[], now: number, leaseMs: number): Promise<Set<string>> {
    const me = this.me();
    const ids = matchIds.filter((id) => this.held.has(id));
    if (ids.length === 0) return new Set();
    // On the pool, not the lane: a renewal must not wait behind a queue of appends, and it orders with nothing
    // (a renewal landing after a release finds lease_until = 0 and leaves it so).
    const got = await rows(this.pool, RENEW, [now + leaseMs, ids, ids.map((id) => this.held.get(id)), me]);
    const renewed = new Set(got.map((r) => String(r.match_id)));
    for (const id of ids) if (!renewed.has(id)) this.held.delete(id);
    return renewed;
  }

  release(matchIds: readonly string[]): Promise<void> {
    const me = this.me();
    const ids = matchIds.filter((id) => this.held.has(id));
    if (ids.length === 0) return Promise.resolve();
    // In the lane: after the appends issued before it, so a hand-over never lets another node in before them.
    return this.lane.tx(async (c) => {
      await rows(c, 'UPDATE match_owners SET lease_until = 0 WHERE node_id = ? AND match_id = ANY(?)', [me, ids]);
      for (const id of ids) this.held.delete(id);
    });
  }

  async expired(now: number, limit: number): Promise<string[]> {
    const got = await rows(
      this.pool,
      "SELECT o.match_id FROM match_owners o JOIN matches m ON m.id = o.match_id WHERE o.lease_until < ? AND m.status = 'active' ORDER BY o.lease_until LIMIT ?",
      [now, limit],
    );
    return got.map((r) => String(r.match_id));
  }

  epochOf(matchId: string): number | undefined {
    return this.held.get(matchId);
  }

  /**
   * The matches among `matchIds` whose appends must be refused: inside the batch's transaction, before any row
   * is written. Empty when fencing is off (a single node).
   */
  async fenced(c: pg.PoolClient, matchIds: readonly string[]): Promise<Set<string>> {
    if (this.nodeId === null || matchIds.length === 0) return new Set();
    const sorted = [...new Set(matchIds)].sort(); // one lock order for every batch
    const got = await rows(c, 'SELECT match_id, node_id, epoch FROM match_owners WHERE match_id = ANY(?) ORDER BY match_id FOR SHARE', [sorted]);
    const owner = new Map(got.map((r) => [String(r.match_id), { node: String(r.node_id), epoch: Number(r.epoch) }]));
    const out = new Set<string>();
    for (const id of sorted) {
      const o = owner.get(id);
      if (!o || o.node !== this.nodeId || o.epoch !== this.held.get(id)) {
        out.add(id);
        this.held.delete(id);
      }
    }
    return out;
  }
}
