/**
 * A page of match history as rows: a single game is a row; the games of a best-of-three (issue 34: entries sharing
 * `series`) are one match row with its score and its games under it, newest first, as the server sends them. A
 * series split across two pages shows the games this page has (the score counts those). A rated best-of-three's
 * rating change is the whole match's, carried by its last game alone (the others have `rating: null`): the match
 * row takes it from whichever of its games has it.
 */
import type { MatchSummary } from '@vroyale/protocol';

export type HistoryRow =
  | { kind: 'game'; m: MatchSummary }
  | {
      kind: 'series';
      series: string;
      games: MatchSummary[];
      wins: number;
      losses: number;
      draws: number;
      outcome: 'win' | 'loss' | 'draw';
      /** The match's rating change (before / after the whole match), or null: unrated, or its last game on another page. */
      rating: MatchSummary['rating'];
    };

export function historyRows(matches: readonly MatchSummary[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const bySeries = new Map<string, Extract<HistoryRow, { kind: 'series' }>>();
  for (const m of matches) {
    if (!m.series) {
      rows.push({ kind: 'game', m });
      continue;
    }
    let row = bySeries.get(m.series);
    if (!row) {
      row = { kind: 'series', series: m.series, games: [], wins: 0, losses: 0, draws: 0, outcome: 'draw', rating: null };
      bySeries.set(m.series, row);
      rows.push(row);
    }
    row.games.push(m);
    row.rating ??= m.rating;
    if (m.outcome === 'win') row.wins++;
    else if (m.outcome === 'loss') row.losses++;
    else row.draws++;
    row.outcome = row.wins > row.losses ? 'win' : row.losses > row.wins ? 'loss' : 'draw';
  }
  return rows;
}
