import { describe, expect, it } from 'vitest';
import { makeRng } from '../core/rng.js';
import { sameNameLabels } from '../core/labels.js';
import { attackProblems, type AttackOffer } from './attackers.js';
import { aLegalAssignment, blockProblems, maxCalloutBlocked, type BlockOffer } from './blockers.js';
import { randomAttackers, randomBlocks } from '../actions/random-declaration.js';

const attackOffer: AttackOffer = {
  type: 'choose-attackers',
  manager: 'A',
  eligible: [
    { id: 'a1', label: 'Grunt (1)' },
    { id: 'a2', label: 'Grunt (2)' },
  ],
  barred: [{ id: 't', label: 'Tired', reason: 'tilted' }],
};

const fighter = (id: string, atk: number, kw: { callout?: boolean; clout?: boolean } = {}) => ({
  id,
  label: id.toUpperCase(),
  atk,
  callout: !!kw.callout,
  clout: !!kw.clout,
});
const blocker = (id: string, atk: number, capacity = 1) => ({ id, label: id.toUpperCase(), atk, capacity, moderator: capacity > 1 });
const offerOf = (attackers: BlockOffer['attackers'], blockers: BlockOffer['blockers']): BlockOffer => ({
  type: 'choose-blocks',
  manager: 'B',
  attackers,
  blockers,
});

describe('declaring attackers (RUL-COMBAT-1)', () => {
  it('RUL-COMBAT-1: any subset of the eligible characters is legal; each problem is named, with its label', () => {
    expect(attackProblems(attackOffer, [])).toEqual([]);
    expect(attackProblems(attackOffer, ['a2', 'a1'])).toEqual([]);
    const problems = attackProblems(attackOffer, ['a1', 'a1', 't', 'zz']);
    expect(problems.map((p) => p.code)).toEqual(['duplicate', 'cannot-attack', 'unknown-card']);
    expect(problems[0]!.message).toBe('Grunt (1) is declared twice');
    expect(problems[1]!.message).toMatch(/^Tired is tilted/);
  });

  it('RUL-COMBAT-1: random declarations are always legal and cover every subset', () => {
    const rng = makeRng('attackers');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const a = randomAttackers(attackOffer, rng);
      if (a.type !== 'declare-attackers') throw new Error('wrong type');
      expect(attackProblems(attackOffer, a.attackers)).toEqual([]);
      seen.add(a.attackers.join(','));
    }
    expect(seen.size).toBe(4);
  });
});

describe('declaring blocks (RUL-COMBAT-2, RUL-COMBAT-3)', () => {
  it('RUL-COMBAT-2: pairs must name a listed blocker and attacker, once, within capacity', () => {
    const o = offerOf([fighter('x', 2), fighter('y', 2)], [blocker('d', 1), blocker('m', 1, 2)]);
    expect(
      blockProblems(o, [
        { blocker: 'd', attacker: 'x' },
        { blocker: 'm', attacker: 'x' },
        { blocker: 'm', attacker: 'y' },
      ]),
    ).toEqual([]);
    expect(
      blockProblems(o, [
        { blocker: 'd', attacker: 'x' },
        { blocker: 'd', attacker: 'y' },
      ]).map((p) => p.code),
    ).toEqual(['cannot-block']);
    expect(
      blockProblems(o, [
        { blocker: 'm', attacker: 'x' },
        { blocker: 'm', attacker: 'x' },
      ]).map((p) => p.code),
    ).toEqual(['duplicate']);
    // A made-up id and a hidden one read the same: neither is a listed blocker.
    const never = blockProblems(o, [{ blocker: 'c999', attacker: 'x' }])[0]!.message;
    expect(blockProblems(o, [{ blocker: 'c17', attacker: 'x' }])[0]!.message).toBe(never.replace('c999', 'c17'));
  });

  it('RUL-COMBAT-3: Callout, Clout and Moderator are judged from the offer alone', () => {
    const callout = offerOf([fighter('c', 2, { callout: true })], [blocker('d', 1)]);
    expect(blockProblems(callout, []).map((p) => p.code)).toEqual(['callout']);
    expect(maxCalloutBlocked(callout)).toBe(1);
    const clout = offerOf([fighter('k', 3, { clout: true })], [blocker('d', 1), blocker('e', 2)]);
    expect(blockProblems(clout, [{ blocker: 'd', attacker: 'k' }]).map((p) => p.code)).toEqual(['clout']);
    expect(
      blockProblems(clout, [
        { blocker: 'd', attacker: 'k' },
        { blocker: 'e', attacker: 'k' },
      ]),
    ).toEqual([]);
    const mod = offerOf([fighter('x', 2)], [blocker('m', 1, 2)]);
    expect(blockProblems(mod, []).map((p) => p.code)).toEqual(['moderator']);
    expect(blockProblems(mod, aLegalAssignment(mod))).toEqual([]);
  });

  it('RUL-COMBAT-2/3: random assignments are legal and uniform over the legal ones', () => {
    // Two attackers (one with Callout), two plain blockers: 9 assignments, of which those blocking the
    // Callout attacker are legal (5: d→c, e→c, both→c, d→c e→x, d→x e→c).
    const o = offerOf([fighter('c', 1, { callout: true }), fighter('x', 1)], [blocker('d', 1), blocker('e', 1)]);
    const rng = makeRng('blocks');
    const counts = new Map<string, number>();
    const N = 5000;
    for (let i = 0; i < N; i++) {
      const a = randomBlocks(o, rng);
      if (a.type !== 'declare-blocks') throw new Error('wrong type');
      expect(blockProblems(o, a.blocks, true)).toEqual([]);
      const key = a.blocks.map((b) => `${b.blocker}>${b.attacker}`).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(5);
    for (const n of counts.values()) expect(Math.abs(n - N / 5)).toBeLessThan(N / 5 / 5); // within 20% of uniform
  });

  it('when legal assignments are rare, the draw still finds one (enumeration, then aLegalAssignment)', () => {
    // Four Callout attackers and four blockers: only the 24 one-to-one matchings among 625 are legal.
    const o = offerOf(
      ['p', 'q', 'r', 's'].map((id) => fighter(id, 1, { callout: true })),
      ['d', 'e', 'f', 'g'].map((id) => blocker(id, 1)),
    );
    const rng = makeRng('rare');
    for (let i = 0; i < 20; i++) {
      const a = randomBlocks(o, rng);
      if (a.type !== 'declare-blocks') throw new Error('wrong type');
      expect(blockProblems(o, a.blocks)).toEqual([]);
      expect(a.blocks).toHaveLength(4);
    }
  });
});

describe('same-name labels', () => {
  it('numbers a name only where it is shared, in the order given', () => {
    const labels = sameNameLabels([
      { id: '1', name: 'Kiri' },
      { id: '2', name: 'Solo' },
      { id: '3', name: 'Kiri' },
    ]);
    expect([...labels.values()]).toEqual(['Kiri (1)', 'Solo', 'Kiri (2)']);
  });
});
