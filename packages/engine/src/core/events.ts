/**
 * Events describe what happened, for the log and for animation. The engine only returns them; the server
 * decides what to do with them. view/project-events.ts hides what a viewer may not see.
 */
import type { CardLocation, CardRef, EndReason, ManagerId, Phase, StackItem } from './types.js';

export type GameEvent =
  | { t: 'setup'; first: null }
  | { t: 'shuffle'; manager: ManagerId; secret?: ManagerId }
  | { t: 'mulligan-decided'; manager: ManagerId; redraw?: boolean }
  /** Who chooses the turn order: the coin's winner, or (`previousGame`, PR-18) the loser of the match's previous game. */
  | { t: 'coin'; winner: ManagerId; previousGame?: true }
  | { t: 'order'; first: ManagerId }
  | { t: 'turn'; turn: number; active: ManagerId }
  | { t: 'phase'; phase: Phase }
  | {
      t: 'move';
      owner: ManagerId;
      from: CardLocation;
      to: CardLocation;
      card: string;
      def: string;
      newId: string;
      token?: boolean;
      /** Only this manager may learn that the move happened at all (a mulligan redraw, RUL-SETUP-2). */
      secret?: ManagerId;
    }
  | { t: 'tilt'; card: string; tilted: boolean }
  | { t: 'stars'; manager: ManagerId; available: number }
  | { t: 'priority'; manager: ManagerId | null }
  | { t: 'pass'; manager: ManagerId }
  | { t: 'stack-push'; item: StackItem }
  | { t: 'stack-resolve'; item: string; fizzled: boolean }
  | { t: 'stack-cancel'; item: string }
  | { t: 'damage'; card: string; amount: number; combat: boolean }
  | {
      t: 'sanity';
      manager: ManagerId;
      delta: number;
      now: number;
      reason: 'combat' | 'effect' | 'deck-out' | 'raid';
      /** The card that caused a loss (the attacker, the effect's source): public, it is on the stage or the stack. */
      source?: CardRef;
    }
  | { t: 'deck-out'; manager: ManagerId; amount: number }
  | { t: 'attackers'; attackers: string[] }
  | { t: 'blockers'; blocks: { blocker: string; attacker: string }[] }
  | { t: 'stats'; card: string }
  | { t: 'counters'; card: string; counter: string; now: number }
  | { t: 'attach'; asset: string; to: string }
  | { t: 'choice'; manager: ManagerId; option?: number }
  | { t: 'game-over'; winner: ManagerId | 'draw'; reason: EndReason; card?: CardRef };
