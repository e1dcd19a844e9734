import { describe, expect, it } from 'vitest';
import { basicPool, basicRoster } from '../../test/fixtures/basic-pool.js';
import { step, stepInPlace } from '../actions/step.js';
import { createGame } from '../setup/create-game.js';
import { cardW, cardsW, managerW, shareState, withWrites } from './own.js';
import { owned, tag } from './own-tag.js';
import type { GameState } from './types.js';

function game(): GameState {
  const made = createGame({ seed: 'own-tag', pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() } });
  if (!made.ok) throw new Error(made.message);
  return made.state;
}

describe('ownership tags (private fields stamped on plain objects)', () => {
  it('leave records plain: same prototype, keys, JSON and deep equality as an untagged copy', () => {
    const s = game();
    const id = Object.keys(s.cards)[0]!;
    const plain = JSON.parse(JSON.stringify(s)) as GameState;
    for (const x of [s, s.cards, s.cards[id]!, s.managers.A]) expect(Object.getPrototypeOf(x)).toBe(Object.prototype);
    expect(Object.keys(s.cards[id]!)).toEqual(Object.keys(plain.cards[id]!));
    expect(Object.getOwnPropertySymbols(s.cards[id]!)).toEqual([]);
    expect(s).toEqual(plain);
    expect(plain).toEqual(s);
  });

  it('a state owns what it made; after a fork neither side does, and an untagged object is no one’s', () => {
    const s = game();
    const id = Object.keys(s.cards)[0]!;
    const mine = withWrites(s, () => cardW(s, id));
    withWrites(s, () => expect(cardW(s, id)).toBe(mine)); // owned: changed in place
    const fork = shareState(s);
    withWrites(s, () => expect(cardW(s, id)).not.toBe(mine)); // shared since the fork: copied
    withWrites(fork, () => {
      expect(cardW(fork, id)).not.toBe(mine);
      expect(managerW(fork, 'A')).not.toBe(s.managers.A);
    });
    const loose = JSON.parse(JSON.stringify(s)) as GameState;
    const d = loose.cards;
    withWrites(loose, () => expect(cardsW(loose)).not.toBe(d));
    withWrites(loose, () => expect(cardsW(loose)).toBe(loose.cards));
    expect(owned({})).toBe(false);
    withWrites(s, () => expect(owned(tag({}))).toBe(true));
  });

  it('frozen states, with their epoch field or from JSON, step apart without changing', () => {
    for (const s of [game(), JSON.parse(JSON.stringify(game())) as GameState]) {
      const json = JSON.stringify(s);
      Object.freeze(s);
      const a = step(s, { type: 'mulligan', manager: 'A', redraw: true });
      const b = step(s, { type: 'mulligan', manager: 'A', redraw: false });
      expect(a.ok && b.ok).toBe(true);
      if (!a.ok || !b.ok) return;
      const before = JSON.stringify(b.state);
      expect(stepInPlace(a.state, { type: 'mulligan', manager: 'B', redraw: true }).ok).toBe(true);
      expect(JSON.stringify(s)).toBe(json);
      expect(JSON.stringify(b.state)).toBe(before);
    }
  });
});
