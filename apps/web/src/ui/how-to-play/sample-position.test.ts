/**
 * How to play's sample match: the seed reaches a position with every zone the legend explains filled, the
 * same one every time, seen as you see a real match (your hand, the rival's hidden; your legal moves).
 */
import { describe, expect, it } from 'vitest';
import { sampleScore, sampleState, samplePosition, SAMPLE_SEED } from './sample-position';

describe('the sample position', () => {
  it('has everything the legend points at, without running out of steps', () => {
    const { state, missing, steps } = sampleState();
    // If a card or rule change loses one, pick another seed: most seeds do (sampleState's moves are steered).
    expect(missing, `seed ${SAMPLE_SEED}`).toEqual([]);
    expect(sampleScore(state).ok).toBe(true);
    expect(steps).toBeLessThan(1000);
  });

  it('is the same every time', () => {
    expect(JSON.stringify(samplePosition())).toBe(JSON.stringify(samplePosition()));
  });

  it("is your projection at your move: your hand face up, the rival's hidden, plays and a pass to offer", () => {
    const { view, legal } = samplePosition();
    expect(view.managers.A.hand?.length).toBeGreaterThanOrEqual(3);
    expect(view.managers.B.hand).toBeNull();
    expect(view.managers.B.handCount).toBeGreaterThan(0);
    expect(legal.some((a) => a.type === 'pass')).toBe(true);
    expect(legal.some((a) => a.type === 'play')).toBe(true);
  });

  it('falls back to the fullest position when a seed cannot have everything', () => {
    // Two steps are not enough for anything: the result is still a position (the Main Step is never reached, so the start).
    const r = sampleState(SAMPLE_SEED, 2);
    expect(r.missing.length).toBeGreaterThan(0);
    expect(r.state.phase).not.toBe('game-over');
  });
});
