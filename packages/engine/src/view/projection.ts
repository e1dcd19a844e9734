/**
 * One view per viewer (RUL-ZONE-6). Public: stage, Backstage, Star Pool, Graduation Zone, Hiatus, the stack,
 * sanity, counts. Hidden: the opponent's hand (a count), every roster (a count; never its order), the RNG
 * state and id counter, and the definitions of cards the viewer cannot see (they would reveal a deck list).
 * The cards shown are exactly those `core/visibility.ts` calls visible, which the door's refusals also follow
 * (property (e) checks the two agree): a change to what is shown here must be made there too.
 */
import type { CardDef, Keywords } from '../cards/schema.js';
import { meta } from '../cards/def-meta.js';
import { playLimit, statsOf } from '../effects/stats.js';
import { onStage, isCharacterDef } from '../core/query.js';
import {
  managerOf,
  type CardInstance,
  type ChoiceOption,
  type PromptSay,
  type CombatState,
  type CounterBatch,
  type CardRef,
  type EndReason,
  type GameState,
  type ManagerId,
  type Phase,
  type StackItem,
} from '../core/types.js';
import { counterTotals } from '../zones/counters.js';

export type Viewer = ManagerId | 'spectator';

export interface CardView {
  id: string;
  def: string;
  owner: ManagerId;
  token: boolean;
  tilted: boolean;
  damage: number;
  /** Debut Burnout: entered the stage this turn (RUL-TURN-6). */
  burnout: boolean;
  /** Totals per kind (RUL-ZONE-3). */
  counters: Record<string, number>;
  /** The counters oldest first, each batch with the card on stage that produced it; only when there are any. */
  counterBatches?: CounterBatch[];
  attachedTo: string | null;
  atk?: number;
  hp?: number;
  keywords?: Keywords;
  returnsFromHiatus?: boolean;
}

export interface ManagerView {
  sanity: number;
  rosterCount: number;
  handCount: number;
  /** Only for the viewer's own hand; null otherwise. */
  hand: CardView[] | null;
  backstage: CardView | null;
  centre: CardView[];
  main: CardView[];
  starPool: CardView[];
  graduation: CardView[];
  hiatus: CardView[];
  availableStars: number;
  deckOuts: number;
  /** 'decided' hides which way until both managers have chosen (RUL-SETUP-2). */
  mulligan: 'pending' | 'decided' | 'kept' | 'redrawn';
}

export type PendingView =
  | { kind: 'choose-order'; manager: ManagerId }
  | { kind: 'discard'; manager: ManagerId; count: number }
  | { kind: 'choice'; manager: ManagerId; prompt: string; say: PromptSay; options: ChoiceOption[] | null };

export interface GameView {
  viewer: Viewer;
  seq: number;
  turn: number;
  active: ManagerId;
  first: ManagerId | null;
  coinWinner: ManagerId | null;
  phase: Phase;
  /** RUL-STACK-5: the Starting or Resolution Phase's own window has opened (after the draw; after graduations). */
  windowOpen: boolean;
  priority: ManagerId | null;
  managers: Record<ManagerId, ManagerView>;
  stack: (StackItem & { card: CardView | null })[];
  combat: CombatState | null;
  pending: PendingView | null;
  played: number;
  /** How many cards each manager may play in their Main Phase (RUL-TURN-4 plus extra-plays statics). */
  playLimit: Record<ManagerId, number>;
  starPlaced: boolean;
  winner: ManagerId | 'draw' | null;
  endReason: EndReason | null;
  /** The card that ended the match, when one did (GameState.endCard): public, it was on the stage or the stack. */
  endCard?: CardRef;
  /** Definitions of every card this view shows and of the tokens those cards commission, and nothing more. */
  defs: Record<string, CardDef>;
}

function cardView(s: GameState, c: CardInstance, defs: Record<string, CardDef>): CardView {
  defs[c.def] = s.defs[c.def]!;
  const v: CardView = {
    id: c.id,
    def: c.def,
    owner: c.owner,
    token: c.token,
    tilted: c.tilted,
    damage: c.damage,
    burnout: onStage(c) && c.enteredTurn >= s.turn,
    counters: counterTotals(c),
    attachedTo: c.attachedTo,
  };
  // Public like the cards they sit on; a producer is always a card on stage (zones/counters.ts).
  if (c.counters.length) v.counterBatches = c.counters.map((b) => ({ ...b }));
  if (isCharacterDef(s.defs[c.def]!)) {
    const st = onStage(c) ? statsOf(s, c) : { atk: s.defs[c.def]!.atk ?? 0, hp: s.defs[c.def]!.hp ?? 0, keywords: s.defs[c.def]!.keywords ?? {} };
    v.atk = st.atk;
    v.hp = st.hp;
    v.keywords = st.keywords;
  }
  if (c.returnsFromHiatus) v.returnsFromHiatus = true;
  return v;
}

/** The pending decision as this viewer may see it: a choice's options only for the manager who makes it. */
export function pendingView(s: GameState, viewer: Viewer): PendingView | null {
  const p = s.pending;
  if (p?.kind === 'choose-order') return { kind: 'choose-order', manager: p.manager };
  if (p?.kind === 'discard') return { kind: 'discard', manager: p.manager, count: managerOf(s, p.manager).hand.length - 5 };
  if (p?.kind === 'choice') {
    const mine = viewer === p.manager;
    return {
      kind: 'choice',
      manager: p.manager,
      prompt: p.prompt,
      say: { ...p.say },
      options: mine ? p.options.map((o) => ({ ...o, ...(o.say ? { say: { ...o.say } } : {}) })) : null,
    };
  }
  return null;
}

export function project(s: GameState, viewer: Viewer): GameView {
  const defs: Record<string, CardDef> = {};
  const cv = (id: string) => cardView(s, s.cards[id]!, defs);
  const bothDecided = s.managers.A.mulligan !== 'pending' && s.managers.B.mulligan !== 'pending';
  const managers = {} as Record<ManagerId, ManagerView>;
  for (const m of ['A', 'B'] as const) {
    const ms = managerOf(s, m);
    managers[m] = {
      sanity: ms.sanity,
      rosterCount: ms.roster.length,
      handCount: ms.hand.length,
      hand: viewer === m ? ms.hand.map(cv) : null,
      backstage: ms.backstage ? cv(ms.backstage) : null,
      centre: ms.centre.map(cv),
      main: ms.main.map(cv),
      starPool: ms.starPool.map(cv),
      graduation: ms.graduation.map(cv),
      hiatus: ms.hiatus.map(cv),
      availableStars: ms.availableStars,
      deckOuts: ms.deckOuts,
      mulligan: ms.mulligan === 'pending' ? 'pending' : bothDecided || viewer === m ? ms.mulligan : 'decided',
    };
  }
  const stack = s.stack.map((i) => {
    const c = s.cards[i.source];
    if (!c) defs[i.sourceDef] = s.defs[i.sourceDef]!;
    return { ...i, targets: i.targets.slice(), card: c ? cv(i.source) : null };
  });
  const p = s.pending;
  if (p?.kind === 'choice' && viewer === p.manager)
    for (const o of p.options) for (const id of o.cards ?? []) if (s.cards[id]) defs[s.cards[id]!.def] = s.defs[s.cards[id]!.def]!;
  const pending = pendingView(s, viewer);
  // A shown card's text names the tokens it commissions, so their definitions travel with it.
  if (s.endCard && s.defs[s.endCard.def]) defs[s.endCard.def] = s.defs[s.endCard.def]!;
  for (const d of Object.values(defs)) for (const t of meta(d).tokens) if (s.defs[t] && !defs[t]) defs[t] = s.defs[t]!;
  const combat = s.combat
    ? {
        attackers: s.combat.attackers.slice(),
        blocks: s.combat.blocks.map((b) => ({ ...b })),
        blocked: s.combat.blocked.slice(),
      }
    : null;
  return {
    viewer,
    seq: s.seq,
    turn: s.turn,
    active: s.active,
    first: s.first,
    coinWinner: s.coinWinner,
    phase: s.phase,
    windowOpen: s.windowOpen,
    priority: s.priority,
    managers,
    stack,
    combat,
    pending,
    played: s.played,
    playLimit: { A: playLimit(s, 'A'), B: playLimit(s, 'B') },
    starPlaced: s.starPlaced,
    winner: s.winner,
    endReason: s.endReason,
    ...(s.endCard ? { endCard: s.endCard } : {}),
    defs,
  };
}
