/**
 * `hasKeyword` works a keyword out alone (printed, auras, modifiers) instead of computing whole stats; it must
 * give the same answer as `statsOf`. Checked for every card on stage and every keyword at every decision of
 * random games on each pool, and the run must have met keywords that only auras or modifiers give, so the
 * check is not passing on printed keywords alone. Random games rarely hold a keyword modifier; the scenarios
 * effects/grant-keyword and effects/remove-keyword pin that path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYWORDS } from '../../src/cards/schema.js';
import { hasKeyword, statsOf } from '../../src/effects/stats.js';
import type { GameState } from '../../src/index.js';
import { fail, playRandomGame, POOLS, FC_SEED, gamesPerPool } from './harness.js';

const GAMES = gamesPerPool(100);

describe('hasKeyword agrees with statsOf', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games, every stage card and keyword at every decision`, () => {
      let checked = 0;
      let notPrinted = 0;
      const check = (s: GameState) => {
        for (const m of ['A', 'B'] as const)
          for (const id of [...s.managers[m].centre, ...s.managers[m].main]) {
            const c = s.cards[id]!;
            const printed = s.defs[c.def]!.keywords ?? {};
            const kw = statsOf(s, c).keywords;
            for (const k of KEYWORDS) {
              const full = kw[k] !== undefined;
              if (hasKeyword(s, c, k) !== full) fail(`${id} (${c.def}): hasKeyword('${k}') is ${!full}, statsOf says ${full}`);
              checked++;
              if (full !== (printed[k] !== undefined)) notPrinted++;
            }
          }
      };
      fc.assert(
        fc.property(fc.nat(), (gameSeed) => {
          playRandomGame(spec, gameSeed, { door: 'inPlace', onDecide: ({ state }) => check(state) });
        }),
        { seed: FC_SEED, numRuns: GAMES },
      );
      expect(checked).toBeGreaterThan(GAMES * 100);
      if (spec.name !== 'fixture') expect(notPrinted).toBeGreaterThan(0);
    });
  }
});
