/**
 * The authority for one match. Everything that changes the match goes through its SerialQueue, one task at
 * a time: a manager's action, a bot's move, an auto-pass, a flag fall, an abandoned seat. For each:
 * check → engine `step` → persist (one transaction) → ack → broadcast each viewer its own projection.
 * A rejected or unpersisted action leaves the state exactly as it was.
 */
import { deciders, hashState, legalActions, project, step, type Action, type GameEvent, type GameState, type ManagerId, type Viewer } from '@vroyale/engine';
import type { Ack, ActionPayload, ClockConfig, MatchResult, ViewMessage } from '@vroyale/protocol';
import type { NamedBot } from '../bots/server-bot.js';
import type { ServerConfig } from '../config.js';
import { uniformInt } from '../identity/ids.js';
import type { Logger } from '../logger.js';
import type { ActionOrigin, MatchRecord } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import type { Clock, TimerHandle } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';
import { ChessClock } from './chess-clock.js';
import { SerialQueue } from './serial-queue.js';
import { buildViewMessage, type ViewContext } from './view-message.js';

export interface MasterDeps {
  storage: Storage;
  clock: Clock;
  log: Logger;
  config: ServerConfig;
  transport: Transport;
  bot: NamedBot;
  /** A user's own auto-pass setting (read at each decision, so a change applies at once). */
  autoPassOf(userId: string): boolean;
}

/** What the master needs from its room: who watches, and a call when the match ends. */
export interface MasterRoom {
  roomId: string;
  clockConfig: ClockConfig;
  viewers(): Iterable<{ socketId: string; viewer: Viewer }>;
  onMatchEnded(result: MatchResult): void;
}

type ActionAck = Ack<{ seq: number }>;

/**
 * A manager whose legal actions are only these is passed for when they opted in. Tilting a star by hand is
 * legal whenever an untilted star is in the pool but does nothing by itself (payment is automatic), so it
 * does not count as a choice; otherwise auto-pass would almost never apply after the first turns.
 */
const AUTO_PASSABLE = new Set<Action['type']>(['pass', 'concede', 'tilt-star']);

export class MatchMaster {
  private state: GameState;
  private hash: string;
  private result: MatchResult | null;
  private readonly chess: ChessClock;
  private readonly queue = new SerialQueue();
  private readonly timers = new Map<string, TimerHandle>();
  private closed = false;
  /**
   * Card definitions each kind of viewer has already been sent. Updates carry only new ones (a view's defs
   * are ~90% of its size and never change); a full view always carries all of them.
   */
  private readonly sentDefs = new Map<Viewer, Set<string>>();

  constructor(
    private readonly deps: MasterDeps,
    private readonly room: MasterRoom,
    readonly match: MatchRecord,
    state: GameState,
    /** '<seat>:<clientActionId>' → the seq its action produced (duplicates get the same ack). */
    private readonly clientAcks: Map<string, number>,
  ) {
    this.state = state;
    this.hash = hashState(state);
    this.result = match.result;
    const now = deps.clock.now();
    this.chess = new ChessClock(room.clockConfig, now, match.clocks);
    if (!this.result) this.afterChange(now);
  }

  get id(): string {
    return this.match.id;
  }
  get seq(): number {
    return this.state.seq;
  }
  get stateHash(): string {
    return this.hash;
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

  /** A manager's action from a socket: validated, deduplicated, applied by the engine, persisted, broadcast. */
  submit(seat: ManagerId, p: ActionPayload, reply: (ack: ActionAck) => void): Promise<void> {
    return this.queue.run(() => reply(this.applyPlayer(seat, p)));
  }

  private applyPlayer(seat: ManagerId, p: ActionPayload): ActionAck {
    if (this.closed) return { ok: false, code: 'shutting-down', message: 'The server is restarting; send it again in a moment' };
    const key = `${seat}:${p.clientActionId}`;
    const seen = this.clientAcks.get(key);
    if (seen !== undefined) return { ok: true, seq: seen };
    if (this.result) return { ok: false, code: 'match-over', message: 'The match is over' };
    if (p.action.manager !== undefined && p.action.manager !== seat)
      return { ok: false, code: 'wrong-seat', message: `You play seat ${seat}; this action names ${p.action.manager}` };
    if (p.seenSeq !== this.state.seq)
      return { ok: false, code: 'stale', message: `The match has moved on (seq ${this.state.seq}, you saw ${p.seenSeq}); act on the latest view` };
    const action = { ...p.action, manager: seat };
    return this.apply(seat, action, 'player', key);
  }

  /** Ends the match against `seat` on the server's authority (flag fall, abandoned seat) via the engine's concede. */
  serverConcede(seat: ManagerId, origin: 'time' | 'abandoned'): Promise<void> {
    return this.queue.run(() => {
      if (this.closed || this.result) return;
      const r = this.apply(seat, { type: 'concede', manager: seat }, origin, null);
      if (!r.ok) this.deps.log.error({ matchId: this.id, seat, origin, code: r.code }, 'server concede refused');
    });
  }

  /**
   * The one place the state changes. Persists before it mutates anything in memory, so a failed write
   * leaves the match as it was (and the client may retry with the same clientActionId).
   */
  private apply(seat: ManagerId, action: unknown, origin: ActionOrigin, clientKey: string | null): ActionAck {
    const r = step(this.state, action);
    if (!r.ok) return { ok: false, code: r.code, message: r.message };
    const now = this.deps.clock.now();
    this.chess.settle(now);
    // Flag falls and abandons are not moves: no increment. Auto-passes are, exactly like a manual pass,
    // so clocks cannot tell an opponent which passes were automatic (docs/auto-pass.md).
    const increment = origin !== 'time' && origin !== 'abandoned' && this.chess.isRunning(seat);
    const clocks = this.chess.snapshot(now);
    if (increment) clocks[seat] += this.room.clockConfig.incrementMs;
    const result = r.state.phase === 'game-over' ? resultOf(r.state, origin) : null;
    try {
      this.deps.storage.appendAction({
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
    } catch (e) {
      this.deps.log.error({ err: e, matchId: this.id, seq: r.state.seq }, 'persisting an action failed; state unchanged');
      return { ok: false, code: 'internal', message: 'The server could not save that action; try again' };
    }
    if (increment) this.chess.addIncrement(seat);
    this.state = r.state;
    this.hash = hashState(r.state);
    if (clientKey !== null) this.clientAcks.set(clientKey, r.state.seq);
    this.result = result;
    this.afterChange(now);
    // The ack goes out first (the caller replies with the returned value); the views follow in a
    // microtask, built from this snapshot (states are never mutated, so holding one is safe).
    const snapshot = this.context();
    const events = r.events;
    queueMicrotask(() => {
      this.broadcast(snapshot, events);
      if (result) {
        this.deps.log.info({ matchId: this.id, ...result, seq: snapshot.state.seq }, 'match ended');
        this.room.onMatchEnded(result);
      }
    });
    return { ok: true, seq: r.state.seq };
  }

  // --- views ----------------------------------------------------------------------------------------------

  /** Sends the current full view to sockets that just joined, reconnected or started watching. */
  sendFull(socketIds: readonly string[], viewer: Viewer): void {
    if (socketIds.length === 0) return;
    const msg = this.message(viewer, [], true);
    this.defsSent(viewer, msg);
    this.deps.transport.send(socketIds, 'match:view', msg);
  }

  /** Records the message's defs as sent to this viewer and, for an update, drops those sent before. */
  private defsSent(viewer: Viewer, msg: ViewMessage): void {
    let sent = this.sentDefs.get(viewer);
    if (!sent) this.sentDefs.set(viewer, (sent = new Set()));
    if (msg.full) {
      for (const id of Object.keys(msg.view.defs)) sent.add(id);
      return;
    }
    const fresh: typeof msg.view.defs = {};
    for (const [id, def] of Object.entries(msg.view.defs))
      if (!sent.has(id)) {
        sent.add(id);
        fresh[id] = def;
      }
    msg.view.defs = fresh;
  }

  fullView(viewer: Viewer): ViewMessage {
    return this.message(viewer, [], true);
  }

  private message(viewer: Viewer, events: readonly GameEvent[], full: boolean): ViewMessage {
    return buildViewMessage(this.context(), viewer, events, full);
  }

  private context(): ViewContext {
    return { roomId: this.room.roomId, matchId: this.id, state: this.state, stateHash: this.hash, clocks: this.chess.view(this.deps.clock.now()), result: this.result };
  }

  /** One message per kind of viewer (A, B, spectator), each encoded once for all its sockets. */
  private broadcast(ctx: ViewContext, events: readonly GameEvent[]): void {
    const groups = new Map<Viewer, string[]>();
    for (const { socketId, viewer } of this.room.viewers()) {
      const list = groups.get(viewer);
      if (list) list.push(socketId);
      else groups.set(viewer, [socketId]);
    }
    for (const [viewer, ids] of groups) {
      const msg = buildViewMessage(ctx, viewer, events, false);
      this.defsSent(viewer, msg);
      this.deps.transport.send(ids, 'match:view', msg);
    }
  }

  // --- timers: flags, bot moves, auto-passes ----------------------------------------------------------------

  /** After every change: restart the right clocks and schedule whatever acts next on its own. */
  private afterChange(now: number): void {
    this.clearTimers();
    if (this.result) {
      this.chess.setRunning([], now);
      return;
    }
    const waiting = deciders(this.state);
    this.chess.setRunning(waiting, now);
    const flag = this.chess.nextFlag(now);
    if (flag) this.schedule('flag', flag.inMs, () => this.onFlag());
    const seq = this.state.seq;
    for (const seat of waiting) {
      const occupant = this.match.seats[seat];
      if (occupant.bot) this.schedule(`bot:${seat}`, this.deps.config.botDelayMs, () => this.botMove(seat, seq));
      else if (this.deps.autoPassOf(occupant.userId)) {
        // Drawn for every decision of an opted-in manager, before looking at what they could do.
        const delay = uniformInt(this.deps.config.autoPass.minMs, this.deps.config.autoPass.maxMs);
        this.schedule(`auto:${seat}`, delay, () => this.autoPass(seat, seq));
      }
    }
  }

  /** A manager switched auto-pass on or off: re-plan the current decision. */
  settingsChanged(): void {
    void this.queue.run(() => {
      if (!this.closed && !this.result) this.afterChange(this.deps.clock.now());
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
    void this.queue.run(() => {
      if (this.closed || this.result) return;
      const now = this.deps.clock.now();
      const flag = this.chess.nextFlag(now);
      if (!flag) return;
      if (flag.inMs > 0) return void this.schedule('flag', flag.inMs, () => this.onFlag());
      const r = this.apply(flag.manager, { type: 'concede', manager: flag.manager }, 'time', null);
      if (!r.ok) this.deps.log.error({ matchId: this.id, code: r.code }, 'flag fall concede refused');
    });
  }

  private botMove(seat: ManagerId, seq: number): void {
    void this.queue.run(() => {
      if (this.closed || this.result || this.state.seq !== seq || !deciders(this.state).includes(seat)) return;
      const legal = legalActions(this.state, seat);
      if (legal.length === 0) return;
      let action: Action;
      try {
        action = this.deps.bot.bot({ view: project(this.state, seat), legal, seed: `${this.id}:${seq}:${seat}` });
      } catch (e) {
        this.deps.log.error({ err: e, matchId: this.id, bot: this.deps.bot.name }, 'bot failed; playing its first legal action');
        action = legal.find((a) => a.type !== 'concede') ?? legal[0]!;
      }
      const r = this.apply(seat, action, 'bot', null);
      if (!r.ok) {
        this.deps.log.error({ matchId: this.id, code: r.code, action }, 'bot action refused; passing instead');
        const fallback = legal.find((a) => a.type !== 'concede') ?? legal[0]!;
        this.apply(seat, fallback, 'bot', null);
      }
    });
  }

  private autoPass(seat: ManagerId, seq: number): void {
    void this.queue.run(() => {
      if (this.closed || this.result || this.state.seq !== seq || !deciders(this.state).includes(seat)) return;
      if (!this.deps.autoPassOf(this.match.seats[seat].userId)) return;
      const legal = legalActions(this.state, seat);
      if (!legal.some((a) => a.type === 'pass') || !legal.every((a) => AUTO_PASSABLE.has(a.type))) return;
      this.apply(seat, { type: 'pass', manager: seat }, 'auto-pass', null);
    });
  }

  // --- shutdown -------------------------------------------------------------------------------------------

  /** Refuses new work, lets queued work finish, stops timers and saves the clocks for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.drain();
    this.clearTimers();
    if (!this.result) {
      try {
        this.deps.storage.saveClocks(this.id, this.chess.snapshot(this.deps.clock.now()));
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
