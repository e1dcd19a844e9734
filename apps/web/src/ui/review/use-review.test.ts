import { describe, expect, it } from 'vitest';
import type { ReviewState } from '@vroyale/protocol';
import '../../i18n/later-texts';
import { pending, refusalText } from './use-review';

const state = (status: ReviewState['status']): ReviewState => ({
  matchId: 'm1',
  status,
  progress: { done: 0, total: 10 },
  queuePosition: null,
  review: null,
  error: null,
});

describe('the review over HTTP', () => {
  it('polls only while the review is queued or running', () => {
    expect(pending(null)).toBe(false);
    expect(pending(state('queued'))).toBe(true);
    expect(pending(state('running'))).toBe(true);
    expect(pending(state('done'))).toBe(false);
    expect(pending(state('failed'))).toBe(false);
  });

  it("words each refusal of the contract, else the server's sentence", () => {
    const refused = (status: number, message = 'x') => refusalText({ ok: false, status, error: { error: 'bad-request', message }, retryAfterS: null });
    expect(refused(403)).toBe('This match is not over yet: it can be reviewed once it ends.');
    expect(refused(404)).toBe('The server does not know this match.');
    expect(refused(429)).toBe('Too many reviews are waiting right now: try again in a minute.');
    const tooMany = refusalText({ ok: false, status: 429, error: { error: 'too-many-attempts', message: 'x' }, retryAfterS: 1500 });
    expect(tooMany).toBe('You have asked for many reviews this hour: try again in 25 minutes.');
    expect(refused(503)).toBe('Reviews are switched off on this server.');
    expect(refused(0)).toBe('Not connected to the server');
    expect(refused(500, 'The review store is unavailable')).toBe('The review store is unavailable');
  });
});
