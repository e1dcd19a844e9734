import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '@vroyale/protocol';
import { historyRows } from './history-groups';

const game = (id: string, outcome: MatchSummary['outcome'], series: string | null = null, rating: MatchSummary['rating'] = null): MatchSummary => ({
  matchId: id,
  roomId: `r${id}`,
  kind: 'room',
  endedAt: 1,
  outcome,
  reason: 'concede',
  starter: 'raid-night',
  opponent: { name: 'Bob', username: 'bob', bot: false, starter: 'mod-squad' },
  rating,
  replay: `/api/matches/${id}/replay`,
  series,
});

describe('match history rows', () => {
  it("a best-of-three's games make one match row with its score, in the order the server sent them", () => {
    const rows = historyRows([game('4', 'win'), game('3', 'win', 's1'), game('2', 'loss', 's1'), game('1', 'win', 's1'), game('0', 'draw')]);
    expect(rows.map((r) => (r.kind === 'game' ? r.m.matchId : `${r.series}:${r.games.map((g) => g.matchId).join('')}`))).toEqual(['4', 's1:321', '0']);
    expect(rows[1]).toMatchObject({ kind: 'series', wins: 2, losses: 1, draws: 0, outcome: 'win' });
  });

  it('a drawn game counts for neither; a level score is a drawn match', () => {
    expect(historyRows([game('2', 'draw', 's2'), game('1', 'loss', 's2'), game('0', 'win', 's2')])[0]).toMatchObject({
      wins: 1,
      losses: 1,
      draws: 1,
      outcome: 'draw',
    });
  });

  it("a rated best-of-three's match row carries its rating change, from whichever game has it (the last game's)", () => {
    const change = { queue: 'ranked-bo3', before: 1500, after: 1512.4, rdAfter: 180 } as const;
    const rows = historyRows([game('3', 'win', 's3', change), game('2', 'loss', 's3'), game('1', 'win', 's3'), game('0', 'win', 's4')]);
    expect(rows[0]).toMatchObject({ kind: 'series', series: 's3', rating: change });
    // Its last game on the previous page: this page's part of the match has no change to show.
    expect(rows[1]).toMatchObject({ kind: 'series', series: 's4', rating: null });
    // The server's order is newest first, but the change is found wherever it is.
    expect(historyRows([game('1', 'win', 's5'), game('2', 'win', 's5', change)])[0]).toMatchObject({ rating: change });
  });
});
