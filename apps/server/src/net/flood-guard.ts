/**
 * Floods cost the flooder, not the server. Three gates, each as early as it can be:
 * - **Connections** (engine.io's `allowRequest`, before the WebSocket upgrade or the polling handshake): an
 *   address in the penalty box is refused, so is one that already holds `socketsPerAddress` connections or
 *   opens them faster than `connectsPerAddress`. A refused handshake costs one HTTP response.
 * - **Messages** (the first thing the game server does with a message, before its schema): a limit per
 *   socket, per session (all the user's sockets) and per address (a household or NAT shares one, so it is
 *   the loosest).
 * - **Strikes**: a socket that keeps sending over its limit (`strikes.refusals` refused messages within
 *   `strikes.windowSec`) is told why and disconnected, and its address goes into the penalty box: new
 *   connections refused, and its messages count double against the address limit, for `penaltyMs`, doubled
 *   for each further offence within the hour (at most 16×).
 *
 * The counting is rate-limiter-flexible's (`RateLimiterMemory`: fixed windows, keys expire on their own, so
 * memory follows the live keys; the same API has a Redis store for several nodes). Its clock is Date.now,
 * not the server's injected Clock: tests with a ManualClock keep the limits out of the way instead.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** `capacity` messages per `capacity / refillPerSec` seconds (a fixed window). */
export interface RateConfig {
  capacity: number;
  refillPerSec: number;
}

export interface FloodConfig {
  perSocket: RateConfig;
  perSession: RateConfig;
  perAddress: RateConfig;
  /** Refused messages within the window after which the socket is disconnected. */
  strikes: { refusals: number; windowSec: number };
  /** The first penalty of an address; doubled per repeat offence within an hour, at most 16×. */
  penaltyMs: number;
  socketsPerAddress: number;
  /** New connections per address. */
  connectsPerAddress: RateConfig;
}

export type MessageVerdict = { ok: true } | { ok: false; message: string; kick: string | null };

const limiter = (keyPrefix: string, r: RateConfig) => new RateLimiterMemory({ keyPrefix, points: Math.max(1, r.capacity), duration: Math.max(0.001, r.capacity / Math.max(1e-9, r.refillPerSec)) });

/** Consumes `points` and returns the points consumed in the current window (over `l.points`: refused). */
async function consume(l: RateLimiterMemory, key: string, points = 1): Promise<number> {
  try {
    return (await l.consume(key, points)).consumedPoints;
  } catch (e) {
    // The library rejects with its result when over the limit; anything else is a real failure.
    if (e instanceof RateLimiterRes) return e.consumedPoints;
    throw e;
  }
}

async function take(l: RateLimiterMemory, key: string, points = 1): Promise<boolean> {
  return (await consume(l, key, points)) <= l.points;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class FloodGuard {
  private readonly socket: RateLimiterMemory;
  private readonly session: RateLimiterMemory;
  private readonly address: RateLimiterMemory;
  private readonly strikes: RateLimiterMemory;
  private readonly connects: RateLimiterMemory;
  /** Kicks per address in the hour (a fixed window), for the doubling of repeat penalties. */
  private readonly offences = new RateLimiterMemory({ keyPrefix: 'offences', points: 1_000_000, duration: 3600 });
  /** Addresses in the penalty box → when they leave it (only offenders; pruned when read or replaced). */
  private readonly penalised = new Map<string, number>();
  private readonly open = new Map<string, number>();
  kicks = 0;
  refusedConnections = 0;
  refusedMessages = 0;

  constructor(private readonly cfg: FloodConfig) {
    this.socket = limiter('socket', cfg.perSocket);
    this.session = limiter('session', cfg.perSession);
    this.address = limiter('address', cfg.perAddress);
    this.strikes = new RateLimiterMemory({ keyPrefix: 'strikes', points: Math.max(1, cfg.strikes.refusals), duration: cfg.strikes.windowSec });
    this.connects = limiter('connects', cfg.connectsPerAddress);
  }

  /** Why a new connection from `address` is refused, or null. Called by the handshake, before the upgrade. */
  async admit(address: string): Promise<string | null> {
    const why = await this.admitReason(address);
    if (why) this.refusedConnections++;
    return why;
  }

  private async admitReason(address: string): Promise<string | null> {
    const left = this.penaltyLeft(address);
    if (left > 0) return `your address was disconnected for sending too many messages; try again in ${seconds(left)} s`;
    const open = this.open.get(address) ?? 0;
    if (open >= this.cfg.socketsPerAddress) return `your address already has ${open} connections, the most one address may have; close a tab first`;
    if (!(await take(this.connects, address))) return 'your address is opening connections too often; wait a few seconds';
    return null;
  }

  /** The connection counts per address follow engine.io's own connections (opened after `admit`). */
  opened(address: string): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
  }

  closed(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n > 0) this.open.set(address, n);
    else this.open.delete(address);
  }

  connectionsFrom(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /** Whether one message may go on; a refusal says why and, for a socket that keeps flooding, to disconnect it. */
  async message(socketId: string, userId: string | null, address: string): Promise<MessageVerdict> {
    let over: string | null = null;
    if (!(await take(this.socket, socketId))) over = 'this connection';
    else if (userId !== null && !(await take(this.session, userId))) over = 'your session (all its tabs together)';
    else if (!(await take(this.address, address, this.penaltyLeft(address) > 0 ? 2 : 1))) over = 'your address (everyone on it together)';
    if (over === null) return { ok: true };
    this.refusedMessages++;
    const message = `Too many messages from ${over}; slow down`;
    const strikes = await consume(this.strikes, socketId);
    // Only the refusal that crosses the line kicks; the ones already on their way are just refused.
    if (strikes !== this.cfg.strikes.refusals + 1) return { ok: false, message, kick: null };
    this.kicks++;
    const ms = await this.penalise(address);
    return { ok: false, message, kick: `You were disconnected for sending too many messages; your address may reconnect in ${seconds(ms)} s` };
  }

  /** Puts `address` in the penalty box; returns for how long. */
  private async penalise(address: string): Promise<number> {
    const offences = await consume(this.offences, address);
    const ms = this.cfg.penaltyMs * 2 ** Math.min(4, offences - 1);
    const now = Date.now();
    // Only offenders are in the box; a crowd of them is pruned of the ones whose time is up.
    if (this.penalised.size > 10_000) for (const [a, until] of this.penalised) if (until <= now) this.penalised.delete(a);
    this.penalised.set(address, now + ms);
    return ms;
  }

  private penaltyLeft(address: string): number {
    const until = this.penalised.get(address);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left <= 0) this.penalised.delete(address);
    return Math.max(0, left);
  }
}
