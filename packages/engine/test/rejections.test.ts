/**
 * Rejections at the door. Every action here must come back `ok: false` with one specific code, leave the
 * input state untouched (same hashState, deep-equal to a copy taken before), be rejected the same way by
 * `stepInPlace` (the bots' door, which must not touch the state on a rejection either) and not be listed by
 * `legalActions`. Positions come from real play (createGame, mulligans, turn order) and are then arranged
 * with `put`, which moves a roster card to a zone under a fresh id the way zones/move.ts does.
 */
import { describe, expect, it } from 'vitest';
import {
  CardDef,
  cloneState,
  createGame,
  hashState,
  legalActions,
  other,
  parseAction,
  permits,
  step,
  stepInPlace,
  type Action,
  type ActionInput,
  type GameState,
  type ManagerId,
  type RejectCode,
  type Rejection,
} from '../src/index.js';
import { basicPool, basicRoster } from './fixtures/basic-pool.js';

// Extra test cards for ability costs and choices the basic pool does not have.
const EXTRA: Record<string, CardDef> = Object.fromEntries(
  [
    {
      id: 'rej-maybe',
      name: 'Rej Maybe',
      types: ['character'],
      rarity: 'C',
      cost: 0,
      stars: 1,
      atk: 1,
      hp: 1,
      abilities: [{ kind: 'triggered', trigger: { on: 'debut' }, optional: true, effects: [{ kind: 'draw', who: { ref: 'you' }, count: 1 }] }],
    },
    {
      id: 'rej-once',
      name: 'Rej Once',
      types: ['character'],
      rarity: 'C',
      cost: 1,
      stars: 1,
      atk: 1,
      hp: 2,
      abilities: [{ kind: 'activated', cost: {}, oncePerTurn: true, effects: [{ kind: 'gain-sanity', who: { ref: 'you' }, amount: 1 }] }],
    },
    {
      id: 'rej-tapper',
      name: 'Rej Tapper',
      types: ['character'],
      rarity: 'C',
      cost: 1,
      stars: 1,
      atk: 1,
      hp: 2,
      abilities: [{ kind: 'activated', cost: { tilt: true }, effects: [{ kind: 'gain-sanity', who: { ref: 'you' }, amount: 1 }] }],
    },
    {
      id: 'rej-desperate',
      name: 'Rej Desperate',
      types: ['character'],
      rarity: 'C',
      cost: 1,
      stars: 1,
      atk: 1,
      hp: 2,
      abilities: [
        {
          kind: 'activated',
          cost: {},
          condition: { kind: 'sanity', who: 'you', atMost: 5 },
          effects: [{ kind: 'gain-sanity', who: { ref: 'you' }, amount: 1 }],
        },
      ],
    },
    {
      id: 'rej-discarder',
      name: 'Rej Discarder',
      types: ['character'],
      rarity: 'C',
      cost: 1,
      stars: 1,
      atk: 1,
      hp: 2,
      abilities: [{ kind: 'activated', cost: { discard: 1 }, effects: [{ kind: 'draw', who: { ref: 'you' }, count: 1 }] }],
    },
    {
      id: 'rej-sacrificer',
      name: 'Rej Sacrificer',
      types: ['character'],
      rarity: 'C',
      cost: 1,
      stars: 1,
      atk: 1,
      hp: 2,
      abilities: [
        {
          kind: 'activated',
          cost: { graduate: { types: ['character'], nonLeader: true } },
          effects: [{ kind: 'gain-sanity', who: { ref: 'you' }, amount: 2 }],
        },
      ],
    },
  ].map((r) => {
    const d = CardDef.parse(r);
    return [d.id, d];
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Positions

function newGame(seed = 'rejections'): GameState {
  const r = createGame({ seed, pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() } });
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

function ok(s: GameState, a: ActionInput): GameState {
  const r = step(s, a);
  if (!r.ok) throw new Error(`setup action ${JSON.stringify(a)} rejected: ${r.code}: ${r.message}`);
  return r.state;
}

/** Both managers kept; the coin-flip winner is to choose the turn order. */
function orderPending(seed = 'rejections'): GameState {
  let s = newGame(seed);
  s = ok(s, { type: 'mulligan', manager: 'A', redraw: false });
  return ok(s, { type: 'mulligan', manager: 'B', redraw: false });
}

/** Turn 1, the coin-flip winner goes first: their Resource Step, with priority. */
function firstTurn(seed = 'rejections'): GameState {
  let s = orderPending(seed);
  const first = s.pending!.manager;
  s = ok(s, { type: 'choose-order', manager: first, goFirst: true });
  // The Starting Phase's window after the draw (RUL-STACK-5): both pass.
  s = ok(s, { type: 'pass', manager: first });
  s = ok(s, { type: 'pass', manager: other(first) });
  expect(s.phase).toBe('resource');
  return s;
}

/** The active manager holds priority with an empty stack: both pass in succession, ending the window. */
function bothPass(s: GameState): GameState {
  const a = s.active;
  s = ok(s, { type: 'pass', manager: a });
  return ok(s, { type: 'pass', manager: other(a) });
}

/** From the active manager's Resource Step with priority: both pass into the Main Step (RUL-STACK-5). */
function passResource(s: GameState): GameState {
  s = bothPass(s);
  expect(s.phase).toBe('main');
  return s;
}

type Zone = 'hand' | 'main' | 'centre' | 'starPool' | 'graduation';
const LOCATION = { hand: 'hand', main: 'main', centre: 'centre', starPool: 'star-pool', graduation: 'graduation' } as const;

/** Moves a card from m's roster to `zone` as `def`, under a fresh id (as zones/move.ts does). */
function put(s: GameState, m: ManagerId, def: string, zone: Zone, o: { tilted?: boolean; enteredTurn?: number } = {}): string {
  const ms = s.managers[m];
  const old = ms.roster.pop();
  if (!old) throw new Error('roster empty');
  const c = s.cards[old]!;
  delete s.cards[old];
  const id = 'c' + (s.nextId++).toString(36);
  s.defs[def] ??= EXTRA[def] ?? basicPool[def]!;
  Object.assign(c, { id, def, zone: LOCATION[zone], tilted: !!o.tilted, enteredTurn: o.enteredTurn ?? 0 });
  s.cards[id] = c;
  ms[zone].push(id);
  return id;
}

/** Empties m's hand into the roster, then gives m exactly these cards. Returns their ids. */
function setHand(s: GameState, m: ManagerId, defs: string[]): string[] {
  const ms = s.managers[m];
  for (const id of ms.hand) s.cards[id]!.zone = 'roster';
  ms.roster.push(...ms.hand);
  ms.hand = [];
  return defs.map((d) => put(s, m, d, 'hand'));
}

interface Table {
  s: GameState;
  /** The active manager (first player) and the other one. */
  a: ManagerId;
  b: ManagerId;
  ids: Record<string, string>;
}

/**
 * The active manager's Main Step on a given turn (default 3, so cards put on stage at turn 0 have no Debut
 * Burnout and combat can happen), after `arrange` has placed cards. `arrange` returns named ids.
 */
function mainStep(arrange: (s: GameState, a: ManagerId, b: ManagerId) => Record<string, string> = () => ({}), turn = 3): Table {
  const s0 = firstTurn();
  const a = s0.active;
  const b = other(a);
  const ids = arrange(s0, a, b);
  s0.turn = turn;
  const s = passResource(cloneState(s0));
  return { s, a, b, ids };
}

/** From a Main Step: both pass into the Combat Phase (attackers being declared). */
function toCombat(t: Table): Table {
  let s = ok(t.s, { type: 'pass', manager: t.a });
  s = ok(s, { type: 'pass', manager: t.b });
  expect(s.phase).toBe('combat-attack');
  return { ...t, s };
}

const declareAttackers = (manager: ManagerId, attackers: string[]): Action => ({ type: 'declare-attackers', manager, attackers });
const declareBlocks = (manager: ManagerId, blocks: [string, string][]): Action => ({
  type: 'declare-blocks',
  manager,
  blocks: blocks.map(([blocker, attacker]) => ({ blocker, attacker })),
});

/** Declares these attackers and both pass the response window: blocks are being declared. */
function toBlocks(t: Table, attackers: string[]): Table {
  let s = t.s;
  s = ok(s, declareAttackers(t.a, attackers));
  s = ok(s, { type: 'pass', manager: t.a });
  s = ok(s, { type: 'pass', manager: t.b });
  expect(s.phase).toBe('combat-block');
  return { ...t, s };
}

// ---------------------------------------------------------------------------------------------------------
// The assertion

function expectRejected(s: GameState, input: unknown, code: RejectCode): Rejection {
  const copy = structuredClone(s);
  const h = hashState(s);
  const r = step(s, input);
  expect(r.ok, `expected ${code}`).toBe(false);
  if (r.ok) throw new Error(`expected ${code}, accepted`);
  expect(r.code, r.message).toBe(code);
  expect(r.message.length).toBeGreaterThan(0);
  expect(r.message.length).toBeLessThan(2000); // a huge input is not echoed back whole
  expect(hashState(s)).toBe(h);
  expect(s).toEqual(copy);
  const parsed = parseAction(input);
  if (!parsed.ok) return r;
  // Not listed, and the in-place door agrees without touching the state.
  expect(permits(legalActions(s, parsed.action.manager), parsed.action)).toBe(false);
  const r2 = stepInPlace(s, parsed.action);
  expect(r2.ok).toBe(false);
  if (!r2.ok) expect(r2.code).toBe(code);
  expect(hashState(s)).toBe(h);
  return r;
}

// ---------------------------------------------------------------------------------------------------------

describe('malformed actions are rejected as malformed', () => {
  const s = newGame();
  const deep: unknown[] = [];
  let cur = deep;
  for (let i = 0; i < 2000; i++) {
    const next: unknown[] = [];
    cur.push(next);
    cur = next;
  }
  const cyclic: Record<string, unknown> = { type: 'pass', manager: 'A' };
  cyclic.self = cyclic;
  const cases: [string, unknown][] = [
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'pass'],
    ['an array', [{ type: 'pass', manager: 'A' }]],
    ['a boolean', true],
    ['an empty object', {}],
    ['a missing type', { manager: 'A' }],
    ['a missing manager', { type: 'pass' }],
    ['a missing card', { type: 'play', manager: 'A' }],
    ['a missing redraw', { type: 'mulligan', manager: 'A' }],
    ['an unknown type', { type: 'cheat', manager: 'A' }],
    ['a type in the wrong case', { type: 'PASS', manager: 'A' }],
    ['an unknown manager', { type: 'pass', manager: 'C' }],
    ['a lower-case manager', { type: 'pass', manager: 'a' }],
    ['the spectator as manager', { type: 'pass', manager: 'spectator' }],
    ['an extra field', { type: 'pass', manager: 'A', sneaky: 1 }],
    ['an extra field on a mulligan', { type: 'mulligan', manager: 'A', redraw: false, also: true }],
    ['a __proto__ key', JSON.parse('{"type":"pass","manager":"A","__proto__":{"admin":true}}')],
    ['a cyclic object', cyclic],
    ['a string boolean', { type: 'mulligan', manager: 'A', redraw: 'yes' }],
    ['a number boolean', { type: 'choose-order', manager: 'A', goFirst: 1 }],
    ['a numeric card id', { type: 'place-star', manager: 'A', card: 12 }],
    ['an empty card id', { type: 'place-star', manager: 'A', card: '' }],
    ['a fractional option', { type: 'choose', manager: 'A', option: 1.5 }],
    ['a negative option', { type: 'choose', manager: 'A', option: -1 }],
    ['a string option', { type: 'choose', manager: 'A', option: '1' }],
    ['a NaN option', { type: 'choose', manager: 'A', option: Number.NaN }],
    ['an infinite option', { type: 'choose', manager: 'A', option: Number.POSITIVE_INFINITY }],
    ['an out-of-range ability', { type: 'activate', manager: 'A', card: 'c1', ability: 16 }],
    ['targets not an array', { type: 'play', manager: 'A', card: 'c1', targets: 'c2' }],
    ['too many targets', { type: 'play', manager: 'A', card: 'c1', targets: ['c2', 'c3', 'c4', 'c5', 'c6'] }],
    ['a numeric target', { type: 'play', manager: 'A', card: 'c1', targets: [7] }],
    ['nested targets', { type: 'play', manager: 'A', card: 'c1', targets: [['c2']] }],
    ['deeply nested targets', { type: 'play', manager: 'A', card: 'c1', targets: deep }],
    ['cost cards of the wrong type', { type: 'activate', manager: 'A', card: 'c1', ability: 0, costCards: [1] }],
    ['a block without attacker', { type: 'declare-blocks', manager: 'A', blocks: [{ blocker: 'c1' }] }],
    ['attackers not an array', { type: 'declare-attackers', manager: 'A', attackers: 'c1' }],
    ['too many attackers', { type: 'declare-attackers', manager: 'A', attackers: Array(41).fill('c1') }],
    ['a block with an extra field', { type: 'declare-blocks', manager: 'A', blocks: [{ blocker: 'c1', attacker: 'c2', x: 1 }] }],
    ['a huge card id', { type: 'play', manager: 'A', card: 'x'.repeat(1_000_000) }],
    ['a huge type', { type: 't'.repeat(1_000_000), manager: 'A' }],
    ['a huge manager', { type: 'pass', manager: 'A'.repeat(1_000_000) }],
    ['a huge target list', { type: 'play', manager: 'A', card: 'c1', targets: Array(100_000).fill('c2') }],
  ];
  it.each(cases)('malformed: %s', (_name, input) => void expectRejected(s, input, 'malformed'));

  // zod lets an exception from a getter (or a Proxy trap) escape; the door must still reject, not throw.
  it('an object whose getter throws is rejected, not thrown', () => {
    const evil = {
      manager: 'A',
      get type(): string {
        throw new Error('boom');
      },
    };
    let r: ReturnType<typeof step> | undefined;
    expect(() => (r = step(s, evil))).not.toThrow();
    expect(r?.ok).toBe(false);
  });
});

describe('out-of-turn actions', () => {
  it('RUL-STACK-1: a manager without priority cannot pass', () => {
    const t = mainStep();
    expectRejected(t.s, { type: 'pass', manager: t.b }, 'out-of-turn');
  });

  it('RUL-STACK-1: a manager without priority cannot play a highlight', () => {
    const t = mainStep((s, _a, b) => {
      put(s, b, 'test-grunt', 'starPool');
      return { zap: setHand(s, b, ['test-zap'])[0]!, target: put(s, b, 'test-grunt', 'main') };
    });
    expectRejected(t.s, { type: 'play', manager: t.b, card: t.ids.zap!, targets: [t.ids.target!] }, 'out-of-turn');
  });

  it('RUL-STACK-1: a manager without priority cannot activate an ability or tilt a star card', () => {
    const t = mainStep((s, _a, b) => ({ once: put(s, b, 'rej-once', 'main'), star: put(s, b, 'test-grunt', 'starPool') }));
    expectRejected(t.s, { type: 'activate', manager: t.b, card: t.ids.once!, ability: 0 }, 'out-of-turn');
    expectRejected(t.s, { type: 'tilt-star', manager: t.b, card: t.ids.star! }, 'out-of-turn');
  });

  it('RUL-STACK-1: after playing a highlight the player no longer has priority', () => {
    const t = mainStep((s, a) => {
      put(s, a, 'test-grunt', 'starPool');
      return { zap: setHand(s, a, ['test-zap'])[0]!, target: put(s, a, 'test-grunt', 'main') };
    });
    const s = ok(t.s, { type: 'play', manager: t.a, card: t.ids.zap!, targets: [t.ids.target!] });
    expect(s.priority).toBe(t.b);
    expectRejected(s, { type: 'pass', manager: t.a }, 'out-of-turn');
  });

  it('RUL-COMBAT-1: only the active manager declares attackers', () => {
    const t = toCombat(mainStep((s, a, b) => ({ att: put(s, a, 'test-grunt', 'main'), mine: put(s, b, 'test-grunt', 'main') })));
    expectRejected(t.s, declareAttackers(t.b, [t.ids.mine!]), 'out-of-turn');
    expectRejected(t.s, declareAttackers(t.b, []), 'out-of-turn');
  });

  it('RUL-COMBAT-2: only the defending manager declares blockers', () => {
    const t0 = toCombat(
      mainStep((s, a, b) => ({ att: put(s, a, 'test-grunt', 'main'), home: put(s, a, 'test-grunt', 'main'), def: put(s, b, 'test-grunt', 'main') })),
    );
    const t = toBlocks(t0, [t0.ids.att!]);
    expectRejected(t.s, declareBlocks(t.a, [[t.ids.home!, t.ids.att!]]), 'out-of-turn');
    expectRejected(t.s, declareBlocks(t.a, []), 'out-of-turn');
    // Nobody holds priority while blockers are declared.
    expectRejected(t.s, { type: 'pass', manager: t.a }, 'wrong-phase');
    expectRejected(t.s, { type: 'pass', manager: t.b }, 'wrong-phase');
  });

  it('RUL-SETUP-2: a manager cannot mulligan twice', () => {
    const s = ok(newGame(), { type: 'mulligan', manager: 'A', redraw: true });
    expectRejected(s, { type: 'mulligan', manager: 'A', redraw: false }, 'out-of-turn');
    expectRejected(s, { type: 'mulligan', manager: 'A', redraw: true }, 'out-of-turn');
  });
});

describe('actions in the wrong phase', () => {
  it('RUL-TURN-3: star cards are placed only in the Resource Step', () => {
    const t = mainStep((s, a) => ({ card: setHand(s, a, ['test-grunt'])[0]! }));
    expectRejected(t.s, { type: 'place-star', manager: t.a, card: t.ids.card! }, 'wrong-phase');
  });

  it('RUL-TURN-3: one star card a turn: a second is refused in the Resource Step, and out of phase after it', () => {
    const s0 = firstTurn();
    const a = s0.active;
    const [x, y] = setHand(s0, a, ['test-grunt', 'test-caller']);
    const s = ok(cloneState(s0), { type: 'place-star', manager: a, card: x! });
    // RUL-STACK-5: placing the star card does not end the step; the active manager keeps priority in it.
    expect([s.phase, s.priority]).toEqual(['resource', a]);
    expectRejected(s, { type: 'place-star', manager: a, card: y! }, 'star-already-placed');
    expectRejected(passResource(s), { type: 'place-star', manager: a, card: y! }, 'wrong-phase');
  });

  it("RUL-ZONE-5: a character (or the Centre) is debuted only in its owner's own Main Step", () => {
    // The non-active manager holds priority in response to a highlight, but it is not their Main Step.
    const t = mainStep((s, a, b) => {
      put(s, a, 'test-grunt', 'starPool');
      put(s, b, 'test-grunt', 'starPool');
      put(s, b, 'test-grunt', 'starPool');
      put(s, b, 'test-grunt', 'starPool');
      return { zap: setHand(s, a, ['test-zap'])[0]!, target: put(s, a, 'test-grunt', 'main'), grunt: setHand(s, b, ['test-grunt'])[0]! };
    });
    const s = ok(t.s, { type: 'play', manager: t.a, card: t.ids.zap!, targets: [t.ids.target!] });
    expect(s.priority).toBe(t.b);
    expectRejected(s, { type: 'play', manager: t.b, card: t.ids.grunt!, targets: [] }, 'wrong-phase');
    expectRejected(s, { type: 'play', manager: t.b, card: s.managers[t.b].backstage!, targets: [] }, 'wrong-phase');
  });

  it('RUL-COMBAT-1: attacks are declared only in the Combat Phase', () => {
    const t = mainStep((s, a) => ({ att: put(s, a, 'test-grunt', 'main') }));
    expectRejected(t.s, declareAttackers(t.a, [t.ids.att!]), 'wrong-phase');
    expectRejected(t.s, declareAttackers(t.a, []), 'wrong-phase');
    expectRejected(t.s, declareBlocks(t.b, [[t.ids.att!, t.ids.att!]]), 'wrong-phase');
  });

  it('RUL-TURN-8: there is no Combat Phase on the first turn, so no attack then', () => {
    const t = mainStep((s, a) => {
      setHand(s, a, ['test-grunt']);
      return { att: put(s, a, 'test-grunt', 'main') };
    }, 1);
    const s1 = ok(t.s, { type: 'pass', manager: t.a });
    const r = step(s1, { type: 'pass', manager: t.b });
    if (!r.ok) throw new Error(r.message);
    expect(r.events.filter((e) => e.t === 'phase').map((e) => (e as { phase: string }).phase)).toEqual(['resolution']);
    expectRejected(r.state, declareAttackers(t.a, [t.ids.att!]), 'wrong-phase');
    const s2 = bothPass(r.state); // the Resolution Phase's window (RUL-STACK-5)
    expect(s2.turn).toBe(2);
    expectRejected(s2, declareAttackers(t.a, [t.ids.att!]), 'wrong-phase');
  });

  it('a main-speed ability cannot be used in response, nor by the other manager', () => {
    const t = mainStep((s, a, b) => {
      put(s, a, 'test-grunt', 'starPool');
      put(s, b, 'test-grunt', 'starPool');
      put(s, b, 'test-grunt', 'starPool');
      return {
        zap: setHand(s, a, ['test-zap'])[0]!,
        target: put(s, a, 'test-grunt', 'main'),
        mic: put(s, b, 'test-mic', 'main'),
        own: put(s, b, 'test-grunt', 'main'),
      };
    });
    const s = ok(t.s, { type: 'play', manager: t.a, card: t.ids.zap!, targets: [t.ids.target!] });
    expectRejected(s, { type: 'activate', manager: t.b, card: t.ids.mic!, ability: 0, targets: [t.ids.own!] }, 'wrong-phase');
  });

  it('no choice, no discard, no turn order to answer: wrong-phase', () => {
    const t = mainStep((s, a) => ({ card: setHand(s, a, ['test-grunt'])[0]! }));
    expectRejected(t.s, { type: 'choose', manager: t.a, option: 0 }, 'wrong-phase');
    expectRejected(t.s, { type: 'discard', manager: t.a, card: t.ids.card! }, 'wrong-phase');
    expectRejected(t.s, { type: 'choose-order', manager: t.a, goFirst: true }, 'wrong-phase');
    expectRejected(t.s, { type: 'mulligan', manager: t.a, redraw: true }, 'wrong-phase');
  });

  it('RUL-SETUP-2: nobody has priority during mulligans', () => {
    const s = newGame();
    expectRejected(s, { type: 'pass', manager: 'A' }, 'wrong-phase');
    expectRejected(s, { type: 'play', manager: 'A', card: s.managers.A.hand[0]!, targets: [] }, 'wrong-phase');
  });
});

describe('acting for the other manager or with their cards', () => {
  it('RUL-SETUP-3: the coin-flip loser cannot choose the turn order', () => {
    const s = orderPending();
    const winner = s.pending!.manager;
    expectRejected(s, { type: 'choose-order', manager: other(winner), goFirst: true }, 'wrong-manager');
    expectRejected(s, { type: 'choose-order', manager: other(winner), goFirst: false }, 'wrong-manager');
  });

  it("a manager cannot play, debut, star or tilt the other manager's cards", () => {
    const t = mainStep((s, _a, b) => ({ hand: setHand(s, b, ['test-grunt'])[0]!, star: put(s, b, 'test-grunt', 'starPool') }));
    // RUL-ZONE-6: the other manager's hand is hidden, so its card is answered as one that does not exist.
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.hand!, targets: [] }, 'unknown-card');
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.s.managers[t.b].backstage!, targets: [] }, 'wrong-manager');
    expectRejected(t.s, { type: 'tilt-star', manager: t.a, card: t.ids.star! }, 'wrong-manager');
  });

  it("a manager cannot place the other manager's card as their star card", () => {
    const s = firstTurn();
    const [card] = setHand(s, other(s.active), ['test-grunt']);
    // A card of theirs the manager can see (Backstage) is theirs; one in their hand is hidden (RUL-ZONE-6).
    expectRejected(cloneState(s), { type: 'place-star', manager: s.active, card: s.managers[other(s.active)].backstage! }, 'wrong-manager');
    expectRejected(cloneState(s), { type: 'place-star', manager: s.active, card: card! }, 'unknown-card');
  });

  it("a manager cannot activate the other manager's abilities", () => {
    const t = mainStep((s, a, b) => {
      put(s, a, 'test-grunt', 'starPool');
      return { mic: put(s, b, 'test-mic', 'main'), mine: put(s, a, 'test-grunt', 'main'), once: put(s, b, 'rej-once', 'main') };
    });
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 0, targets: [t.ids.mine!] }, 'wrong-manager');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.once!, ability: 0 }, 'wrong-manager');
  });

  it('RUL-COMBAT-1: a manager attacks only with their own characters', () => {
    const t = toCombat(mainStep((s, a, b) => ({ att: put(s, a, 'test-grunt', 'main'), theirs: put(s, b, 'test-grunt', 'main') })));
    expectRejected(t.s, declareAttackers(t.a, [t.ids.theirs!]), 'illegal-attackers');
  });

  it('RUL-COMBAT-2: a manager blocks only with their own characters', () => {
    const t0 = toCombat(
      mainStep((s, a, b) => ({ att: put(s, a, 'test-grunt', 'main'), home: put(s, a, 'test-grunt', 'main'), def: put(s, b, 'test-grunt', 'main') })),
    );
    const t = toBlocks(t0, [t0.ids.att!]);
    expectRejected(t.s, declareBlocks(t.b, [[t.ids.home!, t.ids.att!]]), 'illegal-blocks');
  });

  it('RUL-TURN-9: only the manager over the hand limit discards, and only from their own hand', () => {
    const t = mainStep(
      (s, a, b) => ({
        mine: setHand(s, a, ['test-grunt', 'test-grunt', 'test-caller', 'test-caller', 'test-caller', 'test-zap', 'test-zap'])[0]!,
        theirs: setHand(s, b, ['test-grunt'])[0]!,
      }),
      1,
    );
    let s = bothPass(t.s); // the Main Step: no combat on turn 1, so the Resolution Phase's window
    expect(s.pending).toBeNull();
    s = bothPass(s);
    expect(s.pending).toEqual({ kind: 'discard', manager: t.a });
    expectRejected(s, { type: 'discard', manager: t.b, card: t.ids.theirs! }, 'wrong-manager');
    expectRejected(s, { type: 'discard', manager: t.b, card: t.ids.mine! }, 'wrong-manager');
    // RUL-ZONE-6: the other manager's hand card is hidden from the discarding manager.
    expectRejected(s, { type: 'discard', manager: t.a, card: t.ids.theirs! }, 'unknown-card');
  });

  it("a manager cannot answer the other manager's prompt", () => {
    const t = mainStep((s, a) => ({ maybe: setHand(s, a, ['rej-maybe'])[0]! }));
    let s = ok(t.s, { type: 'play', manager: t.a, card: t.ids.maybe!, targets: [] });
    s = ok(s, { type: 'pass', manager: t.b });
    s = ok(s, { type: 'pass', manager: t.a });
    expect(s.pending?.kind).toBe('choice');
    expect(s.pending?.manager).toBe(t.a);
    expectRejected(s, { type: 'choose', manager: t.b, option: 0 }, 'wrong-manager');
    expectRejected(s, { type: 'choose', manager: t.b, option: 1 }, 'wrong-manager');
  });

  it("costs are paid with your own cards: the other manager's cards cannot be discarded or graduated for them", () => {
    const t = mainStep((s, a, b) => ({
      discarder: put(s, a, 'rej-discarder', 'main'),
      sacrificer: put(s, a, 'rej-sacrificer', 'main'),
      theirHand: setHand(s, b, ['test-grunt'])[0]!,
      theirs: put(s, b, 'test-grunt', 'main'),
    }));
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.discarder!, ability: 0, costCards: [t.ids.theirHand!] }, 'cost-unpaid');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.sacrificer!, ability: 0, costCards: [t.ids.theirs!] }, 'cost-unpaid');
  });
});

describe('illegal targets', () => {
  const zapTable = () =>
    mainStep((s, a, b) => {
      put(s, a, 'test-grunt', 'starPool');
      const [zap, inHand] = setHand(s, a, ['test-zap', 'test-grunt']);
      return {
        zap: zap!,
        inHand: inHand!,
        mine: put(s, a, 'test-grunt', 'main'),
        theirs: put(s, b, 'test-grunt', 'main'),
        event: put(s, b, 'test-hype', 'main'),
        grad: put(s, b, 'test-grunt', 'graduation'),
        theirStar: put(s, b, 'test-grunt', 'starPool'),
      };
    });

  it('RUL-STACK-2: a character-targeting highlight needs exactly one character on stage', () => {
    const t = zapTable();
    const zap = (targets: string[]) => ({ type: 'play', manager: t.a, card: t.ids.zap!, targets });
    expectRejected(t.s, zap([]), 'illegal-target');
    expectRejected(t.s, zap([t.ids.mine!, t.ids.theirs!]), 'illegal-target');
    expectRejected(t.s, zap([t.ids.theirs!, t.ids.theirs!]), 'illegal-target');
    expectRejected(t.s, zap(['A']), 'illegal-target');
    expectRejected(t.s, zap([t.ids.inHand!]), 'illegal-target');
    expectRejected(t.s, zap([t.ids.event!]), 'illegal-target');
    expectRejected(t.s, zap([t.ids.grad!]), 'illegal-target');
    expectRejected(t.s, zap([t.ids.theirStar!]), 'illegal-target');
    expectRejected(t.s, zap([t.s.managers[t.b].backstage!]), 'illegal-target');
    expectRejected(t.s, zap([t.s.managers[t.b].roster[0]!]), 'illegal-target');
    expectRejected(t.s, zap(['c999999']), 'illegal-target');
    expectRejected(t.s, zap([t.ids.zap!]), 'illegal-target');
    // and the legal ones are accepted
    expect(step(t.s, zap([t.ids.theirs!])).ok).toBe(true);
  });

  it("RUL-ZONE-4: an asset is equipped only to its controller's character", () => {
    const t = mainStep((s, a, b) => {
      put(s, a, 'test-grunt', 'starPool');
      return { mic: put(s, a, 'test-mic', 'main'), theirs: put(s, b, 'test-grunt', 'main'), other: put(s, a, 'test-hype', 'main') };
    });
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 0, targets: [t.ids.theirs!] }, 'illegal-target');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 0, targets: [t.ids.other!] }, 'illegal-target');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 0, targets: [] }, 'illegal-target');
  });

  it('a card without targets takes none', () => {
    const t = mainStep((s, a) => ({ grunt: setHand(s, a, ['test-grunt'])[0]!, mine: put(s, a, 'test-grunt', 'main') }));
    t.s.managers[t.a].availableStars = 1;
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.grunt!, targets: [t.ids.mine!] }, 'illegal-target');
  });
});

describe('cards that do not exist or are in the wrong zone', () => {
  it('unknown card ids are rejected as unknown-card', () => {
    const t = mainStep();
    expectRejected(t.s, { type: 'play', manager: t.a, card: 'c999999', targets: [] }, 'unknown-card');
    expectRejected(t.s, { type: 'tilt-star', manager: t.a, card: 'nope' }, 'unknown-card');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: 's1', ability: 0 }, 'unknown-card');
  });

  it('a card id from before its last move is stale (every move issues a fresh id)', () => {
    const s0 = firstTurn();
    const a = s0.active;
    const [x] = setHand(s0, a, ['test-grunt']);
    const s = ok(cloneState(s0), { type: 'place-star', manager: a, card: x! });
    expectRejected(s, { type: 'tilt-star', manager: a, card: x! }, 'unknown-card');
  });

  it('plays come from hand or Backstage; stars from hand; abilities from the stage', () => {
    const t = mainStep((s, a) => ({
      grad: put(s, a, 'test-grunt', 'graduation'),
      star: put(s, a, 'test-grunt', 'starPool'),
      stage: put(s, a, 'test-grunt', 'main'),
      onceInHand: setHand(s, a, ['rej-once'])[0]!,
      roster: s.managers[a].roster[0]!,
    }));
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.grad!, targets: [] }, 'wrong-zone');
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.star!, targets: [] }, 'wrong-zone');
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.stage!, targets: [] }, 'wrong-zone');
    // RUL-ZONE-6: a roster card is hidden even from its owner: not "in the wrong zone", but no card at all.
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.roster!, targets: [] }, 'unknown-card');
    expectRejected(t.s, { type: 'tilt-star', manager: t.a, card: t.ids.stage! }, 'wrong-zone');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.onceInHand!, ability: 0 }, 'wrong-zone');
  });
});

describe('no oracle for hidden cards (RUL-ZONE-6)', () => {
  const NEVER = 'c999999';
  /** The refusal's code and message, with the id it was asked about replaced by a placeholder. */
  const answer = (s: GameState, a: Action, id: string) => {
    const r = step(s, a);
    if (r.ok) throw new Error(`accepted: ${JSON.stringify(a)}`);
    return { code: r.code, message: r.message.split(id).join('<id>') };
  };
  /** Every action naming a card that B, holding priority in A's Main Step, could send for one id. */
  const probes = (m: ManagerId, id: string, mine: string, theirs: string): Action[] => [
    { type: 'play', manager: m, card: id, targets: [] },
    { type: 'place-star', manager: m, card: id },
    { type: 'tilt-star', manager: m, card: id },
    { type: 'activate', manager: m, card: id, ability: 0, targets: [], costCards: [] },
    { type: 'activate', manager: m, card: mine, ability: 0, targets: [], costCards: [id] },
    { type: 'activate', manager: m, card: mine, ability: 0, targets: [id], costCards: [] },
    { type: 'play', manager: m, card: theirs, targets: [id] },
    { type: 'discard', manager: m, card: id },
  ];

  it("RUL-ZONE-6: B probing ids while holding priority gets the same answer for A's hand cards as for made-up ids", () => {
    const t = mainStep((s, a, b) => {
      setHand(s, a, ['test-zap', 'test-grunt', 'test-mic']);
      return { mine: put(s, b, 'rej-discarder', 'main'), zap: setHand(s, b, ['test-zap'])[0]! };
    });
    const s = ok(t.s, { type: 'pass', manager: t.a }); // A's Main Step window: B now holds priority
    expect(s.priority).toBe(t.b);
    const aHand = s.managers[t.a].hand;
    expect(aHand).toHaveLength(3);
    for (const probe of probes(t.b, NEVER, t.ids.mine!, t.ids.zap!)) {
      const never = answer(s, probe, NEVER);
      for (const id of aHand) {
        const named = JSON.parse(JSON.stringify(probe).split(NEVER).join(id)) as Action;
        expect(answer(s, named, id), JSON.stringify(named)).toEqual(never);
        expectRejected(s, named, never.code);
      }
    }
    // Not "Card <id> belongs to manager A", which would mark the id as one of A's hand cards.
    expect(answer(s, { type: 'play', manager: t.b, card: aHand[0]!, targets: [] }, aHand[0]!)).toEqual({
      code: 'unknown-card',
      message: 'There is no card <id>',
    });
  });

  it("RUL-ZONE-6: a card in one's own roster named in play, place-star, tilt-star or activate is unknown, and its name is never told", () => {
    const s0 = firstTurn();
    const a = s0.active;
    // The top of A's roster is a named card; its id must not lead to its name (roster order is hidden).
    const top = s0.managers[a].roster[s0.managers[a].roster.length - 1]!;
    s0.cards[top]!.def = 'test-zap';
    const name = 'Test Zap';
    for (const probe of probes(a, NEVER, s0.managers[a].backstage!, s0.managers[a].backstage!).slice(0, 4)) {
      const never = answer(s0, probe, NEVER);
      const named = JSON.parse(JSON.stringify(probe).split(NEVER).join(top)) as Action;
      const r = expectRejected(s0, named, 'unknown-card');
      expect(r.message).toBe(`There is no card ${top}`);
      expect(r.message).not.toContain(name);
      expect(answer(s0, named, top)).toEqual(never);
    }
  });

  it("RUL-ZONE-6: the hand-limit discard answers a roster card or the other hand's card as a made-up id", () => {
    const t = mainStep(
      (s, a, b) => ({
        mine: setHand(s, a, ['test-grunt', 'test-grunt', 'test-caller', 'test-caller', 'test-caller', 'test-zap', 'test-zap'])[0]!,
        theirs: setHand(s, b, ['test-grunt'])[0]!,
      }),
      1,
    );
    const s = bothPass(bothPass(t.s));
    expect(s.pending).toEqual({ kind: 'discard', manager: t.a });
    const never = answer(s, { type: 'discard', manager: t.a, card: NEVER }, NEVER);
    expect(never.code).toBe('unknown-card');
    for (const id of [t.ids.theirs!, s.managers[t.a].roster[0]!, s.managers[t.b].roster[0]!]) {
      expectRejected(s, { type: 'discard', manager: t.a, card: id }, 'unknown-card');
      expect(answer(s, { type: 'discard', manager: t.a, card: id }, id)).toEqual(never);
    }
    // A card the manager can see but that is not in their hand is still told apart: it is public.
    expectRejected(s, { type: 'discard', manager: t.a, card: s.managers[t.a].backstage! }, 'wrong-zone');
  });

  it('RUL-ZONE-6: a target naming a hidden card reads exactly like a made-up one', () => {
    const t = mainStep((s, a, b) => {
      put(s, a, 'test-grunt', 'starPool');
      return { zap: setHand(s, a, ['test-zap'])[0]!, theirHand: setHand(s, b, ['test-grunt'])[0]! };
    });
    const zap = (target: string): Action => ({ type: 'play', manager: t.a, card: t.ids.zap!, targets: [target] });
    const never = answer(t.s, zap(NEVER), NEVER);
    for (const id of [t.ids.theirHand!, t.s.managers[t.a].roster[0]!, t.s.managers[t.b].roster[0]!]) expect(answer(t.s, zap(id), id)).toEqual(never);
  });
});

describe('limits and costs', () => {
  it('RUL-TURN-5: a card costing more than the available and untilted stars cannot be played', () => {
    const t = mainStep((s, a) => {
      put(s, a, 'test-grunt', 'starPool');
      put(s, a, 'test-grunt', 'starPool', { tilted: true });
      return { clout: setHand(s, a, ['test-clout'])[0]! };
    });
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.clout!, targets: [] }, 'cannot-afford');
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.s.managers[t.a].backstage!, targets: [] }, 'cannot-afford');
  });

  it('RUL-TURN-5: a tilted star card cannot be tilted again', () => {
    const t = mainStep((s, a) => ({ star: put(s, a, 'test-grunt', 'starPool', { tilted: true }) }));
    expectRejected(t.s, { type: 'tilt-star', manager: t.a, card: t.ids.star! }, 'cannot-afford');
  });

  it('RUL-TURN-4: at most 3 cards per Main Phase, the star card included', () => {
    const s0 = firstTurn();
    const a = s0.active;
    const [star, g1, g2, g3] = setHand(s0, a, ['test-grunt', 'rej-maybe', 'rej-tapper', 'rej-once']);
    for (let i = 0; i < 3; i++) put(s0, a, 'test-grunt', 'starPool');
    let s = passResource(ok(cloneState(s0), { type: 'place-star', manager: a, card: star! }));
    s = ok(s, { type: 'play', manager: a, card: g2!, targets: [] });
    s = ok(s, { type: 'play', manager: a, card: g3!, targets: [] });
    expect(s.played).toBe(3);
    expectRejected(s, { type: 'play', manager: a, card: g1!, targets: [] }, 'play-limit');
  });

  it('RUL-TURN-7: a second event of the same name is illegal', () => {
    const t = mainStep((s, a) => {
      put(s, a, 'test-hype', 'main');
      put(s, a, 'test-grunt', 'starPool');
      return { hype: setHand(s, a, ['test-hype'])[0]! };
    });
    expectRejected(t.s, { type: 'play', manager: t.a, card: t.ids.hype!, targets: [] }, 'event-unique');
  });

  it('RUL-STACK-1: nothing is debuted while the stack is not empty', () => {
    const t = mainStep((s, a) => {
      put(s, a, 'test-grunt', 'starPool');
      put(s, a, 'test-grunt', 'starPool');
      const [zap, grunt] = setHand(s, a, ['test-zap', 'test-grunt']);
      return { zap: zap!, grunt: grunt!, target: put(s, a, 'test-grunt', 'main'), mic: put(s, a, 'test-mic', 'main') };
    });
    let s = ok(t.s, { type: 'play', manager: t.a, card: t.ids.zap!, targets: [t.ids.target!] });
    s = ok(s, { type: 'pass', manager: t.b });
    expect(s.priority).toBe(t.a);
    expect(s.stack.length).toBe(1);
    expectRejected(s, { type: 'play', manager: t.a, card: t.ids.grunt!, targets: [] }, 'stack-not-empty');
    // A main-speed ability waits for an empty stack too (reported as wrong-phase by activate).
    expectRejected(s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 0, targets: [t.ids.target!] }, 'wrong-phase');
  });

  it('no-ability: an ability index that is not an activated ability', () => {
    const t = mainStep((s, a) => {
      put(s, a, 'test-grunt', 'starPool');
      return { mic: put(s, a, 'test-mic', 'main'), grunt: put(s, a, 'test-grunt', 'main') };
    });
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 1, targets: [] }, 'no-ability'); // static
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.mic!, ability: 9, targets: [] }, 'no-ability');
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.grunt!, ability: 0, targets: [] }, 'no-ability');
  });

  it('ability-used: a once-per-turn ability cannot be used twice in a turn', () => {
    const t = mainStep((s, a) => ({ once: put(s, a, 'rej-once', 'main') }));
    let s = ok(t.s, { type: 'activate', manager: t.a, card: t.ids.once!, ability: 0 });
    s = ok(s, { type: 'pass', manager: t.b });
    s = ok(s, { type: 'pass', manager: t.a });
    expect(s.stack.length).toBe(0);
    expect(s.priority).toBe(t.a);
    expectRejected(s, { type: 'activate', manager: t.a, card: t.ids.once!, ability: 0 }, 'ability-used');
  });

  it('condition-unmet: an ability whose condition does not hold', () => {
    const t = mainStep((s, a) => ({ desperate: put(s, a, 'rej-desperate', 'main') }));
    expectRejected(t.s, { type: 'activate', manager: t.a, card: t.ids.desperate!, ability: 0 }, 'condition-unmet');
  });

  it('cost-unpaid: tilt costs need an untilted card; card costs need exactly the right cards', () => {
    const t = mainStep((s, a) => {
      put(s, a, 'test-grunt', 'starPool');
      const [h1, h2] = setHand(s, a, ['test-grunt', 'test-caller']);
      return {
        tapper: put(s, a, 'rej-tapper', 'main', { tilted: true }),
        discarder: put(s, a, 'rej-discarder', 'main'),
        sacrificer: put(s, a, 'rej-sacrificer', 'main'),
        mic: put(s, a, 'test-mic', 'main'),
        mine: put(s, a, 'test-grunt', 'main'),
        h1: h1!,
        h2: h2!,
      };
    });
    const act = (card: string, costCards: string[], targets: string[] = []) => ({ type: 'activate', manager: t.a, card, ability: 0, targets, costCards });
    expectRejected(t.s, act(t.ids.tapper!, []), 'cost-unpaid');
    expectRejected(t.s, act(t.ids.discarder!, []), 'cost-unpaid');
    expectRejected(t.s, act(t.ids.discarder!, [t.ids.h1!, t.ids.h2!]), 'cost-unpaid');
    expectRejected(t.s, act(t.ids.discarder!, [t.ids.mine!]), 'cost-unpaid'); // not in hand
    expectRejected(t.s, act(t.ids.sacrificer!, []), 'cost-unpaid');
    expectRejected(t.s, act(t.ids.sacrificer!, [t.ids.mic!]), 'cost-unpaid'); // an asset is not a character
    expectRejected(t.s, act(t.ids.sacrificer!, [t.ids.h1!]), 'cost-unpaid'); // not on stage
    expectRejected(t.s, act(t.ids.mic!, [t.ids.h1!], [t.ids.mine!]), 'cost-unpaid'); // no card cost at all
    // the right cards are accepted
    expect(step(t.s, act(t.ids.discarder!, [t.ids.h1!])).ok).toBe(true);
    expect(step(t.s, act(t.ids.sacrificer!, [t.ids.mine!])).ok).toBe(true);
  });
});

describe('combat legality', () => {
  const combat = () =>
    toCombat(
      mainStep((s, a, b) => ({
        att: put(s, a, 'test-grunt', 'main'),
        fresh: put(s, a, 'test-grunt', 'main', { enteredTurn: 3 }),
        tilted: put(s, a, 'test-grunt', 'main', { tilted: true }),
        mod: put(s, a, 'test-mod', 'main'),
        mic: put(s, a, 'test-mic', 'main'),
        hype: put(s, a, 'test-hype', 'main'),
        def: put(s, b, 'test-grunt', 'main'),
      })),
    );

  it('RUL-TURN-6: a character cannot attack in the turn it entered the stage', () => {
    const t = combat();
    const r = expectRejected(t.s, declareAttackers(t.a, [t.ids.fresh!]), 'illegal-attackers');
    expect(r.message).toMatch(/Debut Burnout/);
  });

  it('RUL-COMBAT-1: attackers must be untilted, not Moderators, and not already attacking', () => {
    const t = combat();
    expect(expectRejected(t.s, declareAttackers(t.a, [t.ids.tilted!]), 'illegal-attackers').message).toMatch(/tilted/);
    expect(expectRejected(t.s, declareAttackers(t.a, [t.ids.mod!]), 'illegal-attackers').message).toMatch(/Moderator/);
    expect(expectRejected(t.s, declareAttackers(t.a, [t.ids.att!, t.ids.att!]), 'illegal-attackers').message).toMatch(/twice/);
    // One problem per card, each named: a whole declaration is judged at once.
    const all = expectRejected(t.s, declareAttackers(t.a, [t.ids.att!, t.ids.tilted!, t.ids.mod!]), 'illegal-attackers').message;
    expect(all.split('; ')).toHaveLength(2);
    const s = ok(t.s, declareAttackers(t.a, [t.ids.att!]));
    expect(s.combat!.attackers).toEqual([t.ids.att!]);
    expectRejected(s, declareAttackers(t.a, [t.ids.att!]), 'wrong-phase');
  });

  it('RUL-ZONE-4: assets and events never attack', () => {
    const t = combat();
    expectRejected(t.s, declareAttackers(t.a, [t.ids.mic!]), 'illegal-attackers');
    expectRejected(t.s, declareAttackers(t.a, [t.ids.hype!]), 'illegal-attackers');
  });

  it('only cards on the stage attack: not the Backstage Centre, not a card in hand', () => {
    const t = combat();
    expectRejected(t.s, declareAttackers(t.a, [t.s.managers[t.a].backstage!]), 'illegal-attackers');
    expectRejected(t.s, declareAttackers(t.a, [t.s.managers[t.a].hand[0]!]), 'illegal-attackers');
  });

  it('a refusal naming a hidden card reads exactly like one naming a card that does not exist', () => {
    const t = combat();
    const never = expectRejected(t.s, declareAttackers(t.a, ['zz-never-issued']), 'illegal-attackers').message;
    const hidden = [t.s.managers[t.b].hand[0]!, t.s.managers[t.b].roster[0]!, t.s.managers[t.a].roster[0]!];
    for (const id of hidden) expect(expectRejected(t.s, declareAttackers(t.a, [id]), 'illegal-attackers').message).toBe(never.replace('zz-never-issued', id));
  });

  const blocking = (arrange: (s: GameState, a: ManagerId, b: ManagerId) => Record<string, string>, attackers: string[]) => {
    const t = toCombat(mainStep(arrange));
    return toBlocks(
      t,
      attackers.map((k) => t.ids[k]!),
    );
  };

  it('RUL-COMBAT-2: a character blocks one attacker; assets never block; only attackers are blocked', () => {
    const t = blocking(
      (s, a, b) => ({
        x: put(s, a, 'test-grunt', 'main'),
        y: put(s, a, 'test-grunt', 'main'),
        home: put(s, a, 'test-grunt', 'main'),
        d: put(s, b, 'test-grunt', 'main'),
        mic: put(s, b, 'test-mic', 'main'),
      }),
      ['x', 'y'],
    );
    const [d, x, y, mic, home] = [t.ids.d!, t.ids.x!, t.ids.y!, t.ids.mic!, t.ids.home!];
    expect(
      expectRejected(
        t.s,
        declareBlocks(t.b, [
          [d, x],
          [d, y],
        ]),
        'illegal-blocks',
      ).message,
    ).toMatch(/only one attacker/);
    expect(
      expectRejected(
        t.s,
        declareBlocks(t.b, [
          [d, x],
          [d, x],
        ]),
        'illegal-blocks',
      ).message,
    ).toMatch(/twice/);
    expectRejected(t.s, declareBlocks(t.b, [[mic, x]]), 'illegal-blocks');
    expectRejected(t.s, declareBlocks(t.b, [[d, home]]), 'illegal-blocks');
    ok(t.s, declareBlocks(t.b, [[d, x]]));
  });

  it('RUL-COMBAT-3: an assignment leaving a blockable Callout attacker unblocked is illegal', () => {
    const t = blocking((s, a, b) => ({ caller: put(s, a, 'test-caller', 'main'), d: put(s, b, 'test-grunt', 'main') }), ['caller']);
    expect(expectRejected(t.s, declareBlocks(t.b, []), 'illegal-blocks').message).toMatch(/Callout/);
  });

  it('RUL-COMBAT-3: Clout attackers need blockers with combined ATK at least their own', () => {
    const t = blocking(
      (s, a, b) => ({ clout: put(s, a, 'test-clout', 'main'), d: put(s, b, 'test-grunt', 'main'), e: put(s, b, 'test-caller', 'main') }),
      ['clout'],
    );
    expect(expectRejected(t.s, declareBlocks(t.b, [[t.ids.d!, t.ids.clout!]]), 'illegal-blocks').message).toMatch(/Clout/);
  });

  it('RUL-COMBAT-3: a Moderator with spare capacity must block an unblocked attacker it can block', () => {
    const t = blocking((s, a, b) => ({ x: put(s, a, 'test-grunt', 'main'), mod: put(s, b, 'test-mod', 'main') }), ['x']);
    expect(expectRejected(t.s, declareBlocks(t.b, []), 'illegal-blocks').message).toMatch(/Moderator/);
  });
});

describe('a decision pending blocks everything else', () => {
  it('choice-pending: while a hand-limit discard is pending', () => {
    const t = mainStep(
      (s, a) => ({ first: setHand(s, a, ['test-grunt', 'test-grunt', 'test-caller', 'test-caller', 'test-caller', 'test-zap', 'test-zap'])[0]! }),
      1,
    );
    const s = bothPass(bothPass(t.s)); // the Main Step, then the Resolution Phase's window
    expect(s.pending?.kind).toBe('discard');
    expectRejected(s, { type: 'pass', manager: t.a }, 'choice-pending');
    expectRejected(s, { type: 'pass', manager: t.b }, 'choice-pending');
    expectRejected(s, { type: 'play', manager: t.a, card: t.ids.first!, targets: [] }, 'choice-pending');
  });

  it('choice-pending: while the turn order is being chosen', () => {
    const s = orderPending();
    expectRejected(s, { type: 'pass', manager: s.pending!.manager }, 'choice-pending');
  });

  it('choice-pending: while a "may" prompt waits for its controller', () => {
    const t = mainStep((s, a) => ({ maybe: setHand(s, a, ['rej-maybe'])[0]!, once: put(s, a, 'rej-once', 'main') }));
    let s = ok(t.s, { type: 'play', manager: t.a, card: t.ids.maybe!, targets: [] });
    s = ok(s, { type: 'pass', manager: t.b });
    s = ok(s, { type: 'pass', manager: t.a });
    expect(s.pending?.kind).toBe('choice');
    expectRejected(s, { type: 'pass', manager: t.a }, 'choice-pending');
    expectRejected(s, { type: 'activate', manager: t.a, card: t.ids.once!, ability: 0 }, 'choice-pending');
    expectRejected(s, { type: 'choose', manager: t.a, option: 2 }, 'invalid-option');
  });
});

describe('after the game is over', () => {
  const over = () => ok(mainStep().s, { type: 'concede', manager: 'A' });

  it('RUL-END-3: after a concession every action is rejected as game-over, concede included', () => {
    const s = over();
    expect(s.phase).toBe('game-over');
    expect(s.winner).toBe('B');
    for (const a of [
      { type: 'concede', manager: 'A' },
      { type: 'concede', manager: 'B' },
      { type: 'pass', manager: s.active },
      { type: 'mulligan', manager: 'A', redraw: true },
      { type: 'play', manager: s.active, card: s.managers[s.active].hand[0]!, targets: [] },
      { type: 'choose', manager: 'A', option: 0 },
    ])
      expectRejected(s, a, 'game-over');
    expect(legalActions(s, 'A')).toEqual([]);
    expect(legalActions(s, 'B')).toEqual([]);
  });

  it('RUL-END-1: after a manager runs out of sanity every action is rejected as game-over', () => {
    const t = toCombat(mainStep((s, a) => ({ att: put(s, a, 'test-clout', 'main') })));
    t.s.managers[t.b].sanity = 1;
    let s = ok(t.s, declareAttackers(t.a, [t.ids.att!]));
    s = ok(s, { type: 'pass', manager: t.a });
    s = ok(s, { type: 'pass', manager: t.b });
    if (s.phase === 'combat-block') s = ok(s, declareBlocks(t.b, []));
    while (s.phase !== 'game-over' && s.priority) s = ok(s, { type: 'pass', manager: s.priority });
    expect(s.phase).toBe('game-over');
    expect(s.winner).toBe(t.a);
    expectRejected(s, { type: 'pass', manager: t.a }, 'game-over');
    expectRejected(s, { type: 'concede', manager: t.a }, 'game-over');
  });

  it('malformed input after the game is still malformed (parsing comes first)', () => {
    expectRejected(over(), { type: 'pass' }, 'malformed');
  });
});
