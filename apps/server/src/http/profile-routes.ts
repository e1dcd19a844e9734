/**
 * Public profiles, match history and the leaderboard (issue 17 §5, docs/api.md). No sign-in: anything here is
 * what anyone may see of an account. Guests have no profile (404, like an unknown name).
 *
 * Every query starts from an index: a user by `username_key`, their matches by `match_players (user_id,
 * match_id)` then each match by its primary key, the board by `ratings (queue, rating DESC)`. Nothing walks
 * the matches table.
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { QueueName, usernameKey, type Leaderboard, type MatchHistoryPage, type MatchKind, type MatchSummary, type PublicProfile } from '@vroyale/protocol';
import type Database from 'better-sqlite3';
import { ratingSummaries } from '../ratings/rating-summaries.js';
import { isProvisional } from '../ratings/glicko.js';

type Row = Record<string, unknown>;

/** Kinds that count as games against people on a profile (bots and the tutorial are practice). */
const PEOPLE_KINDS: MatchKind[] = ['ranked', 'casual', 'challenge', 'room'];
const PEOPLE = `(${PEOPLE_KINDS.map((k) => `'${k}'`).join(', ')})`;

const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});
const BoardQuery = z.object({
  queue: QueueName.default('ranked'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const notFound = (res: Response) => void res.status(404).json({ error: 'not-found', message: 'No player with that username' });
const badQuery = (res: Response, e: z.ZodError) => {
  const i = e.issues[0];
  res.status(400).json({ error: 'bad-request', message: i ? `${i.path.join('.') || 'query'}: ${i.message}` : 'Bad query' });
};

export function profileRoutes(db: Database.Database): Router {
  const ratingsOf = ratingSummaries(db);
  const st = {
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

  const account = (name: string) => (name.length > 64 ? undefined : (st.user.get(usernameKey(name.trim())) as Row | undefined));

  const summary = (r: Row): MatchSummary => {
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
  };
  const history = (userId: string, page: number, perPage: number): MatchSummary[] => (st.history.all(userId, perPage, (page - 1) * perPage) as Row[]).map(summary);

  const router = Router();

  router.get('/api/users/:name', (req, res) => {
    const u = account(String(req.params.name));
    if (!u) return notFound(res);
    const id = String(u.id);
    const rec = st.record.get(id) as Row;
    const ratings = ratingsOf(id);
    const profile: PublicProfile = {
      username: String(u.username),
      createdAt: Number(u.created_at),
      ratings,
      games: Number(rec.games),
      wins: Number(rec.wins),
      losses: Number(rec.losses),
      draws: Number(rec.draws),
      favouriteStarters: (st.starters.all(id) as Row[]).map((s) => ({ starter: String(s.starter), games: Number(s.games), wins: Number(s.wins) })),
      recent: history(id, 1, 10),
    };
    res.json(profile);
  });

  router.get('/api/users/:name/matches', (req, res) => {
    const q = HistoryQuery.safeParse(req.query);
    if (!q.success) return badQuery(res, q.error);
    const u = account(String(req.params.name));
    if (!u) return notFound(res);
    const id = String(u.id);
    const page: MatchHistoryPage = { username: String(u.username), page: q.data.page, perPage: q.data.perPage, total: Number((st.historyCount.get(id) as Row).n), matches: history(id, q.data.page, q.data.perPage) };
    res.json(page);
  });

  router.get('/api/leaderboard', (req, res) => {
    const q = BoardQuery.safeParse(req.query);
    if (!q.success) return badQuery(res, q.error);
    const board: Leaderboard = {
      queue: q.data.queue,
      entries: (st.board.all(q.data.queue, q.data.limit) as Row[]).map((r, i) => ({ rank: i + 1, username: String(r.username), rating: Number(r.rating), rd: Number(r.rd), provisional: isProvisional({ rd: Number(r.rd) }), games: Number(r.games), wins: Number(r.wins) })),
    };
    res.json(board);
  });

  return router;
}
