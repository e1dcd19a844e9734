/**
 * The rollouts' shortcut (bots/determinise-sim.ts) builds the same state as the view's way round:
 * `determiniseFor(s, m, seed, defs)` equals `determinise(project(s, m), seed, defs)` in every field and in
 * every object's key order (compared as JSON, which keeps the order, and by hash), at a sample of the
 * positions of random games, for both managers, with and without extra definitions. The search's picks rest
 * on this: strongBot decides the rollouts' moves on the shortcut's copy.
 */
import { describe, expect, it } from 'vitest';
import { determinise } from '../../src/bots/determinise.js';
import { determiniseFor } from '../../src/bots/determinise-sim.js';
import type { CardDef } from '../../src/cards/schema.js';
import { hashState, MANAGERS, project, type GameState, type ManagerId } from '../../src/index.js';
import { fail, gamesPerPool, playRandomGame, POOLS, type Rng } from './harness.js';

const GAMES = gamesPerPool(40);
const SAMPLE_RATE = 0.35;

function compare(s: GameState, m: ManagerId, seed: string, extra: Record<string, CardDef> | undefined): void {
  const slow = determinise(project(s, m), seed, extra);
  const fast = determiniseFor(s, m, seed, extra);
  const a = JSON.stringify(slow);
  const b = JSON.stringify(fast);
  if (a !== b) {
    let i = 0;
    while (a[i] === b[i]) i++;
    fail(`determiniseFor(s, ${m}) differs from determinise(project(s, ${m})) at char ${i}`, {
      slow: a.slice(Math.max(0, i - 200), i + 200),
      fast: b.slice(Math.max(0, i - 200), i + 200),
    });
  }
  if (hashState(slow) !== hashState(fast)) fail('same JSON, different hashes');
}

describe.each(POOLS)('determiniseFor equals determinise(project(...)) ($name pool)', (spec) => {
  it('at sampled positions of random games, for both managers', () => {
    let compared = 0;
    let withStage = 0;
    let withStack = 0;
    for (let g = 0; g < GAMES; g++) {
      // Some of the pool's definitions as the bot's extra ones (StrongBotOptions.defs), at the front of the
      // dictionary and overlapping the view's: the spread's key order must come out the same.
      const defs = Object.values(spec.pool);
      const extra = g % 2 ? Object.fromEntries(defs.slice(0, 6).map((d) => [d.id, d] as const)) : undefined;
      playRandomGame(spec, 7_000 + g, {
        door: g % 3 === 0 ? 'step' : 'inPlace',
        onDecide: ({ state, rng, index }: { state: GameState; rng: Rng; index: number }) => {
          if (rng() >= SAMPLE_RATE) return;
          for (const m of MANAGERS) compare(state, m, `p${g}:${index}`, extra);
          compared++;
          if (state.managers.A.main.length + state.managers.B.main.length > 0) withStage++;
          if (state.stack.length > 0) withStack++;
        },
      });
    }
    expect(compared).toBeGreaterThan(GAMES * 20);
    // The sample must reach the parts that differ between the two builders' paths.
    expect(withStage).toBeGreaterThan(0);
    expect(withStack).toBeGreaterThan(0);
  });

  it('can fail: a changed card shows in the comparison', () => {
    let caught = false;
    playRandomGame(spec, 7_999, {
      door: 'inPlace',
      onDecide: ({ state, index }) => {
        if (caught || index < 40) return;
        const fast = determiniseFor(state, 'A', 'x');
        const id = state.managers.A.hand[0] ?? state.managers.A.starPool[0];
        if (!id) return;
        fast.cards[id]!.damage += 1;
        caught = JSON.stringify(fast) !== JSON.stringify(determinise(project(state, 'A'), 'x'));
      },
    });
    expect(caught).toBe(true);
  });
});
