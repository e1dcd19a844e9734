/**
 * What strongBot reads of the position it decides in, from its view (a bot's input) or, in the search's
 * rollouts, from the simulation itself for the deciding manager (`positionFor`). The second must give every
 * answer the first would give for `project(sim, me)`: the scalars are the view's own copies of the state's,
 * own hand and Star Pool cards are shown whole (`id` and `def` are all the rules read), a definition in the
 * view is the state's object, and a determinised copy is determinise-sim.ts's, equal to the view's. Rules
 * that read more of the view (mulligan, pending choices) build it, once, when asked.
 */
import type { CardDef } from '../cards/schema.js';
import { managerOf, type GameState, type ManagerId, type Phase } from '../core/types.js';
import { project, type GameView } from '../view/projection.js';
import { determinise } from './determinise.js';
import { determiniseFor } from './determinise-sim.js';

/** A card of one's own hand or Star Pool as the rules read it. */
export interface OwnCard {
  id: string;
  def: string;
}

export interface Position {
  me: ManagerId;
  phase: Phase;
  active: ManagerId;
  turn: number;
  stackLength: number;
  view(): GameView;
  hand(): readonly OwnCard[];
  starPool(): readonly OwnCard[];
  /** The definition of a card the position shows. */
  def(id: string): CardDef;
  /** A playable copy (determinise.ts) seeded with `seed`. */
  determinised(seed: string | number, extraDefs?: Record<string, CardDef>): GameState;
}

export function positionOf(view: GameView): Position {
  const me = view.viewer;
  if (me === 'spectator') throw new Error('strongBot: spectators do not decide');
  return {
    me,
    phase: view.phase,
    active: view.active,
    turn: view.turn,
    stackLength: view.stack.length,
    view: () => view,
    hand: () => view.managers[me].hand ?? [],
    starPool: () => view.managers[me].starPool,
    def: (id) => view.defs[id]!,
    determinised: (seed, extraDefs) => determinise(view, seed, extraDefs),
  };
}

/** `positionOf(project(sim, me))` without building the view unless a rule asks for it. */
export function positionFor(sim: GameState, me: ManagerId): Position {
  let view: GameView | null = null;
  const cards = (ids: readonly string[]): OwnCard[] => ids.map((id) => sim.cards[id]!);
  return {
    me,
    phase: sim.phase,
    active: sim.active,
    turn: sim.turn,
    stackLength: sim.stack.length,
    view: () => (view ??= project(sim, me)),
    hand: () => cards(managerOf(sim, me).hand),
    starPool: () => cards(managerOf(sim, me).starPool),
    def: (id) => sim.defs[id]!,
    determinised: (seed, extraDefs) => determiniseFor(sim, me, seed, extraDefs),
  };
}
