/**
 * Builds one viewer's `match:view` message. Everything in it comes from the engine's per-viewer functions
 * (`project`, `projectEvents`, `legalActions` for the viewer's own seat), never from the raw state.
 */
import { deciders, legalActions, project, projectEvents, type GameEvent, type GameState, type ManagerId, type Viewer } from '@vroyale/engine';
import type { ClocksView, MatchResult, ViewMessage } from '@vroyale/protocol';

export interface ViewContext {
  roomId: string;
  matchId: string;
  state: GameState;
  /** The state's hash, computed on demand (only full views and the result's view carry it). */
  stateHash: () => string;
  clocks: ClocksView;
  result: MatchResult | null;
  /** Seats the server is about to answer for (no stop): they are offered no actions in the meantime. */
  answering?: ReadonlySet<ManagerId>;
}

export function buildViewMessage(ctx: ViewContext, viewer: Viewer, events: readonly GameEvent[], full: boolean): ViewMessage {
  // A result the engine did not make (a draw when both seat holds ran out) leaves its state mid-turn.
  const waitingOn = ctx.result ? [] : deciders(ctx.state);
  const mine = viewer !== 'spectator' && waitingOn.includes(viewer) && !ctx.answering?.has(viewer);
  return {
    roomId: ctx.roomId,
    matchId: ctx.matchId,
    seq: ctx.state.seq,
    ...(full || ctx.result ? { stateHash: ctx.stateHash() } : {}),
    viewer,
    view: project(ctx.state, viewer),
    events: full ? [] : projectEvents(events, viewer),
    legal: mine ? legalActions(ctx.state, viewer) : [],
    deciders: waitingOn,
    clocks: ctx.clocks,
    result: ctx.result,
    full,
  };
}
