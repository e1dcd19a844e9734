/**
 * One sample per schema variant, for the rules-text tests of both languages (rules-text.test.ts and
 * rules-text-ja.test.ts): keyed by the schema's own discriminants, so a new variant fails type checking until it
 * has a sample, and both generators must then word it.
 */
import type { Ability, CardFilter, Condition, Cost, Effect, StaticEffect, TargetReq, Trigger } from './schema.js';

export const T0 = { ref: 'target', index: 0 } as const;
export const DRAW = { kind: 'draw', who: { ref: 'you' }, count: 1 };

export const EFFECT_SAMPLES: Record<Effect['kind'], unknown> = {
  damage: { kind: 'damage', to: T0, amount: 2 },
  'lose-sanity': { kind: 'lose-sanity', who: { ref: 'each' }, amount: 1 },
  'gain-sanity': { kind: 'gain-sanity', who: { ref: 'opponent' }, amount: 1 },
  draw: { kind: 'draw', who: { ref: 'each' }, count: 2 },
  'send-from-roster': { kind: 'send-from-roster', who: { ref: 'each' }, count: 1 },
  graduate: { kind: 'graduate', what: { ref: 'each', side: 'any', filter: { token: true } } },
  'return-to-hand': { kind: 'return-to-hand', what: { ref: 'each', side: 'opponent', filter: { maxAtk: 1 } } },
  recover: { kind: 'recover', what: { ref: 'self' } },
  'modify-stats': { kind: 'modify-stats', what: { ref: 'equipped' }, atk: -2, hp: 3, duration: 'permanent' },
  'grant-keyword': { kind: 'grant-keyword', what: T0, keyword: 'callout', duration: 'permanent' },
  'remove-keyword': { kind: 'remove-keyword', what: T0, keyword: 'ban', duration: 'turn' },
  commission: { kind: 'commission', token: 'devoted-viewer', count: 1 },
  'add-counters': { kind: 'add-counters', what: { ref: 'self' }, counter: 'hype', count: 3 },
  'remove-counters': { kind: 'remove-counters', what: { ref: 'self' }, counter: 'fatigue', count: 1 },
  hiatus: { kind: 'hiatus', what: T0, until: 'permanent' },
  equip: { kind: 'equip', to: T0 },
  'search-roster': { kind: 'search-roster' },
  'look-at-top': { kind: 'look-at-top', count: 3, filter: { types: ['highlight', 'event'], minCost: 1, maxCost: 3 } },
  tilt: { kind: 'tilt', what: T0 },
  untilt: { kind: 'untilt', what: { ref: 'each', side: 'you', filter: { keyword: 'moderator', name: 'Junior Moderator' } } },
  cancel: { kind: 'cancel', what: T0 },
  'win-game': { kind: 'win-game', who: { ref: 'you' } },
  'lose-game': { kind: 'lose-game', who: T0 },
  custom: { kind: 'custom', handler: 'double-counters' },
};
export const TARGET_SAMPLES: Record<TargetReq['kind'], unknown[]> = {
  character: [
    { kind: 'character', side: 'you', filter: { tilted: true } },
    { kind: 'character', side: 'any' },
  ],
  'stage-card': [
    { kind: 'stage-card', side: 'any', filter: { types: ['asset'], token: false } },
    { kind: 'stage-card', side: 'opponent' },
  ],
  manager: [
    { kind: 'manager', side: 'any' },
    { kind: 'manager', side: 'you' },
    { kind: 'manager', side: 'opponent' },
  ],
  'stack-item': [
    { kind: 'stack-item', side: 'any', item: 'ability' },
    { kind: 'stack-item', side: 'you', item: 'highlight' },
  ],
  'graduated-card': [
    { kind: 'graduated-card', side: 'opponent' },
    { kind: 'graduated-card', side: 'any' },
  ],
};
export const TRIGGER_SAMPLES: Record<Trigger['on'], unknown> = {
  debut: { on: 'debut' },
  'start-of-turn': { on: 'start-of-turn', whose: 'each' },
  'end-of-turn': { on: 'end-of-turn', whose: 'opponents' },
  attack: { on: 'attack' },
  block: { on: 'block' },
  graduate: { on: 'graduate' },
  'ally-graduated': { on: 'ally-graduated' },
  'highlight-played': { on: 'highlight-played', whose: 'each' },
};
export const CONDITION_SAMPLES: Record<Condition['kind'], unknown> = {
  sanity: { kind: 'sanity', who: 'you', atLeast: 3, atMost: 9 },
  count: { kind: 'count', zone: 'star-pool', side: 'any', atLeast: 2, atMost: 2 },
  counters: { kind: 'counters', counter: 'sub', atLeast: 2 },
  turn: { kind: 'turn', whose: 'opponents' },
  'turn-order': { kind: 'turn-order', you: 'first' },
  all: {
    kind: 'all',
    of: [
      { kind: 'turn', whose: 'yours' },
      { kind: 'not', of: { kind: 'sanity', who: 'opponent', atMost: 3 } },
    ],
  },
  not: {
    kind: 'not',
    of: {
      kind: 'all',
      of: [
        { kind: 'count', zone: 'hiatus', side: 'you', atLeast: 1 },
        { kind: 'turn-order', you: 'second' },
      ],
    },
  },
};
export const STATIC_SAMPLES: Record<StaticEffect['kind'], unknown> = {
  stats: { kind: 'stats', what: { ref: 'each', side: 'any', filter: { types: ['leader'] } }, hp: -1, perCounter: 'memory' },
  keyword: { kind: 'keyword', what: { ref: 'self' }, keyword: 'clip' },
  'extra-plays': { kind: 'extra-plays', amount: 2 },
};
export const ABILITY_SAMPLES: Record<Ability['kind'], unknown> = {
  play: { kind: 'play', effects: [DRAW] },
  triggered: { kind: 'triggered', trigger: { on: 'debut' }, optional: true, effects: [DRAW, { kind: 'untilt', what: { ref: 'self' } }] },
  activated: { kind: 'activated', cost: { tilt: true }, speed: 'any', oncePerTurn: true, condition: { kind: 'turn', whose: 'yours' }, effects: [DRAW] },
  static: { kind: 'static', condition: { kind: 'sanity', who: 'you', atLeast: 15 }, effect: { kind: 'extra-plays', amount: 1 } },
  'end-condition': { kind: 'end-condition', result: 'lose', condition: { kind: 'sanity', who: 'you', atMost: 1 } },
};
/** One sample per cost field and per filter field: each must change the wording. */
export const COST_SAMPLES: Record<keyof Cost, unknown> = {
  stars: 3,
  tilt: true,
  graduate: { token: true },
  discard: 1,
  removeCounters: { counter: 'hype', count: 1 },
};
export const FILTER_SAMPLES: Record<keyof CardFilter, unknown> = {
  types: ['event'],
  nonLeader: true,
  tilted: false,
  keyword: 'clout',
  maxCost: 2,
  minCost: 1,
  maxAtk: 3,
  name: 'Chat Regular',
  token: true,
  other: true,
};
