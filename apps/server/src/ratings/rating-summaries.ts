/** A user's ratings rows as the API shows them (`GET /api/me`, `GET /api/users/:name`): one place that says "provisional". */
import type Database from 'better-sqlite3';
import type { QueueName, RatingSummary } from '@vroyale/protocol';
import { isProvisional } from './glicko.js';

interface Row {
  queue: QueueName;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export function ratingSummaries(db: Database.Database): (userId: string) => RatingSummary[] {
  const st = db.prepare('SELECT queue, rating, rd, volatility, games, wins, losses, draws FROM ratings WHERE user_id = ? ORDER BY queue');
  return (userId) => (st.all(userId) as Row[]).map((r) => ({ ...r, provisional: isProvisional(r) }));
}
