/**
 * Who played a match and how it ended, and the ratings it moved (issue 17 §4). Every method runs inside a
 * transaction the caller (storage.ts) already holds: the players are written with the match, the outcomes and
 * the rating change with the result. So a result and its rating change commit together or not at all, and a
 * restart between them cannot exist.
 *
 * Exactly once: `matchEnded` is only called when the matches row went from 'active' to 'finished' in that
 * same transaction (the status guard), and `rating_changes` has PRIMARY KEY (match_id, user_id): a second
 * recording would fail the transaction rather than count twice.
 */
import type Database from 'better-sqlite3';
import type { MatchKind, MatchResult, QueueName, RatingQueue } from '@vroyale/protocol';
import { defaultRating, rateGame, type Rating, type Score } from '../../ratings/glicko.js';
import type { MatchRecord } from '../records.js';

type Row = Record<string, unknown>;

/** Kinds whose results move a rating, and the queue they rate. */
export const RATED_KINDS: Partial<Record<MatchKind, QueueName>> = { ranked: 'ranked', casual: 'casual' };

export class SqliteResults {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      insertPlayer: db.prepare('INSERT OR IGNORE INTO match_players (match_id, seat, user_id, bot, name, starter) VALUES (?, ?, ?, ?, ?, ?)'),
      players: db.prepare('SELECT seat, user_id, bot FROM match_players WHERE match_id = ? ORDER BY seat'),
      // A game of a best-of-three moves no rating: its match does, once decided (`rateMatch`, issue 34).
      kindOf: db.prepare('SELECT m.kind, r.format FROM matches m LEFT JOIN rooms r ON r.id = m.room_id WHERE m.id = ?'),
      setOutcome: db.prepare('UPDATE match_players SET outcome = ? WHERE match_id = ? AND seat = ?'),
      rating: db.prepare('SELECT rating, rd, volatility FROM ratings WHERE user_id = ? AND queue = ?'),
      upsertRating: db.prepare(
        `INSERT INTO ratings (user_id, queue, rating, rd, volatility, games, wins, losses, draws, updated_at)
         VALUES (@userId, @queue, @rating, @rd, @volatility, 1, @win, @loss, @draw, @at)
         ON CONFLICT (user_id, queue) DO UPDATE SET rating = @rating, rd = @rd, volatility = @volatility,
           games = games + 1, wins = wins + @win, losses = losses + @loss, draws = draws + @draw, updated_at = @at`,
      ),
      insertChange: db.prepare(
        `INSERT INTO rating_changes (match_id, user_id, queue, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
  }

  /** At match start, in its transaction: one row per seat (a bot's user id is 'bot:<room>'). */
  matchStarted(m: MatchRecord): void {
    for (const seat of ['A', 'B'] as const) {
      const o = m.seats[seat];
      this.st.insertPlayer.run(m.id, seat, o.userId, o.bot ? 1 : 0, o.name, o.rosterLabel);
    }
  }

  /**
   * The result, in the transaction that just finished the match (and only when it did): both outcomes, and
   * for a rated kind between two people both ratings of that queue and their `rating_changes` rows.
   */
  matchEnded(matchId: string, result: MatchResult, at: number): void {
    const players = this.st.players.all(matchId) as Row[];
    const outcome = (seat: string): 'win' | 'loss' | 'draw' => (result.winner === 'draw' ? 'draw' : result.winner === seat ? 'win' : 'loss');
    for (const p of players) this.st.setOutcome.run(outcome(String(p.seat)), matchId, p.seat);
    const k = this.st.kindOf.get(matchId) as Row | undefined;
    const queue = k && k.format !== 'bo3' ? RATED_KINDS[k.kind as MatchKind] : undefined;
    if (queue) this.rateMatch(matchId, queue, result.winner === 'draw' ? 0.5 : result.winner === 'A' ? 1 : 0, at);
  }

  /**
   * Moves both players' `queue` rating by one result (`scoreA`: seat A's 1, ½ or 0) and records the change under
   * `matchId` (exactly once: rating_changes' key). A game rates itself; a best-of-three's decided match rates under
   * its last game (store.ts `rateSeries`). Nothing for a bot or a seat without a player row.
   */
  rateMatch(matchId: string, queue: RatingQueue, scoreA: Score, at: number): void {
    const players = this.st.players.all(matchId) as Row[];
    const [a, b] = players;
    if (players.length !== 2 || !a || !b || a.bot || b.bot) return;
    const before = (userId: string): Rating => {
      const r = this.st.rating.get(userId, queue) as Row | undefined;
      return r ? { rating: Number(r.rating), rd: Number(r.rd), volatility: Number(r.volatility) } : defaultRating();
    };
    const [ida, idb] = [String(a.user_id), String(b.user_id)];
    const [ra, rb] = [before(ida), before(idb)];
    const after = rateGame(ra, rb, scoreA);
    for (const [userId, score, prev, next] of [
      [ida, scoreA, ra, after.a],
      [idb, 1 - scoreA, rb, after.b],
    ] as const) {
      const [win, loss, draw] = [score === 1 ? 1 : 0, score === 0 ? 1 : 0, score === 0.5 ? 1 : 0];
      this.st.upsertRating.run({ userId, queue, ...next, win, loss, draw, at });
      this.st.insertChange.run(matchId, userId, queue, prev.rating, prev.rd, prev.volatility, next.rating, next.rd, next.volatility, at);
    }
  }
}
