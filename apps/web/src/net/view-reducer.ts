/**
 * How the server's match messages change the page's state, as pure functions `(state, message) => state`: a view
 * (`match:view`, full or an update), the public record of a match joined late (`match:log-history`), and leaving a
 * room. Nothing here touches the socket, the storage or the `ui` store: what they would read comes in `ViewEnv`,
 * and net/inbound.ts does the rest (the hover and menus of an old position, the render-time mark). The log's
 * sentences are written in the interface's language of the moment (i18n), like everything the page shows.
 */
import type { CardView, GameView } from '@vroyale/engine';
import { oneShotAfter, type MatchLogHistory, type ViewMessage } from '@vroyale/protocol';
import { labels } from '../game/labels';
import { historyLines, learn, sentence, type LogContext } from '../game/log';
import { seatName } from '../game/seat-name';
import { t } from '../i18n';
import type { AppState, LogLine, LogMemory } from '../store';

/** The most lines a room's log keeps (the oldest go). */
export const LOG_MAX = 400;

/** The part of the store a match message changes (or reads: `roomStates` for the managers' names). */
export type ViewState = Pick<AppState, 'views' | 'viewAt' | 'log' | 'logMemory' | 'defs' | 'cardDefs' | 'oneShots' | 'roomStates'>;

/** What a view's reduction needs from outside: the local time it arrived, and this tab's saved log of a match. */
export interface ViewEnv {
  now: number;
  /** The log this tab wrote for that match and viewer before a reload (net/log-storage.ts), or null. */
  restoredLog: (matchId: string, viewer: ViewMessage['viewer']) => LogLine[] | null;
}

/** Every card a view shows (hands, stages, piles, the stack). */
export function allCards(v: GameView): CardView[] {
  const out: CardView[] = [];
  for (const m of ['A', 'B'] as const) {
    const mv = v.managers[m];
    if (mv.hand) out.push(...mv.hand);
    if (mv.backstage) out.push(mv.backstage);
    out.push(...mv.centre, ...mv.main, ...mv.starPool, ...mv.graduation, ...mv.hiatus);
  }
  for (const s of v.stack) if (s.card) out.push(s.card);
  return out;
}

/** A view shows a new position (another seq than the one on screen): menus, aims and the hover zoom go. */
export function isNewPosition(prev: ViewMessage | undefined, m: ViewMessage): boolean {
  return !!prev && prev.seq !== m.seq;
}

/** The log's context for a room: its memory over the state's card definitions (copies: `learn` writes into them). */
function logContext(mem: LogMemory, defs: ViewState['defs'], cardDefs: ViewState['cardDefs'], format?: 'bo1' | 'bo3'): LogContext {
  return {
    defs,
    cardDefs: { ...cardDefs },
    me: mem.me,
    names: mem.names,
    stackSources: { ...mem.stackSources },
    stackKinds: { ...mem.stackKinds },
    ...(format === 'bo3' ? { gameOfSeries: true } : {}),
  };
}

/**
 * Applies one server view: the only way the board changes. Views are taken in the order they come (the server
 * sends them in order on one socket; there is no seq filter here). The view replaces the room's last one; card
 * definitions accumulate (an update carries only those not sent before); the events become log lines, the
 * viewer in the second person; the first full view of a match starts its log (carried on from this tab's saved
 * log after a reload, else waiting for the server's record when joined mid-match); a one-shot pass ends by the
 * protocol's own rule.
 */
export function reduceView<S extends ViewState>(state: S, m: ViewMessage, env: ViewEnv): S {
  const room = state.roomStates[m.roomId];
  const known = state.logMemory[m.roomId];
  const mem: LogMemory = {
    me: m.viewer === 'spectator' ? null : m.viewer,
    names: { A: room?.seats.A ? seatName(room.seats.A) : t('room.managerA'), B: room?.seats.B ? seatName(room.seats.B) : t('room.managerB') },
    stackSources: known?.stackSources ?? {},
    stackKinds: known?.stackKinds ?? {},
    wantsHistory: known?.wantsHistory ?? null,
  };
  // An update carries only definitions this viewer has not been sent yet (a full view carries all that it
  // shows): keep them all, with their identity, so memoised cards skip re-rendering when nothing changed.
  let defs = state.defs;
  for (const [k, d] of Object.entries(m.view.defs)) {
    if (defs[k]) continue;
    if (defs === state.defs) defs = { ...state.defs };
    defs[k] = d;
  }
  const view: ViewMessage = { ...m, view: { ...m.view, defs } };
  const ctx = logContext(mem, defs, state.cardDefs, state.roomStates[m.roomId]?.format);
  for (const c of allCards(view.view)) ctx.cardDefs[c.id] = c.def;
  for (const item of view.view.stack) ctx.stackSources[item.id] = item.source;
  // The log names cards as the board did just before these events and just after them.
  const prev = state.views[m.roomId];
  ctx.before = prev && prev.matchId === m.matchId ? labels(prev.view, mem.names, mem.me) : null;
  ctx.after = labels(view.view, mem.names, mem.me);
  learn(m.events, ctx);
  const lines: LogLine[] = [];
  for (const e of m.events) {
    const s = sentence(e, ctx);
    if (s) lines.push({ seq: m.seq, ...s });
  }
  let log = state.log[m.roomId] ?? [];
  let wantsHistory = mem.wantsHistory;
  if (m.full && (!prev || prev.matchId !== m.matchId)) {
    // After a reload this tab still has the log it wrote before (sessionStorage): carry on from it.
    const kept = m.seq > 0 ? env.restoredLog(m.matchId, m.viewer) : null;
    log = kept
      ? [...kept, { seq: m.seq, kind: 'info', text: t('log.reconnected') }]
      : [{ seq: m.seq, kind: 'info', text: m.seq === 0 ? t('log.begins') : t('log.joined') }];
    wantsHistory = !kept && m.seq > 0 ? m.matchId : null;
  }
  if (lines.length) log = [...log, ...lines].slice(-LOG_MAX);
  // A one-shot ends on public events (the server's rule, shared): mirror it, so the controls show it ending.
  const shot = state.oneShots[m.roomId] ?? null;
  const oneShots =
    shot && m.viewer !== 'spectator'
      ? { ...state.oneShots, [m.roomId]: oneShotAfter(shot, m.viewer, m.events, prev?.view.active ?? m.view.active) }
      : state.oneShots;
  return {
    ...state,
    oneShots,
    views: { ...state.views, [m.roomId]: view },
    viewAt: { ...state.viewAt, [m.roomId]: env.now },
    log: { ...state.log, [m.roomId]: log },
    logMemory: {
      ...state.logMemory,
      [m.roomId]: { ...mem, stackSources: ctx.stackSources, stackKinds: ctx.stackKinds ?? {}, wantsHistory },
    },
    defs,
    cardDefs: ctx.cardDefs,
  };
}

/**
 * The public record of the match so far (sent once after the full view of a socket entering the room): its
 * lines go before the "joined" line, if this room's log started afresh for that match; a tab that kept its own
 * log (written from its own, richer views) ignores it. Its cards are named by the labels of the current view.
 */
export function reduceLogHistory<S extends ViewState>(state: S, h: MatchLogHistory): S {
  const mem = state.logMemory[h.roomId];
  if (!mem || mem.wantsHistory !== h.matchId) return state;
  const waited: LogMemory = { ...mem, wantsHistory: null };
  const view = state.views[h.roomId];
  if (!view || view.matchId !== h.matchId) return { ...state, logMemory: { ...state.logMemory, [h.roomId]: waited } };
  const ctx = logContext(mem, state.defs, state.cardDefs, state.roomStates[h.roomId]?.format);
  const lines = historyLines(h.batches, { ...ctx, after: labels(view.view, mem.names, mem.me) });
  // What the record taught (cards' definitions, stack items' sources) serves the lines still to come.
  const learnt = { ...state, logMemory: { ...state.logMemory, [h.roomId]: { ...waited, stackSources: ctx.stackSources, stackKinds: ctx.stackKinds ?? {} } } };
  const cardDefs = { ...state.cardDefs, ...ctx.cardDefs };
  if (lines.length === 0) return { ...learnt, cardDefs };
  const head: LogLine = { seq: h.batches[0]?.seq ?? 0, kind: 'info', text: t('pace.history') };
  return { ...learnt, cardDefs, log: { ...state.log, [h.roomId]: [head, ...lines, ...(state.log[h.roomId] ?? [])].slice(-LOG_MAX) } };
}

/**
 * This socket left a room: the room tells it nothing more, so what it last said (a seat in a waiting room, the
 * room's state) no longer holds. The last view and the log stay (a finished match's end is still shown).
 */
export function reduceLeave<S extends Pick<AppState, 'seats' | 'roomStates'>>(state: S, roomId: string): S {
  const roomStates = { ...state.roomStates };
  delete roomStates[roomId];
  return { ...state, seats: state.seats.filter((x) => x.roomId !== roomId), roomStates };
}
