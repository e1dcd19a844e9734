/** The card set: every file parses, and together the cards use everything the schema offers. */
import { describe, it, expect } from 'vitest';
import {
  Ability,
  CARD_TYPES,
  Cost,
  CUSTOM_HANDLERS,
  Effect,
  KEYWORDS,
  RARITIES,
  StaticEffect,
  TargetReq,
  Trigger,
  parseCardFile,
  type CardDef,
} from '@vroyale/engine';
import leaders from './data/leaders.json' with { type: 'json' };
import characters from './data/characters.json' with { type: 'json' };
import highlights from './data/highlights.json' with { type: 'json' };
import events from './data/events.json' with { type: 'json' };
import assets from './data/assets.json' with { type: 'json' };
import tokens from './data/tokens.json' with { type: 'json' };
import { cardList, cardPool, getCard, tokenList } from './index.js';
import { poolCoverage, setCounts } from './coverage.js';

// Required lists come from the zod schema itself, so a new primitive cannot slip by without a card.
const EFFECT_KINDS = Effect.options.map((o) => o.shape.kind.value);
const TRIGGER_KINDS = Trigger.options.map((o) => o.shape.on.value);
const ABILITY_KINDS = Ability.options.map((o) => o.shape.kind.value);
const TARGET_KINDS = TargetReq.options.map((o) => o.shape.kind.value);
const STATIC_KINDS = StaticEffect.options.map((o) => o.shape.kind.value);
const COST_KINDS = Object.keys(Cost.shape);
const END_RESULTS = Ability.options.flatMap((o) => (o.shape.kind.value === 'end-condition' && 'result' in o.shape ? o.shape.result.options : []));

const all = Object.values(cardPool);
const cov = poolCoverage(all);

function missing(required: readonly string[], used: Set<string>): string[] {
  return required.filter((k) => !used.has(k));
}

describe('card files', () => {
  const files = { leaders, characters, highlights, events, assets, tokens };
  for (const [name, json] of Object.entries(files))
    it(`data/${name}.json parses against CardFile`, () => {
      expect(parseCardFile(`data/${name}.json`, json).length).toBeGreaterThan(0);
    });

  it('the pool holds at least 82 cards, 80 of them not tokens', () => {
    expect(all.length).toBeGreaterThanOrEqual(82);
    expect(cardList.length).toBeGreaterThanOrEqual(80);
    expect(cardList.every((c) => !c.token)).toBe(true);
    expect(tokenList.every((c) => c.token)).toBe(true);
    expect(cardList.length + tokenList.length).toBe(all.length);
  });

  it('getCard finds cards by id and nothing else', () => {
    expect(getCard('captain-pixelhook')?.name).toBe('Captain Pixelhook');
    expect(getCard('no-such-card')).toBeUndefined();
    expect(getCard('toString')).toBeUndefined();
  });

  it('every card has flavor text', () => {
    expect(all.filter((c) => !c.flavor).map((c) => c.id)).toEqual([]);
  });

  it('names are unique apart from SSR variants (copy limits count by name, RUL-DECK-2)', () => {
    const byName = new Map<string, CardDef[]>();
    for (const c of all) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    const clashes = [...byName.values()].filter(
      (cs) => cs.length > 1 && !cs.every((c) => c.rarity === 'SSR' || cs.some((o) => o.id === c.variantOf || c.id === o.variantOf)),
    );
    expect(clashes.map((cs) => cs.map((c) => c.id))).toEqual([]);
  });
});

describe('coverage of the schema', () => {
  it('every card type', () => expect(missing(CARD_TYPES, cov.types)).toEqual([]));
  it('every rarity', () => expect(missing(RARITIES, cov.rarities)).toEqual([]));
  it('every keyword', () => expect(missing(KEYWORDS, cov.keywords)).toEqual([]));
  it('every effect primitive', () => {
    expect(EFFECT_KINDS.length).toBeGreaterThan(20);
    expect(missing(EFFECT_KINDS, cov.effects)).toEqual([]);
  });
  it('every custom handler', () => expect(missing(Object.keys(CUSTOM_HANDLERS), cov.customHandlers)).toEqual([]));
  it('every trigger kind, and an optional trigger', () => {
    expect(missing(TRIGGER_KINDS, cov.triggers)).toEqual([]);
    expect(cov.optionalTrigger).toBe(true);
  });
  it('every ability kind', () => expect(missing(ABILITY_KINDS, cov.abilities)).toEqual([]));
  it('every activated-ability cost', () => expect(missing(COST_KINDS, cov.costs)).toEqual([]));
  it('every static effect', () => expect(missing(STATIC_KINDS, cov.statics)).toEqual([]));
  it('every target requirement', () => expect(missing(TARGET_KINDS, cov.targets)).toEqual([]));
  it('end conditions that win and that lose', () => {
    expect(END_RESULTS).toEqual(['win', 'lose']);
    expect(missing(END_RESULTS, cov.endResults)).toEqual([]);
  });
  it('a character token and an asset token', () => expect(missing(['character', 'asset'], cov.tokenTypes)).toEqual([]));

  it('a pool without the only cards using a primitive is caught', () => {
    const without = all.filter((c) => !c.abilities.some((a) => 'effects' in a && a.effects.some((e) => e.kind === 'cancel')));
    expect(missing(EFFECT_KINDS, poolCoverage(without).effects)).toEqual(['cancel']);
  });

  it('moderator carries its X', () => {
    expect(all.some((c) => (c.keywords?.moderator ?? 0) >= 2)).toBe(true);
  });
});

describe('the first set: required counts', () => {
  // Counted over roster-legal cards (tokens excluded); lists come from the schema, so a new type, keyword or
  // rarity must reach its count before the suite passes again.
  const counts = setCounts(cardList);

  it('at least 80 non-token cards', () => expect(cardList.length).toBeGreaterThanOrEqual(80));

  for (const t of CARD_TYPES) it(`at least 6 ${t} cards`, () => expect(counts.types[t] ?? 0).toBeGreaterThanOrEqual(6));

  it('every rarity is present', () => {
    for (const r of RARITIES) expect(counts.rarities[r] ?? 0, r).toBeGreaterThan(0);
  });

  it('at least 3 SR cards have SSR variants (RUL-DECK-3)', () => {
    expect(Object.keys(counts.ssrVariants).length).toBeGreaterThanOrEqual(3);
    for (const base of Object.keys(counts.ssrVariants)) expect(cardPool[base]?.rarity, base).toBe('SR');
  });

  for (const k of KEYWORDS) it(`keyword ${k} is printed on at least 3 cards`, () => expect(counts.keywords[k] ?? 0).toBeGreaterThanOrEqual(3));

  it('every effect primitive is used at least once', () => expect(missing(EFFECT_KINDS, poolCoverage(cardList).effects)).toEqual([]));

  it('at least 2 cards carry their own win or loss condition', () => expect(counts.endConditions.length).toBeGreaterThanOrEqual(2));

  it('every commissioned token is defined as a token, and there are at least 2', () => {
    expect(counts.commissioned.size).toBeGreaterThanOrEqual(2);
    for (const id of counts.commissioned) expect(getCard(id)?.token, id).toBe(true);
    // ...and no token sits unused in the pool.
    expect(tokenList.map((t) => t.id).filter((id) => !counts.commissioned.has(id))).toEqual([]);
  });
});

describe('card conventions', () => {
  it('RUL-DECK-3: each SSR is its SR card with the same name and abilities', () => {
    const ssr = all.filter((c) => c.rarity === 'SSR');
    expect(ssr.length).toBeGreaterThan(0);
    for (const c of ssr) {
      const base = cardPool[c.variantOf!]!;
      expect(base.rarity).toBe('SR');
      expect(c.name).toBe(base.name);
      expect(c.abilities).toEqual(base.abilities);
      expect([c.types, c.cost, c.stars, c.atk, c.hp, c.keywords]).toEqual([base.types, base.cost, base.stars, base.atk, base.hp, base.keywords]);
    }
  });

  it('equipping assets: a main-speed activated equip on your own character, and a static on the equipped card', () => {
    const equippers = all.filter((c) => c.abilities.some((a) => a.kind === 'activated' && a.effects.some((e) => e.kind === 'equip')));
    expect(equippers.length).toBeGreaterThan(0);
    for (const c of equippers) {
      expect(c.types).toEqual(['asset']);
      const a = c.abilities.find((x) => x.kind === 'activated')!;
      expect(a.kind === 'activated' && a.speed).toBe('main');
      expect(a.kind === 'activated' && a.targets).toEqual([{ kind: 'character', side: 'you' }]);
      expect(c.abilities.some((x) => x.kind === 'static' && 'what' in x.effect && x.effect.what.ref === 'equipped')).toBe(true);
    }
  });

  it('stars follow rarity, leaders cost 3-5, costs 0-6, ATK and HP 1-7', () => {
    const stars: Record<string, number[]> = { C: [1], U: [1], R: [2], SR: [2, 3], SSR: [2, 3] };
    for (const c of cardList) {
      expect(stars[c.rarity], c.id).toContain(c.stars);
      expect(c.cost, c.id).toBeGreaterThanOrEqual(0);
      expect(c.cost, c.id).toBeLessThanOrEqual(6);
      if (c.types.includes('leader')) expect([3, 4, 5], c.id).toContain(c.cost);
      for (const v of [c.atk, c.hp]) {
        if (v === undefined) continue;
        expect(v, c.id).toBeGreaterThanOrEqual(1);
        expect(v, c.id).toBeLessThanOrEqual(7);
      }
    }
  });

  // A zero-cost repeatable ability would let a player (or a random bot) loop forever within one priority window.
  it('every activated ability has a cost that limits it', () => {
    for (const c of all)
      for (const a of c.abilities)
        if (a.kind === 'activated') expect(a.oncePerTurn || Object.values(a.cost).some((v) => v !== undefined && v !== 0), c.id).toBe(true);
  });
});
