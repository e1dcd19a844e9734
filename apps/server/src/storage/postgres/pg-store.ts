/**
 * The `Store` (../store.ts) on PostgreSQL, through `pg` (node-postgres: the maintained, widely used driver with a
 * pool, plain SQL and no ORM; chosen over postgres.js for its long record and types, over an ORM because the SQL
 * is ours). `VROYALE_DATABASE_URL` selects it (../open-store.ts).
 *
 * Writes go through the write lane (pg-db.ts: issue order, one transaction each); reads go to the pool. Appends go
 * through group commit (pg-group-commit.ts). The schema is the migrations' (pg-migrate.ts), run in `open` before
 * anything else.
 */
import type pg from 'pg';
import type { ManagerId } from '@vroyale/engine';
import { isUntimed, type MatchResult, type RatingQueue } from '@vroyale/protocol';
import type { Logger } from '../../logger.js';
import type { ActionRecord, MatchRecord, RoomRecord, SessionRecord } from '../records.js';
import { actionRecord, matchRecord, parseJson, roomRecord } from '../rows.js';
import type { AppendAction, Store } from '../store.js';
import { createPool, row, rows, run, WriteLane, type Queryable } from './pg-db.js';
import { PgActionWriter } from './pg-group-commit.js';
import { PgLeases } from './pg-leases.js';
import { PgAccounts, PgAdmin, PgBlocks, pgFacts, PgReports, PgSettings, PgUsers } from './pg-groups.js';
import { PgDecks } from './pg-decks.js';
import { PgSeries } from './pg-series.js';
import { PgTournaments } from './pg-tournaments.js';
import { PgPuzzles } from './pg-puzzles.js';
import { PgReviews } from './pg-reviews.js';
import { migratePostgres } from './pg-migrate.js';
import { PgProfiles } from './pg-profiles.js';
import { matchEnded, matchStarted, rateMatch } from './pg-results.js';

const FINISH = "UPDATE matches SET status = 'finished', result_json = ?, clocks_json = ?, ended_at = ? WHERE id = ? AND status = 'active'";
const ROOM_STATUS = 'UPDATE rooms SET status = ?, updated_at = ? WHERE id = ?';

export class PgStore implements Store {
  readonly backend = 'postgres' as const;
  readonly lane: WriteLane;
  readonly writer: PgActionWriter;
  readonly leases: PgLeases;
  readonly accounts;
  readonly users;
  readonly decks;
  readonly series;
  readonly tournaments;
  readonly puzzles;
  readonly reviews;
  readonly settings;
  readonly blocks;
  readonly reports;
  readonly profiles;
  readonly facts;
  readonly admin;
  private open = true;

  /** Connects, migrates, and returns the store; nothing reads the database before this resolves. */
  static async open(url: string, log?: Logger, poolSize = 10): Promise<PgStore> {
    const pool = createPool(url, poolSize);
    try {
      await migratePostgres(pool, { log });
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PgStore(pool);
  }

  private constructor(readonly pool: pg.Pool) {
    this.lane = new WriteLane(pool);
    this.leases = new PgLeases(pool, this.lane);
    this.writer = new PgActionWriter(
      this.lane,
      (c, rs) => this.appendRows(c, rs),
      (c, ids) => this.leases.fenced(c, ids),
    );
    this.accounts = new PgAccounts(pool, this.lane);
    this.users = new PgUsers(pool);
    this.decks = new PgDecks(pool, this.lane);
    this.series = new PgSeries(pool, this.lane);
    this.tournaments = new PgTournaments(pool, this.lane, (c, ids) => this.leases.fenced(c, ids));
    this.puzzles = new PgPuzzles(pool, this.lane);
    this.reviews = new PgReviews(pool, this.lane);
    this.settings = new PgSettings(pool, this.lane);
    this.blocks = new PgBlocks(pool, this.lane);
    this.reports = new PgReports(pool, this.lane);
    this.profiles = new PgProfiles(pool);
    this.facts = pgFacts(pool);
    this.admin = new PgAdmin(this.lane);
  }

  // --- sessions -------------------------------------------------------------------------------------------

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const r = await row(
      this.pool,
      'SELECT s.user_id, u.display_name AS name, u.username, u.banned_at, u.stops_json, s.last_seen FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?',
      [tokenHash],
    );
    return r
      ? {
          userId: String(r.user_id),
          name: String(r.name),
          username: r.username === null ? null : String(r.username),
          banned: r.banned_at !== null,
          stops: parseJson(r.stops_json),
          lastSeen: Number(r.last_seen),
        }
      : null;
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'DELETE FROM sessions WHERE token_hash = ?', [tokenHash])));
  }

  touchSessions(userIds: Iterable<string>, now: number): Promise<void> {
    const ids = [...userIds];
    return this.lane.tx(async (c) => void (ids.length && (await run(c, 'UPDATE sessions SET last_seen = ? WHERE user_id = ANY(?)', [now, ids]))));
  }

  deleteSessionsSeenBefore(cutoff: number): Promise<number> {
    return this.lane.tx((c) => run(c, 'DELETE FROM sessions WHERE last_seen < ?', [cutoff]));
  }

  createSession(tokenHash: string, userId: string, name: string, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await run(c, 'INSERT INTO users (id, display_name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING', [userId, name, now]);
      await run(c, 'INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES (?, ?, ?, ?)', [tokenHash, userId, now, now]);
    });
  }

  touchSession(tokenHash: string, userId: string, name: string, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await run(c, 'UPDATE sessions SET last_seen = ? WHERE token_hash = ?', [now, tokenHash]);
      await run(c, 'UPDATE users SET display_name = ? WHERE id = ? AND username IS NULL', [name, userId]);
    });
  }

  setStops(userId: string, stops: unknown): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'UPDATE users SET stops_json = ? WHERE id = ?', [JSON.stringify(stops), userId])));
  }

  async findStops(userId: string): Promise<unknown> {
    return parseJson((await row(this.pool, 'SELECT stops_json FROM users WHERE id = ?', [userId]))?.stops_json);
  }

  // --- rooms and matches ----------------------------------------------------------------------------------

  private async upsertRoom(c: Queryable, r: RoomRecord, now: number): Promise<void> {
    await run(
      c,
      `INSERT INTO rooms (id, visibility, status, clock_initial_ms, clock_increment_ms, seats_json, match_id, created_at, updated_at, format)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, seats_json = EXCLUDED.seats_json, match_id = EXCLUDED.match_id, updated_at = EXCLUDED.updated_at`,
      [
        r.id,
        r.visibility,
        r.status,
        isUntimed(r.clock) ? 0 : r.clock.initialMs,
        isUntimed(r.clock) ? 0 : r.clock.incrementMs,
        JSON.stringify(r.seats),
        r.matchId,
        r.createdAt,
        now,
        r.format ?? null,
      ],
    );
  }

  saveRoom(r: RoomRecord, now: number): Promise<void> {
    return this.lane.tx((c) => this.upsertRoom(c, r, now));
  }

  setRoomStatus(roomId: string, status: RoomRecord['status'], now: number): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, ROOM_STATUS, [status, now, roomId])));
  }

  async liveRooms(): Promise<RoomRecord[]> {
    return (
      await rows(this.pool, "SELECT r.*, m.kind AS kind FROM rooms r LEFT JOIN matches m ON m.id = r.match_id WHERE r.status IN ('waiting', 'active')")
    ).map(roomRecord);
  }

  async finishedRoomsSince(since: number): Promise<RoomRecord[]> {
    const sql = `SELECT r.*, m.kind AS kind FROM matches m JOIN rooms r ON r.id = m.room_id AND r.match_id = m.id
                 WHERE m.ended_at >= ? AND m.status = 'finished' AND r.status = 'finished'`;
    return (await rows(this.pool, sql, [since])).map(roomRecord);
  }

  saveSeats(room: RoomRecord, match: Pick<MatchRecord, 'id' | 'seats'> | null, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await this.upsertRoom(c, room, now);
      if (match) await run(c, 'UPDATE matches SET seats_json = ? WHERE id = ?', [JSON.stringify(match.seats), match.id]);
    });
  }

  startMatch(room: RoomRecord, m: MatchRecord, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await this.upsertRoom(c, room, now);
      await run(
        c,
        `INSERT INTO matches (id, room_id, seed, rosters_json, seats_json, status, clocks_json, created_at, kind, chooser) VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
        [m.id, m.roomId, m.seed, JSON.stringify(m.rosters), JSON.stringify(m.seats), JSON.stringify(m.clocks), m.createdAt, m.kind, m.chooser ?? null],
      );
      await matchStarted(c, m);
    });
  }

  async match(id: string): Promise<MatchRecord | null> {
    const r = await row(this.pool, 'SELECT * FROM matches WHERE id = ?', [id]);
    return r ? matchRecord(r) : null;
  }

  async actions(matchId: string): Promise<ActionRecord[]> {
    return (await rows(this.pool, 'SELECT seq, actor, origin, action_json, client_action_id, at FROM actions WHERE match_id = ? ORDER BY seq', [matchId])).map(
      actionRecord,
    );
  }

  /**
   * Accepted actions of one match (one, or a unit: consecutive seqs), inside the group commit's savepoint: one
   * multi-row INSERT, each row with its clocks; the match row once, with the last row's clocks (and its result,
   * with the ratings, when it ended the match).
   */
  async appendRows(c: pg.PoolClient, rs: readonly AppendAction[]): Promise<void> {
    const values = rs.map((_, i) => `($${i * 8 + 1}, $${i * 8 + 2}, $${i * 8 + 3}, $${i * 8 + 4}, $${i * 8 + 5}, $${i * 8 + 6}, $${i * 8 + 7}, $${i * 8 + 8})`);
    const params = rs.flatMap((a) => [a.matchId, a.seq, a.actor, a.origin, JSON.stringify(a.action), a.clientActionId, a.at, JSON.stringify(a.clocks)]);
    await c.query(`INSERT INTO actions (match_id, seq, actor, origin, action_json, client_action_id, at, clocks_json) VALUES ${values.join(', ')}`, params);
    const a = rs[rs.length - 1]!;
    const clocks = JSON.stringify(a.clocks);
    if (a.result) {
      if ((await run(c, FINISH, [JSON.stringify(a.result), clocks, a.at, a.matchId])) === 1) await matchEnded(c, a.matchId, a.result, a.at);
      await run(c, ROOM_STATUS, ['finished', a.at, a.roomId]);
    } else await run(c, 'UPDATE matches SET clocks_json = ? WHERE id = ?', [clocks, a.matchId]);
  }

  rateSeries(lastMatchId: string, queue: RatingQueue, scoreA: 0 | 0.5 | 1, at: number): Promise<void> {
    return this.lane.tx((c) => rateMatch(c, lastMatchId, queue, scoreA, at));
  }

  endMatch(matchId: string, roomId: string, result: MatchResult, clocks: Record<ManagerId, number>, at: number): Promise<void> {
    return this.lane.tx(async (c) => {
      if ((await run(c, FINISH, [JSON.stringify(result), JSON.stringify(clocks), at, matchId])) === 1) await matchEnded(c, matchId, result, at);
      await run(c, ROOM_STATUS, ['finished', at, roomId]);
    });
  }

  saveClocks(matchId: string, clocks: Record<ManagerId, number>): Promise<void> {
    return this.lane.tx(async (c) => void (await run(c, 'UPDATE matches SET clocks_json = ? WHERE id = ?', [JSON.stringify(clocks), matchId])));
  }

  markBroken(matchId: string, roomId: string, now: number): Promise<void> {
    return this.lane.tx(async (c) => {
      await run(c, "UPDATE matches SET status = 'broken', ended_at = ? WHERE id = ?", [now, matchId]);
      await run(c, ROOM_STATUS, ['closed', now, roomId]);
    });
  }

  get isOpen(): boolean {
    return this.open;
  }

  metrics(): Record<string, unknown> {
    return { pool: { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount }, laneQueued: this.lane.queued };
  }

  checkpointRuns(): number {
    return 0;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.writer.flush();
    await this.lane.drain();
    await this.pool.end();
  }
}
