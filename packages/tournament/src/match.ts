/**
 * A match of one or three games, as the project rulings decide it (docs/rules.md):
 * - PR-18: the loser of the previous game chooses who goes first in the next; after a drawn game, the
 *   manager who chose for that game chooses again. (The first game's choice is the coin flip, RUL-SETUP-3.)
 * - PR-19: a drawn game does not count toward the games needed; another game is played.
 * - PR-20: at the end of the round time the turn in progress (turn 0) is finished, then 3 more turns are
 *   played; then, if unfinished, the game counts as a drawn game and no new game starts: the match goes to the
 *   manager with more games won, and is drawn on an even score (MTR 2.5).
 * - PR-21: in the top cut the round time ends nothing: games are played until one manager has won the match.
 * Pure bookkeeping over game outcomes; the server feeds it what the engine reports.
 */
import type { MatchFormat, MatchResult } from './types.js';

export type Seat = 'a' | 'b';
/** One finished game: who won it, or a draw (RUL-END-1), and who chose who went first. */
export interface GameRecord {
  winner: Seat | 'draw';
  chooser: Seat;
}

export const EXTRA_TURNS = 3;

export const gamesToWin = (format: MatchFormat): number => (format === 'bo3' ? 2 : 1);

const other = (s: Seat): Seat => (s === 'a' ? 'b' : 'a');

export function matchScore(games: readonly GameRecord[]): MatchResult {
  const r = { winsA: 0, winsB: 0, draws: 0 };
  for (const g of games) g.winner === 'a' ? r.winsA++ : g.winner === 'b' ? r.winsB++ : r.draws++;
  return r;
}

/** Whether the match is over by games alone (PR-19: draws never end it). */
export function matchDecided(format: MatchFormat, games: readonly GameRecord[]): boolean {
  const s = matchScore(games);
  return Math.max(s.winsA, s.winsB) >= gamesToWin(format);
}

/** Who chooses who goes first in the next game (PR-18); null for the first game (the coin flip decides). */
export function nextChooser(games: readonly GameRecord[]): Seat | null {
  const last = games[games.length - 1];
  if (!last) return null;
  return last.winner === 'draw' ? last.chooser : other(last.winner);
}

/**
 * Round time in a Swiss round (PR-20). `turnsSinceTime` is how many turns have begun since time was called
 * (0 during the turn in progress at time). Returns whether the game in progress is still played.
 */
export function extraTurnsLeft(turnsSinceTime: number): boolean {
  return turnsSinceTime <= EXTRA_TURNS;
}

/**
 * The Swiss result of a match at the end of the extra turns (PR-20): the games finished so far, the game in
 * progress (if any) counting as a drawn game. A match already decided keeps its result.
 */
export function resultAtTime(games: readonly GameRecord[], gameInProgress: boolean): MatchResult {
  const s = matchScore(games);
  return gameInProgress ? { ...s, draws: s.draws + 1 } : s;
}

/** Whether a new game starts: not once the match is decided, nor after time in a Swiss round (PR-20, PR-21). */
export function nextGameStarts(format: MatchFormat, games: readonly GameRecord[], opts: { timeCalled: boolean; topCut: boolean }): boolean {
  if (matchDecided(format, games)) return false;
  return opts.topCut || !opts.timeCalled;
}
