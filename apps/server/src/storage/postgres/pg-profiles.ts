/**
 * Public profiles, history and the leaderboard on PostgreSQL: the queries of ../sqlite/profiles.ts (same indexes,
 * same mapping: `matchSummary`), with `SUM(CASE ...)` where SQLite sums booleans.
 */
import type pg from 'pg';
import { usernameKey, type Leaderboard, type MatchHistoryPage, type PublicProfile, type QueueName, type RatingSummary } from '@vroyale/protocol';
import { isProvisional } from '../../ratings/glicko.js';
import { matchSummary, PEOPLE_KINDS } from '../sqlite/profiles.js';
import type { ProfilesStore } from '../store.js';
import { row, rows, type Row } from './pg-db.js';

const PEOPLE = `(${PEOPLE_KINDS.map((k) => `'${k}'`).join(', ')})`;
const count = (outcome: string) => `COALESCE(SUM(CASE WHEN mp.outcome = '${outcome}' THEN 1 ELSE 0 END), 0)`;

const SQL = {
  ratings: 'SELECT queue, rating, rd, volatility, games, wins, losses, draws FROM ratings WHERE user_id = ? ORDER BY queue',
  user: 'SELECT id, username, created_at FROM users WHERE username_key = ? AND username IS NOT NULL',
  record: `SELECT COUNT(*) AS games, ${count('win')} AS wins, ${count('loss')} AS losses, ${count('draw')} AS draws
             FROM match_players mp JOIN matches m ON m.id = mp.match_id
            WHERE mp.user_id = ? AND mp.outcome IS NOT NULL AND m.kind IN ${PEOPLE}`,
  starters: `SELECT mp.starter, COUNT(*) AS games, ${count('win')} AS wins
               FROM match_players mp JOIN matches m ON m.id = mp.match_id
              WHERE mp.user_id = ? AND mp.outcome IS NOT NULL AND m.kind IN ${PEOPLE}
              GROUP BY mp.starter ORDER BY games DESC, wins DESC, mp.starter LIMIT 3`,
  historyCount: 'SELECT COUNT(*) AS n FROM match_players WHERE user_id = ? AND outcome IS NOT NULL',
  history: `SELECT m.id, m.room_id, m.kind, m.ended_at, m.result_json, mp.outcome, mp.starter,
                   o.name AS o_name, o.bot AS o_bot, o.starter AS o_starter, ou.username AS o_username,
                   rc.queue AS rc_queue, rc.rating_before, rc.rating_after, rc.rd_after
              FROM match_players mp
              JOIN matches m ON m.id = mp.match_id
              JOIN match_players o ON o.match_id = mp.match_id AND o.seat <> mp.seat
              LEFT JOIN users ou ON ou.id = o.user_id
              LEFT JOIN rating_changes rc ON rc.match_id = mp.match_id AND rc.user_id = mp.user_id
             WHERE mp.user_id = ? AND mp.outcome IS NOT NULL
             ORDER BY m.ended_at DESC, m.id DESC LIMIT ? OFFSET ?`,
  board: `SELECT r.rating, r.rd, r.games, r.wins, u.username
            FROM ratings r JOIN users u ON u.id = r.user_id
           WHERE r.queue = ? AND r.games > 0 AND u.username IS NOT NULL AND u.banned_at IS NULL
           ORDER BY r.rating DESC, u.username_key LIMIT ?`,
};

export class PgProfiles implements ProfilesStore {
  constructor(private readonly pool: pg.Pool) {}

  private account(name: string): Promise<Row | undefined> {
    return name.length > 64 ? Promise.resolve(undefined) : row(this.pool, SQL.user, [usernameKey(name.trim())]);
  }

  private async historyOf(userId: string, page: number, perPage: number) {
    return (await rows(this.pool, SQL.history, [userId, perPage, (page - 1) * perPage])).map(matchSummary);
  }

  async ratings(userId: string): Promise<RatingSummary[]> {
    return (await rows(this.pool, SQL.ratings, [userId])).map((r) => {
      const s = { queue: r.queue as QueueName, rating: Number(r.rating), rd: Number(r.rd), volatility: Number(r.volatility), games: Number(r.games), wins: Number(r.wins), losses: Number(r.losses), draws: Number(r.draws) };
      return { ...s, provisional: isProvisional(s) };
    });
  }

  async profile(username: string): Promise<PublicProfile | null> {
    const u = await this.account(username);
    if (!u) return null;
    const id = String(u.id);
    const [rec, ratings, starters, recent] = await Promise.all([row(this.pool, SQL.record, [id]), this.ratings(id), rows(this.pool, SQL.starters, [id]), this.historyOf(id, 1, 10)]);
    return {
      username: String(u.username),
      createdAt: Number(u.created_at),
      ratings,
      games: Number(rec!.games),
      wins: Number(rec!.wins),
      losses: Number(rec!.losses),
      draws: Number(rec!.draws),
      favouriteStarters: starters.map((s) => ({ starter: String(s.starter), games: Number(s.games), wins: Number(s.wins) })),
      recent,
    };
  }

  async history(username: string, page: number, perPage: number): Promise<MatchHistoryPage | null> {
    const u = await this.account(username);
    if (!u) return null;
    const id = String(u.id);
    const [n, matches] = await Promise.all([row(this.pool, SQL.historyCount, [id]), this.historyOf(id, page, perPage)]);
    return { username: String(u.username), page, perPage, total: Number(n!.n), matches };
  }

  async leaderboard(queue: QueueName, limit: number): Promise<Leaderboard> {
    const entries = (await rows(this.pool, SQL.board, [queue, limit])).map((r, i) => ({ rank: i + 1, username: String(r.username), rating: Number(r.rating), rd: Number(r.rd), provisional: isProvisional({ rd: Number(r.rd) }), games: Number(r.games), wins: Number(r.wins) }));
    return { queue, entries };
  }
}
