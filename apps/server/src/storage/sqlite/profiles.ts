/**
 * Public profiles, match history and the leaderboard on SQLite (issue 17 §5; routes: http/profile-routes.ts),
 * through the queries both backends share (../profile-sql.ts).
 */
import type Database from 'better-sqlite3';
import {
  usernameKey,
  type Leaderboard,
  type MatchHistoryPage,
  type MatchKind,
  type MatchSummary,
  type PublicProfile,
  type RatingQueue,
  type RatingSummary,
} from '@vroyale/protocol';
import { isProvisional } from '../../ratings/glicko.js';
import { PROFILE_SQL } from '../profile-sql.js';
import type { ProfilesStore } from '../store.js';

type Row = Record<string, unknown>;

/** A match_players row joined as the history query selects it, as the API shows it. */
export function matchSummary(r: Row): MatchSummary {
  const result = JSON.parse(String(r.result_json ?? 'null')) as { reason?: string } | null;
  const id = String(r.id);
  return {
    matchId: id,
    roomId: String(r.room_id),
    kind: r.kind as MatchKind,
    endedAt: Number(r.ended_at),
    outcome: r.outcome as MatchSummary['outcome'],
    reason: result?.reason ?? 'unknown',
    starter: String(r.starter),
    opponent: { name: String(r.o_name), username: typeof r.o_username === 'string' ? r.o_username : null, bot: Boolean(r.o_bot), starter: String(r.o_starter) },
    rating: r.rc_queue
      ? { queue: r.rc_queue as RatingQueue, before: Number(r.rating_before), after: Number(r.rating_after), rdAfter: Number(r.rd_after) }
      : null,
    replay: `/api/matches/${encodeURIComponent(id)}/replay`,
    series: typeof r.series_id === 'string' ? r.series_id : null,
  };
}

interface RatingRow {
  queue: RatingQueue;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export class SqliteProfiles implements ProfilesStore {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      ratings: db.prepare(PROFILE_SQL.ratings),
      user: db.prepare(PROFILE_SQL.user),
      record: db.prepare(PROFILE_SQL.record),
      starters: db.prepare(PROFILE_SQL.starters),
      historyCount: db.prepare(PROFILE_SQL.historyCount),
      history: db.prepare(PROFILE_SQL.history),
      board: db.prepare(PROFILE_SQL.board),
    };
  }

  private account(name: string): Row | undefined {
    return name.length > 64 ? undefined : (this.st.user.get(usernameKey(name.trim())) as Row | undefined);
  }

  private historyOf(userId: string, page: number, perPage: number): MatchSummary[] {
    return (this.st.history.all(userId, perPage, (page - 1) * perPage) as Row[]).map(matchSummary);
  }

  async ratings(userId: string): Promise<RatingSummary[]> {
    return (this.st.ratings.all(userId) as RatingRow[]).map((r) => ({ ...r, provisional: isProvisional(r) }));
  }

  async profile(username: string): Promise<PublicProfile | null> {
    const u = this.account(username);
    if (!u) return null;
    const id = String(u.id);
    const rec = this.st.record.get(id) as Row;
    return {
      username: String(u.username),
      createdAt: Number(u.created_at),
      ratings: await this.ratings(id),
      games: Number(rec.games),
      wins: Number(rec.wins),
      losses: Number(rec.losses),
      draws: Number(rec.draws),
      favouriteStarters: (this.st.starters.all(id) as Row[]).map((s) => ({ starter: String(s.starter), games: Number(s.games), wins: Number(s.wins) })),
      recent: this.historyOf(id, 1, 10),
    };
  }

  async history(username: string, page: number, perPage: number): Promise<MatchHistoryPage | null> {
    const u = this.account(username);
    if (!u) return null;
    const id = String(u.id);
    return { username: String(u.username), page, perPage, total: Number((this.st.historyCount.get(id) as Row).n), matches: this.historyOf(id, page, perPage) };
  }

  async leaderboard(queue: RatingQueue, limit: number): Promise<Leaderboard> {
    return {
      queue,
      entries: (this.st.board.all(queue, limit) as Row[]).map((r, i) => ({
        rank: i + 1,
        username: String(r.username),
        rating: Number(r.rating),
        rd: Number(r.rd),
        provisional: isProvisional({ rd: Number(r.rd) }),
        games: Number(r.games),
        wins: Number(r.wins),
      })),
    };
  }
}
