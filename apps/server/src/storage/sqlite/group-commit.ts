/**
 * Group commit for the action log. Every match appends at most one action at a time (its SerialQueue waits
 * for the write), but hundreds of matches append in the same event-loop turn. Instead of one SQLite
 * transaction each, appends are collected until the turn's I/O has been handled (`setImmediate`) and
 * committed together in one transaction; only then is each append's promise settled, so the master acks and
 * broadcasts an action strictly after it is on disk (as durable as `synchronous` makes a commit).
 *
 * Each append runs in its own savepoint inside the batch: one refused row (a duplicate seq) fails only its
 * own append. A failed COMMIT fails every append of the batch, and no master changes its state.
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
  appendRow(a: AppendAction): void;
  appendRows(rows: readonly AppendAction[]): void;
}

interface Pending {
  /** One append, or a unit's rows (one match, committed together). */
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
    try {
      const run = () => {
        for (const p of batch) {
          try {
            // A nested better-sqlite3 transaction is a savepoint: a failure undoes this append (or unit) only.
            if (p.rows.length === 1) this.storage.appendRow(p.rows[0]!);
            else this.storage.appendRows(p.rows);
          } catch (e) {
            failed.set(p, e ?? new Error('append failed'));
          }
        }
      };
      if (wait) db.transaction(run).immediate();
      else {
        try {
          db.transaction(run)();
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
    this.counters.appends += batch.reduce((n, p) => n + (failed.has(p) ? 0 : p.rows.length), 0);
    this.counters.largestBatch = Math.max(
      this.counters.largestBatch,
      batch.reduce((n, p) => n + p.rows.length, 0),
    );
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
