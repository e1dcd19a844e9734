/** Small facts about rounds and results, shared by the Swiss part and the top cut. */
import type { MatchFormat, MatchResult, TournamentState } from './types.js';

/** Whether a player takes part in round `round` (1-based): not dropped before it. */
export function activeIn(p: { droppedAfterRound?: number }, round: number): boolean {
  return p.droppedAfterRound === undefined || p.droppedAfterRound >= round;
}

/** Matches of the last Swiss round that have no result yet (byes need none). */
export function openMatches(state: TournamentState): number {
  const last = state.rounds[state.rounds.length - 1];
  return last ? last.pairings.filter((m) => m.b !== null && !m.result).length : 0;
}

/** Why a result cannot be a match of this format, or null. Drawn games are replayed, so their count is free. */
export function resultProblem(format: MatchFormat, r: MatchResult, allowDrawnMatch = true): string | null {
  const toWin = format === 'bo3' ? 2 : 1;
  for (const k of ['winsA', 'winsB', 'draws'] as const) if (!Number.isInteger(r?.[k]) || r[k] < 0) return `${k} must be a whole number of games, 0 or more`;
  if (r.winsA > toWin || r.winsB > toWin)
    return `A ${format === 'bo3' ? 'best-of-three' : 'best-of-one'} match ends when a player has won ${toWin} game${toWin === 1 ? '' : 's'}`;
  if (r.winsA === toWin && r.winsB === toWin) return 'Both players cannot have won the match';
  if (r.draws > 20) return 'A match has at most 20 drawn games';
  if (!allowDrawnMatch && r.winsA === r.winsB) return 'A top-cut match needs a winner';
  return null;
}
