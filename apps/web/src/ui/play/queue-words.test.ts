import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { queueText, ratingQueueText } from './queue-words';

describe('queues in words', () => {
  afterAll(() => setLanguage('en', false));

  it('name the queue, and the format when it is a best of three', async () => {
    await setLanguage('en', false);
    expect(queueText('ranked')).toBe('Ranked');
    expect(queueText('casual', 'bo1')).toBe('Casual');
    expect(queueText('ranked', 'bo3')).toBe('Ranked · Best of three');
    expect(ratingQueueText('casual-bo3')).toBe('Casual · Best of three');
    await setLanguage('ja', false);
    expect(ratingQueueText('ranked-bo3')).toBe('ランク戦・3本勝負');
    expect(ratingQueueText('casual')).toBe('カジュアル');
  });
});
