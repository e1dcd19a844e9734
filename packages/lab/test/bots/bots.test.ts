import { describe, expect, it } from 'vitest';
import { cardPool, starterRosters } from '@vroyale/cards';
import {
  aLegalAssignment,
  actionKey,
  blockOffer,
  blockProblems,
  CardDef,
  createGame,
  createStrongBot,
  deciders,
  isOffer,
  legalActions,
  other,
  permits,
  playMatch,
  project,
  randomBot,
  step,
  strongBot,
  withTurnOrder,
  type Action,
  type Bot,
  type BotInput,
  type GameState,
  type Legal,
  type ManagerId,
  type Roster,
} from '@vroyale/engine';
import { basicPool, basicRoster } from '../../../engine/test/fixtures/basic-pool.js';
import { buildPosition } from '../../../engine/test/scenario/build-position.js';
import { Position } from '../../../engine/test/scenario/scenario-schema.js';
import { determinise, HIDDEN_DEF_ID } from '../../../engine/src/bots/determinise.js';

/** Fails the test if the bot ever returns something its legal list does not hold, or changes its input. */
const checked =
  (bot: Bot): Bot =>
  (input) => {
    const snapshot = () => JSON.stringify([input.legal, { ...input.view, defs: Object.keys(input.view.defs) }]);
    const before = snapshot();
    const action = bot(input);
    expect(snapshot()).toBe(before);
    expect(permits(input.legal, action), `${JSON.stringify(action)} is not allowed by the listing`).toBe(true);
    return action;
  };

/** Starter roster pairings, rotated: game g plays starter (g mod n) against starter (g div n mod n). */
function pairing(g: number): { A: Roster; B: Roster } {
  const n = starterRosters.length;
  return { A: starterRosters[g % n]!, B: starterRosters[Math.floor(g / n) % n]! };
}

describe('randomBot', () => {
  const legal: Action[] = [
    { type: 'concede', manager: 'A' },
    { type: 'pass', manager: 'A' },
    { type: 'tilt-star', manager: 'A', card: 'c1' },
    { type: 'place-star', manager: 'A', card: 'c2' },
  ];

  it('picks uniformly among the listed actions other than concede, the same way for the same seed', () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const a = randomBot({ view: null as never, legal, seed: i });
      expect(a.type).not.toBe('concede');
      expect(legal).toContain(a);
      seen.set(a.type, (seen.get(a.type) ?? 0) + 1);
      expect(randomBot({ view: null as never, legal, seed: i })).toBe(a);
    }
    expect(seen.size).toBe(3);
    for (const n of seen.values()) expect(n).toBeGreaterThan(150);
  });

  it('concedes only when nothing else is legal', () => {
    const only: Action[] = [{ type: 'concede', manager: 'B' }];
    expect(randomBot({ view: null as never, legal: only, seed: 1 })).toBe(only[0]);
  });
});

describe('strongBot', () => {
  it('only ever returns a listed legal action, and every match ends (card set and test pool)', () => {
    const games: { name: string; pool: typeof cardPool; rosters: { A: Roster; B: Roster }; bots: { A: Bot; B: Bot } }[] = [];
    for (let g = 0; g < 4; g++)
      games.push({ name: `strong v strong ${g}`, pool: cardPool, rosters: pairing(g * 6 + 4), bots: { A: checked(strongBot), B: checked(strongBot) } });
    for (let g = 0; g < 4; g++)
      games.push({ name: `random v strong ${g}`, pool: cardPool, rosters: pairing(g * 7 + 3), bots: { A: checked(randomBot), B: checked(strongBot) } });
    games.push({ name: 'test pool', pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() }, bots: { A: checked(strongBot), B: checked(strongBot) } });
    for (const [i, g] of games.entries()) {
      const r = playMatch({ seed: `legal-${i}`, pool: g.pool, rosters: g.rosters, bots: g.bots, maxActions: 5000 });
      expect(r.failure, g.name).toBeNull();
      expect(r.winner, g.name).not.toBeNull();
      expect(r.timings.A.length + r.timings.B.length).toBe(r.actions);
    }
  });

  it('beats randomBot in at least 16 of 20 games (fixed seeds, seats and first player alternating)', () => {
    let wins = 0;
    const lines: string[] = [];
    for (let g = 0; g < 20; g++) {
      const seat: ManagerId = g % 2 === 0 ? 'A' : 'B';
      const strongFirst = Math.floor(g / 2) % 2 === 0;
      const bots = { [seat]: withTurnOrder(strongBot, strongFirst), [other(seat)]: withTurnOrder(randomBot, !strongFirst) } as Record<ManagerId, Bot>;
      const r = playMatch({ seed: `beat-random-${g}`, pool: cardPool, rosters: pairing(g), bots });
      expect(r.failure).toBeNull();
      expect(r.first === seat).toBe(strongFirst);
      if (r.winner === seat) wins++;
      lines.push(`${g}: ${r.winner === seat ? 'won' : 'lost'} (${r.reason}, turn ${r.turns})`);
    }
    console.log(`strongBot v randomBot: ${wins}/20 — ${lines.join('; ')}`);
    expect(wins).toBeGreaterThanOrEqual(16);
  });

  it('is deterministic: the same input and seed give the same action', () => {
    const c = createGame({ seed: 'det', pool: cardPool, rosters: pairing(7) });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    for (let n = 0; n < 300 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: n };
      const a = strongBot(input);
      expect(actionKey(strongBot(input))).toBe(actionKey(a));
      const r = step(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  });

  it('bounds only its looks over actions by actionWork: the default bound changes nothing, 0 stops after the first candidate', () => {
    const same = createStrongBot({ actionWork: 1500 });
    const none = createStrongBot({ actionWork: 0 });
    const c = createGame({ seed: 'action-work', pool: cardPool, rosters: pairing(9) });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    let changed = 0;
    for (let n = 0; n < 400 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: n };
      const a = strongBot(input);
      expect(actionKey(same(input))).toBe(actionKey(a));
      const b = none(input);
      // Combat declarations keep the whole budget; a bounded look tries a pass first (passive candidates lead).
      if (input.legal.some(isOffer)) expect(actionKey(b)).toBe(actionKey(a));
      else if (actionKey(b) !== actionKey(a)) {
        expect(b.type).toBe('pass');
        changed++;
      }
      const r = step(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(changed).toBeGreaterThan(0);
  });
});

/**
 * A crowded combat: seven attackers (Callout, Clout and both at once) into eleven defenders, three of them
 * Moderators. Assignments that break Callout, Clout or Moderator are easy to reach and hard to leave.
 */
function crowdedBlockPosition(): GameState {
  const bigCall = CardDef.parse({
    id: 'big-caller',
    name: 'Big Caller',
    types: ['character'],
    rarity: 'R',
    cost: 4,
    stars: 2,
    atk: 4,
    hp: 4,
    keywords: { callout: true, clout: true },
    abilities: [],
  });
  const pool: Record<string, CardDef> = { ...basicPool, [bigCall.id]: bigCall };
  const attackers = ['big-caller', 'big-caller', 'test-caller', 'test-caller', 'test-caller', 'test-clout', 'test-clout'];
  const defenders = [
    'test-mod',
    'test-mod',
    'test-mod',
    'test-grunt',
    'test-grunt',
    'test-grunt',
    'test-grunt',
    'test-caller',
    'test-caller',
    'test-raider',
    'test-banner',
  ];
  const p = Position.parse({
    turn: 9,
    phase: 'combat-block',
    active: 'A',
    A: { main: attackers.map((def, k) => ({ def, as: `a${k}`, tilted: true })), roster: ['test-grunt', 'test-grunt'] },
    B: { main: defenders.map((def, k) => ({ def, as: `d${k}` })), roster: ['test-grunt', 'test-grunt'] },
    combat: { attackers: attackers.map((_, k) => `a${k}`) },
  });
  return buildPosition('crowded-block', p, (id) => pool[id], []).state;
}

describe('blocking in a crowded combat (RUL-COMBAT-3)', () => {
  it('RUL-COMBAT-3: aLegalAssignment has no Callout, Clout or Moderator problem', () => {
    const s = crowdedBlockPosition();
    const blocks = aLegalAssignment(blockOffer(s));
    expect(blocks.length).toBeGreaterThan(0);
    expect(blockProblems(blockOffer(s), blocks)).toEqual([]);
  });

  it('RUL-COMBAT-2/3: the strong bot answers the block offer with one whole declaration the engine accepts', () => {
    const s = crowdedBlockPosition();
    const legal = legalActions(s, 'B');
    expect(legal.filter(isOffer).map((l) => l.type)).toEqual(['choose-blocks']);
    const a = strongBot({ view: project(s, 'B'), legal, seed: 'crowded' });
    expect(a.type).toBe('declare-blocks');
    const r = step(s, a);
    expect(r.ok, JSON.stringify(a)).toBe(true);
    if (r.ok) expect(r.state.phase).not.toBe('combat-block');
  });
});

describe('bots see only their own manager’s projection', () => {
  /** Plays a match by hand so the real state can be compared with what each bot is given. */
  function playWatched(
    seed: string,
    rosters: { A: Roster; B: Roster },
    bots: Record<ManagerId, Bot>,
    onInput: (s: GameState, who: ManagerId, input: BotInput) => void,
  ): GameState {
    const c = createGame({ seed, pool: cardPool, rosters });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    for (let n = 0; n < 5000 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: `${seed}:${n}` };
      onInput(s, who, input);
      const r = step(s, bots[who](input));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    return s;
  }

  it('no id of a hidden card (opponent’s hand, either roster) and no RNG state reach a bot', () => {
    let inputs = 0;
    for (let g = 0; g < 3; g++) {
      const end = playWatched(`hidden-${g}`, pairing(g * 8 + 2), { A: strongBot, B: randomBot }, (s, who, input) => {
        inputs++;
        const opp = other(who);
        expect(input.view.viewer).toBe(who);
        expect(input.view.managers[opp].hand).toBeNull();
        expect(input.view.managers[opp].handCount).toBe(s.managers[opp].hand.length);
        const json = JSON.stringify(input);
        // Cards a pending choice shows its chooser (a roster search, a look at the top) are theirs to see.
        const shown = new Set(input.view.pending?.kind === 'choice' ? (input.view.pending.options ?? []).flatMap((o) => o.cards ?? []) : []);
        const hidden = [...s.managers[opp].hand, ...s.managers.A.roster, ...s.managers.B.roster].filter((id) => !shown.has(id));
        for (const id of hidden) expect(json.includes(`"${id}"`), `hidden card ${id} (${s.cards[id]!.def}) is in ${who}'s input`).toBe(false);
        expect(json).not.toContain(JSON.stringify(s.rng));
        expect(json).not.toContain('"rng"');
        expect(json).not.toContain('"nextId"');
        // The strong bot's simulation holds only placeholders where the real state has hidden cards.
        if (input.view.pending?.kind !== 'choice') {
          const sim = determinise(input.view, input.seed);
          for (const id of [...sim.managers[opp].hand, ...sim.managers.A.roster, ...sim.managers.B.roster]) expect(sim.cards[id]!.def).toBe(HIDDEN_DEF_ID);
          expect(sim.managers[opp].hand.length).toBe(s.managers[opp].hand.length);
        }
      });
      expect(end.phase).toBe('game-over');
    }
    expect(inputs).toBeGreaterThan(100);
  });

  it('the determinised copy lists the same legal actions as the real position', () => {
    let compared = 0;
    // The view does not say which once-per-turn abilities were used this turn, so the copy may list those
    // again (the bot only ever picks from the real legal list; its simulations never activate abilities).
    const comparable = (s: GameState, list: Legal[]) =>
      list
        .filter((a) => !(a.type === 'activate' && 'oncePerTurn' in (s.defs[s.cards[a.card]!.def]!.abilities[a.ability] ?? {})))
        .map((a) => (isOffer(a) ? JSON.stringify(a) : actionKey(a)))
        .sort();
    for (let g = 0; g < 4; g++) {
      playWatched(`same-legal-${g}`, pairing(g * 9 + 1), { A: randomBot, B: strongBot }, (s, who, input) => {
        if (input.view.pending?.kind === 'choice') return; // rebuilt without its (hidden) resume point
        const sim = determinise(input.view, 1);
        expect(comparable(sim, legalActions(sim, who))).toEqual(comparable(s, input.legal));
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('playMatch', () => {
  it('reports the result, the turns, the actions and per-decision timings', () => {
    let t = 0;
    const r = playMatch({ seed: 'report', pool: cardPool, rosters: pairing(3), bots: { A: strongBot, B: randomBot }, clock: () => (t += 2) });
    expect(r.failure).toBeNull();
    expect(['A', 'B', 'draw']).toContain(r.winner);
    expect(r.reason).not.toBeNull();
    expect(r.turns).toBeGreaterThan(1);
    expect(r.actions).toBe(r.state.seq);
    expect([...r.timings.A, ...r.timings.B].every((ms) => ms === 2)).toBe(true);
  });

  it('stops with a failure when a bot returns an action that is not listed', () => {
    const cheat: Bot = ({ view }) => ({ type: 'concede', manager: other(view.viewer as ManagerId) });
    const r = playMatch({ seed: 'cheat', pool: cardPool, rosters: pairing(0), bots: { A: cheat, B: randomBot } });
    expect(r.failure).toMatch(/not listed as legal/);
    expect(r.winner).toBeNull();
  });

  it('stops with a failure at the action cap', () => {
    const r = playMatch({ seed: 'cap', pool: cardPool, rosters: pairing(0), bots: { A: randomBot, B: randomBot }, maxActions: 10 });
    expect(r.failure).toMatch(/no result after 10 actions/);
    expect(r.actions).toBe(10);
  });
});
