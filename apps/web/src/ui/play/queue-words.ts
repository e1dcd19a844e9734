/**
 * A matchmaking queue in words, everywhere it is named (Play online, the leaderboard, the profile's ratings):
 * "Ranked", "Casual · Best of three". Call from a component that calls `useT()` (it re-renders on a language change).
 */
import type { MatchFormat, QueueName, RatingQueue } from '@vroyale/protocol';
import { t } from '../../i18n';
import { queueChoiceOf } from '../../play/queue-choice';

export function queueText(queue: QueueName, format: MatchFormat = 'bo1'): string {
  const name = t(queue === 'ranked' ? 'play.ranked' : 'play.casual');
  return format === 'bo3' ? t('play.queueBo3', { queue: name }) : name;
}

export function ratingQueueText(q: RatingQueue): string {
  const c = queueChoiceOf(q);
  return queueText(c.queue, c.format);
}
