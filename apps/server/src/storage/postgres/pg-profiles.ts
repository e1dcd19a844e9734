/**
 * Public profiles, history and the leaderboard on PostgreSQL: the queries of ../profile-sql.ts, shared with
 * SQLite, and the same mapping (`matchSummary`).
 */
import type pg from 'pg';
import { usernameKey, type Leaderboard, type MatchHistoryPage, type PublicProfile, type RatingQueue, type RatingSummary } from '@vroyale/protocol';
import { isProvisional } from '../../ratings/glicko.js';
import { PROFILE_SQL } from '../profile-sql.js';
import { matchSummary } from '../sqlite/profiles.js';
import type { ProfilesStore } from '../store.js';
import { row, rows, type Row } from './pg-db.js';

export class PgProfiles implements ProfilesStore {
  constructor(private readonly pool: pg.Pool) {}

  private account(name: string): Promise<Row | undefined> {
    return name.length > 64 ? Promise.resolve(undefined) : row(this.pool, PROFILE_SQL.user, [usernameKey(name.trim())]);
  }

  private async historyOf(userId: string, page: number, perPage: number) {
    return (await rows(this.pool, PROFILE_SQL.history, [userId, perPage, (page - 1) * perPage])).map(matchSummary);
  }

  async ratings(userId: string): Promise<RatingSummary[]> {
    return (await rows(this.pool, PROFILE_SQL.ratings, [userId])).map((r) => {
      const s = {
        queue: r.queue as RatingQueue,
        rating: Number(r.rating),
        rd: Number(r.rd),
        volatility: Number(r.volatility),
        games: Number(r.games),
        wins: Number(r.wins),
        losses: Number(r.losses),
        draws: Number(r.draws),
      };
      return { ...s, provisional: isProvisional(s) };
    });
  }

  async profile(username: string): Promise<PublicProfile | null> {
    const u = await this.account(username);
    if (!u) return null;
    const id = String(u.id);
    const [rec, ratings, starters, recent] = await Promise.all([
      row(this.pool, PROFILE_SQL.record, [id]),
      this.ratings(id),
      rows(this.pool, PROFILE_SQL.starters, [id]),
      this.historyOf(id, 1, 10),
    ]);
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
    const [n, matches] = await Promise.all([row(this.pool, PROFILE_SQL.historyCount, [id]), this.historyOf(id, page, perPage)]);
    return { username: String(u.username), page, perPage, total: Number(n!.n), matches };
  }

  async leaderboard(queue: RatingQueue, limit: number): Promise<Leaderboard> {
    const entries = (await rows(this.pool, PROFILE_SQL.board, [queue, limit])).map((r, i) => ({
      rank: i + 1,
      username: String(r.username),
      rating: Number(r.rating),
      rd: Number(r.rd),
      provisional: isProvisional({ rd: Number(r.rd) }),
      games: Number(r.games),
      wins: Number(r.wins),
    }));
    return { queue, entries };
  }
}
