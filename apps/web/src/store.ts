/**
 * The app's one store: a vanilla zustand store fed by the socket (net/inbound.ts; a match's views go through the
 * pure net/view-reducer.ts). React reads it with selectors (`useApp(selector)`). It holds what the server said
 * and nothing it did not: the web app has no rules of its own; it renders the latest view and offers exactly the
 * server's legal actions.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { CardDef, ManagerId } from '@vroyale/engine';
import {
  DEFAULT_STOP_SETTINGS,
  type ChallengeUpdate,
  type ChatMessage,
  type DeckRecord,
  type Me,
  type PassUntilMode,
  type QueueState,
  type RoomState,
  type RoomSummary,
  type Seat,
  type StopSettings,
  type TournamentSummary,
  type TournamentView,
  type ViewMessage,
} from '@vroyale/protocol';

export type ConnStatus = 'idle' | 'connecting' | 'online' | 'offline';

export interface LogLine {
  seq: number;
  text: string;
  /** 'turn' lines start a block in the log. */
  kind: 'turn' | 'info' | 'combat' | 'end';
}

/**
 * What the log has learned of one room beyond the views (net/view-reducer.ts): who is who, the card each stack item
 * came from and its kind (for "X's ability resolves" after the item left the stack), and whether its log waits for
 * the server's public record of the match (`match:log-history`: the log started afresh mid-match).
 */
export interface LogMemory {
  me: ManagerId | null;
  names: Record<ManagerId, string>;
  stackSources: Record<string, string>;
  stackKinds: Record<string, 'highlight' | 'ability' | 'trigger'>;
  /** The match whose public record this room's log is waiting for, if any. */
  wantsHistory: string | null;
}

export interface Toast {
  id: number;
  text: string;
  tone: 'error' | 'info';
}

export interface AppState {
  conn: ConnStatus;
  /** Who the socket said hello as: `username` null for a guest (from hello's ack). */
  me: { userId: string; name: string; username: string | null } | null;
  /** Who the session cookie is (`GET /api/me`, net/identity.ts): null until known or when the server has no accounts. */
  account: Me | null;
  /** This person's decks on the server (guests too); null until loaded. */
  decks: DeckRecord[] | null;
  /** Matchmaking (net/matchmaking.ts): the server's latest word, and the local time it arrived (for its clocks). */
  queue: QueueState;
  queueAt: number;
  /** Challenges to or from this person, by id (finished ones stay a moment so their end can be shown). */
  challenges: Record<string, ChallengeUpdate>;
  /** Tournaments this page heard of (net/tournament-state.ts): the latest view per event, built for this user. */
  tournaments: Record<string, TournamentView>;
  /** Local time (Date.now()) each event's view arrived, to count its deadlines down from its `serverNow`. */
  tournamentAt: Record<string, number>;
  /** The Events list (`tournament:list`), null until first asked. */
  tournamentList: TournamentSummary[] | null;
  /** Rooms whose opponent's chat this person muted (client-side, for the room's life). */
  mutedChat: Record<string, Seat[]>;
  /** Seats this user holds in live rooms (from hello). */
  seats: { roomId: string; seat: Seat }[];
  /** Where this person wants to be asked (sent to the server on every hello; see net/session.ts). */
  stops: StopSettings;
  /** This manager's one-shot pass per room, as the server last confirmed it and the public events since. */
  oneShots: Record<string, PassUntilMode>;
  /** The lobby's live list (public rooms, matches anyone may watch) and its recent results (server's `LobbyRooms`). */
  lobby: RoomSummary[];
  lobbyRecent: RoomSummary[];
  roomStates: Record<string, RoomState>;
  /** The latest view message per room. */
  views: Record<string, ViewMessage>;
  /** Local time (Date.now()) the latest view arrived, for counting clocks down between messages. */
  viewAt: Record<string, number>;
  chat: Record<string, ChatMessage[]>;
  log: Record<string, LogLine[]>;
  /** Per room: what its log has learned so far (see LogMemory). */
  logMemory: Record<string, LogMemory>;
  /** Every card definition this client has been shown (log sentences name cards that left the view). */
  defs: Record<string, CardDef>;
  /** Card instance id → definition id, for the log. */
  cardDefs: Record<string, string>;
  /** An action is in flight: controls stay disabled until its ack. */
  busy: boolean;
  toasts: Toast[];
  notice: string | null;
}

export const initialState = (): AppState => ({
  conn: 'idle',
  me: null,
  account: null,
  decks: null,
  queue: { status: 'idle' },
  queueAt: 0,
  challenges: {},
  tournaments: {},
  tournamentAt: {},
  tournamentList: null,
  mutedChat: {},
  seats: [],
  stops: DEFAULT_STOP_SETTINGS,
  oneShots: {},
  lobby: [],
  lobbyRecent: [],
  roomStates: {},
  views: {},
  viewAt: {},
  chat: {},
  log: {},
  logMemory: {},
  defs: {},
  cardDefs: {},
  busy: false,
  toasts: [],
  notice: null,
});

export const store = createStore<AppState>()(() => initialState());

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(store, selector);
}

let toastId = 0;
export function toast(text: string, tone: Toast['tone'] = 'error'): void {
  const id = ++toastId;
  store.setState((s) => ({ toasts: [...s.toasts.slice(-3), { id, text, tone }] }));
  setTimeout(() => store.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), tone === 'error' ? 6000 : 3500);
}

/** UI-only state (selection, targeting, hover): kept apart so hovering never re-renders the board. */
export interface UiState {
  hover: { def: string; view?: import('@vroyale/engine').CardView | undefined; rect?: { left: number; right: number; top: number } | undefined } | null;
  /** The card whose action menu is open. */
  menu: string | null;
  /** A play/activate being aimed: the candidate legal actions and the choices made so far. */
  aiming: { card: string; label: string; candidates: import('@vroyale/engine').Action[]; picked: string[] } | null;
  /** Opened zone browser (graduation zone, hiatus...). */
  browse: { title: string; ids: string[]; manager: string } | null;
  /** The keyword explanation under the pointer (drawn above everything, so no card or zone clips it). */
  tip: { label: string; text: string; x: number; y: number } | null;
  /**
   * What the menu entry, target option or choice under the pointer (or keyboard focus) means: card ids, a
   * manager ('A'/'B') or a stack item, drawn highlighted where they are.
   */
  point: readonly string[];
  /** A combat declaration being built (attackers or blocks), sent whole when confirmed (game/declaration.ts). */
  draft: import('./game/declaration').Draft | null;
}

const NONE: readonly string[] = [];
export const ui = createStore<UiState>()(() => ({ hover: null, menu: null, aiming: null, browse: null, tip: null, point: NONE, draft: null }));

/** Points at these ids while an option is hovered or focused; `null` stops (only if it still points at them). */
export function pointAt(ids: readonly string[] | null, leaving?: readonly string[]): void {
  if (ids) ui.setState({ point: ids.length ? ids : NONE });
  else ui.setState((s) => (!leaving || s.point.join() === leaving.join() ? { point: NONE } : s));
}

/** Event handlers for a control that means these ids (hover and keyboard focus alike). */
export function pointing(ids: readonly string[]) {
  return {
    onMouseEnter: () => pointAt(ids),
    onMouseLeave: () => pointAt(null, ids),
    onFocus: () => pointAt(ids),
    onBlur: () => pointAt(null, ids),
  };
}
export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(ui, selector);
}
