/**
 * The matchmaking queue a person chose (issue 34 §1): casual or ranked, one game or a best of three; each pair is
 * its own queue and its own rating (`RatingQueue`, packages/protocol accounts.ts). The last choice is remembered in
 * this browser like the roster (decks.ts). Written out here rather than imported: the protocol's `RATING_QUEUES`
 * and `ratingQueueOf` live beside zod schemas, which the lobby must not pull in (queue-choice.test.ts holds these
 * to them).
 */
import type { MatchFormat, QueueName, RatingQueue } from '@vroyale/protocol';

export interface QueueChoice {
  queue: QueueName;
  format: MatchFormat;
}

export const DEFAULT_QUEUE_CHOICE: QueueChoice = { queue: 'casual', format: 'bo1' };

/** The rating queues in the order the leaderboard and the profile show them. */
export const RATING_QUEUE_ORDER = ['ranked', 'casual', 'ranked-bo3', 'casual-bo3'] as const satisfies readonly RatingQueue[];

/** The rating a queue's match of this format moves (the protocol's `ratingQueueOf`). */
export const ratingQueueFor = (c: QueueChoice): RatingQueue => (c.format === 'bo3' ? `${c.queue}-bo3` : c.queue);

/** A rating queue as its queue and format. */
export function queueChoiceOf(q: RatingQueue): QueueChoice {
  return q.endsWith('-bo3')
    ? { queue: q === 'ranked-bo3' ? 'ranked' : 'casual', format: 'bo3' }
    : { queue: q === 'ranked' ? 'ranked' : 'casual', format: 'bo1' };
}

/** A saved choice as written by `rememberQueueChoice`; anything else (missing, broken, old) is the default. */
export function parseQueueChoice(raw: string | null): QueueChoice {
  const m = raw ? /^(casual|ranked)(-bo3)?$/.exec(raw) : null;
  return m ? queueChoiceOf(raw as RatingQueue) : DEFAULT_QUEUE_CHOICE;
}

/** `#/leaderboard/<queue>` (a path after the hash): the queue it names; ranked when it names none (`#/leaderboard`). */
export function leaderboardQueueOf(path: string): RatingQueue {
  const m = /^\/leaderboard\/((?:casual|ranked)(?:-bo3)?)(?![\w-])/.exec(path);
  return m ? (m[1] as RatingQueue) : 'ranked';
}

const KEY = 'vroyale.queueChoice';

export function lastQueueChoice(): QueueChoice {
  try {
    return parseQueueChoice(localStorage.getItem(KEY));
  } catch {
    return DEFAULT_QUEUE_CHOICE;
  }
}

export function rememberQueueChoice(c: QueueChoice): void {
  try {
    localStorage.setItem(KEY, ratingQueueFor(c));
  } catch {
    // Storage refused (private mode, full): the choice lasts until the page closes.
  }
}
