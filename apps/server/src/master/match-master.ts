/**
 * The authority for one match. Everything that changes the match goes through its SerialQueue, one task at
 * a time: a manager's action, a bot's move, a pass the server makes where a manager has no stop, a flag
 * fall, an abandoned seat. For each:
 * check → engine `step` → persist (group commit: the task waits for the transaction that holds its row) →
 * ack → broadcast each viewer its own projection. A rejected or unpersisted action leaves the state exactly
 * as it was.
 */
import {
  deciders,
  hashState,
  legalActions,
  project,
  simplest,
  step,
  type Action,
  type GameEvent,
  type GameState,
  type ManagerId,
  type Viewer,
} from '@vroyale/engine';
import type { Ack, ActionPayload, ClockConfig, ClocksView, MatchResult, PassUntilMode, StopSettings, ViewMessage } from '@vroyale/protocol';
import { levelOfSeatName, type ServerBot } from '../bots/server-bot.js';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { MasterMetrics } from '../metrics/node-metrics.js';
import { autoAction } from '../stops/auto-action.js';
import { OneShots } from '../stops/one-shots.js';
import type { ActionOrigin, MatchRecord } from '../storage/records.js';
import { FencedError, LogAheadError, StoreUnavailableError, type ActionLog, type Store } from '../storage/store.js';
import type { Ownership } from '../cluster/ownership.js';
import type { Clock, TimerHandle } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';
import { BOT_LISTED_MS } from './bot-listing.js';
import { ChessClock } from './chess-clock.js';
import { DefsLedger } from './defs-ledger.js';
import { earnsIncrement } from './increment-rule.js';
import { PublicLog } from './public-log.js';
import { SerialQueue } from './serial-queue.js';
import { delayedKind, SpectatorDelay, type Revealed } from './spectator-delay.js';
import { buildViewMessage, type ViewContext } from './view-message.js';

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

/** What the master and its room use of the node's leases (cluster/ownership.ts `Ownership`; tests record the calls). */
export type MasterOwnership = Pick<Ownership, 'mayWrite' | 'lost' | 'giveBack' | 'acquire' | 'release'>;

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

type ActionAck = Ack<{ seq: number }>;
type Reply = (ack: ActionAck) => void;
type PassUntilReply = (ack: Ack<{ mode: PassUntilMode }>) => void;

/** A server-initiated change (flag fall, abandon, draw, bot move, automatic pass) whose write failed is tried again this much later. */
const RETRY_MS = 1_000;
/** Refusals that say "not saved, try again" (as opposed to the rules or the match refusing the change). */
const unsaved = (code: string) => code === 'internal' || code === 'unavailable';
const MOVING: ActionAck = { ok: false, code: 'moved', message: 'This match is moving to another server; send it again in a moment' };

/** Another node runs the match now: nothing was done here; the client sends it again (deduplicated there). */
const MOVED = { ok: false, code: 'moved', message: 'This match moved to another server; send it again' } as const;

export class MatchMaster {
  private state: GameState;
  /** hashState(state), computed when first asked for (it costs more than a step; updates do not carry it). */
  private hash: string | null = null;
  private result: MatchResult | null;
  private readonly chess: ChessClock;
  private readonly queue = new SerialQueue();
  private readonly timers = new Map<string, TimerHandle>();
  private closed = false;
  /** The lease was lost (abandon): nothing of this match is written from here any more. */
  private abandoned = false;
  private readonly defsLedger = new DefsLedger();
  /**
   * The spectator's full view of the current state and result. Watchers arriving in a burst at one seq share
   * one projection (and its defs) instead of projecting the whole state once each; only the clocks are fresh.
   */
  private spectatorFull: { state: GameState; result: MatchResult | null; msg: ViewMessage } | null = null;
  /** 'Pass until ...' per seat, in memory only (stops/one-shots.ts). */
  private readonly oneShots = new OneShots();
  /**
   * Human seats whose current decision the server answers itself (no stop there, or a one-shot): their views
   * list no legal actions, so no prompt flashes up for a decision that is already being made for them.
   */
  private answering = new Set<ManagerId>();
  /**
   * Ranked: what spectators are shown, a turn behind the match (master/spectator-delay.ts); null when they see it
   * live. Every spectator view, their log history and the lobby's turn come from it.
   */
  private readonly delay: SpectatorDelay | null;
  /** hashState of the state spectators see (their full views carry it), computed once per state. */
  private shownHash: { state: GameState; hash: string } | null = null;
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
    if (!this.result) this.afterChange(now);
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
    if (this.closed) return this.abandoned ? MOVED : { ok: false, code: 'shutting-down', message: 'The server is restarting; send it again in a moment' };
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
   * Ends the match as a draw on the server's authority: both seat holds ran out (rooms/room.ts). No engine
   * action means "draw", so the match and its room are closed with the server's result in one transaction
   * and the log stays as it was; views carry the result, and nobody is asked anything any more.
   */
  serverDraw(origin: 'abandoned'): Promise<void> {
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
      this.afterChange(now);
      this.broadcast(this.context(now), [], this.delay?.revealAll() ?? null);
      this.deps.log.info({ matchId: this.id, ...result, seq: this.state.seq }, 'match ended');
      this.room.onMatchEnded(result);
    });
  }

  /**
   * The one place the state changes. The engine checks the action; the row is written (group commit) before
   * anything in memory changes, so a failed write leaves the match as it was (and the client may retry with
   * the same clientActionId). Then, in one synchronous block: the new state, the ack to the sender, and each
   * viewer's view — the sender sees its ack before the view it caused.
   */
  private async apply(seat: ManagerId, action: Action, origin: ActionOrigin, clientKey: string | null, reply?: Reply): Promise<ActionAck> {
    const answer = (ack: ActionAck): ActionAck => (reply?.(ack), ack);
    // Every caller runs inside its queued task, so this is when the change came off the queue.
    const t0 = performance.now();
    const r = step(this.state, action);
    if (!r.ok) return answer({ ok: false, code: r.code, message: r.message });
    const now = this.deps.clock.now();
    this.chess.settle(now);
    const increment = earnsIncrement(action.type, origin) && this.chess.isRunning(seat);
    const clocks = this.chess.snapshot(now);
    if (increment) clocks[seat] += this.chess.incrementMs;
    const result = r.state.phase === 'game-over' ? resultOf(r.state, origin) : null;
    // Self-fencing: past `lease_until − margin` without a renewal, another node may own the match any moment.
    if (this.abandoned || (this.deps.ownership && !this.deps.ownership.mayWrite(this.id))) return answer(MOVING);
    const c0 = performance.now();
    try {
      await this.deps.writer.append({
        matchId: this.id,
        roomId: this.room.roomId,
        seq: r.state.seq,
        actor: seat,
        origin,
        action,
        clientActionId: clientKey,
        at: now,
        clocks,
        result,
      });
      this.deps.metrics?.commit((performance.now() - c0) / 1000, true);
    } catch (e) {
      this.deps.metrics?.commit((performance.now() - c0) / 1000, false);
      if (e instanceof FencedError) {
        // Another node runs this match now (it took the lease over): nothing was written; the client's retry
        // with the same clientActionId reaches the new owner, which deduplicates it.
        this.deps.ownership?.lost(this.id);
        return answer(MOVED);
      }
      if (e instanceof StoreUnavailableError) {
        // Nothing in memory changed; in a cluster the match stops here until a replay from the database (the
        // COMMIT may have landed without its answer) brings it back, here or on another node.
        this.deps.log.warn({ err: e.cause, matchId: this.id, seq: r.state.seq }, 'the database is unreachable; action not saved');
        this.deps.ownership?.giveBack(this.id, 'the database is unreachable: this match stops here until a replay brings it back');
        return answer({ ok: false, code: 'unavailable', message: 'The database is unreachable; send it again' });
      }
      if (e instanceof LogAheadError) {
        // The log holds a commit this master never heard back from: rebuild from the log (in a cluster through the
        // takeover scan); the resend is then a duplicate, answered with its seq.
        this.deps.log.warn({ matchId: this.id, seq: r.state.seq }, 'the stored log is ahead of the match in memory; replaying it');
        if (this.deps.ownership) this.deps.ownership.giveBack(this.id, 'the stored log is ahead of this match in memory: replaying it');
        else this.deps.rebuild?.(this.id);
        return answer({ ok: false, code: 'shutting-down', message: 'This match is reloading; send it again in a moment' });
      }
      this.deps.log.error({ err: e, matchId: this.id, seq: r.state.seq }, 'persisting an action failed; state unchanged');
      return answer({ ok: false, code: 'internal', message: 'The server could not save that action; try again' });
    }
    // Committed. The clocks were settled at `now`; the commit took a fraction of a millisecond more, which
    // is charged to whoever runs next (settle at the next change), so no time is lost or invented.
    if (increment) this.chess.addIncrement(seat);
    this.oneShots.afterEvents(r.events, this.state.active);
    this.publicLog.add(r.state.seq, r.events);
    const before = this.progress;
    const revealed = this.delayRecord(r.state.seq, r.events, r.state, clocks, result !== null);
    this.state = r.state;
    this.hash = null;
    if (clientKey !== null) this.clientAcks.set(clientKey, r.state.seq);
    // A human's decision may bring back to the lobby a bot match that had dropped out of it (not played for a while).
    const woke = origin === 'player' && !this.match.seats[seat].bot && now - this.humanAt >= BOT_LISTED_MS;
    if (origin === 'player' && !this.match.seats[seat].bot) this.humanAt = now;
    this.result = result;
    this.afterChange(now);
    const ack = answer({ ok: true, seq: r.state.seq });
    this.broadcast(this.context(now), r.events, revealed);
    this.deps.metrics?.actionToBroadcast(origin, (performance.now() - t0) / 1000);
    const after = this.progress;
    if (!result && (woke || after.turn !== before.turn || after.active !== before.active)) this.room.onProgress?.();
    if (result) {
      this.deps.log.info({ matchId: this.id, ...result, seq: r.state.seq }, 'match ended');
      this.room.onMatchEnded(result);
    }
    return ack;
  }

  // --- views ----------------------------------------------------------------------------------------------

  /** Sends the current full view to sockets that just joined, reconnected or started watching. */
  sendFull(socketIds: readonly string[], viewer: Viewer): void {
    if (socketIds.length === 0) return;
    const msg = viewer === 'spectator' ? this.spectatorFullView() : this.message(viewer, [], true);
    this.defsSent(viewer, msg);
    this.deps.transport.send(socketIds, 'match:view', msg);
  }

  /**
   * The public record so far, once, to sockets that just entered (after their full view); nothing before the
   * first action. Spectator-projected whoever receives it (master/public-log.ts).
   */
  sendLogHistory(socketIds: readonly string[], viewer: Viewer): void {
    // A ranked match's spectators get the record of what they have been shown, no further.
    const log = viewer === 'spectator' && this.delay ? this.delay.log : this.publicLog;
    if (socketIds.length === 0 || log.size === 0) return;
    this.deps.transport.send(socketIds, 'match:log-history', log.message(this.room.roomId, this.id));
  }

  /** Records the message's defs as sent to this viewer and, for an update, drops those its sockets hold. */
  private defsSent(viewer: Viewer, msg: ViewMessage): void {
    const ids = Object.keys(msg.view.defs);
    if (msg.full) return this.defsLedger.full(viewer, ids);
    const fresh: typeof msg.view.defs = {};
    for (const id of this.defsLedger.fresh(viewer, ids)) fresh[id] = msg.view.defs[id]!;
    msg.view.defs = fresh;
  }

  private spectatorFullView(): ViewMessage {
    const ctx = this.spectatorContext();
    const c = this.spectatorFull;
    if (c && c.state === ctx.state && c.result === ctx.result) return { ...c.msg, clocks: ctx.clocks };
    const msg = buildViewMessage(ctx, 'spectator', [], true);
    this.spectatorFull = { state: ctx.state, result: ctx.result, msg };
    return msg;
  }

  fullView(viewer: Viewer): ViewMessage {
    return viewer === 'spectator' ? buildViewMessage(this.spectatorContext(), viewer, [], true) : this.message(viewer, [], true);
  }

  private message(viewer: Viewer, events: readonly GameEvent[], full: boolean): ViewMessage {
    return buildViewMessage(this.context(), viewer, events, full);
  }

  /**
   * What spectators are shown: the live context, or in a ranked match the state of the delay with the clocks as
   * they stood then, stopped (a running clock would count the delayed turn down live); no result until it is all
   * shown, which the end of the match does at once.
   */
  private spectatorContext(now = this.deps.clock.now()): ViewContext {
    const d = this.delay;
    if (!d || (this.result && d.behind === 0)) return this.context(now);
    const shown = d.shown;
    const c = d.shownClocks;
    const clocks: ClocksView = { A: { remainingMs: c.A, running: false }, B: { remainingMs: c.B, running: false }, serverNow: now };
    if (this.chess.untimed) clocks.untimed = true;
    const stateHash = () => {
      if (this.shownHash?.state !== shown) this.shownHash = { state: shown, hash: hashState(shown) };
      return this.shownHash.hash;
    };
    return { roomId: this.room.roomId, matchId: this.id, state: shown, stateHash, clocks, result: null };
  }

  /** Ranked: records an applied action in the spectators' delay; what became visible by it (all of it at the end). */
  private delayRecord(seq: number, events: readonly GameEvent[], state: GameState, clocks: Record<ManagerId, number>, ended: boolean): Revealed | null {
    if (!this.delay) return null;
    const moved = this.delay.record(seq, events, state, clocks);
    const rest = ended ? this.delay.revealAll() : null;
    if (!moved || !rest) return moved ?? rest;
    return { events: [...moved.events, ...rest.events] };
  }

  private context(now = this.deps.clock.now()): ViewContext {
    return {
      roomId: this.room.roomId,
      matchId: this.id,
      state: this.state,
      stateHash: () => this.stateHash,
      clocks: this.chess.view(now),
      result: this.result,
      answering: this.answering,
    };
  }

  /** A fresh full view for the sockets of these seats (their prompt changed without a change to the match). */
  private refreshSeats(seats: Iterable<ManagerId>): void {
    for (const seat of seats) {
      const ids: string[] = [];
      for (const { socketId, viewer } of this.room.viewers()) if (viewer === seat) ids.push(socketId);
      this.sendFull(ids, seat);
    }
  }

  /**
   * One message per kind of viewer (A, B, spectator), each encoded once for all its sockets. In a ranked match
   * spectators get only what `revealed` made visible (usually nothing), built from the delay's state.
   */
  private broadcast(ctx: ViewContext, events: readonly GameEvent[], revealed: Revealed | null = null): void {
    const groups = new Map<Viewer, string[]>();
    for (const { socketId, viewer } of this.room.viewers()) {
      const list = groups.get(viewer);
      if (list) list.push(socketId);
      else groups.set(viewer, [socketId]);
    }
    for (const [viewer, ids] of groups) {
      const delayed = viewer === 'spectator' && this.delay !== null;
      // Nothing new to show them (the result always is: the match's end shows everything).
      if (delayed && !revealed && !this.result) continue;
      const msg = delayed
        ? buildViewMessage(this.spectatorContext(ctx.clocks.serverNow), viewer, revealed?.events ?? [], false)
        : buildViewMessage(ctx, viewer, events, false);
      this.defsSent(viewer, msg);
      this.deps.transport.send(ids, 'match:view', msg);
    }
  }

  // --- what acts on its own: flags, bot moves, passes on no stop -------------------------------------------------

  /** After every change: restart the right clocks and schedule whatever acts next on its own. */
  private afterChange(now: number): void {
    this.clearTimers();
    if (this.result) {
      this.chess.setRunning([], now);
      this.answering = new Set();
      return;
    }
    const waiting = deciders(this.state);
    this.chess.setRunning(waiting, now);
    const flag = this.chess.nextFlag(now);
    if (flag) this.schedule('flag', flag.inMs, () => this.onFlag());
    const seq = this.state.seq;
    for (const seat of waiting) if (this.match.seats[seat].bot) this.schedule(`bot:${seat}`, this.deps.config.botDelayMs, () => this.botMove(seat, seq));
    this.planAutomatic();
  }

  /**
   * Queues an automatic answer for each human manager the match waits on; the task decides (it may be that
   * they have a stop here). No delay: the decision reads only settings and public facts, so answering at
   * once tells the opponent nothing about the hand (docs/auto-pass.md).
   */
  private planAutomatic(): void {
    const seq = this.state.seq;
    this.answering = new Set();
    for (const seat of deciders(this.state)) {
      if (this.match.seats[seat].bot || !this.automaticFor(seat)) continue;
      this.answering.add(seat);
      void this.queue.run(() => this.actForManager(seat, seq));
    }
  }

  private automaticFor(seat: ManagerId): Action | null {
    return autoAction(this.state, seat, this.deps.stopsOf(this.match.seats[seat].userId), this.oneShots.of(seat));
  }

  /** Plans again after a settings or one-shot change; a seat now asked (or no longer asked) gets a fresh prompt. */
  private replan(): void {
    const was = this.answering;
    this.planAutomatic();
    this.refreshSeats((['A', 'B'] as const).filter((s) => was.has(s) !== this.answering.has(s)));
  }

  /** A manager changed their stop settings: re-plan the current decision. */
  settingsChanged(): void {
    void this.queue.run(() => {
      if (!this.closed && !this.result) this.replan();
    });
  }

  /** Sets or cancels (null) a seat's one-shot pass; it applies to the current decision at once. */
  setPassUntil(seat: ManagerId, mode: PassUntilMode, reply: PassUntilReply): Promise<void> {
    return this.queue.run(() => {
      if (this.closed)
        return reply(this.abandoned ? MOVED : { ok: false, code: 'shutting-down', message: 'The server is restarting; send it again in a moment' });
      if (this.result) return reply({ ok: false, code: 'match-over', message: 'The match is over' });
      this.oneShots.set(seat, mode);
      reply({ ok: true, mode });
      this.replan();
    });
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

  private clearTimers(): void {
    for (const h of this.timers.values()) this.deps.clock.clearTimeout(h);
    this.timers.clear();
  }

  private onFlag(): void {
    void this.queue.run(async () => {
      if (this.closed || this.result) return;
      const now = this.deps.clock.now();
      const flag = this.chess.nextFlag(now);
      if (!flag) return;
      if (flag.inMs > 0) return void this.schedule('flag', flag.inMs, () => this.onFlag());
      const r = await this.apply(flag.manager, { type: 'concede', manager: flag.manager }, 'time', null);
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
    if (this.closed || this.result || this.state.seq !== seq || !deciders(this.state).includes(seat)) return;
    const legal = legalActions(this.state, seat);
    if (legal.length === 0) return;
    const safe = simplest(legal.find((a) => a.type !== 'concede') ?? legal[0]!);
    this.deps.bot
      .decide({ view: project(this.state, seat), legal, seed: `${this.id}:${seq}:${seat}` }, levelOfSeatName(this.match.seats[seat].name))
      .catch((e: unknown) => {
        this.deps.log.error({ err: e, matchId: this.id, bot: this.deps.bot.name }, 'bot failed; playing its first legal action');
        return safe;
      })
      .then((action) =>
        this.queue.run(async () => {
          if (this.closed || this.result || this.state.seq !== seq) return;
          let r = await this.apply(seat, action, 'bot', null);
          if (!r.ok && !unsaved(r.code)) {
            this.deps.log.error({ matchId: this.id, code: r.code, action }, 'bot action refused; playing a safe action instead');
            r = await this.apply(seat, safe, 'bot', null);
          }
          // Not saved: decide again a little later (any change in between re-plans the bot anyway).
          if (!r.ok && unsaved(r.code)) this.schedule(`bot:${seat}`, RETRY_MS, () => this.botMove(seat, seq));
        }),
      )
      .catch((e: unknown) => this.deps.log.error({ err: e, matchId: this.id }, 'bot move failed'));
  }

  private askAfterAll(seat: ManagerId): void {
    if (this.answering.delete(seat)) this.refreshSeats([seat]);
  }

  /** Runs in the queue: passes (or declares nothing) for a manager with no stop here; otherwise nothing. */
  private async actForManager(seat: ManagerId, seq: number): Promise<void> {
    if (this.closed || this.result || this.state.seq !== seq || !deciders(this.state).includes(seat)) return;
    const action = this.automaticFor(seat);
    // Planned, but no longer (its settings changed in between): the seat is asked after all.
    if (!action) return this.askAfterAll(seat);
    const r = await this.apply(seat, action, 'auto-pass', null);
    if (r.ok) return;
    this.deps.log.error({ matchId: this.id, seat, code: r.code, action }, 'automatic action refused; the manager is asked');
    if (!unsaved(r.code)) return this.askAfterAll(seat);
    // Not saved: try again a little later (any change in between re-plans anyway).
    this.schedule(`auto:${seat}`, RETRY_MS, () => void this.queue.run(() => this.actForManager(seat, seq)));
  }

  // --- shutdown -------------------------------------------------------------------------------------------

  /**
   * This node lost the match's lease: refuse new work and stop every timer at once, writing nothing (the clocks
   * belong to the new owner now). Safe inside a queued task, unlike close(), which drains the queue.
   */
  abandon(): void {
    this.abandoned = true;
    this.closed = true;
    this.clearTimers();
  }

  /** Refuses new work, lets queued work finish, stops timers and saves the clocks for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.drain();
    this.clearTimers();
    if (!this.result && !this.abandoned) {
      try {
        await this.deps.storage.saveClocks(this.id, this.chess.snapshot(this.deps.clock.now()));
      } catch (e) {
        this.deps.log.error({ err: e, matchId: this.id }, 'saving clocks at shutdown failed');
      }
    }
  }
}

function resultOf(s: GameState, origin: ActionOrigin): MatchResult {
  const winner = s.winner ?? 'draw';
  if (origin === 'time' || origin === 'abandoned') return { winner, reason: origin };
  return { winner, reason: s.endReason ?? 'concede' };
}
