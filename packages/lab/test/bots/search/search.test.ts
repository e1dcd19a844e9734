import { describe, expect, it } from 'vitest';
import { cardPool, starterRosters } from '@vroyale/cards';
import {
  botForLevel,
  cloneState,
  createEasyBot,
  createGame,
  deciders,
  isOffer,
  legalActions,
  mergeRoots,
  other,
  permits,
  pickRoot,
  playMatch,
  project,
  searchCandidates,
  searchRoot,
  step,
  strongBot,
  withTurnOrder,
  type Bot,
  type BotInput,
  type GameState,
  type ManagerId,
  type RootStats,
} from '@vroyale/engine';
import { DEFAULT_WEIGHTS, printedValue } from '../../../../engine/src/bots/evaluate.js';
import { strongBotWork } from '../../../../engine/src/bots/sim-work.js';
import { anchored, pairedGain } from '../../../../engine/src/bots/experiments/anchor.js';
import { searchTree } from '../../../../engine/src/bots/experiments/turn-tree.js';

interface Point {
  s: GameState;
  who: ManagerId;
  input: BotInput;
}

/** Decisions of a strongBot match where the search has candidates to compare (real state kept alongside). */
function searchPoints(seed: string, limit: number): Point[] {
  const c = createGame({ seed, pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
  if (!c.ok) throw new Error(c.message);
  let s = c.state;
  const out: Point[] = [];
  for (let n = 0; n < 3000 && s.phase !== 'game-over' && out.length < limit; n++) {
    const who = deciders(s)[0]!;
    const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: `${seed}:${n}` };
    if (s.turn >= 3 && searchCandidates(input).candidates && (out.length === 0 || n % 3 === 0)) out.push({ s, who, input });
    const r = step(s, strongBot(input));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

/** The same position with every card the deciding manager cannot see changed: other definitions, other order. */
function withOtherSecrets(s: GameState, who: ManagerId): GameState {
  const x = cloneState(s);
  const opp = other(who);
  const defs = Object.keys(x.defs).filter((d) => !x.defs[d]!.token);
  const secret = [...x.managers[opp].hand, ...x.managers.A.roster, ...x.managers.B.roster];
  secret.forEach((id, i) => (x.cards[id]!.def = defs[(i * 7 + 3) % defs.length]!));
  x.managers[opp].roster.reverse();
  x.managers[who].roster.reverse();
  return x;
}

describe('the search (hard and expert)', () => {
  const points = searchPoints('search', 6);

  it('finds positions to search in a real match', () => {
    expect(points.length).toBeGreaterThanOrEqual(4);
  });

  it('is reproducible for a seed and an iteration budget, and its move is legal', () => {
    for (const { input } of points) {
      const { candidates } = searchCandidates(input);
      const a = searchRoot(input, candidates!, { iterations: 60 });
      const b = searchRoot(structuredClone(input), candidates!, { iterations: 60 });
      expect(b).toEqual(a);
      expect(a.iterations).toBe(60);
      expect(permits(input.legal, pickRoot(a))).toBe(true);
      const bot = botForLevel('hard', { iterations: 60 });
      expect(bot(structuredClone(input))).toEqual(bot(input));
    }
  });

  it('does not change when the hidden cards of the real state change (same view, same move for a seed)', () => {
    for (const { s, who, input } of points) {
      const changed = withOtherSecrets(s, who);
      const secrets = (x: GameState) => [...x.managers[other(who)].hand, ...x.managers.A.roster, ...x.managers.B.roster].map((id) => x.cards[id]!.def);
      expect(secrets(changed)).not.toEqual(secrets(s));
      const view = project(changed, who);
      expect(view).toEqual(input.view);
      const again: BotInput = { view, legal: legalActions(changed, who), seed: input.seed };
      const { candidates } = searchCandidates(input);
      expect(searchRoot(again, searchCandidates(again).candidates!, { iterations: 40 })).toEqual(searchRoot(input, candidates!, { iterations: 40 }));
      // Dealing hidden cards from the public lists (expert) draws on the view and the lists only, too.
      const deal = { decks: starterRosters, defs: cardPool };
      expect(searchRoot(again, searchCandidates(again).candidates!, { iterations: 40, ...deal })).toEqual(
        searchRoot(input, candidates!, { iterations: 40, ...deal }),
      );
    }
  });

  it('rules (an experiment) searches discards, pending choices and the Resource Step, never a concession, and reads only the view', () => {
    const c = createGame({ seed: 'rules', pool: cardPool, rosters: { A: starterRosters[2]!, B: starterRosters[3]! } });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    const seen = { resource: 0, choice: 0, order: 0 };
    for (let n = 0; n < 3000 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: `rules:${n}` };
      const types = new Set(input.legal.map((l) => l.type));
      const { strong, candidates } = searchCandidates(input, { rules: true });
      const plain = searchCandidates(input).candidates;
      if (types.has('mulligan') || types.has('choose-order')) {
        expect(candidates).toBeNull();
        seen.order++;
      } else if (!plain && candidates) {
        expect(candidates[0]).toEqual(strong);
        for (const a of candidates) {
          expect(permits(input.legal, a)).toBe(true);
          expect(['concede', 'tilt-star']).not.toContain(a.type);
        }
        const stars = candidates.filter((a) => a.type === 'place-star').slice(strong.type === 'place-star' ? 1 : 0);
        if (types.has('place-star')) {
          seen.resource++;
          // The stars searched (strongBot's own aside) are from the three least valuable cards in hand.
          expect(stars.length).toBeLessThanOrEqual(3);
          const value = (id: string) => printedValue(cardPool[s.cards[id]!.def]!);
          const kept = input.legal.filter((l) => l.type === 'place-star' && !candidates.some((a) => a.type === 'place-star' && a.card === l.card));
          for (const k of kept) for (const a of stars) expect(value((k as { card: string }).card)).toBeGreaterThanOrEqual(value((a as { card: string }).card));
          if (seen.resource <= 2) {
            const changed = withOtherSecrets(s, who);
            const again: BotInput = { view: project(changed, who), legal: legalActions(changed, who), seed: input.seed };
            const deal = { iterations: 24, decks: starterRosters, defs: cardPool };
            expect(searchRoot(again, searchCandidates(again, { rules: true }).candidates!, deal)).toEqual(searchRoot(input, candidates, deal));
          }
        } else seen.choice++;
      }
      const r = step(s, strongBot(input));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(seen.resource).toBeGreaterThan(3);
    expect(seen.choice).toBeGreaterThan(0);
    expect(seen.order).toBeGreaterThan(0);
  });

  it('root parallelisation: workers merged in a fixed order give the same move whatever finishes first', () => {
    const { input } = points[0]!;
    const { candidates } = searchCandidates(input);
    const w = [0, 1].map((k) => searchRoot(input, candidates!, { iterations: 30 }, k));
    const merged = mergeRoots(w);
    expect(merged.iterations).toBe(60);
    merged.visits.forEach((v, k) => expect(v).toBe(w[0]!.visits[k]! + w[1]!.visits[k]!));
    expect(mergeRoots([searchRoot(input, candidates!, { iterations: 30 }, 0), searchRoot(input, candidates!, { iterations: 30 }, 1)])).toEqual(merged);
  });

  it('the turn tree (an experiment) is reproducible, reads only the view, and searches below the root', () => {
    let deeper = 0;
    for (const { s, who, input } of points.slice(0, 4)) {
      const { candidates } = searchCandidates(input);
      const a = searchTree(input, candidates!, { iterations: 30 });
      expect(searchTree(structuredClone(input), candidates!, { iterations: 30 })).toEqual(a);
      expect(permits(input.legal, pickRoot(a))).toBe(true);
      const changed = withOtherSecrets(s, who);
      const again: BotInput = { view: project(changed, who), legal: legalActions(changed, who), seed: input.seed };
      expect(searchTree(again, searchCandidates(again).candidates!, { iterations: 30 })).toEqual(a);
      // Lines below the root change what a root move's later visits score, so the statistics part from the root search's.
      if (JSON.stringify(a.totals) !== JSON.stringify(searchRoot(input, candidates!, { iterations: 30 }).totals)) deeper++;
    }
    expect(deeper).toBeGreaterThan(0);
  });

  it('sequential halving is reproducible, reads only the view, and keeps the better half of each round on paired visits', () => {
    const deal = { decks: starterRosters, defs: cardPool, allocation: 'halving' as const };
    for (const { s, who, input } of points) {
      const { candidates } = searchCandidates(input);
      const a = searchRoot(input, candidates!, { iterations: 48, ...deal });
      expect(searchRoot(structuredClone(input), candidates!, { iterations: 48, ...deal })).toEqual(a);
      const changed = withOtherSecrets(s, who);
      const again: BotInput = { view: project(changed, who), legal: legalActions(changed, who), seed: input.seed };
      expect(searchRoot(again, searchCandidates(again).candidates!, { iterations: 48, ...deal })).toEqual(a);
      // Every candidate is visited; each round takes its share of the budget (at least one visit per survivor).
      const n = candidates!.length;
      const rounds = Math.ceil(Math.log2(n));
      expect(a.visits.every((v) => v >= 1)).toBe(true);
      expect(a.iterations).toBe(a.visits.reduce((x, y) => x + y, 0));
      expect(a.iterations).toBeLessThanOrEqual(Math.max(48, n * rounds));
      // The last round has two survivors with the same visits, more than anyone else; pickRoot takes the better mean.
      const top = Math.max(...a.visits);
      const finalists = a.visits.flatMap((v, k) => (v === top ? [k] : []));
      expect(finalists).toHaveLength(2);
      const mean = (k: number) => a.totals[k]! / a.visits[k]!;
      const [f, g] = finalists as [number, number];
      const winner = mean(g) > mean(f) ? g : f;
      expect(pickRoot(a)).toEqual(candidates![winner]);
    }
  });

  it("the rollouts' strongBot plays by policyWeights when given them (default weights change nothing); it reads only the view", () => {
    const otherWeights = { ...DEFAULT_WEIGHTS, hand: 4, atk: 0.2, sanity: 3 };
    let changedStats = 0;
    for (const { s, who, input } of points) {
      const { candidates } = searchCandidates(input);
      const plain = searchRoot(input, candidates!, { iterations: 24 });
      expect(searchRoot(input, candidates!, { iterations: 24, policyWeights: { ...DEFAULT_WEIGHTS } })).toEqual(plain);
      const tuned = searchRoot(input, candidates!, { iterations: 24, policyWeights: otherWeights });
      if (JSON.stringify(tuned.totals) !== JSON.stringify(plain.totals)) changedStats++;
      const changed = withOtherSecrets(s, who);
      const again: BotInput = { view: project(changed, who), legal: legalActions(changed, who), seed: input.seed };
      expect(searchRoot(again, searchCandidates(again, { policyWeights: otherWeights }).candidates!, { iterations: 24, policyWeights: otherWeights })).toEqual(
        searchRoot(input, searchCandidates(input, { policyWeights: otherWeights }).candidates!, { iterations: 24, policyWeights: otherWeights }),
      );
    }
    expect(changedStats).toBeGreaterThan(0);
  });

  it("nested search: the bot's own later decisions of the turn in its rollouts are searched too; reproducible, reads only the view, and falls back to the plain search over its work cap", () => {
    const nested = { iterations: 1, turns: 1 };
    let changedStats = 0;
    for (const { s, who, input } of points.slice(0, 4)) {
      const { candidates } = searchCandidates(input);
      const plain = searchRoot(input, candidates!, { iterations: 16 });
      const w0 = strongBotWork();
      const deep = searchRoot(input, candidates!, { iterations: 16, nested });
      const work = strongBotWork() - w0;
      expect(searchRoot(structuredClone(input), candidates!, { iterations: 16, nested })).toEqual(deep);
      if (JSON.stringify(deep.totals) !== JSON.stringify(plain.totals)) changedStats++;
      // A nested search that goes over its cap, at the start or half way, is thrown away for the plain search.
      expect(searchRoot(input, candidates!, { iterations: 16, nested: { ...nested, workCap: 0 } })).toEqual(plain);
      expect(searchRoot(input, candidates!, { iterations: 16, nested: { ...nested, workCap: Math.floor(work / 2) } })).toEqual(plain);
      expect(searchRoot(input, candidates!, { iterations: 16, nested: { ...nested, workCap: work } })).toEqual(deep);
      const changed = withOtherSecrets(s, who);
      const again: BotInput = { view: project(changed, who), legal: legalActions(changed, who), seed: input.seed };
      expect(searchRoot(again, searchCandidates(again).candidates!, { iterations: 16, nested })).toEqual(deep);
    }
    expect(changedStats).toBeGreaterThan(0);
  });

  it("expert anchored to hard plays hard's move unless its own search beat it on the same deals; it reads only the view", () => {
    const knowledge = { decks: starterRosters, defs: cardPool };
    let differs = 0;
    for (const { s, who, input } of points) {
      const hard = botForLevel('hard', { knowledge })(input);
      const own = botForLevel('expert', { knowledge })(input);
      if (JSON.stringify(own) !== JSON.stringify(hard)) differs++;
      // An unreachable gate leaves hard's move in every position.
      expect(botForLevel('expert', { knowledge, anchorGate: Infinity })(input)).toEqual(hard);
      const move = botForLevel('expert', { knowledge, anchorGate: 1 })(input);
      expect([hard, own]).toContainEqual(move);
      const changed = withOtherSecrets(s, who);
      const again: BotInput = { view: project(changed, who), legal: legalActions(changed, who), seed: input.seed };
      expect(botForLevel('expert', { knowledge, anchorGate: 1 })(again)).toEqual(move);
    }
    // Somewhere expert's own search disagrees with hard, so the gate had a move to hold back.
    expect(differs).toBeGreaterThan(0);
  });

  it('pairedGain compares two candidates on the keys both visited; anchored keeps the baseline without that evidence', () => {
    const act = (n: number) => ({ type: 'declare-attackers', manager: 'A' as const, attackers: [`c${n}`] }) as never;
    const stats = (a: [string, number][], b: [string, number][]): RootStats => ({
      keys: ['atk:c0', 'atk:c1'],
      actions: [act(0), act(1)],
      visits: [a.length, b.length],
      totals: [0, 0],
      iterations: a.length + b.length,
      samples: [new Map(a), new Map(b)],
    });
    // Differences 0.2, 0.4 and 0.3 on w0:0..2 (w0:3 has no partner): mean 0.3, sd 0.1, so 0.3 / (0.1 / sqrt 3).
    const s = stats(
      [
        ['w0:0', 0.5],
        ['w0:1', 0.6],
        ['w0:2', 0.1],
        ['w0:3', 0.9],
      ],
      [
        ['w0:0', 0.3],
        ['w0:1', 0.2],
        ['w0:2', -0.2],
      ],
    );
    expect(pairedGain(s, 0, 1)).toBeCloseTo(0.3 / (0.1 / Math.sqrt(3)), 6);
    expect(pairedGain(s, 1, 0)).toBeCloseTo(-0.3 / (0.1 / Math.sqrt(3)), 6);
    expect(pairedGain(stats([['w0:0', 1]], [['w0:0', 0]]), 0, 1)).toBe(-Infinity);
    const [x, y] = s.actions as [never, never];
    expect(anchored(s, x, y, 5)).toBe(x);
    expect(anchored(s, x, y, 6)).toBe(y);
    expect(anchored(s, y, x, -100)).toBe(y);
    expect(anchored(s, x, act(9), 0)).toEqual(act(9));
  });

  it('a wall-time stop cuts the iterations short but still answers', () => {
    const { input } = points[0]!;
    const { candidates } = searchCandidates(input);
    const r = searchRoot(input, candidates!, { iterations: 10_000, shouldStop: () => true });
    expect(r.iterations).toBe(candidates!.length);
  });
});

describe('the levels', () => {
  it('every level plays whole matches with listed legal actions only', () => {
    const checked =
      (bot: Bot): Bot =>
      (input) => {
        const a = bot(input);
        expect(permits(input.legal, a), JSON.stringify(a)).toBe(true);
        return a;
      };
    const pairs = [
      ['easy', 'hard'],
      ['normal', 'expert'],
    ] as const;
    pairs.forEach(([x, y], g) => {
      const r = playMatch({
        seed: `levels-${g}`,
        pool: cardPool,
        rosters: { A: starterRosters[g]!, B: starterRosters[g + 2]! },
        bots: { A: withTurnOrder(checked(botForLevel(x, { iterations: 24 })), true), B: withTurnOrder(checked(botForLevel(y, { iterations: 24 })), false) },
      });
      expect(r.failure).toBeNull();
      expect(r.state.phase).toBe('game-over');
    });
  });

  it('easy only leaves out attacks and blocks strongBot would make, and is seeded', () => {
    const easy = createEasyBot({ missAttack: 0.5, missBlock: 0.5 });
    let declarations = 0;
    let fewer = 0;
    const c = createGame({ seed: 'easy', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    for (let n = 0; n < 3000 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: `easy:${n}` };
      const strong = strongBot(input);
      const a = easy(input);
      expect(easy(structuredClone(input))).toEqual(a);
      if (!input.legal.some(isOffer)) expect(a).toEqual(strong);
      if (a.type === 'declare-attackers' && strong.type === 'declare-attackers' && strong.attackers.length > 0) {
        declarations++;
        for (const id of a.attackers) expect(strong.attackers).toContain(id);
        if (a.attackers.length < strong.attackers.length) fewer++;
      }
      if (a.type === 'declare-blocks' && strong.type === 'declare-blocks') for (const b of a.blocks) expect(strong.blocks).toContainEqual(b);
      const r = step(s, strong);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    // Over a whole match of strongBot's attacks, a lapse rate of one half leaves some attacker home.
    expect(declarations).toBeGreaterThan(3);
    expect(fewer).toBeGreaterThan(0);
  });
});
