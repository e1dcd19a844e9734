/**
 * Brute-force throttling of password checks and registrations (issue 17 §1, issue 31 §1), with
 * rate-limiter-flexible (already the flood guard's library): `RateLimiterMemory` now, and the same calls on
 * `RateLimiterRedis` when several nodes share the limits (issue 19). Its promises and `Date.now` clock are fine
 * here: the routes are async anyway (argon2 runs on the thread pool), unlike `hello`, which must answer
 * synchronously.
 *
 * Password checks (login and password change) are limited per username key (an attacker on one account from
 * many addresses) and per address (one address trying many accounts). An attempt **reserves** its point in both
 * before the password is verified, and gives it back when the password was right: checking the lock first and
 * counting the failure after would let guesses sent in parallel all pass the check before any of them counted
 * (30 at once made 30 verifies against a limit of 10). The memory store counts synchronously inside `consume`,
 * and Redis's store counts atomically, so at most the limit of verifies run, whatever the concurrency.
 * A success clears its username's failures (a typo-prone owner is not locked out later) but only refunds its
 * own point to the address (one success must not reset a spray). Registrations count every attempt per address
 * (each one costs an argon2 hash and a row).
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

export const limiter = (keyPrefix: string, l: WindowLimit): RateLimiterMemory =>
  new RateLimiterMemory({ keyPrefix, points: Math.max(1, l.points), duration: Math.max(1, l.windowSec) });

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

/** Gives back one point taken by `take` (a refused or successful attempt), never below zero. */
async function refund(l: RateLimiterMemory, key: string): Promise<void> {
  const r = await l.get(key);
  // A window that ran out meanwhile has nothing to give back (reward would start a new one at -1).
  if (r && r.consumedPoints > 0) await l.reward(key);
}

/**
 * Takes one point from each of `limits` at once; when any refuses, every point taken is given back (a refused
 * attempt counts nowhere, so a limit over its count does not outlive its window) and the longest wait is returned.
 */
export async function reserveAll(limits: readonly [RateLimiterMemory, string][]): Promise<number> {
  const waits = await Promise.all(limits.map(([l, key]) => take(l, key)));
  if (waits.every((w) => w === 0)) return 0;
  await Promise.all(limits.map(([l, key]) => refund(l, key)));
  return Math.max(...waits);
}

/** A password check that may run: settle it with the verify's outcome. */
export interface PasswordCheck {
  succeeded(): Promise<void>;
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

  /**
   * Before a password check: reserves the attempt for the username and the address. Seconds to wait (429 with
   * Retry-After; nothing counted) or the check, which stays counted as a failure unless `succeeded()` is called.
   */
  async reservePasswordCheck(username: string, address: string): Promise<number | PasswordCheck> {
    const key = usernameKey(username);
    const wait = await reserveAll([
      [this.byUsername, key],
      [this.byAddress, address],
    ]);
    if (wait > 0) return wait;
    return {
      succeeded: async () => {
        await Promise.all([this.byUsername.delete(key), refund(this.byAddress, address)]);
      },
    };
  }

  /** Counts one registration attempt; seconds to wait when over the limit, else 0. */
  registration(address: string): Promise<number> {
    return take(this.registrations, address);
  }
}
