/**
 * The master's save path: one unit's action rows through the group commit, and what each way a save can fail means
 * for the match and for the client. The caller changes nothing in memory until this says the row is committed.
 */
import type { Ack } from '@vroyale/protocol';
import type { Logger } from '../logger.js';
import type { MasterMetrics } from '../metrics/node-metrics.js';
import { FencedError, LogAheadError, StoreUnavailableError, type ActionLog, type AppendAction } from '../storage/store.js';
import type { Ownership } from '../cluster/ownership.js';

export type ActionAck = Ack<{ seq: number }>;

/** What the master and its room use of the node's leases (cluster/ownership.ts `Ownership`; tests record the calls). */
export type MasterOwnership = Pick<Ownership, 'mayWrite' | 'lost' | 'giveBack' | 'acquire' | 'release'>;

/** A server-initiated change (flag fall, abandon, draw, bot move, automatic pass) whose write failed is tried again this much later. */
export const RETRY_MS = 1_000;
/** Refusals that say "not saved, try again" (as opposed to the rules or the match refusing the change). */
export const unsaved = (code: string) => code === 'internal' || code === 'unavailable';
/** Past its lease's safe end (self-fenced): this node must not write the match any more. */
export const MOVING: ActionAck = { ok: false, code: 'moved', message: 'This match is moving to another server; send it again in a moment' };
/** Another node runs the match now: nothing was done here; the client sends it again (deduplicated there). */
export const MOVED = { ok: false, code: 'moved', message: 'This match moved to another server; send it again' } as const;

export interface SaveDeps {
  /** Appends actions to the log in group commits; an append resolves once its transaction committed. */
  writer: ActionLog;
  log: Logger;
  metrics?: MasterMetrics;
  ownership?: MasterOwnership | null;
  rebuild?: (matchId: string) => void;
}

/**
 * Writes one unit's action rows (an action and the automatic answers it set off: master/action-unit.ts) in one
 * transaction; null once they are committed, otherwise the refusal to answer (none of them was written).
 */
export async function saveUnit(deps: SaveDeps, rows: readonly AppendAction[]): Promise<ActionAck | null> {
  const c0 = performance.now();
  try {
    await deps.writer.appendUnit(rows);
    deps.metrics?.commit((performance.now() - c0) / 1000, true);
    return null;
  } catch (e) {
    deps.metrics?.commit((performance.now() - c0) / 1000, false);
    return refusalFor(deps, e, rows[0]!);
  }
}

function refusalFor(deps: SaveDeps, e: unknown, row: AppendAction): ActionAck {
  const { matchId, seq } = row;
  if (e instanceof FencedError) {
    // Another node runs this match now (it took the lease over): nothing was written; the client's retry
    // with the same clientActionId reaches the new owner, which deduplicates it.
    deps.ownership?.lost(matchId);
    return MOVED;
  }
  if (e instanceof StoreUnavailableError) {
    // Nothing in memory changed; in a cluster the match stops here until a replay from the database (the
    // COMMIT may have landed without its answer) brings it back, here or on another node.
    deps.log.warn({ err: e.cause, matchId, seq }, 'the database is unreachable; action not saved');
    deps.ownership?.giveBack(matchId, 'the database is unreachable: this match stops here until a replay brings it back');
    return { ok: false, code: 'unavailable', message: 'The database is unreachable; send it again' };
  }
  if (e instanceof LogAheadError) {
    // The log holds a commit this master never heard back from: rebuild from the log (in a cluster through the
    // takeover scan); the resend is then a duplicate, answered with its seq.
    deps.log.warn({ matchId, seq }, 'the stored log is ahead of the match in memory; replaying it');
    if (deps.ownership) deps.ownership.giveBack(matchId, 'the stored log is ahead of this match in memory: replaying it');
    else deps.rebuild?.(matchId);
    return { ok: false, code: 'shutting-down', message: 'This match is reloading; send it again in a moment' };
  }
  deps.log.error({ err: e, matchId, seq }, 'persisting an action failed; state unchanged');
  return { ok: false, code: 'internal', message: 'The server could not save that action; try again' };
}
