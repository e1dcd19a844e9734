/**
 * Public profiles, match history and the leaderboard on SQLite (issue 17 §5; routes: http/profile-routes.ts).
 * Every query starts from an index: a user by `username_key`, their matches by `match_players (user_id,
 * match_id)` then each match by its primary key, the board by `ratings (queue, rating DESC)`.
 */
import type Database from 'better-sqlite3';
import { usernameKey, type Leaderboard, type MatchHistoryPage, type MatchKind, type MatchSummary, type PublicProfile, type QueueName, type RatingSummary } from '@vroyale/protocol';
import { isProvisional } from '../../ratings/glicko.js';
import type { ProfilesStore } from '../store.js';

type Row = Record<string, unknown>;

/** Kinds that count as games against people on a profile (bots and the tutorial are practice). */
export const PEOPLE_KINDS: MatchKind[] = ['ranked', 'casual', 'challenge', 'room'];
const PEOPLE = `(${PEOPLE_KINDS.map((k) => `'${k}'`).join(', ')})`;

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
    rating: r.rc_queue ? { queue: r.rc_queue as QueueName, before: Number(r.rating_before), after: Number(r.rating_after), rdAfter: Number(r.rd_after) } : null,
    replay: `/api/matches/${encodeURIComponent(id)}/replay`,
  };
}

interface RatingRow {
  queue: QueueName;
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
      ratings: db.prepare('SELECT queue, rating, rd, volatility, games, wins, losses, draws FROM ratings WHERE user_id = ? ORDER BY queue'),
      user: db.prepare('SELECT id, username, created_at FROM users WHERE username_key = ? AND username IS NOT NULL'),
      record: db.prepare(
        `SELECT COUNT(*) AS games, COALESCE(SUM(mp.outcome = 'win'), 0) AS wins, COALESCE(SUM(mp.outcome = 'loss'), 0) AS losses, COALESCE(SUM(mp.outcome = 'draw'), 0) AS draws
           FROM match_players mp JOIN matches m ON m.id = mp.match_id
          WHERE mp.user_id = ? AND mp.outcome IS NOT NULL AND m.kind IN ${PEOPLE}`,
      ),
      starters: db.prepare(
        `SELECT mp.starter, COUNT(*) AS games, COALESCE(SUM(mp.outcome = 'win'), 0) AS wins
           FROM match_players mp JOIN matches m ON m.id = mp.match_id
          WHERE mp.user_id = ? AND mp.outcome IS NOT NULL AND m.kind IN ${PEOPLE}
          GROUP BY mp.starter ORDER BY games DESC, wins DESC, mp.starter LIMIT 3`,
      ),
      historyCount: db.prepare('SELECT COUNT(*) AS n FROM match_players WHERE user_id = ? AND outcome IS NOT NULL'),
      history: db.prepare(
        `SELECT m.id, m.room_id, m.kind, m.ended_at, m.result_json, mp.outcome, mp.starter,
                o.name AS o_name, o.bot AS o_bot, o.starter AS o_starter, ou.username AS o_username,
                rc.queue AS rc_queue, rc.rating_before, rc.rating_after, rc.rd_after
           FROM match_players mp
           JOIN matches m ON m.id = mp.match_id
           JOIN match_players o ON o.match_id = mp.match_id AND o.seat <> mp.seat
           LEFT JOIN users ou ON ou.id = o.user_id
           LEFT JOIN rating_changes rc ON rc.match_id = mp.match_id AND rc.user_id = mp.user_id
          WHERE mp.user_id = ? AND mp.outcome IS NOT NULL
          ORDER BY m.ended_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      ),
      board: db.prepare(
        `SELECT r.rating, r.rd, r.games, r.wins, u.username
           FROM ratings r JOIN users u ON u.id = r.user_id
          WHERE r.queue = ? AND r.games > 0 AND u.username IS NOT NULL AND u.banned_at IS NULL
          ORDER BY r.rating DESC, u.username_key LIMIT ?`,
      ),
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

  async leaderboard(queue: QueueName, limit: number): Promise<Leaderboard> {
    return {
      queue,
      entries: (this.st.board.all(queue, limit) as Row[]).map((r, i) => ({ rank: i + 1, username: String(r.username), rating: Number(r.rating), rd: Number(r.rd), provisional: isProvisional({ rd: Number(r.rd) }), games: Number(r.games), wins: Number(r.wins) })),
    };
  }
}
