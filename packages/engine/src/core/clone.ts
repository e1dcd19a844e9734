/**
 * A deep copy of the game state that owns all of its objects: for callers that change a state by hand (tests,
 * tools). The door and the bots share instead (core/own.ts `shareState`: copy-on-write).
 */
import { cardW, cardsW, managerW, shareState, withWrites } from './own.js';
import type { GameState } from './types.js';

export function cloneState(s: GameState): GameState {
  const x = shareState(s);
  withWrites(x, () => {
    cardsW(x);
    for (const k in x.cards) cardW(x, k);
    managerW(x, 'A');
    managerW(x, 'B');
  });
  return x;
}
