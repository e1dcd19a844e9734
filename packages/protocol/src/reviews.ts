/**
 * A finished match's game review over HTTP (issue 35 §1; docs/review.md, docs/api.md "Reviews"). Anyone may ask for
 * the review of a match whose replay is public (it has ended); the server queues it, runs it off the event loop and
 * stores the result. These are the wire shapes: the web app reads them without loading the review package.
 */
import type { Action, ManagerId } from '@vroyale/engine';

/** `POST /api/matches/:id/review` asks; `GET` the same path reads. */
export type ReviewStatus = 'queued' | 'running' | 'done' | 'failed';

/** lichess's marks on a 0–100 win-chance scale: a loss of ≥ 5, ≥ 10, ≥ 15 points. */
export type ReviewMark = 'inaccuracy' | 'mistake' | 'blunder';

/** Why a decision was not judged (a forced one, the mulligan or turn order, a concession, a pending choice). */
export type ReviewSkip = 'forced' | 'rule-made' | 'not-a-play' | 'unsimulated';

export interface ReviewJudgement {
  /** Win chance (0–100) of the chosen move and of the best one the search found, for the deciding manager. */
  chosen: number;
  best: number;
  /** The suggested move; equal to the chosen one when nothing measured better. */
  bestAction: Action;
  /** best − chosen, never below 0. */
  loss: number;
  mark: ReviewMark | null;
  /** lichess's move accuracy of this loss (0–100). */
  accuracy: number;
}

export interface ReviewDecision {
  /** Index into the replay's `actions` (0-based): the state before it is the replay's frame `index`. */
  index: number;
  turn: number;
  manager: ManagerId;
  /** Each manager's win chance (0–100) before the decision, each from their own view: the graph's point. */
  chance: Record<ManagerId, number>;
  judgement: ReviewJudgement | null;
  skipped: ReviewSkip | null;
}

export interface ReviewManagerSummary {
  /** lichess's game accuracy over the judged decisions; null when none was judged. */
  accuracy: number | null;
  judged: number;
  marks: Record<ReviewMark, number>;
}

export interface GameReview {
  decisions: ReviewDecision[];
  managers: Record<ManagerId, ReviewManagerSummary>;
  winner: ManagerId | 'draw' | null;
  turns: number;
}

/** The body of both `POST` and `GET /api/matches/:id/review`. */
export interface ReviewState {
  matchId: string;
  status: ReviewStatus;
  /** Decisions of the log gone through, of all of them (running; done when finished). */
  progress: { done: number; total: number };
  /** Reviews ahead of this one while queued (0: next); null once it runs. */
  queuePosition: number | null;
  /** Present once `status` is `done`. */
  review: GameReview | null;
  /** Why it failed (`status` `failed`): a clear sentence. */
  error: string | null;
}
