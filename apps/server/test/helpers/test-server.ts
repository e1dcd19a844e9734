/** A real server on an ephemeral loopback port with its own temporary database, for one test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type ServerConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Clock } from '../../src/time/clock.js';
import type { ServerBot } from '../../src/bots/server-bot.js';
import { startPostgres } from '../../../../scripts/services/postgres.mjs';

const NO_CAPS: ServerConfig['caps'] = {
  roomsPerUser: 1e6,
  roomsPerAddress: 1e6,
  botMatchesPerUser: 1e6,
  botMatchesPerAddress: 1e6,
  spectatingPerUser: 1e6,
  spectatingPerAddress: 1e6,
};
/** Only the per-socket limit (`rateLimit`, which tests tune) stays: the rest would count every test client together. */
const LOOSE = { capacity: 1e6, refillPerSec: 1e6 };
export const NO_FLOOD_LIMITS: ServerConfig['flood'] = {
  perSession: LOOSE,
  perAddress: LOOSE,
  strikes: { refusals: 1e6, windowSec: 10 },
  penaltyMs: 30_000,
  socketsPerAddress: 1e6,
  connectsPerAddress: LOOSE,
  newSocket: { capacity: 1e6, refillPerSec: 1e6, growPerSec: 0 },
};

/** Tests watch and leave rooms far faster than people do; `test/spectating-scale.test.ts` sets its own limit. */
const NO_TOGGLE_LIMIT: ServerConfig['spectateLimit'] = { capacity: 1e6, refillPerSec: 1e6 };

/** Registrations and failed logins per address (every test client is 127.0.0.1); per username stays as in production. */
const LOOSE_AUTH: ServerConfig['authThrottle'] = {
  ...defaultConfig().authThrottle,
  failuresPerAddress: { points: 1e6, windowSec: 3600 },
  registrationsPerAddress: { points: 1e6, windowSec: 3600 },
};

export interface TestServer {
  server: RunningServer;
  url: string;
  dbPath: string;
  config: ServerConfig;
  /** Stops the server and starts a new one on the same port and database file (a deploy or crash-restart). */
  restart(whileStopped?: () => void): Promise<RunningServer>;
  close(): Promise<void>;
}

/**
 * Defaults differ from production in these ways: no bot delay, the server bot runs inline (no worker
 * thread to start per test file) unless a test asks for `botThreads` — the lobby's vs-bot test does — and the
 * per-user and per-address caps (new sessions per hour too), the flood limits but the per-socket one, and the
 * limit on watching and leaving rooms are out of the way (every test client shares 127.0.0.1 and one file opens
 * many rooms and sessions); `test/caps.test.ts`, `test/sessions.test.ts`, `test/flood.test.ts` and
 * `test/spectating-scale.test.ts` set their own.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, clock?: Clock, extra: { bot?: ServerBot } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-test-'));
  const dbPath = join(dir, 'test.db');
  const config = defaultConfig({
    port: 0,
    host: '127.0.0.1',
    dbPath,
    logLevel: 'silent',
    botDelayMs: 0,
    botThreads: 0,
    caps: NO_CAPS,
    flood: NO_FLOOD_LIMITS,
    spectateLimit: NO_TOGGLE_LIMIT,
    newSessionsPerAddressPerHour: 1e6,
    authThrottle: LOOSE_AUTH,
    ...overrides,
  });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  // VROYALE_TEST_BACKEND=postgres: this server stores in its own private PostgreSQL cluster (a whole test file on
  // the other backend; tests that read SQLite rows through sqliteOf() say so and fail).
  const pgCluster = process.env.VROYALE_TEST_BACKEND === 'postgres' && !overrides.databaseUrl ? await startPostgres() : null;
  if (pgCluster) config.databaseUrl = pgCluster.url;
  let server = await startServer({ config, clock, logger, ...extra });
  const t: TestServer = {
    server,
    url: server.url,
    dbPath,
    config,
    async restart(whileStopped) {
      await server.stop();
      whileStopped?.();
      server = await startServer({ config: { ...config, port: server.port }, clock, logger, ...extra });
      t.server = server;
      return server;
    },
    async close() {
      await server.stop();
      await pgCluster?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}
