/**
 * The one storage interface (issue 19 §1). Everything the server keeps goes through a `Store`; nothing outside
 * a backend prepares SQL. Two backends: embedded SQLite (sqlite/, the default) and PostgreSQL (postgres/,
 * `VROYALE_DATABASE_URL`). Every method returns a promise; callers await it.
 *
 * Guarantees every backend keeps (the storage test suite checks them on both):
 * - an appended action is committed before `writer.append` resolves (the master acks after that);
 * - the appends of one event-loop turn commit in one transaction, one savepoint each (group commit);
 * - writes issued without awaiting each other apply in the order they were issued (a room saved, then its
 *   match started, then its first action appended; an append joins its turn's batch, which commits after every
 *   write issued before the batch), and a read issued after an awaited write sees it;
 * - a match finishes once (the status guard), with its outcomes and ratings in the same transaction.
 */
import type { ManagerId } from '@vroyale/engine';
import type {
  DeckBody,
  DeckRecord,
  MatchHistoryPage,
  Leaderboard,
  MatchResult,
  PublicProfile,
  RatingQueue,
  RatingSummary,
  UiSettings,
} from '@vroyale/protocol';
import type { PuzzleStore } from './puzzle-store.js';
import type { ReviewStore } from './review-store.js';
import type { ActionRecord, MatchRecord, RoomRecord, SeriesRecord, SessionRecord, TournamentRecord } from './records.js';

/** An action row as stored, plus what the same transaction updates on its match. */
export interface AppendAction extends ActionRecord {
  matchId: string;
  clocks: Record<ManagerId, number>;
  /** Set when this action ended the match: the match and its room are closed in the same transaction. */
  result: MatchResult | null;
  roomId: string;
}

export interface CommitStats {
  commits: number;
  appends: number;
  largestBatch: number;
  /** Batches put off for a millisecond because the write lock was busy (SQLite's checkpoint thread). */
  busyRetries: number;
  /** How long the batch transactions took (since the last `resetTimings`). */
  commitMs: { p50: number; p99: number; max: number };
}

/** The action log's group commit (sqlite/group-commit.ts, postgres/pg-group-commit.ts). */
export interface ActionLog {
  /** Resolves once the row is committed; rejects (nothing written) if it could not be. `appendUnit([row])`. */
  append(row: AppendAction): Promise<void>;
  /**
   * A unit of one match's actions (issue 33: a player's action and the automatic passes it sets off), at
   * consecutive seqs: committed together or not at all (one savepoint in the batch), each row with the clocks
   * after it (`actions.clocks_json`), the match row written once, for the last. Rejects as `append` does.
   */
  appendUnit(rows: readonly AppendAction[]): Promise<void>;
  /** Commits what is pending now (`wait`: at shutdown, even if the lock is busy). */
  flush(wait?: boolean): Promise<void>;
  readonly queued: number;
  stats(): CommitStats;
  resetTimings(): void;
}

/**
 * An append refused because this node no longer holds the match's lease at the epoch it acquired (another node
 * took the match over, or the lease was never ours): nothing was written. The master stops running the match.
 */
export class FencedError extends Error {
  /** `matchId`: the match's id, or a tournament's (its row's save, fenced the same way). */
  constructor(readonly matchId: string) {
    super(`${matchId.startsWith('t_') ? 'Tournament' : 'Match'} ${matchId} is owned by another node (fenced)`);
  }
}

/**
 * An append (or a batch of them) that failed because the database could not be reached or went away mid-way
 * (a restart, a lost connection), not because it refused the row. Its outcome may be unknown: a COMMIT whose
 * answer was lost may have landed. The master refuses the action `unavailable` and, in a cluster, stops running
 * the match here until a replay from the database rebuilds it (docs/scaling.md, "PostgreSQL restarts").
 */
export class StoreUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`The database is unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * An append refused because the log already holds its seq or its client action id: the log is ahead of the
 * master (an earlier COMMIT landed but its answer was lost with the connection). The master must be rebuilt from
 * the log; the client's resend is then answered as the duplicate it is.
 */
export class LogAheadError extends Error {
  constructor(readonly matchId: string) {
    super(`Match ${matchId}: the stored log is ahead of the match in memory`);
  }
}

/**
 * Match ownership leases with a fencing epoch (issue 19 §2; docs/scaling.md "Ownership protocol"). PostgreSQL
 * only: a SQLite store has `leases === null` (one node owns everything). Once `fence(nodeId)` is called the
 * store's group commit refuses (FencedError) every append of a match whose lease row is not this node's at the
 * epoch this store acquired, checked inside the commit's transaction under a share lock on the lease rows.
 */
export interface MatchLeases {
  /** Turns fencing on for this store's appends, as node `nodeId`. */
  fence(nodeId: string): void;
  /**
   * Starts a new generation of this node's lease (running until `now + leaseMs`); returns it. Every match held
   * under an earlier generation is free to take from then on (this store forgets them).
   */
  join(now: number, leaseMs: number): Promise<number>;
  /** Extends this node's lease to `now + leaseMs` if it still runs at `now`; false: it ran out (join again). */
  renewNode(now: number, leaseMs: number): Promise<boolean>;
  /**
   * Takes `matchId` for this node (under its current generation) if it has no owner, was released, or its
   * owner's lease ran out before `now` (the epoch goes up by one); returns the new epoch, or null when another
   * node still holds it (or this node has not joined).
   */
  acquire(matchId: string, now: number): Promise<number | null>;
  /** Gives these matches up at once (a hand-over, a finished match); stops fencing them as ours. */
  release(matchIds: readonly string[]): Promise<void>;
  /** Live matches free to take at `now` (the takeover scan), at most `limit`. */
  expired(now: number, limit: number): Promise<string[]>;
  /** The epoch this store holds for `matchId`, if any. */
  epochOf(matchId: string): number | undefined;
}

export interface AccountRow {
  id: string;
  username: string | null;
  displayName: string;
  passwordHash: string | null;
  createdAt: number;
  registeredAt: number | null;
  bannedAt: number | null;
}

export interface RegisteredAccount extends AccountRow {
  username: string;
  passwordHash: string;
}

/** The username is taken (by its key): the route answers 409 `username-taken`. */
export class UsernameTakenError extends Error {
  constructor(readonly username: string) {
    super(`The username '${username}' is taken`);
  }
}

/** Accounts and their sessions (issue 17 §1). */
export interface AccountsStore {
  byId(id: string): Promise<AccountRow | null>;
  /** The registered account whose username folds to the same key as `name`, or null. */
  byUsername(name: string): Promise<RegisteredAccount | null>;
  /** A new guest user and its first session; returns the user id and the session token (never stored itself). */
  createGuest(displayName: string, now: number): Promise<{ userId: string; token: string }>;
  /**
   * Makes `userId` (a guest row) an account, or a new user when `userId` is null, in one transaction. Throws
   * `UsernameTakenError` when the key is taken; `{ ok: false }` when the row is already an account (or gone).
   */
  register(userId: string | null, username: string, passwordHash: string, now: number): Promise<{ ok: true; userId: string } | { ok: false }>;
  /** A new session for the user; returns its token. */
  createSession(userId: string, now: number): Promise<string>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Deletes every session of the user; returns their hashes. */
  deleteSessionsOf(userId: string): Promise<string[]>;
  /** Replaces one session by a fresh one (a privilege change: register); returns the new token. */
  rotateSession(oldHash: string, userId: string, now: number): Promise<string>;
  /** New password, every session deleted and one new session, in one transaction; returns its token. */
  changePassword(userId: string, passwordHash: string, now: number): Promise<string>;
  sessionCount(userId: string): Promise<number>;
}

/** A registered account as moderators and the block/report routes look it up. */
export interface UserSummary {
  id: string;
  username: string;
  displayName: string;
  createdAt: number;
  bannedAt: number | null;
  banReason: string | null;
}

/** Lookups of users by username (`usernameKey`: case and look-alikes folded) or id. */
export interface UsersLookup {
  byUsername(name: string): Promise<UserSummary | null>;
  /** Registered accounts whose username starts with `prefix` (case-insensitive), by username; at most `limit`. */
  byPrefix(prefix: string, limit?: number): Promise<UserSummary[]>;
  /** A user's username (null: a guest), or undefined for an unknown id. */
  usernameOf(userId: string): Promise<string | null | undefined>;
}

export type ImportResult = { ok: true; imported: number; skipped: number } | { ok: false; reason: 'too-many-decks' };

/** Decks per user (issue 17 §2); every query names the owner. */
export interface DecksStore {
  list(userId: string): Promise<DeckRecord[]>;
  get(userId: string, id: string): Promise<DeckRecord | null>;
  /** A new deck, or null when the user already has DECKS_PER_ACCOUNT (counted in the same transaction). */
  create(userId: string, deck: DeckBody, now: number): Promise<DeckRecord | null>;
  update(userId: string, id: string, patch: { name?: string; code?: string }, now: number): Promise<DeckRecord | null>;
  delete(userId: string, id: string): Promise<boolean>;
  import(userId: string, decks: readonly DeckBody[], now: number): Promise<ImportResult>;
}

/** Matches of several games (issue 34): saved whole at each change; the running ones read back at start-up. */
export interface TournamentStore {
  /** In a cluster, refused with FencedError (nothing written) unless this node holds the event's lease at its epoch. */
  save(rec: TournamentRecord, now: number): Promise<void>;
  /** Tournaments not over, and those over at or after `since` (the Events list shows them a while). */
  load(since: number): Promise<TournamentRecord[]>;
}

export interface SeriesStore {
  save(rec: SeriesRecord, now: number): Promise<void>;
  /** Series still running, and those finished at or after `since` (their last rooms come back too). */
  load(since: number): Promise<SeriesRecord[]>;
  /** The series a game's room belongs to (`rooms.series_id`: linked by the series' first save naming it), or null. */
  ofRoom(roomId: string): Promise<SeriesRecord | null>;
}

export interface SettingsStore {
  /** The stored object, or null (never set, or not a JSON object). */
  ui(userId: string): Promise<UiSettings | null>;
  setUi(userId: string, ui: UiSettings): Promise<void>;
}

export interface BlocksStore {
  /** The ids `userId` has blocked. */
  of(userId: string): Promise<string[]>;
  add(userId: string, blockedId: string, now: number): Promise<void>;
  remove(userId: string, blockedId: string): Promise<void>;
}

export interface ReportRow {
  id: number;
  createdAt: number;
  reporter: string;
  target: string;
  reason: string;
  note: string | null;
  matchId: string | null;
  resolvedAt: number | null;
  resolution: string | null;
}

export interface ReportsStore {
  create(r: { reporterId: string; targetId: string; matchId: string | null; reason: string; note: string | null }, now: number): Promise<number>;
  /** Open reports (all with `all`), newest first. */
  list(all?: boolean): Promise<ReportRow[]>;
  /** Closes a report with a moderator's note; false if there is no such report. */
  resolve(id: number, note: string, now: number): Promise<boolean>;
}

/** Public profiles, history and the leaderboard (issue 17 §5). */
export interface ProfilesStore {
  /** A user's ratings rows as the API shows them. */
  ratings(userId: string): Promise<RatingSummary[]>;
  /** The profile of a registered account, or null (unknown name, or a guest). */
  profile(username: string): Promise<PublicProfile | null>;
  history(username: string, page: number, perPage: number): Promise<MatchHistoryPage | null>;
  leaderboard(queue: RatingQueue, limit: number): Promise<Leaderboard>;
}

/** The account facts matchmaking reads (issue 17 §3). */
export interface AccountFacts {
  usernameOf(userId: string): Promise<string | null>;
  userIdOf(username: string): Promise<string | null>;
  bannedAt(userId: string): Promise<number | null>;
  /** Of these users, the banned ones (one query for a whole queue tick). */
  bannedAmong(userIds: readonly string[]): Promise<Set<string>>;
  ratingOf(userId: string, queue: RatingQueue): Promise<{ rating: number; rd: number }>;
}

/** The moderators' writes (`npm run admin`). */
export interface AdminStore {
  /** Bans the account and deletes its sessions in one transaction; returns how many sessions went. */
  ban(userId: string, reason: string | null, now: number): Promise<number>;
  unban(userId: string): Promise<void>;
}

export interface Store {
  readonly backend: 'sqlite' | 'postgres';
  /** False once closed (timers that write stop instead). */
  readonly isOpen: boolean;
  /** The action log's group commit: appends go through it, never one transaction each. */
  readonly writer: ActionLog;
  /** Ownership leases: PostgreSQL only (null on SQLite). */
  readonly leases: MatchLeases | null;

  // --- sessions (the hello path: one query to find a session with its user) ---
  findSession(tokenHash: string): Promise<SessionRecord | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Marks these users' sessions used at `now`, in one transaction (the sweep's touch of sessions in use). */
  touchSessions(userIds: Iterable<string>, now: number): Promise<void>;
  /** Deletes the sessions last used before `cutoff`; returns how many. */
  deleteSessionsSeenBefore(cutoff: number): Promise<number>;
  /** A session for a user; a new id also gets its `users` row (a guest), in the same transaction. */
  createSession(tokenHash: string, userId: string, name: string, now: number): Promise<void>;
  /** A hello on this session: marks it used and sets a guest's display name. */
  touchSession(tokenHash: string, userId: string, name: string, now: number): Promise<void>;
  setStops(userId: string, stops: unknown): Promise<void>;
  findStops(userId: string): Promise<unknown>;

  // --- rooms and matches ---
  saveRoom(r: RoomRecord, now: number): Promise<void>;
  setRoomStatus(roomId: string, status: RoomRecord['status'], now: number): Promise<void>;
  liveRooms(): Promise<RoomRecord[]>;
  /** Rooms whose match finished at or after `since`. */
  finishedRoomsSince(since: number): Promise<RoomRecord[]>;
  /** A seat's occupant changed (a rename): the room's seats and its match's seats, in one transaction. */
  saveSeats(room: RoomRecord, match: Pick<MatchRecord, 'id' | 'seats'> | null, now: number): Promise<void>;
  /** The room (now active), its new match and its players in one transaction. */
  startMatch(room: RoomRecord, m: MatchRecord, now: number): Promise<void>;
  match(id: string): Promise<MatchRecord | null>;
  actions(matchId: string): Promise<ActionRecord[]>;
  /** Ends a match no action ended (a draw by the server), with its room, outcomes and ratings: once. */
  endMatch(matchId: string, roomId: string, result: MatchResult, clocks: Record<ManagerId, number>, at: number): Promise<void>;
  /**
   * A best-of-three's decided match moves its queue's rating once (issue 34: the rating counts the match, not its
   * games), recorded under its last game's match id (`scoreA`: seat A's 1, ½ or 0). A second call for the same
   * match fails (rating_changes' key) and changes nothing.
   */
  rateSeries(lastMatchId: string, queue: RatingQueue, scoreA: 0 | 0.5 | 1, at: number): Promise<void>;
  saveClocks(matchId: string, clocks: Record<ManagerId, number>): Promise<void>;
  /** A match whose log no longer replays: kept for inspection, never resumed. */
  markBroken(matchId: string, roomId: string, now: number): Promise<void>;

  readonly accounts: AccountsStore;
  readonly users: UsersLookup;
  readonly decks: DecksStore;
  readonly series: SeriesStore;
  readonly tournaments: TournamentStore;
  /** The puzzle page's ratings, attempts and streaks (puzzle-store.ts). */
  readonly puzzles: PuzzleStore;
  /** Finished matches' game reviews (review-store.ts). */
  readonly reviews: ReviewStore;
  readonly settings: SettingsStore;
  readonly blocks: BlocksStore;
  readonly reports: ReportsStore;
  readonly profiles: ProfilesStore;
  readonly facts: AccountFacts;
  readonly admin: AdminStore;

  /** Backend figures for logs and benchmarks (SQLite: checkpoints; PostgreSQL: the pool). */
  metrics(): Record<string, unknown>;
  /** WAL checkpoints run so far (0 on a backend without them): `vroyale_wal_checkpoints_total`. */
  checkpointRuns(): number;
  /** A round trip to the database (`/healthz`): rejects when it is unreachable. */
  ping(): Promise<void>;
  /** Commits what is pending and closes the connections. */
  close(): Promise<void>;
}
