/**
 * What the master sends: full views to sockets entering, one update per kind of viewer after each change (each
 * encoded once for all its sockets, with only the card definitions that viewer lacks), the public log history,
 * and, in a ranked match, the spectators' view a turn behind (master/spectator-delay.ts). Views come only from
 * `buildViewMessage` (engine projections); never the raw state.
 */
import { hashState, type GameEvent, type GameState, type ManagerId, type Viewer } from '@vroyale/engine';
import type { ClocksView, MatchResult, ViewMessage } from '@vroyale/protocol';
import type { Clock } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';
import type { ChessClock } from './chess-clock.js';
import { DefsLedger } from './defs-ledger.js';
import type { PublicLog } from './public-log.js';
import type { Revealed, SpectatorDelay } from './spectator-delay.js';
import { buildViewMessage, type ViewContext } from './view-message.js';

/** The match as it stands in the master's memory (read at each send). */
export interface LiveMatch {
  readonly state: GameState;
  readonly result: MatchResult | null;
  /** hashState(state), computed when first asked for. */
  readonly stateHash: string;
  /** Seats the server is about to answer for: offered no actions meanwhile. */
  readonly answering: ReadonlySet<ManagerId>;
}

/** Who watches the match (the room's attached sockets and what each may see). */
export interface Audience {
  readonly roomId: string;
  viewers(): Iterable<{ socketId: string; viewer: Viewer }>;
}

export class MatchViews {
  private readonly defsLedger = new DefsLedger();
  /**
   * The spectator's full view of the current state and result. Watchers arriving in a burst at one seq share
   * one projection (and its defs) instead of projecting the whole state once each; only the clocks are fresh.
   */
  private spectatorFull: { state: GameState; result: MatchResult | null; msg: ViewMessage } | null = null;
  /** hashState of the state spectators see (their full views carry it), computed once per state. */
  private shownHash: { state: GameState; hash: string } | null = null;

  constructor(
    private readonly deps: { transport: Transport; clock: Clock },
    private readonly room: Audience,
    private readonly matchId: string,
    private readonly live: LiveMatch,
    private readonly chess: ChessClock,
    /** The public record so far (all of it for players and managers). */
    private readonly publicLog: PublicLog,
    /** Ranked: what spectators are shown, a turn behind; null when they see the match live. */
    private readonly delay: SpectatorDelay | null,
  ) {}

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
    this.deps.transport.send(socketIds, 'match:log-history', log.message(this.room.roomId, this.matchId));
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
    if (!d || (this.live.result && d.behind === 0)) return this.context(now);
    const shown = d.shown;
    const c = d.shownClocks;
    const clocks: ClocksView = { A: { remainingMs: c.A, running: false }, B: { remainingMs: c.B, running: false }, serverNow: now };
    if (this.chess.untimed) clocks.untimed = true;
    const stateHash = () => {
      if (this.shownHash?.state !== shown) this.shownHash = { state: shown, hash: hashState(shown) };
      return this.shownHash.hash;
    };
    return { roomId: this.room.roomId, matchId: this.matchId, state: shown, stateHash, clocks, result: null };
  }

  /** Ranked: records an applied action in the spectators' delay; what became visible by it (all of it at the end). */
  delayRecord(seq: number, events: readonly GameEvent[], state: GameState, clocks: Record<ManagerId, number>, ended: boolean): Revealed | null {
    if (!this.delay) return null;
    const moved = this.delay.record(seq, events, state, clocks);
    const rest = ended ? this.delay.revealAll() : null;
    if (!moved || !rest) return moved ?? rest;
    return { events: [...moved.events, ...rest.events] };
  }

  context(now = this.deps.clock.now()): ViewContext {
    const live = this.live;
    return {
      roomId: this.room.roomId,
      matchId: this.matchId,
      state: live.state,
      stateHash: () => live.stateHash,
      clocks: this.chess.view(now),
      result: live.result,
      answering: live.answering,
    };
  }

  /** A fresh full view for the sockets of these seats (their prompt changed without a change to the match). */
  refreshSeats(seats: Iterable<ManagerId>): void {
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
  broadcast(ctx: ViewContext, events: readonly GameEvent[], revealed: Revealed | null = null): void {
    const groups = new Map<Viewer, string[]>();
    for (const { socketId, viewer } of this.room.viewers()) {
      const list = groups.get(viewer);
      if (list) list.push(socketId);
      else groups.set(viewer, [socketId]);
    }
    for (const [viewer, ids] of groups) {
      const delayed = viewer === 'spectator' && this.delay !== null;
      // Nothing new to show them (the result always is: the match's end shows everything).
      if (delayed && !revealed && !this.live.result) continue;
      const msg = delayed
        ? buildViewMessage(this.spectatorContext(ctx.clocks.serverNow), viewer, revealed?.events ?? [], false)
        : buildViewMessage(ctx, viewer, events, false);
      this.defsSent(viewer, msg);
      this.deps.transport.send(ids, 'match:view', msg);
    }
  }
}
