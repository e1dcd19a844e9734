import { describe, expect, it } from 'vitest';
import { basicPool, basicRoster } from '../../test/fixtures/basic-pool.js';
import { deciders } from '../actions/deciders.js';
import { legalActions } from '../actions/legal-actions.js';
import { realise } from '../actions/offers.js';
import { stepInPlace } from '../actions/step.js';
import { createGame } from '../setup/create-game.js';
import { cloneState } from './clone.js';
import { makeRng } from './rng.js';
import type { GameState } from './types.js';

/** Positions along one random game, every `every` actions. */
function positions(seed: string, every: number): GameState[] {
  const made = createGame({ seed, pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() } });
  if (!made.ok) throw new Error(made.message);
  const s = made.state;
  const rnd = makeRng(seed);
  const out: GameState[] = [];
  for (let n = 0; s.phase !== 'game-over' && n < 3000; n++) {
    if (n % every === 0) out.push(cloneState(s));
    const options = legalActions(s, deciders(s)[0]!).filter((a) => a.type !== 'concede');
    stepInPlace(s, realise(options[Math.floor(rnd() * options.length)]!, rnd));
  }
  out.push(s);
  return out;
}

describe('cloneState', () => {
  it('copies every field: the clone serialises exactly like the original, key order included', () => {
    for (const s of positions('clone-1', 37)) {
      const c = cloneState(s);
      expect(JSON.stringify(c)).toBe(JSON.stringify(s));
      expect(Object.keys(c)).toEqual(Object.keys(s));
      expect(Object.keys(c.managers.A)).toEqual(Object.keys(s.managers.A));
      for (const id of Object.keys(s.cards)) expect(Object.keys(c.cards[id]!)).toEqual(Object.keys(s.cards[id]!));
    }
  });

  it('shares nothing mutable with the original', () => {
    const s = positions('clone-2', 1000).at(-1)!;
    const before = JSON.stringify(s);
    const c = cloneState(s);
    for (const m of ['A', 'B'] as const) {
      for (const list of ['roster', 'hand', 'centre', 'main', 'starPool', 'graduation', 'hiatus'] as const) c.managers[m][list].push('zz');
      c.managers[m].sanity = -99;
    }
    for (const card of Object.values(c.cards)) {
      card.counters.push({ counter: 'x', count: 9, producer: null });
      for (const b of card.counters) b.count = 99;
      card.mods.push({ atk: 1, until: 'turn' });
      card.used.push(7);
      card.damage = 99;
    }
    c.rng[0] = 12345;
    c.stack.push({ id: 'sx', controller: 'A', source: 'x', sourceDef: 'x', kind: 'ability', ability: 0, targets: [] });
    c.stackCards.push('zz');
    expect(JSON.stringify(s)).toBe(before);
  });
});
