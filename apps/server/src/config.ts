/**
 * Server configuration: every knob with its default, read from the environment by `configFromEnv`.
 * Tests build a config with `defaultConfig(overrides)` instead of touching process.env.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BucketConfig } from './net/token-bucket.js';
import type { SyncMode } from './storage/storage.js';

export interface ServerConfig {
  /** PORT; 0 picks a free port (tests). */
  port: number;
  /** HOST; default all interfaces. */
  host: string;
  /** VROYALE_DB: the SQLite file; ':memory:' works for throwaway servers. */
  dbPath: string;
  /**
   * VROYALE_DB_SYNC: 'normal' (default; a commit survives a process crash, an OS crash may lose the last
   * ones) or 'full' (fsync per commit: one per group-commit batch). See storage/storage.ts.
   */
  dbSync: SyncMode;
  /** How often the worker thread checkpoints the WAL into the database file. */
  checkpointEveryMs: number;
  /**
   * VROYALE_ORIGINS: comma-separated browser origins allowed to connect (e.g. https://vroyale.example).
   * Pages served by this server itself (same origin) and non-browser clients (no Origin header) are
   * always allowed.
   */
  origins: string[];
  /**
   * VROYALE_METRICS_TOKEN: lets a remote monitor read /api/metrics with `Authorization: Bearer <token>`.
   * Unset (the default), only loopback clients may (http/metrics-access.ts).
   */
  metricsToken: string | null;
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
  /**
   * VROYALE_BOT_THREADS: worker threads that run the server bot's decisions off the event loop (default 1;
   * 0 runs them on the event loop, as tests may).
   */
  botThreads: number;
  /** Per socket, all messages (VROYALE_RATE_CAPACITY, VROYALE_RATE_PER_SEC). */
  rateLimit: BucketConfig;
  /** Per user and room, chat lines. */
  chatLimit: BucketConfig;
  /** Finished rooms stay in the lobby's "recently finished" list this long. */
  finishedTtlMs: number;
  /** Empty waiting rooms are closed after this long. */
  idleRoomTtlMs: number;
  /** Socket.IO's per-message limit: 64 KB is far above any legal payload. */
  maxHttpBufferSize: number;
  /** The web app's build, served when the folder exists (VROYALE_WEB_DIST; default apps/web/dist). */
  webDist: string | null;
  /** LOG_LEVEL: pino level ('silent' in tests). */
  logLevel: string;
}

const MIN = 60_000;

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 3000,
    host: '0.0.0.0',
    dbPath: './data/vroyale.db',
    dbSync: 'normal',
    checkpointEveryMs: 1_000,
    origins: [],
    metricsToken: null,
    clock: { initialMs: 10 * MIN, incrementMs: 5_000 },
    seatHoldMs: 60_000,
    botDelayMs: 600,
    matchSeed: null,
    botThreads: 1,
    rateLimit: { capacity: 40, refillPerSec: 20 },
    chatLimit: { capacity: 5, refillPerSec: 0.5 },
    finishedTtlMs: 10 * MIN,
    idleRoomTtlMs: 30 * MIN,
    maxHttpBufferSize: 64 * 1024,
    webDist: null,
    logLevel: 'info',
    ...overrides,
  };
}

function int(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${key} must be a non-negative number, got '${raw}'`);
  return Math.floor(n);
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
    origins: (env.VROYALE_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    metricsToken: env.VROYALE_METRICS_TOKEN || d.metricsToken,
    clock: {
      initialMs: int(env, 'VROYALE_CLOCK_INITIAL_MS', d.clock.initialMs),
      incrementMs: int(env, 'VROYALE_CLOCK_INCREMENT_MS', d.clock.incrementMs),
    },
    seatHoldMs: int(env, 'VROYALE_SEAT_HOLD_MS', d.seatHoldMs),
    botDelayMs: int(env, 'VROYALE_BOT_DELAY_MS', d.botDelayMs),
    matchSeed: env.VROYALE_MATCH_SEED || d.matchSeed,
    botThreads: int(env, 'VROYALE_BOT_THREADS', d.botThreads),
    rateLimit: { capacity: int(env, 'VROYALE_RATE_CAPACITY', d.rateLimit.capacity), refillPerSec: int(env, 'VROYALE_RATE_PER_SEC', d.rateLimit.refillPerSec) },
    webDist: existsSync(webDist) ? webDist : null,
    logLevel: env.LOG_LEVEL || d.logLevel,
  });
}
