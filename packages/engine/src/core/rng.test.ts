import { describe, expect, it } from 'vitest';
import { blankState } from '../setup/create-game.js';
import { randInt, seedRng, shuffleInPlace } from './rng.js';

describe('seeded RNG', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = blankState('seed-1', {});
    const b = blankState('seed-1', {});
    const c = blankState('seed-2', {});
    const seq = (s: typeof a) => Array.from({ length: 20 }, () => randInt(s, 1000));
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).not.toEqual(sa);
  });

  it('keeps its whole state in the game state (JSON round trip continues the sequence)', () => {
    const a = blankState('x', {});
    randInt(a, 10);
    const copy = JSON.parse(JSON.stringify(a)) as typeof a;
    expect(Array.from({ length: 10 }, () => randInt(copy, 1e6))).toEqual(Array.from({ length: 10 }, () => randInt(a, 1e6)));
  });

  it('RUL-SETUP-3: the coin is fair (roughly half heads over many seeds)', () => {
    let heads = 0;
    for (let i = 0; i < 4000; i++) if (randInt(blankState(`coin-${i}`, {}), 2) === 0) heads++;
    expect(heads).toBeGreaterThan(1850);
    expect(heads).toBeLessThan(2150);
  });

  it('shuffles into a permutation', () => {
    const s = blankState('shuffle', {});
    const xs = Array.from({ length: 29 }, (_, i) => i);
    shuffleInPlace(s, xs);
    expect([...xs].sort((p, q) => p - q)).toEqual(Array.from({ length: 29 }, (_, i) => i));
    expect(xs).not.toEqual(Array.from({ length: 29 }, (_, i) => i));
    expect(seedRng('a')).not.toEqual(seedRng('b'));
  });
});
