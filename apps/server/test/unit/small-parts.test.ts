/** The server's small building blocks: token bucket, serial queue, manual clock, origin check, config. */
import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../src/net/token-bucket.js';
import { SerialQueue } from '../../src/master/serial-queue.js';
import { ManualClock } from '../../src/time/manual-clock.js';
import { originAllowed } from '../../src/net/origin-check.js';
import { configFromEnv } from '../../src/config.js';
import { DefsLedger } from '../../src/master/defs-ledger.js';

describe('TokenBucket', () => {
  it('allows a burst of `capacity`, then refills at the given rate', () => {
    let now = 0;
    const b = new TokenBucket({ capacity: 3, refillPerSec: 2 }, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(b.take()).toBe(false);
    now += 1;
    expect(b.take()).toBe(true);
    now += 60_000;
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
  });
});

describe('SerialQueue', () => {
  it('runs tasks one at a time in order, even when they await, and survives a failing task', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    const slow = q.run(async () => {
      log.push('a:start');
      await new Promise((r) => setTimeout(r, 20));
      log.push('a:end');
    });
    const failing = q.run(() => {
      log.push('b');
      throw new Error('boom');
    });
    const fast = q.run(() => log.push('c'));
    await slow;
    await expect(failing).rejects.toThrow('boom');
    await fast;
    await q.drain();
    expect(log).toEqual(['a:start', 'a:end', 'b', 'c']);
    expect(q.size).toBe(0);
  });
});

describe('ManualClock', () => {
  it('runs due timers in deadline order, including timers they schedule', () => {
    const c = new ManualClock(0);
    const log: string[] = [];
    c.setTimeout(() => log.push(`b@${c.now()}`), 20);
    c.setTimeout(() => {
      log.push(`a@${c.now()}`);
      c.setTimeout(() => log.push(`a2@${c.now()}`), 5);
    }, 10);
    const gone = c.setTimeout(() => log.push('never'), 15);
    c.clearTimeout(gone);
    c.advance(30);
    expect(log).toEqual(['a@10', 'a2@15', 'b@20']);
    expect(c.now()).toBe(30);
    expect(c.pending).toBe(0);
  });
});

describe('originAllowed', () => {
  it('lets non-browser clients, same-origin pages and listed origins in', () => {
    expect(originAllowed(undefined, 'x:1', [])).toBe(true);
    expect(originAllowed('http://127.0.0.1:1', '127.0.0.1:1', [])).toBe(true);
    expect(originAllowed('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(originAllowed('http://LOCALHOST:3000', 'LocalHost:3000', [])).toBe(true);
    expect(originAllowed('http://[::1]:3000', '[::1]:3000', [])).toBe(true);
    expect(originAllowed('http://192.168.1.10:3000', '192.168.1.10:3000', [])).toBe(true);
    expect(originAllowed('https://evil.example', 'x:1', [])).toBe(false);
    expect(originAllowed('https://ok.example', 'x:1', ['https://ok.example'])).toBe(true);
    expect(originAllowed('not a url', 'x:1', [])).toBe(false);
    expect(originAllowed('null', 'x:1', [])).toBe(false);
  });

  it('does not take Origin == Host as proof for a domain name (DNS rebinding)', () => {
    expect(originAllowed('http://evil.example:3000', 'evil.example:3000', [])).toBe(false);
    expect(originAllowed('http://x:1', 'x:1', [])).toBe(false);
    // Only a loopback or IP page on the same port counts as this server's own.
    expect(originAllowed('http://localhost:8080', 'localhost:3000', [])).toBe(false);
    expect(originAllowed('http://127.0.0.1:3000', 'evil.example:3000', [])).toBe(false);
    // The site's own name is trusted once it is configured.
    expect(originAllowed('https://vroyale.example', 'vroyale.example', ['https://vroyale.example'])).toBe(true);
  });
});

describe('configFromEnv', () => {
  it('reads the documented variables over the defaults', () => {
    const c = configFromEnv(
      {
        PORT: '4000',
        VROYALE_DB: '/tmp/x.db',
        VROYALE_ORIGINS: 'https://a.example, https://b.example',
        VROYALE_CLOCK_INITIAL_MS: '300000',
        VROYALE_CLOCK_INCREMENT_MS: '0',
        VROYALE_SEAT_HOLD_MS: '1000',
        VROYALE_METRICS_PORT: '9464',
        VROYALE_METRICS_HOST: '10.0.0.5',
        VROYALE_REDIS_URL: 'redis://127.0.0.1:6380/2',
      },
      '/nonexistent',
    );
    expect(c).toMatchObject({
      port: 4000,
      dbPath: '/tmp/x.db',
      origins: ['https://a.example', 'https://b.example'],
      clock: { initialMs: 300_000, incrementMs: 0 },
      seatHoldMs: 1000,
      webDist: null,
      metricsPort: 9464,
      metricsHost: '10.0.0.5',
      redisUrl: 'redis://127.0.0.1:6380/2',
    });
    const d = configFromEnv({}, '/nonexistent');
    expect(d).toMatchObject({
      port: 3000,
      dbPath: './data/vroyale.db',
      origins: [],
      clock: { initialMs: 600_000, incrementMs: 5_000 },
      seatHoldMs: 60_000,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      redisUrl: null,
    });
    expect(configFromEnv({ VROYALE_METRICS_PORT: '0' }, '/nonexistent').metricsPort).toBe(0);
    expect(() => configFromEnv({ VROYALE_METRICS_PORT: '70000' })).toThrow(/VROYALE_METRICS_PORT must be a port number/);
    expect(() => configFromEnv({ VROYALE_METRICS_PORT: '-1' })).toThrow(/VROYALE_METRICS_PORT/);
    expect(() => configFromEnv({ VROYALE_REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/redis:\/\/ or rediss:\/\//);
    expect(() => configFromEnv({ VROYALE_REDIS_URL: 'not a url' })).toThrow(/did not parse/);
    expect(() => configFromEnv({ VROYALE_REDIS_URL: 'redis://:secret@127.0.0.1:6379/x' })).toThrow(/database number/);
    expect(configFromEnv({ VROYALE_REDIS_URL: 'rediss://:pw@cache.example:6380' }, '/nonexistent').redisUrl).toBe('rediss://:pw@cache.example:6380');
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow(/PORT/);
    const capped = configFromEnv(
      {
        VROYALE_MAX_ROOMS_PER_USER: '1',
        VROYALE_MAX_ROOMS_PER_ADDRESS: '2',
        VROYALE_MAX_BOT_MATCHES_PER_USER: '3',
        VROYALE_MAX_BOT_MATCHES_PER_ADDRESS: '4',
        VROYALE_MAX_SPECTATING_PER_USER: '5',
        VROYALE_MAX_SPECTATING_PER_ADDRESS: '6',
        VROYALE_IDLE_ROOM_TTL_MS: '7',
      },
      '/nonexistent',
    );
    expect(capped).toMatchObject({
      caps: { roomsPerUser: 1, roomsPerAddress: 2, botMatchesPerUser: 3, botMatchesPerAddress: 4, spectatingPerUser: 5, spectatingPerAddress: 6 },
      idleRoomTtlMs: 7,
    });
    expect(d.spectateLimit).toEqual({ capacity: 6, refillPerSec: 1 });
    expect(configFromEnv({ VROYALE_SPECTATE_CAPACITY: '20', VROYALE_SPECTATE_PER_SEC: '5' }, '/nonexistent').spectateLimit).toEqual({
      capacity: 20,
      refillPerSec: 5,
    });
  });

  it('reads the review queue: processes (0 turns reviews off; the older THREADS name too), bound, caps, per-address limit and search budget', () => {
    expect(configFromEnv({}, '/nonexistent').reviews).toEqual({
      processes: 1,
      maxQueued: 50,
      cpuMs: 120_000,
      wallMs: 600_000,
      perAddressPerHour: 20,
      budget: { deals: 4, verify: 4, maxCandidates: 10 },
    });
    const env = {
      VROYALE_REVIEW_PROCESSES: '0',
      VROYALE_REVIEW_QUEUE: '5',
      VROYALE_REVIEW_CPU_MS: '30000',
      VROYALE_REVIEW_WALL_MS: '60000',
      VROYALE_REVIEWS_PER_ADDRESS: '3',
      VROYALE_REVIEW_DEALS: '3',
      VROYALE_REVIEW_VERIFY: '6',
      VROYALE_REVIEW_CANDIDATES: '8',
    };
    expect(configFromEnv(env, '/nonexistent').reviews).toEqual({
      processes: 0,
      maxQueued: 5,
      cpuMs: 30_000,
      wallMs: 60_000,
      perAddressPerHour: 3,
      budget: { deals: 3, verify: 6, maxCandidates: 8 },
    });
    expect(() => configFromEnv({ VROYALE_REVIEW_DEALS: '0' })).toThrow(/VROYALE_REVIEW_DEALS must be at least 1, got '0'/);
    expect(() => configFromEnv({ VROYALE_REVIEW_PROCESSES: 'two' })).toThrow(/VROYALE_REVIEW_PROCESSES must be a non-negative number/);
    // The older name is read when the new one is unset, never over it.
    expect(configFromEnv({ VROYALE_REVIEW_THREADS: '0' }, '/nonexistent').reviews.processes).toBe(0);
    expect(configFromEnv({ VROYALE_REVIEW_THREADS: '0', VROYALE_REVIEW_PROCESSES: '2' }, '/nonexistent').reviews.processes).toBe(2);
    expect(() => configFromEnv({ VROYALE_REVIEW_THREADS: 'two' })).toThrow(/VROYALE_REVIEW_THREADS must be a non-negative number/);
  });

  it('reads the session TTL in days or milliseconds, and the new-session cap', () => {
    const DAY = 86_400_000;
    expect(configFromEnv({}, '/nonexistent')).toMatchObject({ sessionTtlMs: 30 * DAY, newSessionsPerAddressPerHour: 20 });
    expect(configFromEnv({ VROYALE_SESSION_TTL_DAYS: '7', VROYALE_MAX_NEW_SESSIONS_PER_ADDRESS: '5' }, '/nonexistent')).toMatchObject({
      sessionTtlMs: 7 * DAY,
      newSessionsPerAddressPerHour: 5,
    });
    expect(configFromEnv({ VROYALE_SESSION_TTL_DAYS: '0.5' }, '/nonexistent').sessionTtlMs).toBe(DAY / 2);
    expect(configFromEnv({ VROYALE_SESSION_TTL_DAYS: '7', VROYALE_SESSION_TTL_MS: '60000' }, '/nonexistent').sessionTtlMs).toBe(60_000);
    expect(() => configFromEnv({ VROYALE_SESSION_TTL_DAYS: 'soon' })).toThrow(/VROYALE_SESSION_TTL_DAYS/);
  });
});

describe('DefsLedger', () => {
  it('sends each definition once per viewer, and again to a late socket that never got it', () => {
    const l = new DefsLedger();
    l.full('spectator', ['x', 'y']);
    expect(l.fresh('spectator', ['x', 'y', 'z'])).toEqual(['z']);
    expect(l.fresh('spectator', ['x', 'z'])).toEqual([]);
    // A second spectator joins while only y is shown: x and z, shown before it came, must be sent again.
    l.full('spectator', ['y']);
    expect(l.fresh('spectator', ['x', 'y'])).toEqual(['x']);
    expect(l.fresh('spectator', ['z'])).toEqual(['z']);
    // Viewers are kept apart.
    expect(l.fresh('A', ['x'])).toEqual(['x']);
  });
});
