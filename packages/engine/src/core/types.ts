/** The game state: plain JSON, cloned at the door (actions/step.ts), mutated only inside a step. */
import type { CardDef, Keyword } from '../cards/schema.js';

export type ManagerId = 'A' | 'B';
export const MANAGERS: readonly ManagerId[] = ['A', 'B'];
export const other = (m: ManagerId): ManagerId => (m === 'A' ? 'B' : 'A');

/**
 * `s.managers[m]` without a keyed read: with 'A' and 'B' both passing through the same line, V8 turns such a
 * read megamorphic (a stub-cache probe every time); two named reads stay inlined. Hot paths use this.
 */
export function managerOf(s: GameState, m: ManagerId): ManagerState {
  return m === 'A' ? s.managers.A : s.managers.B;
}

export type Phase =
  | 'mulligan'
  | 'turn-order'
  | 'start'
  | 'resource'
  | 'main'
  | 'combat-attack'
  | 'combat-attack-window'
  | 'combat-block'
  | 'combat-block-window'
  | 'resolution'
  | 'end'
  | 'game-over';

/** A change to a card that lasts until end of turn or for as long as the card stays on stage. */
export interface Modifier {
  atk?: number;
  hp?: number;
  keyword?: Keyword;
  x?: number;
  remove?: true;
  until: 'turn' | 'permanent';
}

/**
 * Counters of one kind put on a card by one effect (RUL-ZONE-3). A card's batches are kept oldest first; the
 * same kind from the same producer added right after the last batch joins it.
 */
export interface CounterBatch {
  counter: string;
  count: number;
  /**
   * The card that produced them, by its id while it is on stage: they vanish when it leaves the stage. null
   * when the producer was not on stage (a highlight, a card's graduation trigger, PR-16): they stay until
   * the card they sit on leaves.
   */
  producer: string | null;
}

export interface CardInstance {
  /** Public id; a fresh one is issued on every zone change so a hidden card cannot be followed. */
  id: string;
  def: string;
  owner: ManagerId;
  zone: CardLocation;
  token: boolean;
  tilted: boolean;
  damage: number;
  /** Turn number the card entered the stage (Debut Burnout, RUL-TURN-6). */
  enteredTurn: number;
  /** Oldest first; empty off the stage (zones/counters.ts reads and changes them). */
  counters: CounterBatch[];
  mods: Modifier[];
  /** For an equipped asset: the character it is attached to (RUL-ZONE-4). */
  attachedTo: string | null;
  /** Ban marked this card for graduation at the end of the damage step (RUL-COMBAT-6). */
  banned: boolean;
  /** Activated abilities used this turn (index list), for once-per-turn abilities. */
  used: number[];
  /** Hiatus that ends at the start of its owner's next turn. */
  returnsFromHiatus: boolean;
}

export interface ManagerState {
  sanity: number;
  roster: string[]; // last element is the top
  hand: string[];
  backstage: string | null;
  centre: string[];
  main: string[];
  starPool: string[];
  graduation: string[];
  hiatus: string[];
  availableStars: number;
  /** RUL-TURN-2: deck-out instances so far; the next one costs this + 1. */
  deckOuts: number;
  mulligan: 'pending' | 'kept' | 'redrawn';
}

export interface StackItem {
  id: string;
  controller: ManagerId;
  /** Instance id of the source card (a highlight on the stack lives in `stackCards`). */
  source: string;
  sourceDef: string;
  kind: 'highlight' | 'ability' | 'trigger';
  ability: number;
  targets: string[];
}

export interface Block {
  blocker: string;
  attacker: string;
}

export interface CombatState {
  attackers: string[];
  blocks: Block[];
  /** Attackers that were blocked when blocks were confirmed; they stay blocked if their blockers leave. */
  blocked: string[];
}

/** Something a manager must decide before play goes on. */
export type Pending =
  | { kind: 'choose-order'; manager: ManagerId }
  | { kind: 'discard'; manager: ManagerId }
  | { kind: 'choice'; manager: ManagerId; prompt: string; say: PromptSay; options: ChoiceOption[]; resume: Resume };

/**
 * What a choice's prompt says, as data: `prompt` is its English sentence, `say` lets an interface word it in
 * another language (card ids are definition ids, whose names are public).
 */
export type PromptSay =
  { key: 'roster-search' } | { key: 'look-at-top'; count: number } | { key: 'choose-targets'; card: string } | { key: 'use-ability'; card: string };

/** What an option's label says, as data (absent: the label is card ids, which interfaces name themselves). */
export type OptionSay = { key: 'take'; card: string } | { key: 'take-nothing' } | { key: 'yes' } | { key: 'no' };

export interface ChoiceOption {
  label: string;
  say?: OptionSay;
  /** Card ids this option shows its chooser (e.g. a card found in the roster). */
  cards?: string[];
  targets?: string[];
  /** The card this option takes (search and look-at-top). */
  take?: string;
}

/** Where to continue once a choice is made: the rest of an effect list, or a trigger awaiting targets. */
export type Resume =
  | { kind: 'may'; frame: Frame }
  | { kind: 'pick'; frame: Frame; from: 'roster-search' | 'look-at-top'; looked: string[] }
  | { kind: 'trigger-targets'; trigger: QueuedTrigger };

/** An ability being resolved: which effects are left. */
export interface Frame {
  controller: ManagerId;
  source: string;
  sourceDef: string;
  ability: number;
  targets: string[];
  next: number;
  /** Set when the source was a highlight that should graduate when the frame finishes. */
  highlight: string | null;
}

export interface QueuedTrigger {
  controller: ManagerId;
  source: string;
  sourceDef: string;
  ability: number;
}

export interface GameState {
  v: 1;
  seed: string;
  rng: [number, number, number, number];
  nextId: number;
  defs: Record<string, CardDef>;
  cards: Record<string, CardInstance>;
  managers: Record<ManagerId, ManagerState>;
  turn: number;
  active: ManagerId;
  first: ManagerId | null;
  /** Who chooses the turn order: the coin flip's winner (RUL-SETUP-3), or from the start a match's chooser (PR-18). */
  coinWinner: ManagerId | null;
  phase: Phase;
  priority: ManagerId | null;
  passes: number;
  /**
   * RUL-STACK-5: the Starting or Resolution Phase has done its automatic part (untilt and draw; graduations
   * and their effects) and opened its priority window. `setPhase` clears it (every phase change but the
   * match's end); the other phases with a window are one from the moment they are entered (turn/windows.ts
   * `inWindow`).
   */
  windowOpen: boolean;
  stack: StackItem[];
  /** Highlight cards while their item is on the stack. */
  stackCards: string[];
  /** Triggers waiting to go on the stack (they need targets or a queue order). */
  triggerQueue: QueuedTrigger[];
  pending: Pending | null;
  combat: CombatState | null;
  /** Cards played this Main Phase by the active manager (RUL-TURN-4). */
  played: number;
  starPlaced: boolean;
  winner: ManagerId | 'draw' | null;
  endReason: EndReason | null;
  /**
   * The card that ended the match when one did: its own condition or effect, or the last loss of sanity it
   * caused (the end screen names it). Null otherwise; absent in states saved before it existed.
   */
  endCard: CardRef | null;
  /** Number of actions applied so far (the state's version). */
  seq: number;
}

export type EndReason = 'sanity' | 'deck-out' | 'card' | 'concede' | 'double-ko';

/** A card named in an event or a result: its instance id at that moment and its definition. */
export interface CardRef {
  id: string;
  def: string;
}

export type CardLocation = 'roster' | 'hand' | 'backstage' | 'centre' | 'main' | 'star-pool' | 'graduation' | 'hiatus' | 'stack' | 'token-gone';
