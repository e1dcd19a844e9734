import { describe, expect, it } from 'vitest';
import { extraTurnsLeft, matchDecided, matchScore, nextChooser, nextGameStarts, resultAtTime, type GameRecord } from './match.js';
import { resultProblem } from './results.js';

const g = (winner: GameRecord['winner'], chooser: GameRecord['chooser']): GameRecord => ({ winner, chooser });

describe('best-of-three bookkeeping (project rulings PR-18..PR-21)', () => {
  it('PR-18: the loser of the previous game chooses; after a draw, the same manager chooses again', () => {
    expect(nextChooser([])).toBeNull();
    expect(nextChooser([g('a', 'a')])).toBe('b');
    expect(nextChooser([g('b', 'a')])).toBe('a');
    expect(nextChooser([g('a', 'b'), g('draw', 'b')])).toBe('b');
    expect(nextChooser([g('a', 'a'), g('draw', 'b')])).toBe('b');
  });

  it('PR-19: a drawn game is replayed: it never decides the match', () => {
    const games = [g('a', 'a'), g('draw', 'b'), g('draw', 'b')];
    expect(matchDecided('bo3', games)).toBe(false);
    expect(matchDecided('bo1', [g('draw', 'a')])).toBe(false);
    expect(matchDecided('bo1', [g('draw', 'a'), g('b', 'a')])).toBe(true);
    expect(matchScore([...games, g('a', 'b')])).toEqual({ winsA: 2, winsB: 0, draws: 2 });
    expect(resultProblem('bo3', matchScore([...games, g('a', 'b')]))).toBeNull();
  });

  it('PR-20: three extra turns after the turn in progress, then the game in progress counts as a draw', () => {
    expect([0, 1, 2, 3, 4].map(extraTurnsLeft)).toEqual([true, true, true, true, false]);
    // 1–0 with a game unfinished: the match is won 1–0–1.
    expect(resultAtTime([g('a', 'a')], true)).toEqual({ winsA: 1, winsB: 0, draws: 1 });
    // 1–1 with the third game unfinished: a drawn match.
    const even = resultAtTime([g('a', 'a'), g('b', 'b')], true);
    expect(even).toEqual({ winsA: 1, winsB: 1, draws: 1 });
    expect(even.winsA === even.winsB).toBe(true);
    // After time, no new game starts in the Swiss; in the top cut, games go on until the match is won (PR-21).
    expect(nextGameStarts('bo3', [g('a', 'a'), g('b', 'b')], { timeCalled: true, topCut: false })).toBe(false);
    expect(nextGameStarts('bo3', [g('a', 'a'), g('b', 'b')], { timeCalled: true, topCut: true })).toBe(true);
    expect(nextGameStarts('bo3', [g('a', 'a'), g('a', 'b')], { timeCalled: false, topCut: true })).toBe(false);
    expect(nextGameStarts('bo3', [g('a', 'a')], { timeCalled: false, topCut: false })).toBe(true);
  });
});
