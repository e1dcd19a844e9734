/**
 * Ownership leases on PostgreSQL (../store.ts `MatchLeases`; docs/scaling.md "Ownership protocol"): one lease per
 * node (`node_leases`, renewed in one row a second), and per match only who owns it: the node, the node's
 * generation and a fencing epoch (`match_owners`, written on acquire, release and takeover only). A tournament is
 * owned the same way, under its own id in the same table (docs/decisions/0013): its row's saves are fenced by
 * `fenced` as a match's appends are (pg-tournaments.ts).
 *
 * Acquire is one upsert whose WHERE (released, or its owner's lease ran out or is of an older generation)
 * decides between two nodes racing for a match: the second waits for the first's row lock, re-reads the row
 * (READ COMMITTED re-checks the WHERE on the new version), finds a live owner and gets no row back. It runs in
 * the write lane, so it commits after the match's start row and before the match's first append, and records the
 * epoch this node holds before the lane moves on.
 *
 * Fencing (`check`, called by group commit inside the batch's transaction): the batch's lease rows are read
 * `FOR SHARE`, so a takeover's UPDATE of a row waits for the batch to commit, and a batch that starts after the
 * takeover sees the new epoch. Either the old owner's commit lands before the new owner replays (and the replay
 * holds it), or the old owner's append is refused: never both, never an acked action the new owner misses.
 */
import type pg from 'pg';
import type { MatchLeases } from '../store.js';
import { rows, type WriteLane } from './pg-db.js';

/** A new generation of this node, its lease starting now: what it held under an earlier one is free to take. */
const JOIN = `INSERT INTO node_leases (node_id, generation, lease_until) VALUES (?, 1, ?)
  ON CONFLICT (node_id) DO UPDATE SET generation = node_leases.generation + 1, lease_until = EXCLUDED.lease_until
  RETURNING generation`;

/** One row a second per node: only while the lease still runs (a lease that ran out is joined again instead). */
const RENEW = `UPDATE node_leases SET lease_until = ? WHERE node_id = ? AND generation = ? AND lease_until >= ? RETURNING generation`;

/**
 * Takes a match that has no owner row, was released, or whose owner's lease ran out or belongs to an earlier
 * generation of that node. Two nodes racing: the second waits for the first's row lock, re-checks the WHERE on
 * the new version (whose owner's lease runs) and gets no row back.
 */
const ACQUIRE = `INSERT INTO match_owners (match_id, node_id, epoch, lease_until, node_generation) VALUES (?, ?, 1, 0, ?)
  ON CONFLICT (match_id) DO UPDATE SET node_id = EXCLUDED.node_id, epoch = match_owners.epoch + 1, lease_until = 0,
    node_generation = EXCLUDED.node_generation
  WHERE match_owners.node_generation = 0 OR NOT EXISTS (
    SELECT 1 FROM node_leases n WHERE n.node_id = match_owners.node_id AND n.generation = match_owners.node_generation AND n.lease_until >= ?)
  RETURNING epoch`;

/**
 * Matches whose owner's lease ran out or is of an earlier generation, then released ones (a hand-over); then the
 * same for tournaments not over (their owner rows share the table: `t_` ids never meet `m_` ones). A finished
 * match's row is there only while its best-of-three's side-deck window runs under it (docs/decisions/0012), or
 * when its node died between the result and the release: the node taking it runs the window, or just releases it.
 */
const EXPIRED = `SELECT o.match_id FROM node_leases n
    JOIN match_owners o ON o.node_id = n.node_id AND o.node_generation > 0 AND (n.lease_until < ? OR o.node_generation < n.generation)
    JOIN matches m ON m.id = o.match_id
  UNION ALL
  SELECT o.match_id FROM match_owners o JOIN matches m ON m.id = o.match_id WHERE o.node_generation = 0
  UNION ALL
  SELECT o.match_id FROM node_leases n
    JOIN match_owners o ON o.node_id = n.node_id AND o.node_generation > 0 AND (n.lease_until < ? OR o.node_generation < n.generation)
    JOIN tournaments t ON t.id = o.match_id AND t.status NOT IN ('finished', 'cancelled')
  UNION ALL
  SELECT o.match_id FROM match_owners o JOIN tournaments t ON t.id = o.match_id AND t.status NOT IN ('finished', 'cancelled') WHERE o.node_generation = 0
  LIMIT ?`;

/** The rows of ended matches no best-of-three's side-deck window runs under (the series row says 'between'). */
const RELEASE_ENDED = `DELETE FROM match_owners o USING matches m WHERE m.id = o.match_id AND m.status <> 'active' AND o.node_id = ?
  AND o.match_id = ANY(?) AND NOT EXISTS (SELECT 1 FROM rooms r JOIN series s ON s.id = r.series_id AND s.status = 'between' WHERE r.id = m.room_id)`;

export class PgLeases implements MatchLeases {
  private nodeId: string | null = null;
  /** This node's generation (null before `join`). */
  private generation: number | null = null;
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

  async join(now: number, leaseMs: number): Promise<number> {
    const me = this.me();
    const got = await rows(this.pool, JOIN, [me, now + leaseMs]);
    // Everything held under the previous generation is lost: another node (or this one) takes it over.
    this.held.clear();
    this.generation = Number(got[0]!.generation);
    return this.generation;
  }

  async renewNode(now: number, leaseMs: number): Promise<boolean> {
    const me = this.me();
    if (this.generation === null) return false;
    // On the pool, not the lane: a renewal must not wait behind a queue of appends.
    const got = await rows(this.pool, RENEW, [now + leaseMs, me, this.generation, now]);
    return got.length > 0;
  }

  acquire(matchId: string, now: number): Promise<number | null> {
    const me = this.me();
    const generation = this.generation;
    if (generation === null) return Promise.resolve(null);
    return this.lane.tx(async (c) => {
      const got = await rows(c, ACQUIRE, [matchId, me, generation, now]);
      const epoch = got.length > 0 ? Number(got[0]!.epoch) : null;
      // Recorded inside the lane job: an append issued after this acquire is checked against this epoch. No row
      // back leaves what this node holds alone: the live owner may be this node itself (its takeover scan and a
      // hand-over's notice racing for the same match), and an epoch it no longer holds is found out by `fenced`.
      if (epoch !== null) this.held.set(matchId, epoch);
      return epoch;
    });
  }

  release(matchIds: readonly string[]): Promise<void> {
    const me = this.me();
    const ids = matchIds.filter((id) => this.held.has(id));
    if (ids.length === 0) return Promise.resolve();
    // In the lane: after the appends issued before it, so a hand-over never lets another node in before them.
    // A match that ended loses its row (nothing will take it again) unless its best-of-three's side-deck window
    // runs under it (a hand-over: the next node runs the window); a live one is marked free (generation 0).
    return this.lane.tx(async (c) => {
      await rows(c, RELEASE_ENDED, [me, ids]);
      await rows(
        c,
        "DELETE FROM match_owners o USING tournaments t WHERE t.id = o.match_id AND t.status IN ('finished', 'cancelled') AND o.node_id = ? AND o.match_id = ANY(?)",
        [me, ids],
      );
      await rows(c, 'UPDATE match_owners SET node_generation = 0 WHERE node_id = ? AND match_id = ANY(?)', [me, ids]);
      for (const id of ids) this.held.delete(id);
    });
  }

  async expired(now: number, limit: number): Promise<string[]> {
    const got = await rows(this.pool, EXPIRED, [now, now, limit]);
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
