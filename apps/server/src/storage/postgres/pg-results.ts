/**
 * Match players, outcomes and ratings on PostgreSQL: the same rules as SQLite's (../sqlite/results.ts), run on the
 * connection of the transaction that starts or finishes the match, so a result and its rating change commit
 * together or not at all. `matchEnded` runs only when the status guard's UPDATE finished the match in that same
 * transaction; `rating_changes` has PRIMARY KEY (match_id, user_id): a second recording fails the transaction.
 */
import type pg from 'pg';
import type { MatchKind, MatchResult, RatingQueue } from '@vroyale/protocol';
import { defaultRating, rateGame, type Rating, type Score } from '../../ratings/glicko.js';
import type { MatchRecord } from '../records.js';
import { RATED_KINDS } from '../sqlite/results.js';
import { row, rows, run } from './pg-db.js';

export async function matchStarted(c: pg.PoolClient, m: MatchRecord): Promise<void> {
  for (const seat of ['A', 'B'] as const) {
    const o = m.seats[seat];
    await run(c, 'INSERT INTO match_players (match_id, seat, user_id, bot, name, starter) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [
      m.id,
      seat,
      o.userId,
      o.bot ? 1 : 0,
      o.name,
      o.rosterLabel,
    ]);
  }
}

export async function matchEnded(c: pg.PoolClient, matchId: string, result: MatchResult, at: number): Promise<void> {
  const players = await rows(c, 'SELECT seat, user_id, bot FROM match_players WHERE match_id = ? ORDER BY seat', [matchId]);
  const outcome = (seat: string): 'win' | 'loss' | 'draw' => (result.winner === 'draw' ? 'draw' : result.winner === seat ? 'win' : 'loss');
  for (const p of players) await run(c, 'UPDATE match_players SET outcome = ? WHERE match_id = ? AND seat = ?', [outcome(String(p.seat)), matchId, p.seat]);
  // A game of a best-of-three moves no rating: its match does, once decided (`rateMatch`, issue 34).
  const k = await row(c, 'SELECT m.kind, r.format FROM matches m LEFT JOIN rooms r ON r.id = m.room_id WHERE m.id = ?', [matchId]);
  const queue = k && k.format !== 'bo3' ? RATED_KINDS[k.kind as MatchKind] : undefined;
  if (queue) await rateMatch(c, matchId, queue, result.winner === 'draw' ? 0.5 : result.winner === 'A' ? 1 : 0, at);
}

/** ../sqlite/results.ts `rateMatch`, on the transaction's connection. */
export async function rateMatch(c: pg.PoolClient, matchId: string, queue: RatingQueue, scoreA: Score, at: number): Promise<void> {
  const players = await rows(c, 'SELECT seat, user_id, bot FROM match_players WHERE match_id = ? ORDER BY seat', [matchId]);
  const [a, b] = players;
  if (players.length !== 2 || !a || !b || a.bot || b.bot) return;
  const before = async (userId: string): Promise<Rating> => {
    const r = await row(c, 'SELECT rating, rd, volatility FROM ratings WHERE user_id = ? AND queue = ?', [userId, queue]);
    return r ? { rating: Number(r.rating), rd: Number(r.rd), volatility: Number(r.volatility) } : defaultRating();
  };
  const [ida, idb] = [String(a.user_id), String(b.user_id)];
  const [ra, rb] = [await before(ida), await before(idb)];
  const after = rateGame(ra, rb, scoreA);
  for (const [userId, score, prev, next] of [
    [ida, scoreA, ra, after.a],
    [idb, 1 - scoreA, rb, after.b],
  ] as const) {
    const [win, loss, draw] = [score === 1 ? 1 : 0, score === 0 ? 1 : 0, score === 0.5 ? 1 : 0];
    await run(
      c,
      `INSERT INTO ratings (user_id, queue, rating, rd, volatility, games, wins, losses, draws, updated_at)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
       ON CONFLICT (user_id, queue) DO UPDATE SET rating = EXCLUDED.rating, rd = EXCLUDED.rd, volatility = EXCLUDED.volatility,
         games = ratings.games + 1, wins = ratings.wins + EXCLUDED.wins, losses = ratings.losses + EXCLUDED.losses,
         draws = ratings.draws + EXCLUDED.draws, updated_at = EXCLUDED.updated_at`,
      [userId, queue, next.rating, next.rd, next.volatility, win, loss, draw, at],
    );
    await run(
      c,
      `INSERT INTO rating_changes (match_id, user_id, queue, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [matchId, userId, queue, prev.rating, prev.rd, prev.volatility, next.rating, next.rd, next.volatility, at],
    );
  }
}
