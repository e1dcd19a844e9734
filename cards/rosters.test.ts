/** The starter and demo rosters are legal, and each construction rule reports its own problem (RUL-DECK-1..4). */
import { describe, it, expect } from 'vitest';
import { validateRoster, type Roster, type RosterProblem } from '@vroyale/engine';
import { cardPool, demoRosters, starterRosters } from './index.js';

const byId = (id: string): Roster => demoRosters.find((r) => r.id === id)!;
const raid = byId('raid-night');
const mod = byId('mod-squad');

function rules(ps: RosterProblem[]): string[] {
  return ps.map((p) => p.rule);
}

/** A demo roster with some cards taken out and others put in, so each test breaks exactly one rule. */
function edit(base: Roster, remove: string[], add: string[]): Roster {
  const cards = [...base.cards];
  for (const id of remove) {
    const i = cards.lastIndexOf(id);
    if (i < 0) throw new Error(`${id} is not in the roster`);
    cards.splice(i, 1);
  }
  return { centre: base.centre, cards: [...cards, ...add] };
}

describe('demo rosters', () => {
  it('there are two, with different Centres', () => {
    expect(demoRosters).toHaveLength(2);
    expect(new Set(demoRosters.map((r) => r.centre)).size).toBe(2);
  });

  for (const r of demoRosters)
    it(`${r.name} passes validateRoster`, () => {
      expect(validateRoster(r, cardPool)).toEqual([]);
    });

  // A roster of mostly expensive cards would sit out the early turns; random playouts would barely fight.
  for (const r of demoRosters)
    it(`${r.name} has at least 10 characters costing 2 or less`, () => {
      const cheap = r.cards.filter((id) => cardPool[id]!.types.includes('character') && cardPool[id]!.cost <= 2);
      expect(cheap.length).toBeGreaterThanOrEqual(10);
    });
});

describe('starter rosters', () => {
  const def = (id: string) => cardPool[id]!;

  it('there are at least 4, with distinct ids, names, Centres and strategies', () => {
    expect(starterRosters.length).toBeGreaterThanOrEqual(4);
    for (const key of ['id', 'name', 'centre', 'strategy'] as const) expect(new Set(starterRosters.map((r) => r[key])).size, key).toBe(starterRosters.length);
  });

  it('the demo rosters are the first two starters, in the demo shape', () => {
    expect(demoRosters.map((r) => r.id)).toEqual(starterRosters.slice(0, 2).map((r) => r.id));
    for (const [i, d] of demoRosters.entries()) {
      const s = starterRosters[i]!;
      expect(d).toEqual({ id: s.id, name: s.name, centre: s.centre, cards: s.cards });
    }
  });

  for (const r of starterRosters) {
    it(`${r.name}: legal (validateRoster returns no problem) with a Leader Centre`, () => {
      expect(validateRoster(r, cardPool)).toEqual([]);
      expect(def(r.centre).types).toContain('leader');
    });

    it(`${r.name}: a one-sentence strategy, also in Japanese (no Latin letters; cards quoted by their Japanese names)`, () => {
      expect(r.strategyJa).not.toMatch(/[A-Za-z]/);
      // A quoted card is named as Japanese shows it, a leader also by its name without its title ("クロノス・クロネコ").
      const names = new Set(Object.values(cardPool).flatMap((c) => [c.nameJa!, c.nameJa!.split(' ').at(-1)!]));
      const quoted = [...r.strategyJa.matchAll(/「([^」]+)」/g)].map((m) => m[1]!);
      expect(quoted.length).toBeGreaterThan(0);
      for (const q of quoted) expect(names, q).toContain(q);
      expect(r.strategyJa.trim().endsWith('。')).toBe(true);
      expect(r.strategy.length).toBeGreaterThan(20);
      expect(r.strategy.trim().endsWith('.')).toBe(true);
      expect(r.strategy.slice(0, -1)).not.toMatch(/[.!?] /);
    });

    // Playable: something to do on the first turns, and not top-heavy.
    it(`${r.name}: a curve (10+ characters costing 2 or less, 15+ cards costing 2 or less, at most 4 costing 5+)`, () => {
      const costs = r.cards.map((id) => def(id).cost);
      expect(r.cards.filter((id) => def(id).types.includes('character') && def(id).cost <= 2).length).toBeGreaterThanOrEqual(10);
      expect(costs.filter((c) => c <= 2).length).toBeGreaterThanOrEqual(15);
      expect(costs.filter((c) => c >= 5).length).toBeLessThanOrEqual(4);
      const avg = costs.reduce((a, b) => a + b, 0) / costs.length;
      expect(avg).toBeGreaterThan(1);
      expect(avg).toBeLessThan(3);
    });
  }
});

describe('broken rosters', () => {
  it('RUL-DECK-1: 31 cards', () => {
    const ps = validateRoster(edit(raid, [], ['raid-party']), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-1']);
    expect(ps[0]!.message).toContain('31');
  });

  it('RUL-DECK-1: 29 cards', () => {
    const ps = validateRoster(edit(raid, ['hot-take'], []), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-1']);
    expect(ps[0]!.message).toContain('29');
  });

  it('RUL-DECK-1: no Leader', () => {
    const noLeaders = edit(raid, ['captain-pixelhook', 'luma-vireo-ssr'], ['superchat-whale', 'rival-streamer']);
    const ps = validateRoster(noLeaders, cardPool);
    expect(rules(ps)).toContain('RUL-DECK-1');
    expect(ps.find((p) => p.rule === 'RUL-DECK-1')!.message).toContain('Leader');
  });

  it('RUL-DECK-2: 4 copies of a C card', () => {
    const ps = validateRoster(edit(raid, ['drama-thread'], ['superchat-surge']), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-2']);
    expect(ps[0]!.message).toContain('Superchat Surge');
    expect(ps[0]!.message).toContain('4 copies');
  });

  it('RUL-DECK-2: 3 copies of a U card', () => {
    const ps = validateRoster(edit(raid, ['hot-take'], ['drama-thread']), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-2']);
    expect(ps[0]!.message).toContain('Drama Thread');
  });

  it('RUL-DECK-2: more than 10 R cards', () => {
    const rares = ['superchat-whale', 'rival-streamer', 'retiring-senpai', 'copyright-strike'].flatMap((id) => [id, id]);
    const ps = validateRoster(
      edit(raid, ['hot-take', 'hot-take', 'fashionably-late', 'superchat-surge', 'superchat-surge', 'superchat-surge', 'chat-regular', 'chat-regular'], rares),
      cardPool,
    );
    expect(rules(ps)).toEqual(['RUL-DECK-2']);
    expect(ps[0]!.message).toContain('10 R');
  });

  it('RUL-DECK-2: two copies of an SR non-leader', () => {
    const ps = validateRoster(edit(raid, ['hot-take'], ['midnight-diva']), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-2', 'RUL-DECK-2']);
    expect(ps.map((p) => p.message).join(' ')).toContain('Midnight Diva');
  });

  it('RUL-DECK-3: an SR card and its SSR variant together', () => {
    const ps = validateRoster(edit(raid, ['hot-take'], ['luma-vireo']), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-3']);
    expect(ps[0]!.message).toContain('Luma Vireo');
  });

  it('RUL-DECK-3: an SSR alone is fine and counts as its SR card', () => {
    expect(raid.cards).toContain('luma-vireo-ssr');
    expect(validateRoster(raid, cardPool)).toEqual([]);
  });

  it('RUL-DECK-4: a token in the roster', () => {
    const ps = validateRoster(edit(mod, ['chat-regular'], ['devoted-viewer']), cardPool);
    expect(rules(ps)).toEqual(['RUL-DECK-4']);
    expect(ps[0]!.message).toContain('Devoted Viewer');
  });

  it('several problems at once are all reported', () => {
    const ps = validateRoster(edit(mod, [], ['chat-regular', 'acrylic-stand']), cardPool);
    expect(new Set(rules(ps))).toEqual(new Set(['RUL-DECK-1', 'RUL-DECK-2', 'RUL-DECK-4']));
  });
});
