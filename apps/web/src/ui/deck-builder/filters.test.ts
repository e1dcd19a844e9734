/** The gallery's search and filters. */
import { describe, expect, it } from 'vitest';
import { cardList } from '@vroyale/cards';
import { filterCards, filtering, NO_FILTERS } from './filters';

const none = () => '';

describe('the gallery filters', () => {
  it('show every card by cost, rarity, then name when nothing is set', () => {
    const all = filterCards(cardList, NO_FILTERS, none);
    expect(all).toHaveLength(cardList.length);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.cost).toBeLessThanOrEqual(all[i]!.cost);
    expect(filtering(NO_FILTERS)).toBe(false);
  });

  it('filter by type, rarity, cost (6 and more together) and keyword', () => {
    expect(filterCards(cardList, { ...NO_FILTERS, type: 'leader' }, none).every((c) => c.types.includes('leader'))).toBe(true);
    expect(filterCards(cardList, { ...NO_FILTERS, rarity: 'SSR' }, none).map((c) => c.rarity)).toEqual(
      cardList.filter((c) => c.rarity === 'SSR').map(() => 'SSR'),
    );
    expect(filterCards(cardList, { ...NO_FILTERS, cost: '6+' }, none).map((c) => c.id)).toEqual(cardList.filter((c) => c.cost >= 6).map((c) => c.id));
    expect(filterCards(cardList, { ...NO_FILTERS, cost: '2' }, none).every((c) => c.cost === 2)).toBe(true);
    const raid = filterCards(cardList, { ...NO_FILTERS, kw: 'raid' }, none);
    expect(raid.length).toBeGreaterThan(0);
    expect(raid.every((c) => c.keywords?.raid !== undefined)).toBe(true);
    expect(filtering({ ...NO_FILTERS, kw: 'raid' })).toBe(true);
  });

  it('search the name and the words given (rules text), every term, any case and width', () => {
    expect(filterCards(cardList, { ...NO_FILTERS, q: 'rookie FRESH' }, none).map((c) => c.name)).toEqual(['Fresh Debut Rookie']);
    expect(filterCards(cardList, { ...NO_FILTERS, q: 'ｆｒｅｓｈ　ｄｅｂｕｔ' }, none).map((c) => c.name)).toContain('Fresh Debut Rookie');
    const words = (c: { id: string }) => (c.id === 'hot-take' ? 'deal 2 damage to target character' : '');
    expect(filterCards(cardList, { ...NO_FILTERS, q: 'damage target' }, words).map((c) => c.id)).toEqual(['hot-take']);
    expect(filterCards(cardList, { ...NO_FILTERS, q: 'no card says this' }, words)).toEqual([]);
    expect(filtering({ ...NO_FILTERS, q: '  ' })).toBe(false);
  });
});
