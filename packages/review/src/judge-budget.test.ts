import { cloneState, createStrongBot, hashState, legalActions, makeRng, project, strongBot, type Bot } from '@vroyale/engine';
import { describe, expect, it } from 'vitest';
import { botGame, KNOWLEDGE, POOL } from '../bench/bot-games.js';
import { determinise, DEFAULT_WEIGHTS, rollout, strongBotWork } from './engine-internals.js';
import { DEFAULT_BUDGET, FULL_BUDGET, isForced, judgeDecision, selectionDeals, stageWidth, stepCap, type ReviewBudget } from './judge.js';
import { positions, type Position } from './replay.js';

const game = botGame('review-judge-test', 6, ['normal', 'normal']);
const all: Position[] = [...positions(game.match, POOL)];
const judgeable = all.filter((p) => p.state.turn >= 3 && !isForced(legalActions(p.state, p.action.manager)) && p.action.type !== 'concede');

/** strongBot, counting the decisions it is asked (a rollout's steps that needed a look). */
function counting(): { bot: Bot; calls: () => number } {
  let n = 0;
  return {
    bot: (input) => {
      n++;
      return strongBot(input);
    },
    calls: () => n,
  };
}

describe("the review's cost bound", () => {
  it('stops a rollout at its step cap, and runs it to the horizon without one', () => {
    const { state, action } = judgeable[0]!;
    const view = project(state, action.manager);
    const run = (maxSteps?: number): number => {
      const c = counting();
      const sim = determinise(view, 'cap-test', KNOWLEDGE.defs);
      rollout(cloneState(sim), action.manager, makeRng('cap-test'), {
        untilTurn: view.turn + 2,
        weights: DEFAULT_WEIGHTS,
        policy: 'strong',
        player: c.bot,
        ...(maxSteps === undefined ? {} : { maxSteps }),
      });
      return c.calls();
    };
    const uncapped = run();
    expect(uncapped).toBeGreaterThan(3);
    expect(run(3)).toBeLessThanOrEqual(3);
    expect(run(0)).toBe(0);
  });

  it('lets a rollout look further on a narrow board: stepWork ÷ the cards on stage, between maxSteps and narrowSteps', () => {
    const views = judgeable.map(({ state, action }) => project(state, action.manager));
    const b: ReviewBudget = { ...DEFAULT_BUDGET, maxSteps: 12, stepWork: 240, narrowSteps: 20 };
    for (const v of views) {
      const w = stageWidth(v);
      expect(w).toBe((['A', 'B'] as const).reduce((n, m) => n + v.managers[m].centre.length + v.managers[m].main.length, 0));
      expect(stepCap(v, b)).toBe(w <= 12 ? 20 : w >= 20 ? 12 : Math.floor(240 / w));
      expect(stepCap(v, { ...b, stepWork: 0 })).toBe(12);
    }
    // The games reach both ends of the scale, so both bounds were checked.
    expect(views.some((v) => stageWidth(v) <= 12)).toBe(true);
    expect(stepCap(views[0]!, FULL_BUDGET)).toBe(FULL_BUDGET.maxSteps);
  });

  it('gives each candidate fewer deals when a decision has many, never none and never more than `deals`', () => {
    const b: ReviewBudget = { ...FULL_BUDGET, deals: 4, selection: 12 };
    expect([1, 2, 3, 4, 5, 6, 7, 12, 13, 40].map((n) => selectionDeals(n, b))).toEqual([4, 4, 4, 3, 2, 2, 1, 1, 1, 1]);
    expect(selectionDeals(10, FULL_BUDGET)).toBe(4);
  });

  it('spends at most the default budget on a judged decision', () => {
    const b = DEFAULT_BUDGET;
    let judged = 0;
    for (const { state, action } of judgeable.filter((_, i) => i % 4 === 0).slice(0, 6)) {
      const v = judgeDecision({ view: project(state, action.manager), legal: legalActions(state, action.manager), chosen: action, knowledge: KNOWLEDGE });
      if (!v.judged) continue;
      judged++;
      const { candidates, rollouts } = v.judgement;
      expect(candidates).toBeLessThanOrEqual(b.maxCandidates);
      expect(rollouts).toBeLessThanOrEqual(Math.max(candidates, Math.min(candidates * b.deals, b.selection)) + 2 * b.verify);
    }
    expect(judged).toBeGreaterThan(0);
  });

  it("bounds the looks over actions in its rollouts by lookSteps; strongBot's own 1,500 plays as the engine's default player", () => {
    const decisions = judgeable.filter((_, i) => i % 3 === 0).slice(0, 8);
    const work = (lookSteps: number): number => {
      const w0 = strongBotWork();
      for (const { state, action } of decisions)
        judgeDecision({
          view: project(state, action.manager),
          legal: legalActions(state, action.manager),
          chosen: action,
          knowledge: KNOWLEDGE,
          budget: { lookSteps },
        });
      return strongBotWork() - w0;
    };
    expect(work(0)).toBeLessThan(work(1500));
    const { state, action } = decisions[0]!;
    const view = project(state, action.manager);
    const play = (player?: Bot): [number, string] => {
      const sim = determinise(view, 'look-test', KNOWLEDGE.defs);
      const o = { untilTurn: view.turn + 2, weights: DEFAULT_WEIGHTS, policy: 'strong' as const, ...(player ? { player } : {}) };
      return [rollout(sim, action.manager, makeRng('look-test'), o), hashState(sim)];
    };
    expect(play(createStrongBot({ actionWork: 1500 }))).toEqual(play());
  });
});
