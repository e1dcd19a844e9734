/**
 * Server configuration: every knob with its default, read from the environment by `configFromEnv`.
 * Tests build a config with `defaultConfig(overrides)` instead of touching process.env.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_AUTH_THROTTLE, type AuthThrottleConfig } from './identity/auth-throttle.js';
import type { AdmissionConfig } from './net/admission.js';
import { DEFAULT_PARK } from './transport/read-park.js';
import type { FloodConfig } from './net/flood-guard.js';
import type { BucketConfig } from './net/token-bucket.js';
import type { SyncMode } from './storage/sqlite/sqlite-store.js';
import { DEFAULT_BUDGET } from '@vroyale/review';
import type { ReviewQueueConfig } from './reviews/review-queue.js';

export interface ServerConfig {
  /** PORT; 0 picks a free port (tests). */
  port: number;
  /** HOST; default all interfaces. */
  host: string;
  /** VROYALE_DB: the SQLite file; ':memory:' works for throwaway servers. */
  dbPath: string;
  /**
   * VROYALE_DB_SYNC: 'normal' (default; a commit survives a process crash, an OS crash may lose the last
   * ones) or 'full' (fsync per commit: one per group-commit batch). See storage/sqlite/sqlite-store.ts.
   */
  dbSync: SyncMode;
  /**
   * VROYALE_DATABASE_URL: a PostgreSQL connection string (postgres://user@host:port/db). When set, the server
   * stores everything there instead of the SQLite file (storage/open-store.ts); unset (the default): SQLite.
   */
  databaseUrl: string | null;
  /** How often the worker thread checkpoints the WAL into the database file. */
  checkpointEveryMs: number;
  /**
   * VROYALE_ORIGINS: comma-separated browser origins allowed to connect (e.g. https://vroyale.example).
   * Pages served by this server itself (same origin) and non-browser clients (no Origin header) are
   * always allowed.
   */
  origins: string[];
  /**
   * VROYALE_METRICS_PORT: the Prometheus listener's port (`GET /metrics`, metrics/metrics-listener.ts); 0 picks a
   * free one. Unset (the default): no listener. Never the public port.
   */
  metricsPort: number | null;
  /** VROYALE_METRICS_HOST: the address the metrics listener binds (default 127.0.0.1: this machine only). */
  metricsHost: string;
  /**
   * VROYALE_REDIS_URL: redis:// or rediss:// URL of the Redis the nodes share (issue 19). Used by `/healthz` for
   * now. Unset (the default): no Redis, and the health check reports it 'off'.
   */
  redisUrl: string | null;
  /**
   * VROYALE_NODE_ID: this node's name in a cluster (letters, digits, '.', '_', '-'; at most 64). Unset: a random
   * one per process. It names the match leases this node holds (cluster/ownership.ts); a single node ignores it.
   */
  nodeId: string;
  /** VROYALE_CLOCK_INITIAL_MS / VROYALE_CLOCK_INCREMENT_MS: a room's clock when it does not choose one. */
  clock: { initialMs: number; incrementMs: number };
  /** VROYALE_SEAT_HOLD_MS: how long a disconnected manager's seat is kept before they lose ('abandoned'). */
  seatHoldMs: number;
  /** VROYALE_BOT_DELAY_MS: a server bot waits this long before each move, so people can follow. */
  botDelayMs: number;
  /**
   * VROYALE_MATCH_SEED: for measurements and tests only. When set, match seeds are `<this>:<n>` for the n-th
   * match this process starts, so a scripted match deals the same cards every run. Unset (the default), every
   * seed is 128 random bits: never set it on a server strangers play on, or they could predict the deals.
   */
  matchSeed: string | null;
  /** VROYALE_PUZZLE_DAILY: tests only, a puzzle id that is the daily puzzle every day (the browser test solves it). */
  puzzleDaily: string | null;
  /**
   * VROYALE_BOT_THREADS: worker threads that run the server bot's decisions off the event loop (default 1;
   * 0 runs them on the event loop, as tests may).
   */
  botThreads: number;
  /**
   * The game review's queue (reviews/review-queue.ts, docs/review.md "The server's queue"): VROYALE_REVIEW_PROCESSES
   * (1; 0 turns reviews off; VROYALE_REVIEW_THREADS, its name when reviews ran on threads, still read when it is
   * unset), VROYALE_REVIEW_QUEUE (50 waiting), VROYALE_REVIEW_CPU_MS (120 s of one core a review),
   * VROYALE_REVIEW_WALL_MS (10 min once started, the process being at nice 19), VROYALE_REVIEWS_PER_ADDRESS
   * (20 new reviews an hour), and the search's per-decision budget VROYALE_REVIEW_DEALS / _VERIFY / _CANDIDATES
   * (packages/review's defaults; tests pass a tiny one through `defaultConfig`).
   */
  reviews: ReviewQueueConfig;
  /** Per socket, all messages (VROYALE_RATE_CAPACITY, VROYALE_RATE_PER_SEC): the first of the flood limits. */
  rateLimit: BucketConfig;
  /**
   * The other flood limits (net/flood-guard.ts): messages per session and per address, how many refused
   * messages get a socket disconnected, the penalty box, connections per address (VROYALE_SOCKETS_PER_ADDRESS,
   * VROYALE_PENALTY_MS, VROYALE_RATE_SESSION_CAPACITY / _PER_SEC, VROYALE_RATE_ADDRESS_CAPACITY / _PER_SEC), and
   * the earned burst of a socket in no room (VROYALE_RATE_NEW_CAPACITY, VROYALE_RATE_NEW_PER_SEC,
   * VROYALE_RATE_NEW_GROW_PER_SEC).
   */
  flood: Omit<FloodConfig, 'perSocket'>;
  /**
   * Admission control for the whole process (net/admission.ts): messages decoded per event-loop turn
   * (VROYALE_ADMISSION_TURN_MESSAGES) and the turn's wall time after which no more are
   * (VROYALE_ADMISSION_TURN_MS), of which a manager seated in a live match may use twice as much (served unless the
   * turn ran long), a socket in a room all, one in no room 1/2, one before hello 1/4; the rest wait for the next
   * turns, their sockets not read meanwhile.
   * A new connection's handshake counts as 4 messages of a socket before hello, its CONNECT 4 more, a hello 15 more than itself.
   */
  admission: AdmissionConfig;
  /**
   * VROYALE_TRUST_PROXY: comma-separated proxies whose X-Forwarded-For names the client (addresses, CIDR ranges,
   * or `loopback`, `linklocal`, `uniquelocal`), for the per-address limits behind a load balancer. Empty (the
   * default): the socket's own address, whatever the header says.
   */
  trustProxy: string[];
  /** Per user and room, chat lines. */
  chatLimit: BucketConfig;
  /**
   * Per socket and per user, `room:spectate` and `room:leave` of a room it is in (VROYALE_SPECTATE_CAPACITY,
   * VROYALE_SPECTATE_PER_SEC): stricter than `rateLimit`, since each toggle costs a full view and chat history.
   */
  spectateLimit: BucketConfig;
  /** Finished rooms stay in the lobby's "recently finished" list this long. */
  finishedTtlMs: number;
  /** VROYALE_SIDEBOARD_MS: the side-deck window between two games of a best-of-three (rooms/series.ts). */
  sideboardMs: number;
  /** VROYALE_TOURNAMENT_READY_MS: a tournament round's ready check (tournaments/tournament.ts); who misses it is dropped. */
  tournamentReadyMs: number;
  /**
   * VROYALE_IDLE_ROOM_TTL_MS: empty waiting rooms (no seat taken, nobody in them) are dropped after this long
   * (checked by the lobby's sweep every minute). Minutes, not hours: each one counts against its creator's cap.
   */
  idleRoomTtlMs: number;
  /**
   * VROYALE_BOT_IDLE_MS: a live match against the bot whose manager has decided nothing for this long is lost
   * ('abandoned'), which frees its place under the bot-match caps (rooms/idle-bot-matches.ts); the tutorial
   * waits at least a day. Checked by the lobby's sweep every minute. Default an hour.
   */
  botIdleMs: number;
  /**
   * Per session (user id) and per address (the socket's remote address), so one client cannot fill the global
   * table (`MAX_ROOMS`, the last resort). Open rooms: waiting or active rooms the user holds a seat in or created
   * (VROYALE_MAX_ROOMS_PER_USER / _PER_ADDRESS). Bot matches: live `room:play-bot` matches and rematches against
   * the bot (VROYALE_MAX_BOT_MATCHES_PER_USER / _PER_ADDRESS). Spectating: rooms watched at once over all the
   * user's sockets (VROYALE_MAX_SPECTATING_PER_USER / _PER_ADDRESS). Per address is higher: a household or a
   * NAT shares one. Bot matches per address (32) let sixteen people behind one address hold two each, so a
   * household or a classroom playing normally is never refused; the tutorial counts as a bot match. At the per-user
   * cap the lobby offers to concede the oldest one (`room:play-bot`'s `concede`) instead.
   */
  caps: {
    roomsPerUser: number;
    roomsPerAddress: number;
    botMatchesPerUser: number;
    botMatchesPerAddress: number;
    spectatingPerUser: number;
    spectatingPerAddress: number;
  };
  /**
   * A session (token) unused for this long is gone: its next hello starts a new identity, and the hourly sweep
   * deletes such rows. "Used" means a hello, or being connected or seated when the sweep runs (so a session in
   * use is touched at most once an hour, never per message). VROYALE_SESSION_TTL_MS, or VROYALE_SESSION_TTL_DAYS
   * (the MS variable wins when both are set); default 30 days.
   */
  sessionTtlMs: number;
  /**
   * VROYALE_MAX_NEW_SESSIONS_PER_ADDRESS: new sessions (a hello without a valid token) one remote address may start
   * per hour, so anonymous sessions cannot pile up without bound; more are refused `too-many-sessions`. A hello
   * with a valid token is never refused by it. A household or NAT shares one address, hence not lower.
   */
  newSessionsPerAddressPerHour: number;
  /**
   * Password checks (login, password change): failures per username key and per address before 429
   * `too-many-attempts`; registrations per address (identity/auth-throttle.ts). VROYALE_LOGIN_FAILURES_PER_USERNAME
   * (per 15 min), VROYALE_LOGIN_FAILURES_PER_ADDRESS (per hour), VROYALE_REGISTRATIONS_PER_ADDRESS (per hour).
   */
  authThrottle: AuthThrottleConfig;
  /**
   * Reports (`POST /api/reports`) per reporter and per address, each per day (http/block-routes.ts):
   * VROYALE_REPORTS_PER_USER (20) and VROYALE_REPORTS_PER_ADDRESS (60: a household shares one; without it every
   * fresh guest session would bring a fresh allowance).
   */
  reportLimits: { perUserPerDay: number; perAddressPerDay: number };
  /** Socket.IO's per-message limit: 64 KB is far above any legal payload. */
  maxHttpBufferSize: number;
  /** The web app's build, served when the folder exists (VROYALE_WEB_DIST; default apps/web/dist). */
  webDist: string | null;
  /** LOG_LEVEL: pino level ('silent' in tests). */
  logLevel: string;
}

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 3000,
    host: '0.0.0.0',
    dbPath: './data/vroyale.db',
    dbSync: 'normal',
    databaseUrl: null,
    checkpointEveryMs: 1_000,
    origins: [],
    metricsPort: null,
    metricsHost: '127.0.0.1',
    redisUrl: null,
    nodeId: `node-${randomBytes(4).toString('hex')}`,
    clock: { initialMs: 10 * MIN, incrementMs: 5_000 },
    seatHoldMs: 60_000,
    botDelayMs: 600,
    matchSeed: null,
    puzzleDaily: null,
    botThreads: 1,
    reviews: {
      processes: 1,
      maxQueued: 50,
      cpuMs: 120_000,
      wallMs: 10 * MIN,
      perAddressPerHour: 20,
      budget: { deals: DEFAULT_BUDGET.deals, verify: DEFAULT_BUDGET.verify, maxCandidates: DEFAULT_BUDGET.maxCandidates },
    },
    rateLimit: { capacity: 40, refillPerSec: 20 },
    flood: {
      perSession: { capacity: 80, refillPerSec: 40 },
      // A household, a school or a NAT shares one address: several players and spectators at once.
      perAddress: { capacity: 400, refillPerSec: 200 },
      strikes: { refusals: 10, windowSec: 10 },
      penaltyMs: 30_000,
      socketsPerAddress: 32,
      connectsPerAddress: { capacity: 16, refillPerSec: 1 },
      // A fresh socket's hello, settings, lobby and a few rooms to watch again fit; 40 after five minutes.
      newSocket: { capacity: 10, refillPerSec: 2, growPerSec: 0.1 },
    },
    // Sockets before hello or in no room are read only when granted (docs/abuse.md "Read parking");
    // VROYALE_READ_PARK=off reads every socket at once.
    admission: { turnMessages: 100, turnMs: 4, shares: { seated: 2, watching: 1, identified: 0.5, new: 0.25 }, park: DEFAULT_PARK },
    trustProxy: [],
    chatLimit: { capacity: 5, refillPerSec: 0.5 },
    spectateLimit: { capacity: 6, refillPerSec: 1 },
    finishedTtlMs: 10 * MIN,
    sideboardMs: 3 * MIN,
    tournamentReadyMs: 2 * MIN,
    idleRoomTtlMs: 5 * MIN,
    botIdleMs: 60 * MIN,
    caps: { roomsPerUser: 3, roomsPerAddress: 10, botMatchesPerUser: 2, botMatchesPerAddress: 32, spectatingPerUser: 10, spectatingPerAddress: 30 },
    sessionTtlMs: 30 * DAY,
    newSessionsPerAddressPerHour: 20,
    authThrottle: DEFAULT_AUTH_THROTTLE,
    reportLimits: { perUserPerDay: 20, perAddressPerDay: 60 },
    maxHttpBufferSize: 64 * 1024,
    webDist: null,
    logLevel: 'info',
    ...overrides,
  };
}

function num(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${key} must be a non-negative number, got '${raw}'`);
  return n;
}

function int(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  return Math.floor(num(env, key, fallback));
}

/** A count the review's search needs at least one of (a determinisation, a candidate). */
function atLeastOne(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const n = int(env, key, fallback);
  if (n < 1) throw new Error(`${key} must be at least 1, got '${env[key]}'`);
  return n;
}

function portNumber(env: NodeJS.ProcessEnv, key: string): number {
  const raw = env[key]!;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n > 65_535) throw new Error(`${key} must be a port number (0-65535; 0 picks a free one), got '${raw}'`);
  return n;
}

/** A node id as VROYALE_NODE_ID gives it, or a clear refusal. */
export function nodeId(raw: string): string {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw)) throw new Error(`VROYALE_NODE_ID must be 1-64 letters, digits, '.', '_' or '-', got '${raw.slice(0, 80)}'`);
  return raw;
}

/** A redis:// or rediss:// URL with a host; refused with the reason otherwise (the password is never echoed). */
export function redisUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error('VROYALE_REDIS_URL must be a URL like redis://127.0.0.1:6379 (it did not parse)');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`VROYALE_REDIS_URL must start with redis:// or rediss://, got '${u.protocol}//'`);
  if (!u.hostname) throw new Error('VROYALE_REDIS_URL has no host');
  if (u.pathname.length > 1 && !/^\/\d+$/.test(u.pathname)) throw new Error('VROYALE_REDIS_URL: the path may only be a database number (e.g. /0)');
  return raw;
}

function syncMode(raw: string | undefined, fallback: SyncMode): SyncMode {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.toLowerCase();
  if (v === 'normal' || v === 'full') return v;
  throw new Error(`VROYALE_DB_SYNC must be 'normal' or 'full', got '${raw}'`);
}

/** The config of `npm start`: environment variables over the defaults above. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const d = defaultConfig();
  const webDist = env.VROYALE_WEB_DIST ? resolve(cwd, env.VROYALE_WEB_DIST) : resolve(cwd, 'apps/web/dist');
  return defaultConfig({
    port: int(env, 'PORT', d.port),
    host: env.HOST || d.host,
    dbPath: env.VROYALE_DB || d.dbPath,
    dbSync: syncMode(env.VROYALE_DB_SYNC, d.dbSync),
    databaseUrl: env.VROYALE_DATABASE_URL || null,
    origins: (env.VROYALE_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    metricsPort: env.VROYALE_METRICS_PORT ? portNumber(env, 'VROYALE_METRICS_PORT') : d.metricsPort,
    metricsHost: env.VROYALE_METRICS_HOST || d.metricsHost,
    redisUrl: env.VROYALE_REDIS_URL ? redisUrl(env.VROYALE_REDIS_URL) : d.redisUrl,
    nodeId: env.VROYALE_NODE_ID ? nodeId(env.VROYALE_NODE_ID) : d.nodeId,
    clock: {
      initialMs: int(env, 'VROYALE_CLOCK_INITIAL_MS', d.clock.initialMs),
      incrementMs: int(env, 'VROYALE_CLOCK_INCREMENT_MS', d.clock.incrementMs),
    },
    seatHoldMs: int(env, 'VROYALE_SEAT_HOLD_MS', d.seatHoldMs),
    sideboardMs: int(env, 'VROYALE_SIDEBOARD_MS', d.sideboardMs),
    tournamentReadyMs: int(env, 'VROYALE_TOURNAMENT_READY_MS', d.tournamentReadyMs),
    botDelayMs: int(env, 'VROYALE_BOT_DELAY_MS', d.botDelayMs),
    matchSeed: env.VROYALE_MATCH_SEED || d.matchSeed,
    puzzleDaily: env.VROYALE_PUZZLE_DAILY || d.puzzleDaily,
    botThreads: int(env, 'VROYALE_BOT_THREADS', d.botThreads),
    reviews: {
      processes: int(
        env,
        env.VROYALE_REVIEW_PROCESSES || !env.VROYALE_REVIEW_THREADS ? 'VROYALE_REVIEW_PROCESSES' : 'VROYALE_REVIEW_THREADS',
        d.reviews.processes,
      ),
      maxQueued: int(env, 'VROYALE_REVIEW_QUEUE', d.reviews.maxQueued),
      cpuMs: int(env, 'VROYALE_REVIEW_CPU_MS', d.reviews.cpuMs),
      wallMs: int(env, 'VROYALE_REVIEW_WALL_MS', d.reviews.wallMs),
      perAddressPerHour: int(env, 'VROYALE_REVIEWS_PER_ADDRESS', d.reviews.perAddressPerHour),
      budget: {
        deals: atLeastOne(env, 'VROYALE_REVIEW_DEALS', d.reviews.budget.deals!),
        verify: atLeastOne(env, 'VROYALE_REVIEW_VERIFY', d.reviews.budget.verify!),
        maxCandidates: atLeastOne(env, 'VROYALE_REVIEW_CANDIDATES', d.reviews.budget.maxCandidates!),
      },
    },
    rateLimit: { capacity: int(env, 'VROYALE_RATE_CAPACITY', d.rateLimit.capacity), refillPerSec: int(env, 'VROYALE_RATE_PER_SEC', d.rateLimit.refillPerSec) },
    flood: {
      ...d.flood,
      perSession: {
        capacity: int(env, 'VROYALE_RATE_SESSION_CAPACITY', d.flood.perSession.capacity),
        refillPerSec: int(env, 'VROYALE_RATE_SESSION_PER_SEC', d.flood.perSession.refillPerSec),
      },
      perAddress: {
        capacity: int(env, 'VROYALE_RATE_ADDRESS_CAPACITY', d.flood.perAddress.capacity),
        refillPerSec: int(env, 'VROYALE_RATE_ADDRESS_PER_SEC', d.flood.perAddress.refillPerSec),
      },
      penaltyMs: int(env, 'VROYALE_PENALTY_MS', d.flood.penaltyMs),
      socketsPerAddress: int(env, 'VROYALE_SOCKETS_PER_ADDRESS', d.flood.socketsPerAddress),
      newSocket: {
        capacity: int(env, 'VROYALE_RATE_NEW_CAPACITY', d.flood.newSocket.capacity),
        refillPerSec: num(env, 'VROYALE_RATE_NEW_PER_SEC', d.flood.newSocket.refillPerSec),
        growPerSec: num(env, 'VROYALE_RATE_NEW_GROW_PER_SEC', d.flood.newSocket.growPerSec),
      },
    },
    admission: {
      ...d.admission,
      turnMessages: int(env, 'VROYALE_ADMISSION_TURN_MESSAGES', d.admission.turnMessages),
      turnMs: num(env, 'VROYALE_ADMISSION_TURN_MS', d.admission.turnMs),
      park: env.VROYALE_READ_PARK === 'on' ? DEFAULT_PARK : env.VROYALE_READ_PARK === 'off' ? null : d.admission.park,
    },
    trustProxy: (env.VROYALE_TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    spectateLimit: {
      capacity: int(env, 'VROYALE_SPECTATE_CAPACITY', d.spectateLimit.capacity),
      refillPerSec: int(env, 'VROYALE_SPECTATE_PER_SEC', d.spectateLimit.refillPerSec),
    },
    idleRoomTtlMs: int(env, 'VROYALE_IDLE_ROOM_TTL_MS', d.idleRoomTtlMs),
    botIdleMs: int(env, 'VROYALE_BOT_IDLE_MS', d.botIdleMs),
    caps: {
      roomsPerUser: int(env, 'VROYALE_MAX_ROOMS_PER_USER', d.caps.roomsPerUser),
      roomsPerAddress: int(env, 'VROYALE_MAX_ROOMS_PER_ADDRESS', d.caps.roomsPerAddress),
      botMatchesPerUser: int(env, 'VROYALE_MAX_BOT_MATCHES_PER_USER', d.caps.botMatchesPerUser),
      botMatchesPerAddress: int(env, 'VROYALE_MAX_BOT_MATCHES_PER_ADDRESS', d.caps.botMatchesPerAddress),
      spectatingPerUser: int(env, 'VROYALE_MAX_SPECTATING_PER_USER', d.caps.spectatingPerUser),
      spectatingPerAddress: int(env, 'VROYALE_MAX_SPECTATING_PER_ADDRESS', d.caps.spectatingPerAddress),
    },
    sessionTtlMs: env.VROYALE_SESSION_TTL_MS
      ? int(env, 'VROYALE_SESSION_TTL_MS', d.sessionTtlMs)
      : Math.round(num(env, 'VROYALE_SESSION_TTL_DAYS', d.sessionTtlMs / DAY) * DAY),
    newSessionsPerAddressPerHour: int(env, 'VROYALE_MAX_NEW_SESSIONS_PER_ADDRESS', d.newSessionsPerAddressPerHour),
    authThrottle: {
      failuresPerUsername: {
        ...d.authThrottle.failuresPerUsername,
        points: int(env, 'VROYALE_LOGIN_FAILURES_PER_USERNAME', d.authThrottle.failuresPerUsername.points),
      },
      failuresPerAddress: {
        ...d.authThrottle.failuresPerAddress,
        points: int(env, 'VROYALE_LOGIN_FAILURES_PER_ADDRESS', d.authThrottle.failuresPerAddress.points),
      },
      registrationsPerAddress: {
        ...d.authThrottle.registrationsPerAddress,
        points: int(env, 'VROYALE_REGISTRATIONS_PER_ADDRESS', d.authThrottle.registrationsPerAddress.points),
      },
    },
    reportLimits: {
      perUserPerDay: int(env, 'VROYALE_REPORTS_PER_USER', d.reportLimits.perUserPerDay),
      perAddressPerDay: int(env, 'VROYALE_REPORTS_PER_ADDRESS', d.reportLimits.perAddressPerDay),
    },
    webDist: existsSync(webDist) ? webDist : null,
    logLevel: env.LOG_LEVEL || d.logLevel,
  });
}
