/**
 * The review of a whole recorded match: every decision judged from its manager's projection (judge.ts), a
 * win-chance series for the graph (one point per decision, each manager's chance read from their own projection
 * by the model), marks and lichess accuracy per manager. Pure: no clock, no I/O; `onProgress` lets a host's queue
 * show how far it is. The budget is per decision (judge.ts), never per match: a budget shared across decisions
 * would let one manager's hidden hand (which sizes their decisions) change how the other's are judged.
 */
import { legalActions, other, project, type Action, type BotKnowledge, type CardDef, type ManagerId } from '@vroyale/engine';
import { gameAccuracy } from './accuracy.js';
import { judgeDecision, type NotJudged, type ReviewBudget, type Judgement } from './judge.js';
import type { Mark } from './marks.js';
import { positions, type RecordedMatch } from './replay.js';
import { viewWinChance, winModel, type WinModel } from './win-model.js';

export interface ReviewOptions {
  /** The card pool the match was played with. */
  pool: Record<string, CardDef>;
  /** The public lists and pool every bot is told (the search deals hidden cards from them). */
  knowledge: BotKnowledge;
  budget?: Partial<ReviewBudget>;
  model?: WinModel;
  /** Called after each decision: `done` of `total` (the log's length). */
  onProgress?: (p: { done: number; total: number }) => void;
}

export interface DecisionReview {
  index: number;
  turn: number;
  manager: ManagerId;
  action: Action;
  /** Each manager's win chance (0–100) before the decision, from their own projection (the graph's point). */
  chance: Record<ManagerId, number>;
  judgement: Judgement | null;
  /** Why it was not judged, when it was not. */
  skipped: NotJudged | null;
}

export interface ManagerSummary {
  /** lichess's game accuracy over the judged decisions (null when none was judged). */
  accuracy: number | null;
  judged: number;
  marks: Record<Mark, number>;
}

export interface MatchReview {
  decisions: DecisionReview[];
  managers: Record<ManagerId, ManagerSummary>;
  winner: ManagerId | 'draw' | null;
  /** Turns the match lasted (the last position's turn). */
  turns: number;
  /** Rollouts simulated in all: the review's work, whatever the machine. */
  rollouts: number;
}

export function reviewMatch(match: RecordedMatch, o: ReviewOptions): MatchReview {
  const model = o.model ?? winModel();
  const decisions: DecisionReview[] = [];
  const total = match.actions.length;
  let rollouts = 0;
  const it = positions(match, o.pool);
  let next = it.next();
  while (!next.done) {
    const { index, state, action } = next.value;
    const me = action.manager;
    const view = project(state, me);
    const verdict = judgeDecision({
      view,
      legal: legalActions(state, me),
      chosen: action,
      knowledge: o.knowledge,
      model,
      ...(o.budget ? { budget: o.budget } : {}),
    });
    const chance = { [me]: 100 * viewWinChance(view, model), [other(me)]: 100 * viewWinChance(project(state, other(me)), model) } as Record<ManagerId, number>;
    if (verdict.judged) rollouts += verdict.judgement.rollouts;
    decisions.push({
      index,
      turn: state.turn,
      manager: me,
      action,
      chance,
      judgement: verdict.judged ? verdict.judgement : null,
      skipped: verdict.judged ? null : verdict.reason,
    });
    o.onProgress?.({ done: index + 1, total });
    next = it.next();
  }
  const end = next.value;
  const summary = (m: ManagerId): ManagerSummary => {
    const judged = decisions.filter((d) => d.manager === m && d.judgement).map((d) => d.judgement!);
    const marks: Record<Mark, number> = { inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const j of judged) if (j.mark) marks[j.mark]++;
    return { accuracy: gameAccuracy(judged), judged: judged.length, marks };
  };
  return { decisions, managers: { A: summary('A'), B: summary('B') }, winner: end.winner, turns: end.turn, rollouts };
}
