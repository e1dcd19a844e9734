/** Rules text is generated from card data: exact wording for each kind of ability, and every schema variant renders. */
import { describe, it, expect } from 'vitest';
import { Ability, CardDef, CardFilter, Cost, Effect, StaticEffect, TargetReq, Trigger, Zone, type CardDef as Def } from './schema.js';
import { NO_ABILITIES, rulesText } from './rules-text.js';
import { CUSTOM_HANDLERS } from '../effects/custom-handlers.js';
import {
  ABILITY_SAMPLES,
  COST_SAMPLES,
  CONDITION_SAMPLES,
  FILTER_SAMPLES,
  EFFECT_SAMPLES,
  STATIC_SAMPLES,
  T0,
  TARGET_SAMPLES,
  TRIGGER_SAMPLES,
} from './schema-samples.js';

/** A card from partial data, through the real schema (so the fixtures can never be invalid). */
function card(partial: Record<string, unknown>): Def {
  const base = { id: 'test-card', name: 'Test Card', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 1, hp: 1 };
  return CardDef.parse({ ...base, ...partial });
}

function fighter(abilities: unknown[], keywords?: Record<string, unknown>): Def {
  return card({ abilities, ...(keywords ? { keywords } : {}) });
}

function highlight(effects: unknown[], targets?: unknown[]): Def {
  return card({ types: ['highlight'], atk: undefined, hp: undefined, abilities: [{ kind: 'play', ...(targets ? { targets } : {}), effects }] });
}

const viewer = card({ id: 'devoted-viewer', name: 'Devoted Viewer', token: true, cost: 0, stars: 0 });
const lookup = (id: string): Def | undefined => (id === viewer.id ? viewer : undefined);

function assertClean(lines: string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) {
    expect(l.trim().length).toBeGreaterThan(0);
    expect(l).not.toMatch(/undefined|\[object|NaN|null/);
  }
}

describe('rulesText: exact wording', () => {
  it('keywords share one line, in schema order, Moderator with its X', () => {
    expect(rulesText(fighter([], { moderator: 2, ban: true }))).toEqual(['Ban, Moderator 2']);
    expect(rulesText(fighter([], { clout: true }))).toEqual(['Clout']);
  });

  it('a vanilla card says so', () => expect(rulesText(fighter([]))).toEqual([NO_ABILITIES]));

  it('Debut: Draw 1 card.', () => {
    expect(rulesText(fighter([{ kind: 'triggered', trigger: { on: 'debut' }, effects: [{ kind: 'draw', who: { ref: 'you' }, count: 1 }] }]))).toEqual([
      'Debut: Draw 1 card.',
    ]);
  });

  it('Tilt, 2 stars: Deal 2 damage to target opposing character.', () => {
    const c = fighter([
      {
        kind: 'activated',
        cost: { stars: 2, tilt: true },
        targets: [{ kind: 'character', side: 'opponent' }],
        effects: [{ kind: 'damage', to: T0, amount: 2 }],
      },
    ]);
    expect(rulesText(c)).toEqual(['Tilt, 2 stars: Deal 2 damage to target opposing character.']);
  });

  it('Your other characters get +1 ATK.', () => {
    const c = fighter([
      { kind: 'static', effect: { kind: 'stats', what: { ref: 'each', side: 'you', filter: { types: ['character'], other: true } }, atk: 1 } },
    ]);
    expect(rulesText(c)).toEqual(['Your other characters get +1 ATK.']);
  });

  it('You win the match if you have 10 or more cards in your Graduation Zone.', () => {
    const c = card({
      types: ['event'],
      atk: undefined,
      hp: undefined,
      abilities: [{ kind: 'end-condition', result: 'win', condition: { kind: 'count', zone: 'graduation', side: 'you', atLeast: 10 } }],
    });
    expect(rulesText(c)).toEqual(['You win the match if you have 10 or more cards in your Graduation Zone.']);
  });

  it('a second mention of the same target is "that character"; of the card itself, "it"', () => {
    const pump = highlight(
      [
        { kind: 'grant-keyword', what: T0, keyword: 'raid', duration: 'turn' },
        { kind: 'modify-stats', what: T0, atk: 1, duration: 'turn' },
      ],
      [{ kind: 'character', side: 'you' }],
    );
    expect(rulesText(pump)).toEqual(['Target character you control gains Raid until end of turn. That character gets +1 ATK until end of turn.']);
    const blocker = fighter([
      { kind: 'triggered', trigger: { on: 'block' }, effects: [{ kind: 'modify-stats', what: { ref: 'self' }, atk: 1, hp: 1, duration: 'turn' }] },
    ]);
    expect(rulesText(blocker)).toEqual(['When this character blocks, it gets +1 ATK and +1 HP until end of turn.']);
  });

  it('optional triggers, trigger conditions and effect conditions', () => {
    const c = fighter([
      {
        kind: 'triggered',
        trigger: { on: 'ally-graduated', filter: { nonLeader: true } },
        optional: true,
        effects: [
          { kind: 'draw', who: { ref: 'you' }, count: 1 },
          { kind: 'lose-sanity', who: { ref: 'you' }, amount: 1 },
        ],
      },
      {
        kind: 'triggered',
        trigger: { on: 'start-of-turn', whose: 'yours' },
        condition: { kind: 'sanity', who: 'opponent', atMost: 5 },
        effects: [{ kind: 'lose-game', who: { ref: 'opponent' }, if: { kind: 'count', zone: 'hand', side: 'opponent', atMost: 0 } }],
      },
    ]);
    expect(rulesText(c)).toEqual([
      'Whenever another of your non-leader characters graduates, you may draw 1 card. If you do, lose 1 sanity.',
      'At the start of your turn, if your opponent has 5 or less sanity and your opponent has no cards in their hand, your opponent loses the match.',
    ]);
  });

  it('commissioned tokens are named through the lookup, or by id without one', () => {
    const c = fighter([{ kind: 'triggered', trigger: { on: 'graduate' }, effects: [{ kind: 'commission', token: 'devoted-viewer', count: 2 }] }]);
    expect(rulesText(c, lookup)).toEqual(['When this character graduates, commission 2 Devoted Viewer tokens (characters with 1 ATK and 1 HP).']);
    expect(rulesText(c)).toEqual(['When this character graduates, commission 2 devoted-viewer tokens.']);
  });

  it('equipping assets and static conditions', () => {
    const chair = card({
      types: ['asset'],
      atk: undefined,
      hp: undefined,
      abilities: [
        { kind: 'activated', cost: { stars: 1 }, speed: 'main', targets: [{ kind: 'character', side: 'you' }], effects: [{ kind: 'equip', to: T0 }] },
        { kind: 'static', condition: { kind: 'turn', whose: 'opponents' }, effect: { kind: 'stats', what: { ref: 'equipped' }, hp: 2 } },
        { kind: 'static', effect: { kind: 'keyword', what: { ref: 'equipped' }, keyword: 'moderator', x: 2 } },
      ],
    });
    expect(rulesText(chair)).toEqual([
      '1 star: Equip this asset to target character you control. Activate only during your Main Step.',
      "During your opponent's turn, the equipped character gets +2 HP.",
      'The equipped character has Moderator 2.',
    ]);
  });

  it('costs: graduate, discard, counters; once per turn and conditions', () => {
    const e = card({
      types: ['event'],
      atk: undefined,
      hp: undefined,
      abilities: [
        { kind: 'activated', cost: { graduate: { types: ['character'], nonLeader: true } }, effects: [{ kind: 'draw', who: { ref: 'you' }, count: 2 }] },
        {
          kind: 'activated',
          cost: { discard: 2, removeCounters: { counter: 'sub', count: 2 } },
          oncePerTurn: true,
          effects: [{ kind: 'gain-sanity', who: { ref: 'you' }, amount: 3 }],
        },
        { kind: 'activated', cost: {}, oncePerTurn: true, condition: { kind: 'turn', whose: 'yours' }, effects: [{ kind: 'untilt', what: { ref: 'self' } }] },
      ],
    });
    expect(rulesText(e)).toEqual([
      'Graduate a non-leader character you control: Draw 2 cards.',
      'Discard 2 cards, Remove 2 sub counters from this event: Gain 3 sanity. Activate only once per turn.',
      'No cost: Untilt this event. Activate only once per turn and if it is your turn.',
    ]);
  });

  it('highlights: cancel, hiatus, recover, search, counters, custom', () => {
    expect(rulesText(highlight([{ kind: 'cancel', what: T0 }], [{ kind: 'stack-item', side: 'opponent', item: 'any' }]))).toEqual([
      'Cancel target highlight or ability your opponent controls.',
    ]);
    expect(
      rulesText(highlight([{ kind: 'hiatus', what: T0, until: 'owner-next-turn' }], [{ kind: 'character', side: 'any', filter: { nonLeader: true } }])),
    ).toEqual(["Put target non-leader character on Hiatus until its owner's next turn."]);
    expect(
      rulesText(highlight([{ kind: 'recover', what: T0 }], [{ kind: 'graduated-card', side: 'you', filter: { types: ['character'], nonLeader: true } }])),
    ).toEqual(["Return target non-leader character in your Graduation Zone to its owner's hand."]);
    expect(rulesText(highlight([{ kind: 'search-roster', filter: { types: ['asset'] } }]))).toEqual([
      'Search your roster for an asset and put it into your hand, then shuffle your roster.',
    ]);
    expect(rulesText(highlight([{ kind: 'tilt', what: { ref: 'each', side: 'opponent', filter: { types: ['character'], tilted: false } } }]))).toEqual([
      'Tilt each opposing untilted character.',
    ]);
    expect(rulesText(highlight([{ kind: 'custom', handler: 'swap-atk-hp', what: T0 }], [{ kind: 'character', side: 'any' }]))).toEqual([
      'Swap the ATK and HP of target character until end of turn.',
    ]);
    expect(rulesText(highlight([{ kind: 'send-from-roster', who: { ref: 'opponent' }, count: 3 }]))).toEqual([
      'Your opponent sends the top 3 cards of their roster to their Graduation Zone.',
    ]);
  });

  it('static auras and extra plays', () => {
    const c = fighter([
      {
        kind: 'static',
        effect: { kind: 'keyword', what: { ref: 'each', side: 'you', filter: { types: ['character'], nonLeader: true, maxCost: 2 } }, keyword: 'raid' },
      },
      { kind: 'static', effect: { kind: 'stats', what: { ref: 'self' }, atk: 1, perCounter: 'hype' } },
      { kind: 'static', effect: { kind: 'extra-plays', amount: 1 } },
      { kind: 'static', condition: { kind: 'sanity', who: 'you', atLeast: 15 }, effect: { kind: 'stats', what: { ref: 'each', side: 'opponent' }, atk: -1 } },
    ]);
    expect(rulesText(c)).toEqual([
      'Your non-leader characters costing 2 or less have Raid.',
      'This character gets +1 ATK for each hype counter on it.',
      'You may play 1 additional card each Main Phase.',
      'As long as you have 15 or more sanity, opposing characters get -1 ATK.',
    ]);
  });
});

describe('rulesText: every schema variant renders', () => {
  function kinds(options: readonly { shape: object }[], key: string): string[] {
    return options.map((o) => (o.shape as Record<string, { value: string }>)[key]!.value);
  }

  it('the sample tables list every variant the schema has', () => {
    expect(Object.keys(EFFECT_SAMPLES).sort()).toEqual(kinds(Effect.options, 'kind').sort());
    expect(Object.keys(TARGET_SAMPLES).sort()).toEqual(kinds(TargetReq.options, 'kind').sort());
    expect(Object.keys(TRIGGER_SAMPLES).sort()).toEqual(kinds(Trigger.options, 'on').sort());
    expect(Object.keys(STATIC_SAMPLES).sort()).toEqual(kinds(StaticEffect.options, 'kind').sort());
    expect(Object.keys(ABILITY_SAMPLES).sort()).toEqual(kinds(Ability.options, 'kind').sort());
  });

  it('every effect, in a highlight with one target of each kind', () => {
    for (const [kind, e] of Object.entries(EFFECT_SAMPLES)) {
      const targets =
        kind === 'cancel' ? [TARGET_SAMPLES['stack-item'][0]] : kind === 'lose-game' ? [TARGET_SAMPLES.manager[0]] : [{ kind: 'character', side: 'opponent' }];
      const lines = rulesText(highlight([e], targets), lookup);
      assertClean(lines);
      expect(lines[0], kind).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('every target requirement', () => {
    for (const t of Object.values(TARGET_SAMPLES).flat()) {
      const lines = rulesText(highlight([{ kind: 'tilt', what: T0 }], [t]));
      assertClean(lines);
      expect(lines[0]).toMatch(/target|you/i);
    }
  });

  it('every trigger, condition, static effect and ability kind', () => {
    for (const trigger of Object.values(TRIGGER_SAMPLES))
      assertClean(rulesText(fighter([{ kind: 'triggered', trigger, effects: [{ kind: 'draw', who: { ref: 'you' }, count: 1 }] }])));
    for (const condition of Object.values(CONDITION_SAMPLES)) {
      const lines = rulesText(fighter([{ kind: 'end-condition', result: 'win', condition }]));
      assertClean(lines);
      expect(lines[0]).toMatch(/^You win the match if .+\.$/);
    }
    for (const effect of Object.values(STATIC_SAMPLES)) assertClean(rulesText(fighter([{ kind: 'static', effect }])));
    for (const a of Object.values(ABILITY_SAMPLES))
      assertClean(rulesText(a === ABILITY_SAMPLES.play ? highlight([{ kind: 'draw', who: { ref: 'you' }, count: 1 }]) : fighter([a])));
  });

  it('every cost field and every filter field has wording', () => {
    const costs = COST_SAMPLES;
    expect(Object.keys(costs).sort()).toEqual(Object.keys(Cost.shape).sort());
    for (const [k, v] of Object.entries(costs)) {
      const lines = rulesText(fighter([{ kind: 'activated', cost: { [k]: v }, effects: [{ kind: 'draw', who: { ref: 'you' }, count: 1 }] }]));
      assertClean(lines);
      expect(lines[0]).not.toMatch(/^No cost/);
    }
    const filters = FILTER_SAMPLES;
    expect(Object.keys(filters).sort()).toEqual(Object.keys(CardFilter.shape).sort());
    for (const [k, v] of Object.entries(filters)) {
      const lines = rulesText(highlight([{ kind: 'graduate', what: T0 }], [{ kind: 'stage-card', side: 'any', filter: { [k]: v } }]));
      assertClean(lines);
      expect(lines[0], k).not.toBe('Graduate target card on stage.');
    }
  });

  it('every zone reads in a count condition', () => {
    for (const zone of Zone.options)
      for (const side of ['you', 'opponent', 'any'] as const) {
        const [line] = rulesText(fighter([{ kind: 'end-condition', result: 'lose', condition: { kind: 'count', zone, side, atLeast: 4 } }]));
        expect(line).toMatch(/^You lose the match if .* 4 or more cards .+\.$/);
      }
  });

  it('every custom handler has its own wording', () => {
    for (const handler of Object.keys(CUSTOM_HANDLERS)) {
      const [line] = rulesText(highlight([{ kind: 'custom', handler, what: T0 }], [{ kind: 'stage-card', side: 'you' }]));
      expect(line, handler).not.toContain('apply the');
    }
  });
});
