/**
 * This node's side of match ownership (issue 19 §2, issue 33 §4; docs/scaling.md "Ownership protocol"): the node
 * holds one lease (a generation of it: `join`), renewed in one row every `renewMs` whatever number of matches it
 * runs; a match is ours through its owner row (this node, this generation, a fencing epoch), written when the
 * match starts here or is taken over and when it is released (it ended, or the node hands over). A lost match is
 * heard of from the group commit (an append fenced: another node took it); then it stops here (`onLost`).
 *
 * Self-fencing (docs/scaling.md, Ownership protocol item 3): the node's lease counts as ours only until `leaseMs`
 * after the moment its last successful join or renewal was sent, by this node's clock. `selfFenceMs` before that
 * end, unrenewed, every match stops here (`onLost`: no more actions, timers or views) before any other node may
 * take one, and the node joins again as a new generation (so nothing it held stays tied to a lease it might
 * renew after all: every such match is free for the takeover scan). A match whose append failed with the
 * database away or found the log ahead stops alone (`giveBack`: the state in memory may be behind the log) and is
 * released. Either way the match comes back through the takeover scan: this node or another acquires it
 * (epoch + 1) and replays the committed log, so the engine state is exactly what PostgreSQL holds.
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
  /** Matches this node runs under its lease (acquired, not yet released or lost). */
  private readonly mine = new Set<string>();
  /** Matches this node is asking for now: the takeover scan and a hand-over's notice may both try one. */
  private readonly asking = new Set<string>();
  /** When this node's lease ends by our clock (the send time of its last join or renewal + leaseMs); null: none. */
  private until: number | null = null;
  /** Raised by each self-fence: a renewal sent before one must not revive the lease it gave up. */
  private era = 0;
  private joining: Promise<boolean> | null = null;
  /** Releases that failed (the database away): tried again with each renewal, or the node's next join frees them. */
  private readonly unreleased = new Set<string>();
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

  /** This node's lease runs (joining first if it has none); false when the database refused. */
  private joined(): Promise<boolean> {
    if (this.until !== null && this.now() < this.until - this.selfFenceMs) return Promise.resolve(true);
    if (this.until !== null) this.selfFence();
    this.joining ??= (async () => {
      const era = this.era;
      try {
        let at = this.now();
        let generation = await this.leases.join(at, this.opts.leaseMs);
        // A join that waited long (a lock, a slow database) may have run out on arrival: join again.
        for (let i = 0; i < 3 && this.now() >= at + this.opts.leaseMs - this.selfFenceMs; i++) {
          at = this.now();
          generation = await this.leases.join(at, this.opts.leaseMs);
        }
        if (era !== this.era || this.now() >= at + this.opts.leaseMs - this.selfFenceMs) return false;
        this.until = at + this.opts.leaseMs;
        this.unreleased.clear(); // a new generation frees whatever the old one held
        this.armFence();
        this.log.info({ node: this.nodeId, generation }, 'node lease taken');
        return true;
      } catch (e) {
        this.log.warn({ err: e }, 'taking the node lease failed');
        return false;
      } finally {
        this.joining = null;
      }
    })();
    return this.joining;
  }

  /**
   * Takes the match for this node (a new match: 'acquired'; a replay after another node's or our own death:
   * 'taken-over'). False when another node holds it or the database refused: this node must not run it.
   */
  async acquire(matchId: string, change: 'acquired' | 'taken-over'): Promise<boolean> {
    // Asked already (or held): the first ask takes it over, this one must not replay it a second time.
    if (this.asking.has(matchId) || this.mine.has(matchId)) return false;
    this.asking.add(matchId);
    try {
      if (!(await this.joined())) return false;
      const era = this.era;
      const epoch = await this.leases.acquire(matchId, this.now());
      if (epoch === null) return false;
      // The node's lease ran out meanwhile (and a new generation may be joining): not ours to run.
      if (era !== this.era) return false;
      this.mine.add(matchId);
      this.counted(change);
      this.log.info({ matchId, epoch, node: this.nodeId, change }, 'match lease acquired');
      return true;
    } catch (e) {
      this.log.error({ err: e, matchId }, 'acquiring a match lease failed');
      return false;
    } finally {
      this.asking.delete(matchId);
    }
  }

  /** The match ended here, or this node hands it over: it is free now (after the writes issued before). */
  async release(matchIds: readonly string[]): Promise<void> {
    const ours = matchIds.filter((id) => this.mine.delete(id));
    if (ours.length === 0) return;
    for (const _ of ours) this.counted('released');
    try {
      await this.leases.release(ours);
    } catch (e) {
      // Tried again with each renewal; the node's next generation frees them anyway.
      for (const id of ours) this.unreleased.add(id);
      this.log.warn({ err: e, matches: ours.length }, 'releasing match leases failed; trying again');
    }
  }

  /** The group commit refused an append of this match (fenced): another node runs it now. */
  lost(matchId: string): void {
    // Never ours (its acquire failed, the database away at the match's start): it must not run here either.
    if (!this.mine.has(matchId)) return this.lostHandler(matchId);
    this.stopHere(matchId, 'match lease lost: another node runs this match now');
  }

  /**
   * May this node still write for `matchId`? False once `selfFenceMs` before the end of the node's lease by our
   * clock has passed without a renewal (every match then stops here at once). True for a match not (yet) ours:
   * the group commit fences an append that turns out not to be ours.
   */
  mayWrite(matchId: string): boolean {
    if (!this.mine.has(matchId)) return true;
    if (this.until !== null && this.now() < this.until - this.selfFenceMs) return true;
    this.selfFence();
    return false;
  }

  /**
   * The match in memory may be behind its log: an append failed with the database away (its COMMIT may have
   * landed) or found the log ahead. Stop it here now and let a replay decide: it is released (tried again until
   * the database answers), and a scan, maybe this node's, takes it.
   */
  giveBack(matchId: string, why: string): void {
    if (!this.mine.has(matchId)) return;
    this.stopHere(matchId, why);
    this.unreleased.add(matchId);
    void this.releaseLeftovers();
  }

  private get selfFenceMs(): number {
    return this.opts.selfFenceMs ?? 500;
  }

  private stopHere(matchId: string, why: string): void {
    if (!this.mine.delete(matchId)) return;
    this.counted('lost');
    this.log.warn({ matchId, node: this.nodeId }, why);
    this.lostHandler(matchId);
  }

  /** The node's lease is about to end unrenewed: every match stops here, and the node joins again afresh. */
  private selfFence(): void {
    this.era++;
    this.until = null;
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.fenceTimer = null;
    for (const id of [...this.mine]) this.stopHere(id, 'node lease not renewed in time: stopping this match here (self-fenced)');
    this.unreleased.clear(); // the next generation frees them
    // At once (the matches it held are free from then on), and again with each renewal tick until it works.
    queueMicrotask(() => void this.joined());
  }

  /** One timer, at the moment the node's lease would have to stop unrenewed. */
  private armFence(): void {
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    this.fenceTimer = null;
    if (this.until === null) return;
    this.fenceTimer = setTimeout(
      () => {
        this.fenceTimer = null;
        if (this.until !== null && this.now() >= this.until - this.selfFenceMs) this.selfFence();
        else this.armFence();
      },
      Math.max(0, this.until - this.selfFenceMs - this.now()),
    );
    this.fenceTimer.unref();
  }

  /**
   * Joins at once, renews every `renewMs`; with `takeOver`, also scans for matches free to take (a dead or
   * paused owner, or a hand-over) every `scanMs` and takes each it can: `takeOver` then replays the match here.
   */
  start(takeOver?: (matchId: string) => Promise<void>): void {
    void this.joined();
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

  /** One row for the node, whatever its number of matches; a lease found run out stops them all here. */
  async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      if (this.until === null) {
        await this.joined();
        return;
      }
      const era = this.era;
      const at = this.now();
      const renewed = await this.leases.renewNode(at, this.opts.leaseMs);
      if (era !== this.era) return; // self-fenced meanwhile: the lease given up stays given up
      if (renewed) {
        this.until = at + this.opts.leaseMs;
        this.armFence();
        await this.releaseLeftovers();
      } else {
        this.log.warn({ node: this.nodeId }, 'node lease ran out before its renewal: stopping every match here');
        this.selfFence();
        await this.joined();
      }
    } catch (e) {
      this.log.warn({ err: e, matches: this.mine.size }, 'renewing the node lease failed');
    } finally {
      this.renewing = false;
    }
  }

  private async releaseLeftovers(): Promise<void> {
    if (this.unreleased.size === 0) return;
    const ids = [...this.unreleased];
    try {
      await this.leases.release(ids);
      for (const id of ids) this.unreleased.delete(id);
    } catch {
      // the next renewal tries again
    }
  }
}
