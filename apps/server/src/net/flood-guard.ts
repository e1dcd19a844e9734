/**
 * Floods cost the flooder, not the server. Three gates, each as early as it can be:
 * - **TCP** (the HTTP server's `connection` event, before a byte is parsed): a connection from an address in
 *   the penalty box, or from one that already holds twice `socketsPerAddress` TCP connections, is closed at
 *   once. Such an address was told why when it was disconnected, or is not a person: a few hundred refused
 *   handshakes in a burst cost the event loop tens of milliseconds, closing them at accept a fraction.
 * - **Connections** (engine.io's `allowRequest`, before the WebSocket upgrade or the polling handshake): an
 *   address in the penalty box is refused, so is one that already holds `socketsPerAddress` connections or
 *   opens them faster than `connectsPerAddress`. A refused handshake costs one HTTP response, with the reason.
 * - **Messages**: a limit per socket (`check`: from the packet's event name, before Socket.IO decodes it), then
 *   per session (all the user's sockets) and per address (a household or NAT shares one, so it is the loosest:
 *   `shared`, after the decode). The per-socket burst is earned (issue 36): a socket in a room (seated or
 *   watching) has the full `perSocket`; one that has not said hello or is in no room starts with
 *   `newSocket` (10, then 2/s) and gains `growPerSec` of burst a second without a refusal, up to the full burst
 *   and refill. A few thousand addresses fresh from a handshake buy a handful of messages each, not 40.
 * - **Strikes**: a socket that keeps sending over its limits (`strikes.refusals` refused messages, refilled
 *   over `strikes.windowSec`) is told why and disconnected, and its address goes into the penalty box: new
 *   connections refused, and its messages count double against the address limit, for `penaltyMs`, doubled
 *   for each further offence within the hour (at most 16×).
 *
 * The per-socket limit and the strikes are synchronous token buckets on the server's Clock: a flood arrives
 * as one read holding hundreds of messages, fed to ws a frame at a time (transport/read-gate.ts); a verdict
 * given on one of them kicks the socket there, and the frames it had not been fed are dropped unparsed.
 * rate-limiter-flexible (`RateLimiterMemory`) counts what is shared (sessions, addresses,
 * connections, offences): keys expire on their own so memory follows the live keys, and the same API has a
 * Redis store for several nodes. Its answers are promises (a microtask later: too late to stop a read) and its
 * clock is Date.now, so tests with a ManualClock keep those limits out of the way.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { inRoom, type SocketClass } from './socket-class.js';
import { TokenBucket, type BucketConfig } from './token-bucket.js';

/**
 * `capacity` messages at once, `refillPerSec` after that: a token bucket for the per-socket gate; for the
 * library's limits, a fixed window of `capacity` per `capacity / refillPerSec` seconds.
 */
export type RateConfig = BucketConfig;

export interface FloodConfig {
  perSocket: RateConfig;
  /**
   * A socket in no room (or before hello): its burst starts at `capacity`, refilled at `refillPerSec`, and both
   * grow (by `growPerSec` messages of burst a second without a refusal) up to `perSocket`'s.
   */
  newSocket: { capacity: number; refillPerSec: number; growPerSec: number };
  perSession: RateConfig;
  perAddress: RateConfig;
  /** Refused messages (a bucket of `refusals`, refilled over `windowSec`) after which the socket is disconnected. */
  strikes: { refusals: number; windowSec: number };
  /** The first penalty of an address; doubled per repeat offence within an hour, at most 16×. */
  penaltyMs: number;
  socketsPerAddress: number;
  /** New connections per address. */
  connectsPerAddress: RateConfig;
}

export type MessageVerdict = { ok: true } | { ok: false; message: string; kick: string | null };

const limiter = (keyPrefix: string, r: RateConfig) =>
  new RateLimiterMemory({ keyPrefix, points: Math.max(1, r.capacity), duration: Math.max(0.001, r.capacity / Math.max(1e-9, r.refillPerSec)) });

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

const HOUR = 3_600_000;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

interface SocketGate {
  messages: TokenBucket;
  strikes: TokenBucket;
  kicked: boolean;
  /** Since when it has behaved (connected, or its last refusal): its burst grows from then. */
  goodSince: number;
  /** It has been in a room: its bucket was filled to the full burst then (once: leaving and coming back refills nothing). */
  roomed: boolean;
}

export class FloodGuard {
  private readonly session: RateLimiterMemory;
  private readonly address: RateLimiterMemory;
  private readonly connects: RateLimiterMemory;
  /** Offenders only: kicks in the hour since their first, and when they leave the penalty box. */
  private readonly penalised = new Map<string, { offences: number; since: number; until: number }>();
  private readonly open = new Map<string, number>();
  /** TCP connections per address (sockets and plain HTTP: page loads, polling requests). */
  private readonly tcp = new Map<string, number>();
  droppedTcp = 0;
  private readonly sockets = new Map<string, SocketGate>();
  kicks = 0;
  refusedConnections = 0;
  refusedMessages = 0;

  constructor(
    private readonly cfg: FloodConfig,
    private readonly now: () => number,
  ) {
    this.session = limiter('session', cfg.perSession);
    this.address = limiter('address', cfg.perAddress);
    this.connects = limiter('connects', cfg.connectsPerAddress);
  }

  /** Whether a new TCP connection from `address` may be read at all; if so, `tcpClosed` must follow. */
  acceptTcp(address: string): boolean {
    const n = this.tcp.get(address) ?? 0;
    if (this.penaltyLeft(address) > 0 || n >= 2 * this.cfg.socketsPerAddress) {
      this.droppedTcp++;
      return false;
    }
    this.tcp.set(address, n + 1);
    return true;
  }

  tcpClosed(address: string): void {
    const n = (this.tcp.get(address) ?? 1) - 1;
    if (n > 0) this.tcp.set(address, n);
    else this.tcp.delete(address);
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

  /** A socket's own gate, from its connection to its disconnection. */
  attach(socketId: string): void {
    const strikes = { capacity: this.cfg.strikes.refusals, refillPerSec: this.cfg.strikes.refusals / this.cfg.strikes.windowSec };
    this.sockets.set(socketId, {
      messages: new TokenBucket(this.cfg.perSocket, this.now),
      strikes: new TokenBucket(strikes, this.now),
      kicked: false,
      goodSince: this.now(),
      roomed: false,
    });
  }

  detach(socketId: string): void {
    this.sockets.delete(socketId);
  }

  /** The burst and refill a socket of class `cls` has now (the full per-socket limit once it is in a room). */
  limitOf(socketId: string, cls: SocketClass): RateConfig {
    const full = this.cfg.perSocket;
    const gate = this.sockets.get(socketId);
    if (inRoom(cls) || !gate) return full;
    const start = this.cfg.newSocket;
    const grown = start.capacity + Math.floor(((this.now() - gate.goodSince) / 1000) * start.growPerSec);
    if (grown >= full.capacity) return full;
    const part = (grown - start.capacity) / Math.max(1, full.capacity - start.capacity);
    return { capacity: grown, refillPerSec: start.refillPerSec + part * (full.refillPerSec - start.refillPerSec) };
  }

  /**
   * The socket's own limit, synchronously, from the event name alone (before the message is decoded): a flood
   * is cut off inside the read that carries it. A refusal says why and, for a socket that keeps flooding, the
   * notice to send before disconnecting it.
   */
  check(socketId: string, cls: SocketClass, address: string): MessageVerdict {
    const gate = this.sockets.get(socketId);
    if (!gate || gate.kicked) return { ok: false, message: 'This connection is closing', kick: null };
    // Entering a room gives the full burst at once: what the small burst before it left does not carry over
    // (a manager who just sat down and plays fast was refused at 20/s).
    if (!gate.roomed && inRoom(cls)) {
      gate.roomed = true;
      gate.messages = new TokenBucket(this.cfg.perSocket, this.now);
    }
    if (!gate.messages.take(this.limitOf(socketId, cls))) {
      gate.goodSince = this.now();
      return this.refuse(gate, address, 'this connection');
    }
    return { ok: true };
  }

  /** Whether the socket was disconnected for flooding (its messages still in flight are dropped). */
  kicked(socketId: string): boolean {
    return this.sockets.get(socketId)?.kicked ?? true;
  }

  /** The session's and the address's limits (a microtask later: promises), after the socket's own (`check`). */
  async shared(socketId: string, userId: string | null, address: string): Promise<MessageVerdict> {
    const gate = this.sockets.get(socketId);
    if (!gate || gate.kicked) return { ok: false, message: 'This connection is closing', kick: null };
    if (userId !== null && !(await take(this.session, userId))) return this.refuse(gate, address, 'your session (all its tabs together)');
    if (!(await take(this.address, address, this.penaltyLeft(address) > 0 ? 2 : 1)))
      return this.refuse(gate, address, 'your address (everyone on it together)');
    return { ok: true };
  }

  /**
   * How many messages read at once a socket can send before it is certainly kicked: at most the full burst
   * passes (a socket entering a room on the way gets it), then each one is refused and takes a strike, and the
   * one past the strikes kicks. Refills while they are handled (milliseconds) are what `overflowed` is for.
   */
  get mostBeforeKick(): number {
    return this.cfg.perSocket.capacity + this.cfg.strikes.refusals + 1;
  }

  /**
   * The socket sent more at once than `mostBeforeKick` and what lay beyond was dropped unread; if handling the
   * rest did not get it kicked (its bucket refilled meanwhile), it is now: the kick's notice, or null if it
   * already was.
   */
  overflowed(socketId: string, address: string): string | null {
    const gate = this.sockets.get(socketId);
    if (!gate || gate.kicked) return null;
    gate.kicked = true;
    this.kicks++;
    const ms = this.penalise(address);
    return `You were disconnected for sending too many messages at once; your address may reconnect in ${seconds(ms)} s`;
  }

  private refuse(gate: SocketGate, address: string, over: string): MessageVerdict {
    this.refusedMessages++;
    const message = `Too many messages from ${over}; slow down`;
    if (gate.kicked || gate.strikes.take()) return { ok: false, message, kick: null };
    gate.kicked = true;
    this.kicks++;
    const ms = this.penalise(address);
    return { ok: false, message, kick: `You were disconnected for sending too many messages; your address may reconnect in ${seconds(ms)} s` };
  }

  /** Puts `address` in the penalty box (synchronously: the kick says for how long); returns for how long. */
  private penalise(address: string): number {
    const now = Date.now();
    const last = this.penalised.get(address);
    const offences = last && now - last.since < HOUR ? last.offences + 1 : 1;
    const ms = this.cfg.penaltyMs * 2 ** Math.min(4, offences - 1);
    // A crowd of offenders is pruned of the ones whose hour is over.
    if (this.penalised.size > 10_000) for (const [a, p] of this.penalised) if (now - p.since >= HOUR && p.until <= now) this.penalised.delete(a);
    this.penalised.set(address, { offences, since: offences === 1 ? now : last!.since, until: now + ms });
    return ms;
  }

  private penaltyLeft(address: string): number {
    const p = this.penalised.get(address);
    return p ? Math.max(0, p.until - Date.now()) : 0;
  }
}
