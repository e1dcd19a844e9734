/**
 * One review as the review process runs it (review-child.mjs): the recorded match replayed and judged by
 * `reviewMatch`, told the same public knowledge as the server's hard and expert bots (the starter lists and the
 * card pool, server-bot.ts), never the match's own rosters: a hand-built list is not public, and dealing the
 * opponent's hidden cards from it would let the review know what the manager could not. The judgement reads
 * only each manager's projection (packages/review). The result is cut to the wire's `GameReview`.
 */
import { cardPool } from '@vroyale/cards';
import type { Action, ManagerId, Roster } from '@vroyale/engine';
import type { GameReview } from '@vroyale/protocol';
import { reviewMatch, wireReview, type MatchReview, type ReviewBudget } from '@vroyale/review';
import { BOT_KNOWLEDGE } from '../bots/server-bot.js';

export interface ReviewJob {
  seed: string;
  rosters: Record<ManagerId, Roster>;
  chooser: ManagerId | null;
  actions: Action[];
  budget: Partial<ReviewBudget>;
  /** CPU milliseconds of the review process the review may use before it stops. */
  cpuMs: number;
}

export class OverBudget extends Error {}

/** The review cut to the wire's shape (packages/review `wireReview`), checked against the protocol's type here. */
export function toGameReview(r: MatchReview): GameReview {
  return wireReview(r);
}

/**
 * Runs the review; `onProgress` after each decision. The CPU counted is the whole review process's
 * (`process.cpuUsage()`: every thread of it, the garbage collector's helpers too), which runs nothing but the
 * review, so it is the review's own cost on any platform. The cap is checked between decisions (one decision is at
 * most `selection` + 2 × verify rollouts of at most 20 steps (judge.ts `stepCap`), well under a second), so the review stops within a
 * decision of it; the host's wall-time cap (review-process.ts) covers anything that never comes back.
 */
export function runReview(job: ReviewJob, onProgress: (done: number, total: number) => void): GameReview {
  const cpu = processCpuClock();
  const review = reviewMatch(
    { seed: job.seed, rosters: job.rosters, actions: job.actions, ...(job.chooser ? { chooser: job.chooser } : {}) },
    {
      pool: cardPool,
      knowledge: BOT_KNOWLEDGE,
      budget: job.budget,
      onProgress: ({ done, total }) => {
        if (cpu() >= job.cpuMs)
          throw new OverBudget(`The review went over its CPU budget (${Math.round(job.cpuMs / 1000)} s) after ${done} of ${total} decisions`);
        onProgress(done, total);
      },
    },
  );
  return toGameReview(review);
}

/** A clock of this process's CPU milliseconds (user + system, all threads) from now on. */
function processCpuClock(): () => number {
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
}
