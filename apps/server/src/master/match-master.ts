/**
 * The authority for one match. Everything that changes the match goes through its SerialQueue, one task at
 * a time: a manager's action, a bot's move, a pass the server makes where a manager has no stop, a flag
 * fall, an abandoned seat. For each:
 * check → engine `step` → the automatic answers it sets off, planned with it as one unit (`action-unit.ts`) →
 * persist the unit's rows (group commit: the task waits for the transaction that holds them) → ack → broadcast
 * each viewer its own projection, once per unit. A rejected or unpersisted action leaves the state exactly as it
 * was. The parts: `save-action.ts` (the save path and what each failure means), `match-views.ts` (what is sent
 * to whom), `match-driver.ts` (flags, bot moves, automatic answers).
 */
import { hashState, stepParsed, type Action, type GameEvent, type GameState, type ManagerId, type Viewer } from '@vroyale/engine';
import type { Ack, ActionPayload, ClockConfig, MatchResult, PassUntilMode, StopSettings, ViewMessage } from '@vroyale/protocol';
import type { ServerBot } from '../bots/server-bot.js';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { MasterMetrics } from '../metrics/node-metrics.js';
import type { ActionOrigin, MatchRecord } from '../storage/records.js';
import type { ActionLog, Store } from '../storage/store.js';
import type { Clock } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';
import { BOT_LISTED_MS } from './bot-listing.js';
import { ChessClock } from './chess-clock.js';
import { planUnit } from './action-unit.js';
import { MatchDriver } from './match-driver.js';
import { MatchViews } from './match-views.js';
import { PublicLog } from './public-log.js';
import { MOVED, MOVING, RETRY_MS, saveUnit, unsaved, type ActionAck, type MasterOwnership } from './save-action.js';
import { SerialQueue } from './serial-queue.js';
import { delayedKind, SpectatorDelay, type Revealed } from './spectator-delay.js';

export type { MasterOwnership } from './save-action.js';

export interface MasterDeps {
  storage: Store;
  /** Appends actions to the log in group commits; an append resolves once its transaction committed. */
  writer: ActionLog;
  clock: Clock;
  log: Logger;
  config: ServerConfig;
  transport: Transport;
  bot: ServerBot;
  /** A user's own stop settings (read at each decision, so a change applies at once). */
  stopsOf(userId: string): StopSettings;
  /** The node's latency histograms (metrics/node-metrics.ts); absent in tests that build a master alone. */
  metrics?: MasterMetrics;
  /** In a cluster: this node's match leases (cluster/ownership.ts); absent or null on a single node. */
  ownership?: MasterOwnership | null;
  /** A single node: replay this match from its log (its master is behind it); absent in tests of a master alone. */
  rebuild?: (matchId: string) => void;
}

/** What the master needs from its room: who watches, and a call when the match ends. */
export interface MasterRoom {
  roomId: string;
  clockConfig: ClockConfig;
  viewers(): Iterable<{ socketId: string; viewer: Viewer }>;
  onMatchEnded(result: MatchResult): void;
  /** What the lobby shows of the match (`progress`: the turn and whose it is, as spectators see it) changed. */
  onProgress?(): void;
}

/** The match as the lobby shows it: spectators' turn (delayed in a ranked match) and whose turn it is. */
export interface MatchProgress {
  turn: number;
  /** Whose turn it is; null during the opening (mulligans, turn 0). */
  active: ManagerId | null;
  /** Spectators see this match a turn behind (docs/api.md "Spectator delay"). */
  delayed: boolean;
}

type Reply = (ack: ActionAck) => void;
type PassUntilReply = (ack: Ack<{ mode: PassUntilMode }>) => void;

const SHUTTING_DOWN = { ok: false, code: 'shutting-down', message: 'The server is restarting; send it again in a moment' } as const;

export class MatchMaster {
  private state: GameState;
  /** hashState(state), computed when first asked for (it costs more than a step; updates do not carry it). */
  private hash: string | null = null;
  private result: MatchResult | null;
  private readonly chess: ChessClock;
  private readonly queue = new SerialQueue();
  private closed = false;
  /** The lease was lost (abandon): nothing of this match is written from here any more. */
  private abandoned = false;
  /**
   * Ranked: what spectators are shown, a turn behind the match (master/spectator-delay.ts); null when they see it
   * live. Every spectator view, their log history and the lobby's turn come from it.
   */
  private readonly delay: SpectatorDelay | null;
  private readonly views: MatchViews;
  /** Flags, bot moves and automatic answers (master/match-driver.ts). */
  private readonly driver: MatchDriver;
  /** When the last human decision was made here (or the master started): the bot matches' idle end reads it. */
  private humanAt: number;

  constructor(
    private readonly deps: MasterDeps,
    private readonly room: MasterRoom,
    readonly match: MatchRecord,
    state: GameState,
    /** '<seat>:<clientActionId>' → the seq its action produced (duplicates get the same ack). */
    private readonly clientAcks: Map<string, number>,
    /** The public record so far (rebuilt by the replay after a restart; empty for a new match). */
    private readonly publicLog = new PublicLog(),
    /** Ranked: the spectators' delay as the replay rebuilt it (master/replay.ts); made here for a new match. */
    delay?: SpectatorDelay | null,
  ) {
    this.state = state;
    this.result = match.result;
    const now = deps.clock.now();
    this.humanAt = now;
    this.chess = new ChessClock(room.clockConfig, now, match.clocks);
    if (delay === undefined && delayedKind(match.kind)) {
      // Showing a match in progress from here would show spectators its present: only the replay knows the past.
      if (state.seq !== 0) throw new Error('a delayed match in progress needs the delay its replay rebuilt');
      delay = new SpectatorDelay(state, this.chess.snapshot(now));
    }
    this.delay = delay ?? null;
    // The parts read the match as it stands now, through these getters (one object for both).
    const self = this;
    const live = {
      match,
      get state() {
        return self.state;
      },
      get result() {
        return self.result;
      },
      get closed() {
        return self.closed;
      },
      get stateHash() {
        return self.stateHash;
      },
      get answering() {
        return self.driver.answering;
      },
      run: (task: () => void | Promise<void>) => this.queue.run(task),
      apply: (seat: ManagerId, action: Action, origin: ActionOrigin) => this.apply(seat, action, origin, null),
      refreshSeats: (seats: Iterable<ManagerId>) => this.views.refreshSeats(seats),
    };
    this.views = new MatchViews(deps, room, match.id, live, this.chess, publicLog, this.delay);
    this.driver = new MatchDriver(deps, live, this.chess);
    if (!this.result) this.driver.afterChange(now);
  }

  get id(): string {
    return this.match.id;
  }
  get seq(): number {
    return this.state.seq;
  }
  get stateHash(): string {
    return (this.hash ??= hashState(this.state));
  }
  get matchResult(): MatchResult | null {
    return this.result;
  }
  /** The turn being played (public: every view shows it); a tournament counts its extra turns with it (PR-20). */
  get turn(): number {
    return this.state.turn;
  }
  /** Who chose the order of play (the coin's winner, or a best-of-three's chooser); public once known. */
  get orderChooser(): ManagerId | null {
    return this.state.coinWinner;
  }
  /** The authoritative state, for tests and diagnostics only: never send it to a client. */
  get internalState(): GameState {
    return this.state;
  }
  get queued(): number {
    return this.queue.size;
  }
  /** When a human manager last decided something here (or the master started, after a restart too). */
  get lastHumanActionAt(): number {
    return this.humanAt;
  }

  /** The turn and whose it is, as spectators see them (a turn behind in a ranked match until it ends). */
  get progress(): MatchProgress {
    const s = this.delay?.shown ?? this.state;
    return { turn: s.turn, active: s.turn >= 1 ? s.active : null, delayed: this.delay !== null && !this.result };
  }

  /** A manager's action from a socket: validated, deduplicated, applied by the engine, persisted, broadcast. */
  submit(seat: ManagerId, p: ActionPayload, reply: Reply): Promise<void> {
    return this.queue.run(async () => {
      const refused = this.checkPlayer(seat, p);
      if (refused) return reply(refused);
      await this.apply(seat, { ...p.action, manager: seat }, 'player', `${seat}:${p.clientActionId}`, reply);
    });
  }

  /** The checks before the engine: duplicates get their first ack again; the rest an error or null (go on). */
  private checkPlayer(seat: ManagerId, p: ActionPayload): ActionAck | null {
    if (this.closed) return this.abandoned ? MOVED : SHUTTING_DOWN;
    const seen = this.clientAcks.get(`${seat}:${p.clientActionId}`);
    if (seen !== undefined) return { ok: true, seq: seen };
    if (this.result) return { ok: false, code: 'match-over', message: 'The match is over' };
    if (p.action.manager !== undefined && p.action.manager !== seat)
      return { ok: false, code: 'wrong-seat', message: `You play seat ${seat}; this action names ${p.action.manager}` };
    // A concession needs no fresh view: it is legal at any moment, also while the match waits on the other
    // manager, and a view arriving meanwhile must not make the manager send it again.
    if (p.seenSeq !== this.state.seq && p.action.type !== 'concede')
      return { ok: false, code: 'stale', message: `The match has moved on (seq ${this.state.seq}, you saw ${p.seenSeq}); act on the latest view` };
    return null;
  }

  /** Ends the match against `seat` on the server's authority (flag fall, abandoned seat) via the engine's concede. */
  serverConcede(seat: ManagerId, origin: 'time' | 'abandoned'): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed || this.result) return;
      const r = await this.apply(seat, { type: 'concede', manager: seat }, origin, null);
      if (r.ok) return;
      this.deps.log.error({ matchId: this.id, seat, origin, code: r.code }, 'server concede refused');
      // Not one of `timers` (a change in between must not cancel it): the seat is still lost.
      if (unsaved(r.code)) this.deps.clock.setTimeout(() => void this.serverConcede(seat, origin), RETRY_MS);
    });
  }

  /**
   * Ends the match as a draw on the server's authority: both seat holds ran out (rooms/room.ts), or a tournament
   * round's time and extra turns are over (PR-20, tournaments/). No engine
   * action means "draw", so the match and its room are closed with the server's result in one transaction
   * and the log stays as it was; views carry the result, and nobody is asked anything any more.
   */
  serverDraw(origin: 'abandoned' | 'round-time'): Promise<void> {
    return this.queue.run(async () => {
      if (this.closed || this.result) return;
      const now = this.deps.clock.now();
      this.chess.settle(now);
      const result: MatchResult = { winner: 'draw', reason: origin };
      try {
        await this.deps.storage.endMatch(this.id, this.room.roomId, result, this.chess.snapshot(now), now);
      } catch (e) {
        this.deps.log.error({ err: e, matchId: this.id }, 'saving a draw failed; trying again');
        this.deps.clock.setTimeout(() => void this.serverDraw(origin), RETRY_MS);
        return;
      }
      this.result = result;
      this.driver.afterChange(now);
      this.views.broadcast(this.views.context(now), [], this.delay?.revealAll() ?? null);
      this.deps.log.info({ matchId: this.id, ...result, seq: this.state.seq }, 'match ended');
      this.room.onMatchEnded(result);
    });
  }

  /**
   * The one place the state changes. The engine checks the action; the automatic answers it sets off are planned
   * with it as one unit (master/action-unit.ts); the unit's rows are written (one group-commit savepoint) before
   * anything in memory changes, so a failed write leaves the match as it was (and the client may retry with the
   * same clientActionId). Then, in one synchronous block: the new state, the ack to the sender, and each
   * viewer's one view of the whole unit — the sender sees its ack before the view it caused.
   */
  private async apply(seat: ManagerId, action: Action, origin: ActionOrigin, clientKey: string | null, reply?: Reply): Promise<ActionAck> {
    const answer = (ack: ActionAck): ActionAck => (reply?.(ack), ack);
    // Every caller runs inside its queued task, so this is when the change came off the queue.
    const t0 = performance.now();
    // Parsed already: a client's action by the gateway's schema (the engine's own), the rest built here.
    const r = stepParsed(this.state, action);
    if (!r.ok) return answer({ ok: false, code: r.code, message: r.message });
    const now = this.deps.clock.now();
    // Self-fencing: past `lease_until − margin` without a renewal, another node may own the match any moment.
    if (this.abandoned || (this.deps.ownership && !this.deps.ownership.mayWrite(this.id))) return answer(MOVING);
    const unit = planUnit({
      matchId: this.id,
      roomId: this.room.roomId,
      state: this.state,
      first: { seat, action, origin, clientActionId: clientKey, next: r.state, events: r.events },
      now,
      chess: this.chess,
      oneShots: this.driver.oneShots,
      next: (state, oneShots) => this.driver.nextAutomatic(state, oneShots),
    });
    const refused = await saveUnit(this.deps, unit.rows);
    if (refused) return answer(refused);
    // Committed. The clocks were settled at `now`; the commit took a fraction of a millisecond more, which
    // is charged to whoever runs next (settle at the next change), so no time is lost or invented.
    if (unit.refused) this.deps.log.error({ matchId: this.id, ...unit.refused }, 'automatic action refused; the manager is asked');
    this.chess.adopt(unit.chess);
    this.driver.oneShots.adopt(unit.oneShots);
    const before = this.progress;
    const result = unit.result;
    let revealed: Revealed | null = null;
    const events: GameEvent[] = [];
    unit.steps.forEach((st, i) => {
      this.publicLog.add(st.state.seq, st.events);
      const shown = this.views.delayRecord(st.state.seq, st.events, st.state, st.clocks, result !== null && i === unit.steps.length - 1);
      if (shown) revealed = revealed ? { events: [...revealed.events, ...shown.events] } : shown;
      events.push(...st.events);
    });
    const first = unit.steps[0]!.state.seq;
    this.state = unit.steps[unit.steps.length - 1]!.state;
    this.hash = null;
    if (clientKey !== null) this.clientAcks.set(clientKey, first);
    // A human's decision may bring back to the lobby a bot match that had dropped out of it (not played for a while).
    const woke = origin === 'player' && !this.match.seats[seat].bot && now - this.humanAt >= BOT_LISTED_MS;
    if (origin === 'player' && !this.match.seats[seat].bot) this.humanAt = now;
    this.result = result;
    this.driver.afterChange(now, unit.settled);
    const ack = answer({ ok: true, seq: first });
    this.views.broadcast(this.views.context(now), events, revealed);
    this.deps.metrics?.actionToBroadcast(origin, (performance.now() - t0) / 1000);
    const after = this.progress;
    if (!result && (woke || after.turn !== before.turn || after.active !== before.active)) this.room.onProgress?.();
    if (result) {
      this.deps.log.info({ matchId: this.id, ...result, seq: this.state.seq }, 'match ended');
      this.room.onMatchEnded(result);
    }
    return ack;
  }

  // --- views (master/match-views.ts) ------------------------------------------------------------------------

  /** Sends the current full view to sockets that just joined, reconnected or started watching. */
  sendFull(socketIds: readonly string[], viewer: Viewer): void {
    this.views.sendFull(socketIds, viewer);
  }

  /** The public record so far, once, to sockets that just entered (after their full view). */
  sendLogHistory(socketIds: readonly string[], viewer: Viewer): void {
    this.views.sendLogHistory(socketIds, viewer);
  }

  fullView(viewer: Viewer): ViewMessage {
    return this.views.fullView(viewer);
  }

  // --- what acts on its own (master/match-driver.ts) -------------------------------------------------------

  /** A manager changed their stop settings: re-plan the current decision. */
  settingsChanged(): void {
    void this.queue.run(() => {
      if (!this.closed && !this.result) this.driver.replan();
    });
  }

  /** Sets or cancels (null) a seat's one-shot pass; it applies to the current decision at once. */
  setPassUntil(seat: ManagerId, mode: PassUntilMode, reply: PassUntilReply): Promise<void> {
    return this.queue.run(() => {
      if (this.closed) return reply(this.abandoned ? MOVED : SHUTTING_DOWN);
      if (this.result) return reply({ ok: false, code: 'match-over', message: 'The match is over' });
      this.driver.setPassUntil(seat, mode);
      reply({ ok: true, mode });
      this.driver.replan();
    });
  }

  // --- shutdown -------------------------------------------------------------------------------------------

  /**
   * This node lost the match's lease: refuse new work and stop every timer at once, writing nothing (the clocks
   * belong to the new owner now). Safe inside a queued task, unlike close(), which drains the queue.
   */
  abandon(): void {
    this.abandoned = true;
    this.closed = true;
    this.driver.clearTimers();
  }

  /** Refuses new work, lets queued work finish, stops timers and saves the clocks for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.drain();
    this.driver.clearTimers();
    if (!this.result && !this.abandoned) {
      try {
        await this.deps.storage.saveClocks(this.id, this.chess.snapshot(this.deps.clock.now()));
      } catch (e) {
        this.deps.log.error({ err: e, matchId: this.id }, 'saving clocks at shutdown failed');
      }
    }
  }
}
