/**
 * What every part of the playmat reads: the board's props plus per-render lookups derived from the view and
 * the legal actions (computed once in `Board`, so cards don't each rescan the combat or the action list).
 */
import type { ReactNode } from 'react';
import type { Action, GameView, Legal, ManagerId } from '@vroyale/engine';
import type { Draft, Offer } from '../../game/declaration';
import type { Labels } from '../../game/labels';
import { store } from '../../store';

export interface BoardProps {
  view: GameView;
  legal: readonly Legal[];
  names: Record<ManagerId, string>;
  /** The seat shown at the bottom and whose hand is face up; null for spectators and replays. */
  me: ManagerId | null;
  busy: boolean;
  onAct: (a: Action) => void;
  /** Replaces the prompt (spectators, replays). */
  status?: ReactNode;
  /**
   * A later game of a best-of-three: why this manager chooses the order of play (PR-18: they lost the last game,
   * or it was drawn and they choose again); absent, the coin flip decided.
   */
  orderBy?: 'lost-last-game' | 'drawn-last-game' | undefined;
}

export interface Ctx extends BoardProps {
  byCard: Map<string, Action[]>;
  aimingNext: Set<string>;
  /** Attackers: declared ones, or while the attackers are being chosen, the ones chosen so far. */
  attackers: Set<string>;
  /** Blocker → the attackers it blocks, and attacker → its blockers: declared, or as the blocks being built have them. */
  blocks: Map<string, string[]>;
  blockedBy: Map<string, string[]>;
  problems: Map<string, string[]>;
  /** The declaration this manager is asked for, and the draft of it (game/declaration.ts). */
  offer: Offer | null;
  draft: Draft;
  /** Cards a click adds to or takes out of the declaration being built. */
  declarable: Set<string>;
  /** Card names with markers for same-named cards (game/labels.ts): every name the playmat shows. */
  labels: Labels;
}

export const other = (m: ManagerId): ManagerId => (m === 'A' ? 'B' : 'A');
export const lookup = (id: string) => store.getState().defs[id];
