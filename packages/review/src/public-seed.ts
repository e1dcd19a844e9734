/**
 * The seed of a decision's determinisations, made from the deciding manager's projection alone: the same view
 * gives the same deals and rollouts, and nothing the view does not show (the opponent's hand, either roster's
 * order, the game's RNG) can change them. This is what keeps a review from rewarding or punishing a guess about
 * a hidden card, and what makes a review reproducible.
 */
import { cyrb53, type GameView } from '@vroyale/engine';

export function publicSeed(view: GameView, salt = ''): string {
  return `review:${salt}:${cyrb53(JSON.stringify(view))}`;
}
