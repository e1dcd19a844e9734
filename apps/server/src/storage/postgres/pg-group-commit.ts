/**
 * Group commit on PostgreSQL (the same contract as ../sqlite/group-commit.ts): appends collected until the turn's
 * I/O is handled (`setImmediate`) go to the server as one transaction, one savepoint per append (a unit of one
 * match's rows: `appendUnit`), so a refused row (a duplicate seq) fails only its own unit; each append's promise settles after the COMMIT, so the master
 * acks an action only once it is durable (fsync on). A failed COMMIT, or a lost connection, fails the batch;
 * when the database is away (pg-db.ts `isUnavailable`) every append rejects with StoreUnavailableError.
 *
 * The batch is one job of the write lane (pg-db.ts): it starts after the writes issued before it (a match's start
 * row before its first action). While one batch is at the server, the next one collects: under load a batch
 * holds the appends of several turns, which is what group commit is for.
 *
 * In a cluster the batch first reads its matches' lease rows (pg-leases.ts `fenced`): an append of a match this
 * node does not own at its epoch is refused with FencedError and writes nothing; the rest commit as usual.
 */
import pg from 'pg';
import { CommitFigures } from '../commit-stats.js';
import { FencedError, LogAheadError, StoreUnavailableError, type ActionLog, type AppendAction, type CommitStats } from '../store.js';
import { inTransaction, isUniqueViolation, isUnavailable, type WriteLane } from './pg-db.js';

interface Pending {
  /** One unit: rows of one match, all or none (one savepoint). */
  rows: readonly AppendAction[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class PgActionWriter implements ActionLog {
  private pending: Pending[] = [];
  private scheduled: ReturnType<typeof setImmediate> | null = null;
  private readonly figures = new CommitFigures();
  private readonly counters = this.figures.counters;

  constructor(
    private readonly lane: WriteLane,
    private readonly appendRows: (c: pg.PoolClient, rows: readonly AppendAction[]) => Promise<void>,
    /** Of these matches, those whose appends must be refused (pg-leases.ts: not ours at our epoch). */
    private readonly fenced: (c: pg.PoolClient, matchIds: readonly string[]) => Promise<Set<string>> = async () => new Set(),
  ) {}

  append(row: AppendAction): Promise<void> {
    return this.appendUnit([row]);
  }

  appendUnit(rows: readonly AppendAction[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ rows, resolve, reject });
      this.scheduled ??= setImmediate(() => void this.flushNow());
    });
  }

  async flush(): Promise<void> {
    void this.flushNow();
    await this.lane.drain();
  }

  private flushNow(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    const batch = this.pending;
    if (batch.length === 0) return Promise.resolve();
    this.pending = [];
    return this.lane
      .raw(async (c) => {
        const failed = new Map<Pending, unknown>();
        const t0 = performance.now();
        await inTransaction(c, async () => {
          // Fencing first, under a share lock on the lease rows until COMMIT (pg-leases.ts says why).
          const fenced = await this.fenced(
            c,
            batch.map((p) => p.rows[0]!.matchId),
          );
          for (const p of batch) {
            const matchId = p.rows[0]!.matchId;
            if (fenced.has(matchId)) {
              failed.set(p, new FencedError(matchId));
              continue;
            }
            await c.query('SAVEPOINT row');
            try {
              await this.appendRows(c, p.rows);
              await c.query('RELEASE SAVEPOINT row');
            } catch (e) {
              // Only a refusal of this row is its own failure; a broken connection fails the batch below.
              if (!(e instanceof pg.DatabaseError) || isUnavailable(e)) throw e;
              await c.query('ROLLBACK TO SAVEPOINT row');
              // A seq or client id the log already holds: a COMMIT of ours landed without its answer.
              failed.set(p, isUniqueViolation(e) && e.table === 'actions' ? new LogAheadError(matchId) : e);
            }
          }
        });
        this.figures.recordCommit(t0);
        return failed;
      })
      .then(
        (failed) => {
          this.counters.commits++;
          for (const p of batch) if (!failed.has(p)) this.counters.appends += p.rows.length;
          this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
          for (const p of batch) {
            const e = failed.get(p);
            if (e === undefined) p.resolve();
            else p.reject(e);
          }
        },
        (e: unknown) => {
          // The server went away (or never answered): every append of the batch fails as unavailable, its
          // outcome unknown if the COMMIT was sent; anything else is passed on as it is.
          const out = isUnavailable(e) ? new StoreUnavailableError(e) : e;
          for (const p of batch) p.reject(out);
        },
      );
  }

  get queued(): number {
    return this.pending.length;
  }

  stats(): CommitStats {
    return this.figures.stats();
  }

  resetTimings(): void {
    this.figures.resetTimings();
  }
}
