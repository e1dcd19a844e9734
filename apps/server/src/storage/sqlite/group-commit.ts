/**
 * Group commit for the action log. Every match appends at most one action at a time (its SerialQueue waits
 * for the write), but hundreds of matches append in the same event-loop turn. Instead of one SQLite
 * transaction each, appends are collected until the turn's I/O has been handled (`setImmediate`) and
 * committed together in one transaction; only then is each append's promise settled, so the master acks and
 * broadcasts an action strictly after it is on disk (as durable as `synchronous` makes a commit).
 *
 * Each append is a unit: one or more rows of one match (`appendUnit`), all or none. A batch runs first without a
 * savepoint per unit (they cost as much as the rows); if a row is refused (a duplicate seq) that attempt is
 * undone and the batch runs again with a savepoint per unit, so the refused row fails only its own unit. A failed COMMIT fails every append of the batch, and no master changes its state.
 *
 * The batch takes the write lock up front (BEGIN IMMEDIATE) without waiting for it: while the checkpoint
 * thread briefly holds it (storage/checkpoint-worker.mjs, RESTART), the batch stays queued and is retried
 * a millisecond later, instead of the event loop sleeping in SQLite's busy handler.
 */
import { CommitFigures } from '../commit-stats.js';
import type { ActionLog, AppendAction, CommitStats } from '../store.js';
import type Database from 'better-sqlite3';

/** What the writer needs of the store (sqlite-store.ts passes itself). */
export interface CommitTarget {
  readonly db: Database.Database;
  appendRows(rows: readonly AppendAction[]): void;
}

interface Pending {
  rows: readonly AppendAction[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class ActionWriter implements ActionLog {
  private pending: Pending[] = [];
  private scheduled: ReturnType<typeof setImmediate> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private readonly figures = new CommitFigures();
  private readonly counters = this.figures.counters;
  private readonly sql;

  constructor(private readonly storage: CommitTarget) {
    const db = storage.db;
    this.sql = {
      noWait: db.prepare('PRAGMA busy_timeout = 0'),
      wait: db.prepare('PRAGMA busy_timeout = 5000'),
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
    };
  }

  /** Resolves once the row is committed; rejects (nothing written) if it could not be. */
  append(row: AppendAction): Promise<void> {
    return this.appendUnit([row]);
  }

  /** A unit of one match's rows: committed together or not at all (one savepoint). */
  appendUnit(rows: readonly AppendAction[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ rows, resolve, reject });
      if (!this.retry) this.scheduled ??= setImmediate(() => this.flushNow());
    });
  }

  /**
   * Commits everything pending now. `wait` (shutdown, before the database closes): take the write lock
   * even if that means waiting for the checkpoint thread; otherwise a busy lock means "try again shortly".
   */
  async flush(wait = false): Promise<void> {
    this.flushNow(wait);
  }

  flushNow(wait = false): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    if (this.retry) clearTimeout(this.retry);
    this.scheduled = this.retry = null;
    const batch = this.pending;
    if (batch.length === 0) return;
    const db = this.storage.db;
    if (!wait) {
      this.sql.noWait.run();
      try {
        this.sql.begin.run();
      } catch (e) {
        if (!isBusy(e)) throw e;
        this.counters.busyRetries++;
        this.retry = setTimeout(() => this.flushNow(), 1);
        return;
      } finally {
        // Other writes (rooms, sessions) are rare and may wait for the lock as usual.
        this.sql.wait.run();
      }
      // Holding the write lock now; the batch below runs inside this transaction.
    }
    this.pending = [];
    const failed = new Map<Pending, unknown>();
    const t0 = performance.now();
    // First the whole batch without a savepoint per unit (what nearly every batch is: no row refused); a refused
    // row undoes the attempt, and the batch runs again with a savepoint per unit, so that row fails alone.
    let refusedRow = false;
    const fast = () => {
      for (const p of batch)
        try {
          this.storage.appendRows(p.rows);
        } catch (e) {
          refusedRow = true;
          throw e;
        }
    };
    const guarded = () => {
      for (const p of batch) {
        try {
          // A nested better-sqlite3 transaction is a savepoint: a failure undoes this unit's rows only.
          db.transaction(() => this.storage.appendRows(p.rows))();
        } catch (e) {
          failed.set(p, e ?? new Error('append failed'));
        }
      }
    };
    const attempt = (run: (f: () => void) => void) => {
      try {
        run(fast);
      } catch (e) {
        if (!refusedRow) throw e;
        run(guarded);
      }
    };
    try {
      if (wait) attempt((f) => db.transaction(f).immediate());
      else {
        try {
          attempt((f) => db.transaction(f)());
          this.sql.commit.run();
        } catch (e) {
          if (db.inTransaction) this.sql.rollback.run();
          throw e;
        }
      }
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    this.figures.recordCommit(t0);
    this.counters.commits++;
    for (const p of batch) if (!failed.has(p)) this.counters.appends += p.rows.length;
    this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
    for (const p of batch) {
      const e = failed.get(p);
      if (e === undefined) p.resolve();
      else p.reject(e);
    }
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

function isBusy(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
