/**
 * This node's side of match ownership (issue 19 §2; docs/scaling.md "Ownership protocol"): it acquires a
 * match's lease when the match starts here or is taken over, renews all its leases in one statement every
 * `renewMs`, releases them when a match ends or the node hands over, and hears of a lost lease from either the
 * renewal (the row moved on) or the group commit (an append fenced): then the match stops here (`onLost`).
 *
 * Only built in a cluster (PostgreSQL and Redis configured); a single node has no Ownership and never fences.
 */
import type { Logger } from '../logger.js';
import type { OwnershipChange } from '../metrics/node-metrics.js';
import type { MatchLeases } from '../storage/store.js';

export interface OwnershipOptions {
  leaseMs: number;
  renewMs: number;
  /** How often to look for leases that ran out. */
  scanMs?: number;
}

export const DEFAULT_OWNERSHIP: OwnershipOptions = { leaseMs: 3_000, renewMs: 1_000, scanMs: 500 };

export class Ownership {
  /** Matches this node runs under a lease (acquired, not yet released or lost). */
  private readonly mine = new Set<string>();
  private lostHandler: (matchId: string) => void = () => {};
  private timer: ReturnType<typeof setInterval> | null = null;
  private scanTimer: ReturnType<typeof setInterval> | null = null;
  private scanning = false;
  private renewing = false;

  constructor(
    private readonly leases: MatchLeases,
    readonly nodeId: string,
    private readonly counted: (change: OwnershipChange) => void,
    private readonly log: Logger,
    private readonly now: () => number,
    private readonly opts: OwnershipOptions = DEFAULT_OWNERSHIP,
  ) {
    leases.fence(nodeId);
  }

  /** Called (once per match) when this node loses a match it ran: stop running it, send no more views. */
  onLost(f: (matchId: string) => void): void {
    this.lostHandler = f;
  }

  owns(matchId: string): boolean {
    return this.mine.has(matchId);
  }

  get count(): number {
    return this.mine.size;
  }

  /**
   * Takes the match's lease (a new match: 'acquired'; a replay after another node's or our own death:
   * 'taken-over'). False when another node holds it or the database refused: this node must not run it.
   */
  async acquire(matchId: string, change: 'acquired' | 'taken-over'): Promise<boolean> {
    try {
      const epoch = await this.leases.acquire(matchId, this.now(), this.opts.leaseMs);
      if (epoch === null) return false;
      this.mine.add(matchId);
      this.counted(change);
      this.log.info({ matchId, epoch, node: this.nodeId, change }, 'match lease acquired');
      return true;
    } catch (e) {
      this.log.error({ err: e, matchId }, 'acquiring a match lease failed');
      return false;
    }
  }

  /** The match ended here, or this node hands it over: its lease ends now (after the writes issued before). */
  async release(matchIds: readonly string[]): Promise<void> {
    const ours = matchIds.filter((id) => this.mine.delete(id));
    if (ours.length === 0) return;
    for (const _ of ours) this.counted('released');
    try {
      await this.leases.release(ours);
    } catch (e) {
      // The leases run out by themselves within leaseMs: the other nodes wait a little longer, nothing is lost.
      this.log.warn({ err: e, matches: ours.length }, 'releasing match leases failed; they expire instead');
    }
  }

  /** The group commit refused an append of this match (fenced), or the renewal did not find it ours. */
  lost(matchId: string): void {
    if (!this.mine.delete(matchId)) return;
    this.counted('lost');
    this.log.warn({ matchId, node: this.nodeId }, 'match lease lost: another node runs this match now');
    this.lostHandler(matchId);
  }

  /**
   * Renews every `renewMs`; with `takeOver`, also scans for leases that ran out (a dead or paused owner, or a
   * hand-over) every `scanMs` and takes each it can: `takeOver` then replays the match here.
   */
  start(takeOver?: (matchId: string) => Promise<void>): void {
    this.timer ??= setInterval(() => void this.renew(), this.opts.renewMs);
    this.timer.unref();
    if (takeOver) {
      this.scanTimer ??= setInterval(() => void this.scan(takeOver), this.opts.scanMs ?? 500);
      this.scanTimer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.timer = this.scanTimer = null;
  }

  private async scan(takeOver: (matchId: string) => Promise<void>): Promise<void> {
    if (this.scanning) return;
    this.scanning = true;
    try {
      for (const id of await this.leases.expired(this.now(), 50)) {
        if (this.mine.has(id)) continue;
        if (!(await this.acquire(id, 'taken-over'))) continue;
        try {
          await takeOver(id);
        } catch (e) {
          this.log.error({ err: e, matchId: id }, 'taking a match over failed; releasing it');
          await this.release([id]);
        }
      }
    } catch (e) {
      this.log.warn({ err: e }, 'the takeover scan failed');
    } finally {
      this.scanning = false;
    }
  }

  /** One statement for every lease this node holds; those it no longer finds ours are lost. */
  async renew(): Promise<void> {
    if (this.renewing || this.mine.size === 0) return;
    this.renewing = true;
    const ids = [...this.mine];
    try {
      const renewed = await this.leases.renew(ids, this.now(), this.opts.leaseMs);
      for (const id of ids) if (!renewed.has(id) && this.mine.has(id)) this.lost(id);
    } catch (e) {
      this.log.warn({ err: e, matches: ids.length }, 'renewing match leases failed');
    } finally {
      this.renewing = false;
    }
  }
}
