import { describe, expect, it } from 'vitest';
import { RATING_QUEUES, ratingQueueOf } from '@vroyale/protocol';
import { DEFAULT_QUEUE_CHOICE, leaderboardQueueOf, parseQueueChoice, queueChoiceOf, RATING_QUEUE_ORDER, ratingQueueFor } from './queue-choice';

describe('queue choices (casual / ranked × one game / best of three)', () => {
  it("name every rating queue of the protocol, and map to and from them as the protocol's ratingQueueOf does", () => {
    expect([...RATING_QUEUE_ORDER].sort()).toEqual([...RATING_QUEUES].sort());
    for (const q of RATING_QUEUE_ORDER) {
      const c = queueChoiceOf(q);
      expect(ratingQueueFor(c)).toBe(q);
      expect(ratingQueueOf(c.queue, c.format)).toBe(q);
    }
    expect(queueChoiceOf('ranked-bo3')).toEqual({ queue: 'ranked', format: 'bo3' });
    expect(queueChoiceOf('casual')).toEqual({ queue: 'casual', format: 'bo1' });
  });

  it('read back what was saved; anything else is casual, one game', () => {
    for (const q of RATING_QUEUE_ORDER) expect(parseQueueChoice(ratingQueueFor(queueChoiceOf(q)))).toEqual(queueChoiceOf(q));
    for (const raw of [null, '', 'ranked-bo5', 'Ranked', '{"queue":"ranked"}', 'casual-bo3 ']) expect(parseQueueChoice(raw)).toEqual(DEFAULT_QUEUE_CHOICE);
  });

  it('leaderboard routes: the old ones still work, the best-of-three ones name their queue', () => {
    expect(leaderboardQueueOf('/leaderboard')).toBe('ranked');
    expect(leaderboardQueueOf('/leaderboard/')).toBe('ranked');
    expect(leaderboardQueueOf('/leaderboard/casual')).toBe('casual');
    expect(leaderboardQueueOf('/leaderboard/ranked')).toBe('ranked');
    expect(leaderboardQueueOf('/leaderboard/ranked-bo3')).toBe('ranked-bo3');
    expect(leaderboardQueueOf('/leaderboard/casual-bo3')).toBe('casual-bo3');
    expect(leaderboardQueueOf('/leaderboard/casual-bo3?x=1')).toBe('casual-bo3');
    expect(leaderboardQueueOf('/leaderboard/casual-bo5')).toBe('ranked');
    expect(leaderboardQueueOf('/leaderboard/nonsense')).toBe('ranked');
  });
});
