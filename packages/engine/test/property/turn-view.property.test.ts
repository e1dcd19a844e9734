/**
 * `projectTurn` (the server's automatic answers read it instead of a full spectator projection) gives, after setup
 * and every action of random games, exactly the fields `project(state, 'spectator')` gives: so it can show nothing
 * a spectator could not see, and the answers planned from it are the ones planned from the full view.
 */
import { describe, expect, it } from 'vitest';
import { project, projectTurn, type GameState } from '../../src/index.js';
import { gamesPerPool, playRandomGame, POOLS } from './harness.js';

const GAMES = gamesPerPool(40);

function same(s: GameState): void {
  const t = projectTurn(s);
  const v = project(s, 'spectator');
  expect({ ...t, stack: t.stack.map((i) => i.controller) }).toEqual({
    viewer: v.viewer,
    phase: v.phase,
    active: v.active,
    priority: v.priority,
    starPlaced: v.starPlaced,
    pending: v.pending,
    stack: v.stack.map((i) => i.controller),
    managers: { A: { handCount: v.managers.A.handCount }, B: { handCount: v.managers.B.handCount } },
  });
  // The stack's items are the spectator view's, field for field (the view adds the card shown).
  expect(t.stack.map((i) => ({ ...i }))).toEqual(v.stack.map(({ card: _card, ...i }) => i));
}

describe('projectTurn: the spectator projection, cut to whose decision it is', () => {
  for (const pool of POOLS)
    it(`agrees with project(state, 'spectator') at every step (${pool.name}, ${GAMES} games)`, () => {
      let checked = 0;
      for (let g = 0; g < GAMES; g++)
        playRandomGame(pool, g, {
          onStart: (s) => same(s),
          onStep: ({ after }) => {
            same(after);
            checked++;
          },
        });
      expect(checked).toBeGreaterThan(GAMES * 10);
    });
});
