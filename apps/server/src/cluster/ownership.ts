/**
 * This node's side of match ownership (issue 19 §2; docs/scaling.md "Ownership protocol"): it acquires a
 * match's lease when the match starts here or is taken over, renews all its leases in one statement every
 * `renewMs`, releases them when a match ends or the node hands over, and hears of a lost lease from either the
 * renewal (the row moved on) or the group commit (an append fenced): then the match stops here (`onLost`).
 *
 * Self-fencing (docs/scaling.md, Ownership protocol item 3): a lease counts as ours only until `leaseMs` after
 * the moment its last successful acquire or renewal was sent, by this node's clock. `selfFenceMs` before that
 * end, a match whose lease was not renewed stops here (`onLost`: no more actions, timers or views) before any
 * other node may take it; so does a match whose append failed with the database away or found the log ahead
 * (`giveBack`: the state in memory may be behind the log). Either way the match comes back through the takeover
 * scan once the database answers again: this node or another acquires the expired lease (epoch + 1) and replays
 * the committed log, so the engine state is exactly what PostgreSQL holds.
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
  /** A match not renewed stops here this long before its lease ends by our clock (the clock-skew margin). */
  selfFenceMs?: number;
}

export const DEFAULT_OWNERSHIP: OwnershipOptions = { leaseMs: 3_000, renewMs: 1_000, scanMs: 500, selfFenceMs: 500 };

export class Ownership {
  /** Matches this node runs under a lease (acquired, not yet released or lost). */
  private readonly mine = new Set<string>();
  /** match id → when its lease ends by our clock (the send time of its last acquire or renewal + leaseMs). */
  private readonly until = new Map<string, number>();
  private fenceTimer: ReturnType<typeof setTimeout> | null = null;
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
      const at = this.now();
      const epoch = await this.leases.acquire(matchId, at, this.opts.leaseMs);
      if (epoch === null) return false;
      this.mine.add(matchId);
      this.until.set(matchId, at + this.opts.leaseMs);
      this.armFence();
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
    for (const id of ours) this.until.delete(id);
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
    // Never ours (its acquire failed, the database away at the match's start): it must not run here either.
    if (!this.mine.has(matchId)) return this.lostHandler(matchId);
    this.stopHere(matchId, 'match lease lost: another node runs this match now');
  }

  /**
   * May this node still write for `matchId`? False once `selfFenceMs` before the end of its lease by our clock
   * has passed without a renewal (the match then stops here at once). True while its first acquire is still
   * on its way (the group commit fences an append that turns out not to be ours).
   */
  mayWrite(matchId: string): boolean {
    const until = this.until.get(matchId);
    if (until === undefined || this.now() < until - this.selfFenceMs) return true;
    this.selfFence();
    return false;
  }

  /**
   * The match in memory may be behind its log: an append failed with the database away (its COMMIT may have
   * landed) or found the log ahead. Stop it here now and let a replay decide: the lease is released when that
   * still works (a scan, maybe this node's, takes it at once), else it runs out.
   */
  giveBack(matchId: string, why: string): void {
    if (!this.mine.has(matchId)) return;
    this.stopHere(matchId, why);
    this.leases.release([matchId]).catch(() => {});
  }

  private get selfFenceMs(): number {
    return this.opts.selfFenceMs ?? 500;
  }

  private stopHere(matchId: string, why: string): void {
    if (!this.mine.delete(matchId)) return;
    this.until.delete(matchId);
    this.counted('lost');
    this.log.warn({ matchId, node: this.nodeId }, why);
    this.lostHandler(matchId);
  }

  /** Stops every match whose lease is about to end unrenewed, then waits for the next such moment. */
  private selfFence(): void {
    const now = this.now();
    for (const [id, until] of [...this.until])
      if (now >= until - this.selfFenceMs) this.stopHere(id, 'match lease not renewed in time: stopping this match here (self-fenced)');
    this.armFence();
  }

  /** One timer, at the earliest moment a lease of ours would have to stop unrenewed. */
  private armFence(): void {
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.fenceTimer = null;
    if (this.until.size === 0) return;
    let first = Infinity;
    for (const until of this.until.values()) first = Math.min(first, until);
    this.fenceTimer = setTimeout(() => this.selfFence(), Math.max(0, first - this.selfFenceMs - this.now()));
    this.fenceTimer.unref();
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
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.timer = this.scanTimer = this.fenceTimer = null;
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
      const at = this.now();
      const renewed = await this.leases.renew(ids, at, this.opts.leaseMs);
      for (const id of ids) {
        if (!this.mine.has(id)) continue;
        if (renewed.has(id)) this.until.set(id, at + this.opts.leaseMs);
        else this.lost(id);
      }
      this.armFence();
    } catch (e) {
      this.log.warn({ err: e, matches: ids.length }, 'renewing match leases failed');
    } finally {
      this.renewing = false;
    }
  }
}
