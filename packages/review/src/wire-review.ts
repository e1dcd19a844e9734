/**
 * A review cut to what the server sends (packages/protocol's `GameReview`): the judgements without their work
 * counts (candidates, rollouts) and the match's without its rollout total. Kept here, beside `MatchReview`, so the
 * server's review process and the bench script that prints a review in the wire shape share one cut.
 */
import type { MatchReview } from './review-match.js';

export function wireReview(r: MatchReview) {
  return {
    decisions: r.decisions.map((d) => ({
      index: d.index,
      turn: d.turn,
      manager: d.manager,
      chance: d.chance,
      judgement: d.judgement
        ? {
            chosen: d.judgement.chosen,
            best: d.judgement.best,
            bestAction: d.judgement.bestAction,
            loss: d.judgement.loss,
            mark: d.judgement.mark,
            accuracy: d.judgement.accuracy,
          }
        : null,
      skipped: d.skipped,
    })),
    managers: r.managers,
    winner: r.winner,
    turns: r.turns,
  };
}
