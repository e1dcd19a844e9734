/**
 * What acts on a match on its own, between the managers' actions: the chess clocks' flag fall, the server bot's
 * moves, and the answers the server gives for a human manager who has no stop at this point (or a one-shot
 * 'pass until ...'). Everything here goes through the master's queue and re-checks `seq` when it runs (the match
 * may have moved on since the timer was set); a change it could not save is tried again `RETRY_MS` later.
 */
import { deciders, legalActions, project, simplest, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import type { MatchResult, PassUntilMode, StopSettings } from '@vroyale/protocol';
import { levelOfSeatName, type ServerBot } from '../bots/server-bot.js';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { autoAction } from '../stops/auto-action.js';
import { OneShots } from '../stops/one-shots.js';
import type { ActionOrigin, MatchRecord } from '../storage/records.js';
import type { Clock, TimerHandle } from '../time/clock.js';
import type { ChessClock } from './chess-clock.js';
import { RETRY_MS, unsaved, type ActionAck } from './save-action.js';

export interface DriverDeps {
  clock: Clock;
  log: Logger;
  config: ServerConfig;
  bot: ServerBot;
  stopsOf(userId: string): StopSettings;
}

/** The master as the driver sees it: its live match, its queue and its one way to change the match. */
export interface DriverHost {
  readonly match: MatchRecord;
  readonly state: GameState;
  readonly result: MatchResult | null;
  /** Shutting down or abandoned: nothing more is done here. */
  readonly closed: boolean;
  /** Runs a task in the match's queue. */
  run(task: () => void | Promise<void>): Promise<void>;
  /** Validates, saves and applies a server-made action (the master's save path). */
  apply(seat: ManagerId, action: Action, origin: ActionOrigin): Promise<ActionAck>;
  /** Sends these seats a fresh full view (their prompt changed). */
  refreshSeats(seats: Iterable<ManagerId>): void;
}

export class MatchDriver {
  private readonly timers = new Map<string, TimerHandle>();
  /** 'Pass until ...' per seat, in memory only (stops/one-shots.ts). */
  readonly oneShots = new OneShots();
  /**
   * Human seats whose current decision the server answers itself (no stop there, or a one-shot): their views
   * list no legal actions, so no prompt flashes up for a decision that is already being made for them.
   */
  private answeringNow = new Set<ManagerId>();

  constructor(
    private readonly deps: DriverDeps,
    private readonly host: DriverHost,
    private readonly chess: ChessClock,
  ) {}

  get answering(): ReadonlySet<ManagerId> {
    return this.answeringNow;
  }

  private get id(): string {
    return this.host.match.id;
  }

  /**
   * After every change: restart the right clocks and schedule whatever acts next on its own. `settled`: the
   * change's unit already answered everything the server answers at this state (master/action-unit.ts), so
   * nobody is being answered for and there is nothing to plan.
   */
  afterChange(now: number, settled = false): void {
    this.clearTimers();
    const h = this.host;
    if (h.result) {
      this.chess.setRunning([], now);
      this.answeringNow = new Set();
      return;
    }
    const waiting = deciders(h.state);
    this.chess.setRunning(waiting, now);
    const flag = this.chess.nextFlag(now);
    if (flag) this.schedule('flag', flag.inMs, () => this.onFlag());
    const seq = h.state.seq;
    for (const seat of waiting) if (h.match.seats[seat].bot) this.schedule(`bot:${seat}`, this.deps.config.botDelayMs, () => this.botMove(seat, seq));
    if (settled) this.answeringNow = new Set();
    else this.planAutomatic();
  }

  /**
   * The automatic answer due at `state` (a unit being planned, not yet the match's), if any: for the first
   * human decider the server answers for, with the unit's one-shots. Reads only settings and public facts.
   */
  nextAutomatic(state: GameState, oneShots: OneShots): { seat: ManagerId; action: Action } | null {
    for (const seat of deciders(state)) {
      const s = this.host.match.seats[seat];
      if (s.bot) continue;
      const action = autoAction(state, seat, this.deps.stopsOf(s.userId), oneShots.of(seat));
      if (action) return { seat, action };
    }
    return null;
  }

  /**
   * Queues an automatic answer for each human manager the match waits on; the task decides (it may be that
   * they have a stop here). No delay: the decision reads only settings and public facts, so answering at
   * once tells the opponent nothing about the hand (docs/auto-pass.md).
   */
  private planAutomatic(): void {
    const seq = this.host.state.seq;
    this.answeringNow = new Set();
    for (const seat of deciders(this.host.state)) {
      if (this.host.match.seats[seat].bot || !this.automaticFor(seat)) continue;
      this.answeringNow.add(seat);
      void this.host.run(() => this.actForManager(seat, seq));
    }
  }

  private automaticFor(seat: ManagerId): Action | null {
    return autoAction(this.host.state, seat, this.deps.stopsOf(this.host.match.seats[seat].userId), this.oneShots.of(seat));
  }

  /** Plans again after a settings or one-shot change; a seat now asked (or no longer asked) gets a fresh prompt. */
  replan(): void {
    const was = this.answeringNow;
    this.planAutomatic();
    this.host.refreshSeats((['A', 'B'] as const).filter((s) => was.has(s) !== this.answeringNow.has(s)));
  }

  /** Sets or cancels (null) a seat's one-shot pass and plans again: it applies to the current decision at once. */
  setPassUntil(seat: ManagerId, mode: PassUntilMode): void {
    this.oneShots.set(seat, mode);
  }

  private schedule(name: string, ms: number, fn: () => void): void {
    this.timers.set(
      name,
      this.deps.clock.setTimeout(() => {
        this.timers.delete(name);
        fn();
      }, ms),
    );
  }

  clearTimers(): void {
    for (const h of this.timers.values()) this.deps.clock.clearTimeout(h);
    this.timers.clear();
  }

  private onFlag(): void {
    void this.host.run(async () => {
      if (this.host.closed || this.host.result) return;
      const now = this.deps.clock.now();
      const flag = this.chess.nextFlag(now);
      if (!flag) return;
      if (flag.inMs > 0) return void this.schedule('flag', flag.inMs, () => this.onFlag());
      const r = await this.host.apply(flag.manager, { type: 'concede', manager: flag.manager }, 'time');
      if (r.ok) return;
      this.deps.log.error({ matchId: this.id, code: r.code }, 'flag fall concede refused');
      if (unsaved(r.code)) this.schedule('flag', RETRY_MS, () => this.onFlag());
    });
  }

  /**
   * A server bot's turn. The decision itself runs off the event loop (bots/bot-pool.ts) and outside the
   * match's queue, on the bot's own projection and legal actions at `seq`; the move is then applied through
   * the queue only if the match is still at `seq` (a flag fall or concede may have come first).
   */
  private botMove(seat: ManagerId, seq: number): void {
    const h = this.host;
    if (h.closed || h.result || h.state.seq !== seq || !deciders(h.state).includes(seat)) return;
    const legal = legalActions(h.state, seat);
    if (legal.length === 0) return;
    const safe = simplest(legal.find((a) => a.type !== 'concede') ?? legal[0]!);
    this.deps.bot
      .decide({ view: project(h.state, seat), legal, seed: `${this.id}:${seq}:${seat}` }, levelOfSeatName(h.match.seats[seat].name))
      .catch((e: unknown) => {
        this.deps.log.error({ err: e, matchId: this.id, bot: this.deps.bot.name }, 'bot failed; playing its first legal action');
        return safe;
      })
      .then((action) =>
        h.run(async () => {
          if (h.closed || h.result || h.state.seq !== seq) return;
          let r = await h.apply(seat, action, 'bot');
          if (!r.ok && !unsaved(r.code)) {
            this.deps.log.error({ matchId: this.id, code: r.code, action }, 'bot action refused; playing a safe action instead');
            r = await h.apply(seat, safe, 'bot');
          }
          // Not saved: decide again a little later (any change in between re-plans the bot anyway).
          if (!r.ok && unsaved(r.code)) this.schedule(`bot:${seat}`, RETRY_MS, () => this.botMove(seat, seq));
        }),
      )
      .catch((e: unknown) => this.deps.log.error({ err: e, matchId: this.id }, 'bot move failed'));
  }

  private askAfterAll(seat: ManagerId): void {
    if (this.answeringNow.delete(seat)) this.host.refreshSeats([seat]);
  }

  /** Runs in the queue: passes (or declares nothing) for a manager with no stop here; otherwise nothing. */
  private async actForManager(seat: ManagerId, seq: number): Promise<void> {
    const h = this.host;
    if (h.closed || h.result || h.state.seq !== seq || !deciders(h.state).includes(seat)) return;
    const action = this.automaticFor(seat);
    // Planned, but no longer (its settings changed in between): the seat is asked after all.
    if (!action) return this.askAfterAll(seat);
    const r = await h.apply(seat, action, 'auto-pass');
    if (r.ok) return;
    this.deps.log.error({ matchId: this.id, seat, code: r.code, action }, 'automatic action refused; the manager is asked');
    if (!unsaved(r.code)) return this.askAfterAll(seat);
    // Not saved: try again a little later (any change in between re-plans anyway).
    this.schedule(`auto:${seat}`, RETRY_MS, () => void h.run(() => this.actForManager(seat, seq)));
  }
}
