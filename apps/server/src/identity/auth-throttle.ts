/**
 * Brute-force throttling of password checks and registrations (issue 17 §1), with rate-limiter-flexible
 * (already the flood guard's library): `RateLimiterMemory` now, and the same calls on `RateLimiterRedis` when
 * several nodes share the limits (issue 19). Its promises and `Date.now` clock are fine here: the routes are
 * async anyway (argon2 runs on the thread pool), unlike `hello`, which must answer synchronously.
 *
 * Password checks (login and password change) count failures only, per username key (an attacker on one account
 * from many addresses) and per address (one address trying many accounts). A success clears its username's
 * failures. Registrations count every attempt per address (each one costs an argon2 hash and a row).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { usernameKey } from '@vroyale/protocol';

export interface WindowLimit {
  points: number;
  windowSec: number;
}

export interface AuthThrottleConfig {
  failuresPerUsername: WindowLimit;
  failuresPerAddress: WindowLimit;
  registrationsPerAddress: WindowLimit;
}

export const DEFAULT_AUTH_THROTTLE: AuthThrottleConfig = {
  failuresPerUsername: { points: 10, windowSec: 15 * 60 },
  failuresPerAddress: { points: 100, windowSec: 60 * 60 },
  registrationsPerAddress: { points: 10, windowSec: 60 * 60 },
};

const limiter = (keyPrefix: string, l: WindowLimit) => new RateLimiterMemory({ keyPrefix, points: Math.max(1, l.points), duration: Math.max(1, l.windowSec) });

/** Seconds until `key` may try again, or 0 when it may now. */
async function blockedFor(l: RateLimiterMemory, key: string): Promise<number> {
  const r = await l.get(key);
  return r && r.consumedPoints >= l.points ? Math.max(1, Math.ceil(r.msBeforeNext / 1000)) : 0;
}

/** Counts one; returns seconds to wait when that was over the limit (the attempt is refused), else 0. */
async function take(l: RateLimiterMemory, key: string): Promise<number> {
  try {
    await l.consume(key);
    return 0;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}

export class AuthThrottle {
  private readonly byUsername: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;
  private readonly registrations: RateLimiterMemory;

  constructor(config: AuthThrottleConfig = DEFAULT_AUTH_THROTTLE) {
    this.byUsername = limiter('auth-user', config.failuresPerUsername);
    this.byAddress = limiter('auth-addr', config.failuresPerAddress);
    this.registrations = limiter('auth-reg', config.registrationsPerAddress);
  }

  /** Before a password check: seconds to wait (429 with Retry-After), or 0. Counts nothing. */
  async passwordCheckBlocked(username: string, address: string): Promise<number> {
    const [u, a] = await Promise.all([blockedFor(this.byUsername, usernameKey(username)), blockedFor(this.byAddress, address)]);
    return Math.max(u, a);
  }

  async failed(username: string, address: string): Promise<void> {
    await Promise.all([take(this.byUsername, usernameKey(username)), take(this.byAddress, address)]);
  }

  /** A correct password clears its username's failures (not the address's: one success must not reset a spray). */
  async succeeded(username: string): Promise<void> {
    await this.byUsername.delete(usernameKey(username));
  }

  /** Counts one registration attempt; seconds to wait when over the limit, else 0. */
  registration(address: string): Promise<number> {
    return take(this.registrations, address);
  }
}
