/** A best-of-three's words: the score and badge, the match's winner, the side-deck window, a later game's order. */
import { afterAll, describe, expect, it } from 'vitest';
import type { SeriesState } from '@vroyale/protocol';
import { setLanguage } from '../../i18n';
import { badgeLines, badgeShort, badgeText, chooserText, matchResultText, orderBy, readinessText, scoreText } from './words';

const names = { A: 'Alice', B: 'Bob' };
const base: SeriesState = {
  seriesId: 's1',
  format: 'bo3',
  game: 2,
  games: [
    { roomId: 'r1', winner: 'A', chooser: null },
    { roomId: 'r2', winner: null, chooser: 'B' },
  ],
  wins: { A: 1, B: 0 },
  status: 'playing',
  winner: null,
  between: null,
  nextRoomId: null,
  yours: null,
};
const between: SeriesState = {
  ...base,
  game: 1,
  games: [{ roomId: 'r1', winner: 'A', chooser: null }],
  status: 'between',
  between: { deadline: 1000, remainingMs: 1000, ready: ['A'], swapped: { A: 2, B: null }, chooser: 'B' },
};

describe('best-of-three words', () => {
  afterAll(() => setLanguage('en', false));

  it('say the game and the score', () => {
    expect(scoreText(base, names)).toBe('Alice 1 – 0 Bob');
    expect(badgeText(base, names)).toBe('Game 2 · Best of three · Alice 1 – 0 Bob');
    expect(badgeShort(base)).toEqual(['Game 2', '1–0']);
    expect(badgeLines(base, names)).toEqual(['Game 2 · Best of three', 'Alice 1 – 0 Bob']);
  });

  it('say who won the match, once decided, to each person', () => {
    expect(matchResultText(base, names, 'A')).toBeNull();
    const done: SeriesState = { ...base, game: 3, status: 'done', winner: 'A', wins: { A: 2, B: 1 } };
    expect(matchResultText(done, names, null)).toBe('Alice wins the match 2 – 1');
    expect(matchResultText(done, names, 'A')).toBe('You win the match 2 – 1');
    expect(matchResultText(done, names, 'B')).toBe('Alice wins the match 2 – 1');
  });

  it('say how far each manager is in the side-deck window (a count, never a card) and who chooses next', () => {
    expect(readinessText(between, 'A', names)).toBe('Alice is ready: swapped 2 cards.');
    expect(readinessText(between, 'B', names)).toBe('Bob is choosing…');
    expect(readinessText({ ...between, between: { ...between.between!, swapped: { A: 1, B: null } } }, 'A', names)).toBe('Alice is ready: swapped 1 card.');
    expect(readinessText({ ...between, between: { ...between.between!, swapped: { A: 0, B: null } } }, 'A', names)).toBe('Alice is ready: kept their deck.');
    expect(chooserText(between, false, names, 'B')).toBe('You lost this game and choose who goes first in game 2.');
    expect(chooserText(between, false, names, null)).toBe('Bob lost this game and chooses who goes first in game 2.');
    expect(chooserText(between, true, names, 'A')).toMatch(/^A drawn game counts for neither manager: Bob chooses again/);
    expect(readinessText(base, 'A', names)).toBeNull();
  });

  it('tell a later game’s chooser why it is theirs, from the series or from the coin event', () => {
    expect(orderBy(null, [{ t: 'coin', winner: 'A' }])).toBeUndefined();
    expect(orderBy({ ...base, game: 1 }, [])).toBeUndefined();
    expect(orderBy(base, [])).toBe('lost-last-game');
    expect(orderBy(null, [{ t: 'coin', winner: 'B', previousGame: true }])).toBe('lost-last-game');
    const afterDraw: SeriesState = { ...base, games: [{ roomId: 'r1', winner: 'draw', chooser: null }, base.games[1]!], wins: { A: 0, B: 0 } };
    expect(orderBy(afterDraw, [])).toBe('drawn-last-game');
  });

  it('in Japanese', async () => {
    await setLanguage('ja', false);
    expect(badgeText(base, names)).toBe('第2ゲーム · 3本勝負（2本先取） · Alice 1 – 0 Bob');
    expect(matchResultText({ ...base, status: 'done', winner: 'B', wins: { A: 1, B: 2 } }, names, 'B')).toBe('あなたが2 – 1で対戦に勝ちました');
    expect(readinessText(between, 'A', names)).toBe('Aliceは準備完了：2枚を入れ替えました。');
    expect(chooserText(between, false, names, 'B')).toBe('このゲームに負けたあなたが、第2ゲームの先攻・後攻を選びます。');
  });
});
