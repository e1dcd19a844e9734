import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicPool, basicRoster } from '../../test/fixtures/basic-pool.js';
import { hashState } from '../core/hash.js';
import { createGame } from '../setup/create-game.js';
import { legalActions } from './legal-actions.js';
import { Action } from './schema.js';
import { quickPass, step } from './step.js';

function newGame(seed = 'door') {
  const r = createGame({ seed, pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() } });
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe('the step door', () => {
  it('never changes the state it is given, accepted or rejected', () => {
    const s = newGame();
    const before = JSON.stringify(s);
    const ok = step(s, { type: 'mulligan', manager: 'A', redraw: true });
    expect(ok.ok).toBe(true);
    const bad = step(s, { type: 'pass', manager: 'A' });
    expect(bad.ok).toBe(false);
    expect(JSON.stringify(s)).toBe(before);
  });

  it.each([
    ['not an object', 42],
    ['null', null],
    ['unknown type', { type: 'cheat', manager: 'A' }],
    ['missing manager', { type: 'pass' }],
    ['unknown manager', { type: 'pass', manager: 'C' }],
    ['extra field', { type: 'pass', manager: 'A', sneaky: 1 }],
    ['wrong field type', { type: 'mulligan', manager: 'A', redraw: 'yes' }],
    ['huge id', { type: 'play', manager: 'A', card: 'x'.repeat(1000) }],
  ])('rejects a malformed action (%s) with code malformed', (_name, input) => {
    const s = newGame();
    const h = hashState(s);
    const r = step(s, input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('malformed');
      expect(r.message).toMatch(/Malformed action/);
    }
    expect(hashState(s)).toBe(h);
  });

  it('RUL-SETUP-3: only the coin-flip winner chooses the turn order (wrong-manager otherwise)', () => {
    let s = newGame('order');
    for (const m of ['A', 'B'] as const) {
      const r = step(s, { type: 'mulligan', manager: m, redraw: false });
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(s.pending?.kind).toBe('choose-order');
    const winner = s.pending!.manager;
    const loser = winner === 'A' ? 'B' : 'A';
    const r = step(s, { type: 'choose-order', manager: loser, goFirst: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('wrong-manager');
    expect(legalActions(s, loser).map((a) => a.type)).toEqual(['concede']);
  });

  it('PR-18: in a later game of a match the given chooser chooses the order, for every seed, and no coin is flipped', () => {
    for (const chooser of ['A', 'B'] as const)
      for (const seed of ['order', 'other', 'third', 'fourth']) {
        const c = createGame({ seed, pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() }, chooser });
        if (!c.ok) throw new Error(c.message);
        let s = c.state;
        const events = [];
        for (const m of ['A', 'B'] as const) {
          const r = step(s, { type: 'mulligan', manager: m, redraw: false });
          if (!r.ok) throw new Error(r.message);
          s = r.state;
          events.push(...r.events);
        }
        expect(s.pending).toEqual({ kind: 'choose-order', manager: chooser });
        expect(events.filter((e) => e.t === 'coin')).toEqual([{ t: 'coin', winner: chooser, previousGame: true }]);
        // The coin would have drawn from the RNG: the chooser's game leaves the RNG where the mulligans left it.
        const flipped = createGame({ seed, pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() } });
        if (!flipped.ok) throw new Error(flipped.message);
        let f = flipped.state;
        for (const m of ['A', 'B'] as const) {
          const r = step(f, { type: 'mulligan', manager: m, redraw: false });
          if (!r.ok) throw new Error(r.message);
          f = r.state;
        }
        expect(s.rng).not.toEqual(f.rng);
      }
  });

  it('RUL-END-3: a manager may concede at any time and the other wins; nothing applies afterwards', () => {
    const s = newGame('concede');
    const r = step(s, { type: 'concede', manager: 'B' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.winner).toBe('A');
    expect(r.state.endReason).toBe('concede');
    const after = step(r.state, { type: 'mulligan', manager: 'A', redraw: false });
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.code).toBe('game-over');
    expect(legalActions(r.state, 'A')).toEqual([]);
  });
});

describe('the pass recognised without zod', () => {
  const nearPass = fc.record(
    { type: fc.constantFrom('pass', 'concede', 'Pass', 1), manager: fc.constantFrom('A', 'B', 'C', undefined, null), extra: fc.anything() },
    { requiredKeys: [] },
  );
  it('accepts only what the schema accepts, with the same result, and every pass the schema accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          nearPass,
          fc.constantFrom('A', 'B').map((manager) => ({ manager, type: 'pass' })),
        ),
        (input) => {
          const quick = quickPass(input);
          const zod = Action.safeParse(input);
          if (quick) expect(zod.success && zod.data).toEqual(quick);
          if (zod.success && zod.data.type === 'pass' && Object.getPrototypeOf(input) === Object.prototype) expect(quick).toEqual(zod.data);
        },
      ),
      { seed: 33, numRuns: 3000 },
    );
    expect(quickPass({ type: 'pass', manager: 'A' })).toEqual({ type: 'pass', manager: 'A' });
    expect(quickPass({ type: 'pass', manager: 'B', x: 1 })).toBeNull();
    expect(quickPass(Object.assign(Object.create({ manager: 'A' }) as object, { type: 'pass', x: 1 }))).toBeNull();
  });
});
