import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicPool, basicRoster } from '../../test/fixtures/basic-pool.js';
import { CardDef } from '../cards/schema.js';
import { applySwap, SIDE_DECK_MAX, swapSummary, validateSideDeck, validateSwap, type Swap } from './side-deck.js';
import { validateRoster } from './validate-roster.js';

const extra = (raw: object) => CardDef.parse({ cost: 1, stars: 1, atk: 1, hp: 1, abilities: [], ...raw });
const pool: Record<string, CardDef> = {
  ...basicPool,
  'test-star': extra({ id: 'test-star', name: 'Test Star', types: ['character'], rarity: 'SR' }),
  'test-star-ssr': extra({ id: 'test-star-ssr', name: 'Test Star', types: ['character'], rarity: 'SSR', variantOf: 'test-star' }),
  'test-ace': extra({ id: 'test-ace', name: 'Test Ace', types: ['character'], rarity: 'SR' }),
  'test-rare': extra({ id: 'test-rare', name: 'Test Rare', types: ['character'], rarity: 'R' }),
  'test-rare-2': extra({ id: 'test-rare-2', name: 'Test Rare Two', types: ['character'], rarity: 'R' }),
  'test-rare-3': extra({ id: 'test-rare-3', name: 'Test Rare Three', types: ['character'], rarity: 'R' }),
  'test-rare-4': extra({ id: 'test-rare-4', name: 'Test Rare Four', types: ['character'], rarity: 'R' }),
  'test-filler': extra({ id: 'test-filler', name: 'Test Filler', types: ['character'], rarity: 'C' }),
  'test-extra': extra({ id: 'test-extra', name: 'Test Extra', types: ['character'], rarity: 'C' }),
  'test-sr-leader': extra({ id: 'test-sr-leader', name: 'Test SR Leader', types: ['leader'], rarity: 'SR' }),
};
const roster = basicRoster(); // 2 Test Leader (R), 2 Test Clout (R): 4 R cards, no SR
const keys = (ps: { say: { key: string } }[]) => ps.map((p) => p.say.key);

describe('validateSideDeck (PR-22)', () => {
  it('a legal side deck of up to 10 cards', () => {
    expect(validateRoster(roster, pool)).toEqual([]);
    expect(validateSideDeck(roster, [], pool)).toEqual([]);
    const side = ['test-filler', 'test-filler', 'test-filler', 'test-extra', 'test-extra', 'test-star', 'test-rare', 'test-rare', 'test-rare-2', 'test-rare-2'];
    expect(side).toHaveLength(SIDE_DECK_MAX);
    expect(validateSideDeck(roster, side, pool)).toEqual([]);
  });

  it('more than 10 cards', () => {
    const side = Array(11).fill('test-filler');
    expect(validateSideDeck(roster, side, pool)).toContainEqual({
      rule: 'PR-22',
      message: 'A side deck holds at most 10 cards; this one has 11',
      say: { key: 'side-size', max: 10, count: 11 },
    });
  });

  it('unknown cards and tokens', () => {
    const ps = validateSideDeck(roster, ['no-such-card', 'test-token', 'test-token'], pool);
    expect(ps).toContainEqual({
      rule: 'unknown-card',
      message: "Unknown card 'no-such-card' in the side deck",
      say: { key: 'unknown-card', card: 'no-such-card' },
    });
    expect(ps).toContainEqual({
      rule: 'RUL-DECK-4',
      message: "'Test Token' is a token and can never be put in a side deck",
      say: { key: 'side-token', name: 'Test Token' },
    });
    expect(keys(ps)).toEqual(['unknown-card', 'side-token']);
  });

  it('copy limits count the roster and the side deck together (RUL-DECK-2)', () => {
    // The roster has 3 Test Grunt (C, limit 3): one more in the side deck is one too many.
    expect(validateSideDeck(roster, ['test-grunt'], pool)).toEqual([
      {
        rule: 'RUL-DECK-2',
        message: "'Test Grunt' has 4 copies across the roster and its side deck; C cards allow at most 3",
        say: { key: 'side-copies', name: 'Test Grunt', count: 4, rarity: 'C', leader: false, limit: 3 },
      },
    ]);
    expect(keys(validateSideDeck(roster, ['test-rare', 'test-rare', 'test-rare'], pool))).toEqual(['side-copies']);
  });

  it('an SSR and its SR card count as one name (RUL-DECK-3)', () => {
    expect(validateSideDeck(roster, ['test-star', 'test-star-ssr'], pool)).toEqual([
      {
        rule: 'RUL-DECK-3',
        message: "'Test Star' appears as both SR and SSR across the roster and its side deck; an SSR counts as its SR card, so at most 1 in all",
        say: { key: 'side-sr-and-ssr', name: 'Test Star' },
      },
      {
        rule: 'RUL-DECK-2',
        message: 'A roster and its side deck may hold at most 1 SR non-leader card together; these hold 2',
        say: { key: 'side-sr-total', count: 2 },
      },
    ]);
  });

  it('rarity totals count the roster and the side deck together', () => {
    // 4 R in the roster + 8 in the side deck = 12 > 10.
    const rs = ['test-rare', 'test-rare', 'test-rare-2', 'test-rare-2', 'test-rare-3', 'test-rare-3', 'test-rare-4', 'test-rare-4'];
    expect(validateSideDeck(roster, rs, pool)).toEqual([
      {
        rule: 'RUL-DECK-2',
        message: 'A roster and its side deck may hold at most 10 R cards together; these hold 12',
        say: { key: 'side-r-total', count: 12 },
      },
    ]);
    expect(validateSideDeck(roster, rs.slice(0, 6), pool)).toEqual([]); // 10 exactly
    expect(keys(validateSideDeck(roster, ['test-star', 'test-ace'], pool))).toEqual(['side-sr-total']);
    const leaders = { ...roster, cards: [...roster.cards.slice(0, 28), 'test-sr-leader', 'test-sr-leader'] };
    expect(keys(validateSideDeck(leaders, ['test-sr-leader'], pool))).toContain('side-sr-leader-total');
  });

  it("does not repeat the roster's own problems", () => {
    const over = { ...roster, cards: [...roster.cards.slice(0, 26), 'test-rare', 'test-rare', 'test-rare', 'test-rare-2'] };
    expect(keys(validateRoster(over, pool))).toContain('copies');
    expect(validateSideDeck(over, ['test-filler'], pool)).toEqual([]);
  });
});

describe('validateSwap (PR-22)', () => {
  const side = ['test-filler', 'test-filler', 'test-extra', 'test-rare', 'test-star'];
  const swap = (out: string[], inn: string[]): Swap => ({ out, in: inn });

  it('a legal swap, and what it leaves', () => {
    const s = swap(['test-grunt', 'test-grunt'], ['test-filler', 'test-rare']);
    expect(validateSwap(roster, side, s, pool)).toEqual([]);
    const after = applySwap(roster, side, s);
    expect(after.roster.cards).toHaveLength(30);
    expect(after.roster.cards.filter((c) => c === 'test-grunt')).toHaveLength(1);
    expect(after.roster.cards).toContain('test-rare');
    expect([...after.side].sort()).toEqual(['test-extra', 'test-filler', 'test-grunt', 'test-grunt', 'test-star']);
    expect(validateRoster(after.roster, pool)).toEqual([]);
    // The inputs are untouched.
    expect(roster.cards.filter((c) => c === 'test-grunt')).toHaveLength(3);
    expect(side).toHaveLength(5);
    // Keeping the deck as it is is a legal (empty) swap.
    expect(validateSwap(roster, side, swap([], []), pool)).toEqual([]);
  });

  it('one for one', () => {
    expect(validateSwap(roster, side, swap(['test-grunt'], []), pool)).toEqual([
      { rule: 'PR-22', message: 'A swap exchanges cards one for one: 1 out but 0 in', say: { key: 'swap-uneven', out: 1, in: 0 } },
    ]);
  });

  it('only cards the roster and the side deck hold', () => {
    expect(
      validateSwap(
        roster,
        side,
        swap(['test-grunt', 'test-grunt', 'test-grunt', 'test-grunt'], ['test-filler', 'test-filler', 'test-extra', 'test-rare']),
        pool,
      ),
    ).toEqual([
      { rule: 'PR-22', message: "The roster holds 3 'Test Grunt', so 4 cannot go out", say: { key: 'swap-not-in-roster', name: 'Test Grunt', count: 3 } },
    ]);
    expect(validateSwap(roster, side, swap(['test-grunt', 'test-grunt'], ['test-extra', 'test-extra']), pool)).toEqual([
      { rule: 'PR-22', message: "The side deck holds 1 'Test Extra', so 2 cannot come in", say: { key: 'swap-not-in-side', name: 'Test Extra', count: 1 } },
    ]);
    expect(keys(validateSwap(roster, side, swap(['test-ace'], ['test-filler']), pool))).toEqual(['swap-not-in-roster']);
  });

  it('the same card out and in is refused', () => {
    const s2 = [...side, 'test-grunt'];
    expect(keys(validateSwap(roster, s2, swap(['test-grunt'], ['test-grunt']), pool))).toEqual(['swap-same-card']);
  });

  it("the Centre's last copy stays; another copy of the Centre's card may go", () => {
    // basicRoster has two Test Leader, one of them the Centre.
    expect(validateSwap(roster, side, swap(['test-leader'], ['test-filler']), pool)).toEqual([]);
    expect(validateSwap(roster, side, swap(['test-leader', 'test-leader'], ['test-filler', 'test-filler']), pool)).toEqual([
      { rule: 'PR-22', message: "'Test Leader' is the Centre; it stays in the roster for the whole match", say: { key: 'swap-centre', name: 'Test Leader' } },
    ]);
  });

  it('the roster after the swap must pass every RUL-DECK rule', () => {
    // A side deck holding a rule-breaking card cannot bring it in: here a fourth Test Grunt (C, limit 3).
    const sideWithGrunt = ['test-grunt', 'test-filler'];
    const ps = validateSwap(roster, sideWithGrunt, swap(['test-zap'], ['test-grunt']), pool);
    expect(ps).toContainEqual(expect.objectContaining({ rule: 'RUL-DECK-2', say: expect.objectContaining({ key: 'copies', name: 'Test Grunt', count: 4 }) }));
    // Swapping out both Leaders but the Centre is fine; a roster with only its Centre as Leader still has one.
    expect(validateRoster(applySwap(roster, side, swap(['test-leader'], ['test-extra'])).roster, pool)).toEqual([]);
  });

  it('malformed swaps are refused without throwing', () => {
    expect(keys(validateSwap(roster, side, { out: 'x' } as unknown as Swap, pool))).toEqual(['swap-uneven']);
    expect(keys(validateSwap(roster, side, { out: [1], in: [2] } as unknown as Swap, pool))).toEqual(['swap-uneven']);
  });
});

describe('swapSummary: what the opponent learns', () => {
  it('is a count and nothing else: no card id, no card name', () => {
    const s: Swap = { out: ['test-grunt', 'test-zap', 'test-zap'], in: ['test-filler', 'test-rare', 'test-star'] };
    const summary = swapSummary(s);
    expect(summary).toEqual({ kind: 'side-deck-swap', cards: 3 });
    const text = JSON.stringify(summary);
    for (const id of [...s.out, ...s.in]) {
      expect(text).not.toContain(id);
      expect(text).not.toContain(pool[id]!.name);
    }
    expect(Object.keys(summary).sort()).toEqual(['cards', 'kind']);
    expect(swapSummary({ out: [], in: [] })).toEqual({ kind: 'side-deck-swap', cards: 0 });
  });
});

describe('swaps (property)', () => {
  it('a swap validateSwap accepts leaves a legal roster and side deck, and moves cards without making or losing any', () => {
    const side = ['test-filler', 'test-filler', 'test-extra', 'test-rare', 'test-star', 'test-rare-2'];
    expect(validateSideDeck(roster, side, pool)).toEqual([]);
    const junk = fc.array(fc.constantFrom(...new Set([...roster.cards, ...side, 'test-token', 'nope'])), { maxLength: 4 });
    const outs = fc.oneof(fc.subarray(roster.cards, { maxLength: 4 }), junk);
    const ins = fc.oneof(fc.subarray(side, { maxLength: 4 }), junk);
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(outs, ins, (out, inn) => {
        const swap = { out, in: inn };
        const problems = validateSwap(roster, side, swap, pool);
        if (problems.length > 0) {
          refused++;
          for (const p of problems) expect(p.message.length).toBeGreaterThan(10);
          return;
        }
        accepted++;
        const after = applySwap(roster, side, swap);
        expect(validateRoster(after.roster, pool)).toEqual([]);
        expect(validateSideDeck(after.roster, after.side, pool)).toEqual([]);
        expect(after.roster.centre).toBe(roster.centre);
        expect(after.roster.cards).toContain(roster.centre);
        expect([...after.roster.cards, ...after.side].sort()).toEqual([...roster.cards, ...side].sort());
        expect(swapSummary(swap).cards).toBe(out.length);
      }),
      { seed: 22, numRuns: 2000 },
    );
    // Both branches must be exercised, or the property proves little.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});
