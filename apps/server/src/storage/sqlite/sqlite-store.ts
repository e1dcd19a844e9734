/**
 * SQLite storage (better-sqlite3: synchronous, so a write finishes before the next queued action starts).
 *
 * Durability: WAL mode. With `synchronous = NORMAL` (the default) a commit is written to the WAL file but
 * not fsynced: it survives a crash or kill of the server process, and the database is never corrupted, but
 * an OS crash or power loss may lose the last commits before the next checkpoint (the database then opens
 * at an earlier, consistent point). `synchronous = FULL` (VROYALE_DB_SYNC=full) fsyncs the WAL on every
 * commit; with group commit (group-commit.ts) that is one fsync per batch, not per action.
 *
 * Checkpoints run on a worker thread (checkpoint-worker.mjs) instead of inside a commit on the event loop;
 * that thread also restarts the WAL when it has grown, so the file stays bounded under continuous writes.
 *
 * The schema is the migrations' (../migrate.ts, ../migrations/): `SqliteStore.open` runs them before preparing
 * anything. This is the `Store` (../store.ts) on SQLite: its methods do their work synchronously before they
 * return (better-sqlite3), so writes apply in call order and a read after a write sees it, as before.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ManagerId } from '@vroyale/engine';
import { isUntimed, type MatchResult, type RatingQueue } from '@vroyale/protocol';
import type { Logger } from '../../logger.js';
import { migrate } from '../migrate.js';
import type { ActionRecord, MatchRecord, RoomRecord, SessionRecord } from '../records.js';
import { actionRecord, matchRecord, parseJson, roomRecord, type Row } from '../rows.js';
import type { AppendAction, Store } from '../store.js';
import { SqliteAccounts } from './accounts.js';
import { SqliteAdmin } from './admin.js';
import { SqliteBlocks } from './blocks.js';
import { SqliteDecks } from './decks.js';
import { SqliteSeries } from './series.js';
import { SqliteTournaments } from './tournaments.js';
import { SqlitePuzzles } from './puzzles.js';
import { SqliteReviews } from './reviews.js';
import { sqliteFacts } from './facts.js';
import { ActionWriter } from './group-commit.js';
import { SqliteProfiles } from './profiles.js';
import { SqliteReports, SqliteUsers } from './reports.js';
import { SqliteResults } from './results.js';
import { SqliteSettings } from './settings.js';

export type SyncMode = 'normal' | 'full';

/** A connection with the server's pragmas (also the admin command's: WAL and a busy timeout let both write). */
export function openDatabase(path: string, sync: SyncMode = 'normal'): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // When the WAL restarts after a checkpoint, truncate a file that grew past this.
  db.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
  return db;
}

export class SqliteStore implements Store {
  readonly backend = 'sqlite' as const;
  private readonly st;
  /** Match players, outcomes and ratings, written inside the match's own transactions. */
  readonly results: SqliteResults;
  readonly writer: ActionWriter;
  /** One node owns every match: no leases (the match_owners table stays empty). */
  readonly leases = null;
  readonly accounts: SqliteAccounts;
  readonly users: SqliteUsers;
  readonly decks: SqliteDecks;
  readonly series: SqliteSeries;
  readonly tournaments: SqliteTournaments;
  readonly puzzles: SqlitePuzzles;
  readonly reviews: SqliteReviews;
  readonly settings: SqliteSettings;
  readonly blocks: SqliteBlocks;
  readonly reports: SqliteReports;
  readonly profiles: SqliteProfiles;
  readonly facts;
  readonly admin: SqliteAdmin;
  private checkpointer: Worker | null = null;
  /** What the checkpoint worker reported: checkpoints run, and the WAL frames of the last (all copied back?). */
  readonly checkpoints = { runs: 0, restarts: 0, walFrames: 0, copiedFrames: 0, failures: 0 };

  /**
   * Opens (creating if needed) the database file and brings its schema up to date (migrate.ts) before anything
   * reads it. Async because umzug is; nothing else touches the database until this resolves.
   */
  static async open(path: string, sync: SyncMode = 'normal', log?: Logger): Promise<SqliteStore> {
    const db = openDatabase(path, sync);
    try {
      await migrate(db, { log });
    } catch (e) {
      db.close();
      throw e;
    }
    return new SqliteStore(path, db);
  }

  private constructor(
    readonly path: string,
    readonly db: Database.Database,
  ) {
    this.results = new SqliteResults(db);
    this.writer = new ActionWriter(this);
    this.accounts = new SqliteAccounts(db);
    this.users = new SqliteUsers(db);
    this.decks = new SqliteDecks(db);
    this.series = new SqliteSeries(db);
    this.tournaments = new SqliteTournaments(db);
    this.puzzles = new SqlitePuzzles(db);
    this.reviews = new SqliteReviews(db);
    this.settings = new SqliteSettings(db);
    this.blocks = new SqliteBlocks(db);
    this.reports = new SqliteReports(db);
    this.profiles = new SqliteProfiles(db);
    this.facts = sqliteFacts(db);
    this.admin = new SqliteAdmin(db);
    this.st = {
      sessionByToken: db.prepare(
        'SELECT s.user_id, u.display_name AS name, u.username, u.banned_at, u.stops_json, s.last_seen FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?',
      ),
      deleteSession: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      touchLastSeen: db.prepare('UPDATE sessions SET last_seen = ? WHERE user_id = ?'),
      deleteSessionsBefore: db.prepare('DELETE FROM sessions WHERE last_seen < ?'),
      insertUser: db.prepare('INSERT INTO users (id, display_name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING'),
      insertSession: db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES (?, ?, ?, ?)'),
      touchSession: db.prepare('UPDATE sessions SET last_seen = ? WHERE token_hash = ?'),
      renameUser: db.prepare('UPDATE users SET display_name = ? WHERE id = ? AND username IS NULL'),
      setStops: db.prepare('UPDATE users SET stops_json = ? WHERE id = ?'),
      stopsOf: db.prepare('SELECT stops_json FROM users WHERE id = ?'),
      upsertRoom: db.prepare(
        `INSERT INTO rooms (id, visibility, status, clock_initial_ms, clock_increment_ms, seats_json, match_id, created_at, updated_at, format)
         VALUES (@id, @visibility, @status, @initial, @increment, @seats, @matchId, @createdAt, @now, @format)
         ON CONFLICT (id) DO UPDATE SET status = @status, seats_json = @seats, match_id = @matchId, updated_at = @now`,
      ),
      setRoomStatus: db.prepare('UPDATE rooms SET status = ?, updated_at = ? WHERE id = ?'),
      liveRooms: db.prepare("SELECT r.*, m.kind AS kind FROM rooms r LEFT JOIN matches m ON m.id = r.match_id WHERE r.status IN ('waiting', 'active')"),
      finishedRoomsSince: db.prepare(
        `SELECT r.*, m.kind AS kind FROM matches m JOIN rooms r ON r.id = m.room_id AND r.match_id = m.id
         WHERE m.ended_at >= ? AND m.status = 'finished' AND r.status = 'finished'`,
      ),
      setMatchSeats: db.prepare('UPDATE matches SET seats_json = ? WHERE id = ?'),
      insertMatch: db.prepare(
        `INSERT INTO matches (id, room_id, seed, rosters_json, seats_json, status, clocks_json, created_at, kind, chooser)
         VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
      ),
      matchById: db.prepare('SELECT * FROM matches WHERE id = ?'),
      insertAction: db.prepare(
        `INSERT INTO actions (match_id, seq, actor, origin, action_json, client_action_id, at, clocks_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      setClocks: db.prepare('UPDATE matches SET clocks_json = ? WHERE id = ?'),
      // The status guard: a match is finished once; only the transaction that did it records the result.
      finishMatch: db.prepare("UPDATE matches SET status = 'finished', result_json = ?, clocks_json = ?, ended_at = ? WHERE id = ? AND status = 'active'"),
      breakMatch: db.prepare("UPDATE matches SET status = 'broken', ended_at = ? WHERE id = ?"),
      actionsOf: db.prepare('SELECT seq, actor, origin, action_json, client_action_id, at FROM actions WHERE match_id = ? ORDER BY seq'),
    };
  }

  // --- sessions -------------------------------------------------------------------------------------------

  async findSession(tokenHash: string): Promise<SessionRecord | null> {
    const r = this.st.sessionByToken.get(tokenHash) as Row | undefined;
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

  async deleteSession(tokenHash: string): Promise<void> {
    this.st.deleteSession.run(tokenHash);
  }

  /** Marks these users' sessions used at `now`, in one transaction (the sweep's touch of sessions in use). */
  async touchSessions(userIds: Iterable<string>, now: number): Promise<void> {
    this.db.transaction(() => {
      for (const id of userIds) this.st.touchLastSeen.run(now, id);
    })();
  }

  /** Deletes the sessions last used before `cutoff` (indexed on last_seen); returns how many. */
  async deleteSessionsSeenBefore(cutoff: number): Promise<number> {
    return this.st.deleteSessionsBefore.run(cutoff).changes;
  }

  /** A session for a user; a new id also gets its `users` row (a guest), in the same transaction. */
  async createSession(tokenHash: string, userId: string, name: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.st.insertUser.run(userId, name, now);
      this.st.insertSession.run(tokenHash, userId, now, now);
    })();
  }

  /** A hello on this session: marks it used and sets a guest's display name (an account's name is its username). */
  async touchSession(tokenHash: string, userId: string, name: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.st.touchSession.run(now, tokenHash);
      this.st.renameUser.run(name, userId);
    })();
  }

  /** The user's stop settings as stored; the caller validates them (users.ts). */
  async setStops(userId: string, stops: unknown): Promise<void> {
    this.st.setStops.run(JSON.stringify(stops), userId);
  }

  async findStops(userId: string): Promise<unknown> {
    const r = this.st.stopsOf.get(userId) as Row | undefined;
    return parseJson(r?.stops_json);
  }

  // --- rooms and matches ----------------------------------------------------------------------------------

  async saveRoom(r: RoomRecord, now: number): Promise<void> {
    this.saveRoomNow(r, now);
  }

  private saveRoomNow(r: RoomRecord, now: number): void {
    this.st.upsertRoom.run({
      id: r.id,
      visibility: r.visibility,
      status: r.status,
      initial: isUntimed(r.clock) ? 0 : r.clock.initialMs,
      increment: isUntimed(r.clock) ? 0 : r.clock.incrementMs,
      seats: JSON.stringify(r.seats),
      matchId: r.matchId,
      format: r.format ?? null,
      createdAt: r.createdAt,
      now,
    });
  }

  async setRoomStatus(roomId: string, status: RoomRecord['status'], now: number): Promise<void> {
    this.st.setRoomStatus.run(status, now, roomId);
  }

  async liveRooms(): Promise<RoomRecord[]> {
    return (this.st.liveRooms.all() as Row[]).map(roomRecord);
  }

  /** Rooms whose match finished at or after `since` (for the start-up: their results stay reachable a while). */
  async finishedRoomsSince(since: number): Promise<RoomRecord[]> {
    return (this.st.finishedRoomsSince.all(since) as Row[]).map(roomRecord);
  }

  /** A seat's occupant changed (a rename): the room's seats and its match's seats, in one transaction. */
  async saveSeats(room: RoomRecord, match: Pick<MatchRecord, 'id' | 'seats'> | null, now: number): Promise<void> {
    this.db.transaction(() => {
      this.saveRoomNow(room, now);
      if (match) this.st.setMatchSeats.run(JSON.stringify(match.seats), match.id);
    })();
  }

  /** The room (now active) and its new match in one transaction: a restart sees both or neither. */
  async startMatch(room: RoomRecord, m: MatchRecord, now: number): Promise<void> {
    this.db.transaction(() => {
      this.saveRoomNow(room, now);
      this.st.insertMatch.run(
        m.id,
        m.roomId,
        m.seed,
        JSON.stringify(m.rosters),
        JSON.stringify(m.seats),
        JSON.stringify(m.clocks),
        m.createdAt,
        m.kind,
        m.chooser ?? null,
      );
      this.results.matchStarted(m);
    })();
  }

  async match(id: string): Promise<MatchRecord | null> {
    const r = this.st.matchById.get(id) as Row | undefined;
    return r ? matchRecord(r) : null;
  }

  async actions(matchId: string): Promise<ActionRecord[]> {
    return (this.st.actionsOf.all(matchId) as Row[]).map(actionRecord);
  }

  /**
   * One unit's rows (an action and the automatic answers it set off): every action is its own row of the log,
   * with the clocks after it (`actions.clocks_json`); the match's clocks (and result) are written once, for the
   * last. No transaction of its own: the group commit runs it inside its batch (group-commit.ts), in a savepoint
   * when a row of the batch was refused.
   */
  appendRows(rs: readonly AppendAction[]): void {
    for (const r of rs)
      this.st.insertAction.run(r.matchId, r.seq, r.actor, r.origin, JSON.stringify(r.action), r.clientActionId, r.at, JSON.stringify(r.clocks));
    const a = rs[rs.length - 1]!;
    const clocks = JSON.stringify(a.clocks);
    if (a.result) {
      if (this.st.finishMatch.run(JSON.stringify(a.result), clocks, a.at, a.matchId).changes === 1) this.results.matchEnded(a.matchId, a.result, a.at);
      this.st.setRoomStatus.run('finished', a.at, a.roomId);
    } else this.st.setClocks.run(clocks, a.matchId);
  }

  /** One row: a unit of one (inside the caller's transaction). */
  appendRow(a: AppendAction): void {
    this.appendRows([a]);
  }

  /**
   * Ends a match that no action ended (both seat holds ran out: a draw), with its room, in one transaction.
   * The log stays as it was: the result is the server's, like a flag fall's reason.
   */
  async rateSeries(lastMatchId: string, queue: RatingQueue, scoreA: 0 | 0.5 | 1, at: number): Promise<void> {
    this.db.transaction(() => this.results.rateMatch(lastMatchId, queue, scoreA, at))();
  }

  async endMatch(matchId: string, roomId: string, result: MatchResult, clocks: Record<ManagerId, number>, at: number): Promise<void> {
    this.db.transaction(() => {
      if (this.st.finishMatch.run(JSON.stringify(result), JSON.stringify(clocks), at, matchId).changes === 1) this.results.matchEnded(matchId, result, at);
      this.st.setRoomStatus.run('finished', at, roomId);
    })();
  }

  async saveClocks(matchId: string, clocks: Record<ManagerId, number>): Promise<void> {
    this.st.setClocks.run(JSON.stringify(clocks), matchId);
  }

  /** A match whose log no longer replays (the rules changed under it): kept for inspection, never resumed. */
  async markBroken(matchId: string, roomId: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.st.breakMatch.run(now, matchId);
      this.st.setRoomStatus.run('closed', now, roomId);
    })();
  }

  // --- checkpoints ----------------------------------------------------------------------------------------

  /**
   * Moves WAL checkpoints to a worker thread: this connection stops checkpointing on commit. If the worker
   * fails, checkpointing falls back to this connection (SQLite's default, every 1000 pages).
   */
  startBackgroundCheckpoints(everyMs: number, log: Logger, restartFrames = 4096): void {
    if (this.path === ':memory:' || this.checkpointer) return;
    const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), { workerData: { path: this.path, everyMs, restartFrames } });
    worker.unref();
    this.checkpointer = worker;
    this.db.pragma('wal_autocheckpoint = 0');
    const fallback = (why: unknown) => {
      if (this.checkpointer !== worker) return;
      this.checkpointer = null;
      log.error({ err: why }, 'checkpoint worker failed; checkpointing on the main connection');
      if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
    };
    worker.on('message', (m: { type: string; message?: string; log?: number; checkpointed?: number; restarted?: boolean }) => {
      if (m.type === 'checkpoint') {
        this.checkpoints.runs++;
        if (m.restarted) this.checkpoints.restarts++;
        this.checkpoints.walFrames = m.log ?? 0;
        this.checkpoints.copiedFrames = m.checkpointed ?? 0;
      } else if (m.type === 'error') {
        this.checkpoints.failures++;
        log.warn({ why: m.message }, 'checkpoint failed');
      }
    });
    worker.on('error', fallback);
    worker.on('exit', (code) => code !== 0 && fallback(new Error(`exit ${code}`)));
  }

  /** Stops the checkpoint worker after one last checkpoint. */
  async stopBackgroundCheckpoints(): Promise<void> {
    const worker = this.checkpointer;
    if (!worker) return;
    this.checkpointer = null;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5_000);
      worker.on('message', (m: { type: string }) => m.type === 'stopped' && (clearTimeout(timer), resolve()));
      worker.once('exit', () => (clearTimeout(timer), resolve()));
      worker.postMessage('stop');
    });
    if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
  }

  get isOpen(): boolean {
    return this.db.open;
  }

  metrics(): Record<string, unknown> {
    return { checkpoints: this.checkpoints };
  }

  checkpointRuns(): number {
    return this.checkpoints.runs;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    await this.stopBackgroundCheckpoints();
    if (this.db.open) this.db.close();
  }

  /** Closes at once (tests, and the CLI on error): the checkpoint worker is terminated, not waited for. */
  closeNow(): void {
    if (this.checkpointer) void this.stopBackgroundCheckpoints();
    if (this.db.open) this.db.close();
  }
}
