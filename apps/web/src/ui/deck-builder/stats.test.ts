/** The curve and the counts, and the printed limits held to what validateRoster decides. */
import { describe, expect, it } from 'vitest';
import { cardList, cardPool, starterRosters } from '@vroyale/cards';
import { validateRoster, type CardDef } from '@vroyale/engine';
import { costCurve, overLimits, RARITY_LIMITS, rarityCounts, typeCounts } from './stats';

const get = (id: string): CardDef | undefined => cardPool[id];
const ids = (f: (c: CardDef) => boolean) => cardList.filter(f).map((c) => c.id);

describe('the cost curve', () => {
  it('counts every card but one copy of the Centre, by cost and type', () => {
    for (const s of starterRosters) {
      const curve = costCurve(s.cards, s.centre, get);
      expect(curve.map((c) => c.cost)).toEqual(['0', '1', '2', '3', '4', '5', '6+']);
      expect(
        curve.reduce((n, c) => n + c.total, 0),
        s.name,
      ).toBe(29);
      for (const col of curve) expect(col.leader + col.character + col.highlight + col.event + col.asset).toBe(col.total);
      // the same count, done the long way
      const drawn = [...s.cards];
      drawn.splice(drawn.indexOf(s.centre), 1);
      for (const [i, col] of curve.entries())
        expect(col.total, `${s.name} cost ${col.cost}`).toBe(drawn.filter((id) => Math.min(cardPool[id]!.cost, 6) === i).length);
    }
  });

  it('puts cost 6 and more in the last column, and a Leader in its own colour', () => {
    const big = cardList.find((c) => c.cost >= 6)!;
    const curve = costCurve([big.id, big.id, 'captain-pixelhook', 'luma-vireo'], 'captain-pixelhook', get);
    expect(curve[6]!.total).toBe(2);
    expect(curve[cardPool['luma-vireo']!.cost]!.leader).toBe(1);
    expect(curve.reduce((n, c) => n + c.leader, 0)).toBe(1);
  });

  it('is empty for an empty roster, and skips unknown cards', () => {
    expect(costCurve([], '', get).every((c) => c.total === 0)).toBe(true);
    expect(costCurve(['no-such-card'], '', get).every((c) => c.total === 0)).toBe(true);
  });
});

describe('type and rarity counts', () => {
  it('add up to the roster', () => {
    for (const s of starterRosters) {
      const ty = typeCounts(s.cards, get);
      expect(Object.values(ty).reduce((a, b) => a + b, 0)).toBe(s.cards.filter((id) => cardPool[id]).reduce((n, id) => n + cardPool[id]!.types.length, 0));
      expect(ty.leader).toBe(s.cards.filter((id) => cardPool[id]!.types.includes('leader')).length);
      const r = rarityCounts(s.cards, get);
      expect(r.C + r.U + r.R + r.SR + r.srLeader).toBe(30);
    }
  });

  it('count an SSR as its SR card, Leaders apart', () => {
    const r = rarityCounts(['midnight-diva', 'midnight-diva-ssr', 'luma-vireo-ssr', 'luma-vireo'], get);
    expect(r).toMatchObject({ SR: 2, srLeader: 2 });
  });

  it('print the limits validateRoster applies: at the limit no problem, one over a problem', () => {
    // validateRoster reports each rule on its own: a short roster without a Centre still has its totals judged
    const judged = (cards: string[]) => overLimits(validateRoster({ centre: '', cards }, cardPool));
    const distinct = (f: (c: CardDef) => boolean) => [...new Map(ids(f).map((id) => [cardPool[id]!.name, id])).values()];
    const rares = distinct((c) => c.rarity === 'R');
    const srs = distinct((c) => (c.rarity === 'SR' || c.rarity === 'SSR') && !c.types.includes('leader'));
    const srLeaders = distinct((c) => (c.rarity === 'SR' || c.rarity === 'SSR') && c.types.includes('leader'));
    for (const [key, list, limit] of [
      ['R', rares, RARITY_LIMITS.R],
      ['SR', srs, RARITY_LIMITS.SR],
      ['srLeader', srLeaders, RARITY_LIMITS.srLeader],
    ] as const) {
      expect(list.length, key).toBeGreaterThan(limit);
      expect(rarityCounts(list.slice(0, limit), get)[key]).toBe(limit);
      expect(judged(list.slice(0, limit))[key], `${key} at ${limit}`).toBe(false);
      expect(judged(list.slice(0, limit + 1))[key], `${key} at ${limit + 1}`).toBe(true);
    }
  });

  it('agree with validateRoster on random rosters: a count over its printed limit is exactly when the engine objects', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const pool = cardList.filter((c) => !c.token);
    let overSeen = 0;
    for (let i = 0; i < 400; i++) {
      const n = 20 + Math.floor(rand() * 16);
      const cards = Array.from({ length: n }, () => pool[Math.floor(rand() * pool.length)]!.id);
      const centre = cards.find((id) => cardPool[id]!.types.includes('leader')) ?? '';
      const counts = rarityCounts(cards, get);
      const over = overLimits(validateRoster({ centre, cards }, cardPool));
      expect(over.R, `R ${counts.R}`).toBe(counts.R > RARITY_LIMITS.R);
      expect(over.SR, `SR ${counts.SR}`).toBe(counts.SR > RARITY_LIMITS.SR);
      expect(over.srLeader, `SR Leader ${counts.srLeader}`).toBe(counts.srLeader > RARITY_LIMITS.srLeader);
      expect(over.leader).toBe(typeCounts(cards, get).leader === 0);
      if (over.R || over.SR || over.srLeader) overSeen++;
    }
    // the rosters drawn do go over, so the comparison was tried both ways
    expect(overSeen).toBeGreaterThan(20);
    expect(overSeen).toBeLessThan(400);
  });
});
