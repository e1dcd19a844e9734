import { cloneState, hashState, legalActions, other, project, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import { describe, expect, it } from 'vitest';
import { botGame, KNOWLEDGE, POOL } from '../bench/bot-games.js';
import { seedRng } from './engine-internals.js';
import { isForced, judgeDecision, type ReviewBudget } from './judge.js';
import { positions, type Position } from './replay.js';

const BUDGET: Partial<ReviewBudget> = { deals: 2, verify: 2, maxCandidates: 5 };
const game = botGame('review-judge-test', 6, ['normal', 'normal']);
const all: Position[] = [...positions(game.match, POOL)];

const judge = (s: GameState, chosen: Action) =>
  judgeDecision({ view: project(s, chosen.manager), legal: legalActions(s, chosen.manager), chosen, knowledge: KNOWLEDGE, budget: BUDGET });

/**
 * The same position with everything the decider cannot see changed: the opponent's hand cards swapped with
 * cards of other definitions from their roster, both rosters reversed, the game's RNG reseeded.
 */
function hideOtherwise(s: GameState, me: ManagerId): { state: GameState; swapped: number } {
  const t = cloneState(s);
  const opp = t.managers[other(me)];
  let swapped = 0;
  for (const h of opp.hand) {
    const r = opp.roster.find((id) => t.cards[id]!.def !== t.cards[h]!.def);
    if (!r) continue;
    [t.cards[h]!.def, t.cards[r]!.def] = [t.cards[r]!.def, t.cards[h]!.def];
    swapped++;
  }
  opp.roster.reverse();
  t.managers[me].roster.reverse();
  t.rng = seedRng('another game');
  return { state: t, swapped };
}

describe('judgeDecision', () => {
  const judgeable = all.filter((p) => p.state.turn >= 3 && !isForced(legalActions(p.state, p.action.manager)) && p.action.type !== 'concede');

  it('never rewards a lucky guess: changing the hidden cards gives the same verdict, figure for figure', () => {
    const sample = judgeable.filter((_, i) => i % Math.ceil(judgeable.length / 6) === 0);
    expect(new Set(sample.map((p) => p.action.manager)).size).toBe(2);
    let swapped = 0;
    let judged = 0;
    for (const { state, action } of sample) {
      const me = action.manager;
      const changed = hideOtherwise(state, me);
      swapped += changed.swapped;
      // The change is real (the game and the opponent's own view differ) and invisible to the decider.
      expect(hashState(changed.state)).not.toBe(hashState(state));
      if (changed.swapped > 0) expect(project(changed.state, other(me))).not.toEqual(project(state, other(me)));
      expect(project(changed.state, me)).toEqual(project(state, me));
      const before = judge(state, action);
      const after = judge(changed.state, action);
      expect(after).toEqual(before);
      if (before.judged) judged++;
    }
    expect(swapped).toBeGreaterThan(0);
    expect(judged).toBeGreaterThan(3);
  });

  it("marks a missed lethal attack a blunder and suggests the attack, judged from the attacker's view", () => {
    let found = 0;
    for (const { state, action } of all) {
      if (action.type !== 'declare-attackers' || found >= 2) continue;
      const me = action.manager;
      const offer = legalActions(state, me).find((l) => l.type === 'choose-attackers');
      if (!offer || offer.type !== 'choose-attackers' || offer.eligible.length < 2) continue;
      // Both managers at 1 sanity: attacking with everyone often wins on the spot; staying home hands the opponent
      // the first swing (with only the defender low, staying home loses little: the win comes a turn later).
      const s = cloneState(state);
      s.managers[other(me)].sanity = 1;
      s.managers[me].sanity = 1;
      const everyone: Action = { type: 'declare-attackers', manager: me, attackers: offer.eligible.map((e) => e.id) };
      const all = judge(s, everyone);
      if (!all.judged || all.judgement.chosen < 99.999) continue;
      found++;
      expect(all.judgement.loss).toBe(0);
      expect(all.judgement.mark).toBeNull();
      expect(all.judgement.bestAction).toEqual(everyone);
      const none = judge(s, { type: 'declare-attackers', manager: me, attackers: [] });
      if (!none.judged) throw new Error('a declaration with eligible attackers is judged');
      expect(none.judgement.best).toBeGreaterThanOrEqual(99.999);
      expect(none.judgement.loss).toBeCloseTo(none.judgement.best - none.judgement.chosen, 10);
      expect(none.judgement.loss).toBeGreaterThanOrEqual(15);
      expect(none.judgement.mark).toBe('blunder');
      expect(none.judgement.bestAction.type).toBe('declare-attackers');
      expect((none.judgement.bestAction as Extract<Action, { type: 'declare-attackers' }>).attackers.length).toBeGreaterThan(0);
      expect(none.judgement.accuracy).toBeLessThan(60);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('skips forced decisions and stays inside its budget', () => {
    const forced = all.find((p) => isForced(legalActions(p.state, p.action.manager)));
    expect(forced).toBeDefined();
    expect(judge(forced!.state, forced!.action)).toEqual({ judged: false, reason: 'forced' });
    for (const { state, action } of judgeable.slice(0, 6)) {
      const v = judge(state, action);
      if (!v.judged) continue;
      expect(v.judgement.candidates).toBeLessThanOrEqual(5);
      expect(v.judgement.rollouts).toBeLessThanOrEqual(5 * 2 + 2 * 2);
      expect(v.judgement.loss).toBeGreaterThanOrEqual(0);
    }
  });

  it('lists a decision with one option besides conceding as forced, and an offer as a choice', () => {
    expect(
      isForced([
        { type: 'pass', manager: 'A' },
        { type: 'concede', manager: 'A' },
      ]),
    ).toBe(true);
    expect(
      isForced([
        { type: 'pass', manager: 'A' },
        { type: 'place-star', manager: 'A', card: 'c1' },
      ]),
    ).toBe(false);
    const offer = legalActions(
      all.find((p) => p.action.type === 'declare-attackers')!.state,
      all.find((p) => p.action.type === 'declare-attackers')!.action.manager,
    );
    expect(isForced(offer)).toBe(false);
  });
});
