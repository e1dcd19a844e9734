/**
 * Bots: pure functions from what one manager may see to one of that manager's legal actions. A bot never
 * reads the game state: it gets its manager's projection (`project(state, manager)`), that manager's
 * `legalActions`, and a seed for any randomness (the engine's `makeRng`, never Math.random).
 */
import type { Legal } from '../actions/offers.js';
import type { Action } from '../actions/schema.js';
import type { GameView } from '../view/projection.js';

export interface BotInput {
  /** `project(state, manager)`: the deciding manager's view (`view.viewer` is that manager). */
  view: GameView;
  /**
   * `legalActions(state, manager)`: never empty while the manager has a decision to make. A declaration is
   * listed as an offer (`choose-attackers`, `choose-blocks`); the bot answers it with a whole declaration.
   */
  legal: Legal[];
  /** Seeds the bot's own randomness; the same input and seed give the same action. */
  seed: string | number;
}

export type Bot = (input: BotInput) => Action;
