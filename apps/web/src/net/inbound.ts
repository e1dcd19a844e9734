/**
 * The server's messages into the store: the lobby's list, room states, chat, notices, matchmaking, tournaments, and a match's
 * views and log history, which go through the pure net/view-reducer.ts. The socket (net/socket.ts) calls `listen`
 * once, when it is opened.
 */
import type { MatchLogHistory, ViewMessage } from '@vroyale/protocol';
import { store, toast, ui } from '../store';
import { mergeChatHistory } from './chat-merge';
import { restoredLog } from './log-storage';
import { applyChallenge, applyQueueState } from './matchmaking-state';
import { noticeEffect } from './resend';
import { applyTournamentUpdate, applyTournamentYou } from './tournament-state';
import type { ClientSocket } from './socket';
import { isNewPosition, reduceLogHistory, reduceView } from './view-reducer';

const CHAT_MAX = 100;

let onSessionEnded: () => void = () => undefined;
/** What to do when the server says this session ended (`server:notice` 'signed-out'): net/identity.ts. */
export function whenSessionEnds(fn: () => void): void {
  onSessionEnded = fn;
}

/** Applies one server view: the only way the board changes. Marked for the render-time measurement (ui/room.tsx). */
export function applyView(m: ViewMessage): void {
  performance.mark('vroyale:view-start');
  const st = store.getState();
  const next = reduceView(st, m, { now: Date.now(), restoredLog });
  if (isNewPosition(st.views[m.roomId], m)) {
    // A new position: menus, aims and pointing belong to the old one, and so does the hover zoom (its card
    // may have moved, which gives it a new id, or the prompt it was read for has changed). Moving the
    // pointer over a card again brings the zoom back.
    ui.setState({ aiming: null, menu: null, point: [], hover: null });
  }
  store.setState(next);
}

/** The public record of a match joined late (see reduceLogHistory). */
export function applyLogHistory(h: MatchLogHistory): void {
  const st = store.getState();
  const next = reduceLogHistory(st, h);
  if (next !== st) store.setState(next);
}

export function listen(s: ClientSocket): void {
  s.on('lobby:rooms', (m) => store.setState({ lobby: m.rooms, lobbyRecent: m.recent ?? [] }));
  s.on('room:state', (m) => store.setState((st) => ({ roomStates: { ...st.roomStates, [m.roomId]: m } })));
  s.on('room:chat', (m) => store.setState((st) => ({ chat: { ...st.chat, [m.roomId]: [...(st.chat[m.roomId] ?? []), m].slice(-CHAT_MAX) } })));
  s.on('room:chat-history', (m) =>
    store.setState((st) => ({ chat: { ...st.chat, [m.roomId]: mergeChatHistory(st.chat[m.roomId] ?? [], m.messages, CHAT_MAX) } })),
  );
  s.on('server:notice', (m) => {
    const effect = noticeEffect(m.kind);
    if (effect === 'session-ended') return onSessionEnded();
    // A server handing its matches over: it closes this socket next and Socket.IO reconnects elsewhere by itself.
    if (effect === 'quiet') return;
    store.setState({ notice: m.message });
    toast(m.message, 'info');
  });
  s.on('queue:state', applyQueueState);
  s.on('challenge:update', applyChallenge);
  s.on('tournament:update', applyTournamentUpdate);
  s.on('tournament:you', applyTournamentYou);
  s.on('match:view', applyView);
  s.on('match:log-history', applyLogHistory);
}
