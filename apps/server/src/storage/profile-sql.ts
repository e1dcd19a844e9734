/**
 * The profile, history and leaderboard queries (issue 17 §5), one text for both backends: `?` placeholders
 * (the PostgreSQL backend numbers them) and `SUM(CASE ...)`, which both dialects read alike. Every query starts
 * from an index: a user by `username_key`, their matches by `match_players (user_id, match_id)` then each match
 * by its primary key, the board by `ratings (queue, rating DESC)`.
 */
import type { MatchKind } from '@vroyale/protocol';

/** Kinds that count as games against people on a profile (bots and the tutorial are practice). */
export const PEOPLE_KINDS: MatchKind[] = ['ranked', 'casual', 'challenge', 'room'];
const PEOPLE = `(${PEOPLE_KINDS.map((k) => `'${k}'`).join(', ')})`;
const count = (outcome: string) => `COALESCE(SUM(CASE WHEN mp.outcome = '${outcome}' THEN 1 ELSE 0 END), 0)`;

export const PROFILE_SQL = {
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
                   rc.queue AS rc_queue, rc.rating_before, rc.rating_after, rc.rd_after, r.series_id
              FROM match_players mp
              JOIN matches m ON m.id = mp.match_id
              LEFT JOIN rooms r ON r.id = m.room_id
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
