import { describe, expect, it } from 'vitest';
import { elapsedMs, formatDuration, remainingMs, secondsLeft } from './queue-time';

describe('time in queue', () => {
  it('counts from the server clock, whatever the local clock says', () => {
    // The server began the search at 10_000 and said so at 12_000; the page's clock reads 500_000 then.
    expect(elapsedMs(10_000, 12_000, 500_000, 500_000)).toBe(2000);
    expect(elapsedMs(10_000, 12_000, 500_000, 503_500)).toBe(5500);
    // A page clock behind the server's works the same.
    expect(elapsedMs(10_000, 12_000, 1_000, 2_000)).toBe(3000);
  });
  it('is never negative (a message from the past, a clock step)', () => {
    expect(elapsedMs(20_000, 12_000, 0, 0)).toBe(0);
    expect(remainingMs(5_000, 12_000, 0, 0)).toBe(0);
  });
  it('counts an accept window down', () => {
    expect(remainingMs(32_000, 12_000, 100, 100)).toBe(20_000);
    expect(remainingMs(32_000, 12_000, 100, 15_100)).toBe(5_000);
    expect(secondsLeft(4_001)).toBe(5);
    expect(secondsLeft(4_000)).toBe(4);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(-30)).toBe(0);
  });
  it('formats minutes and seconds, hours when there are some', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7_999)).toBe('0:07');
    expect(formatDuration(102_000)).toBe('1:42');
    expect(formatDuration(725_000)).toBe('12:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
