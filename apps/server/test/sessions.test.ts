/**
 * Sessions expire after `sessionTtlMs` without use, and new ones are capped per address and hour, over real
 * sockets with the server's time under the test's control (ManualClock): an expired token gets a new session
 * (its row deleted on that hello), the hourly sweep deletes unused rows and touches sessions in use (not on
 * every message), and the cap refuses anonymous hellos with `too-many-sessions`, never a valid token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { Ack, AckData } from '@vroyale/protocol';
import { HOUR_MS } from '../src/identity/session-upkeep.js';
import { ManualClock } from '../src/time/manual-clock.js';
import type { ServerConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { until } from './helpers/until.js';
import { sqliteOf } from './helpers/sqlite.js';

const MIN = 60_000;
let t: TestServer | null = null;
let clock: ManualClock;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A fresh server and clock per test: the hourly sweep runs at known times (an hour after each start). */
async function server(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  clock = new ManualClock();
  // ManualClock never refills the token buckets: raise the rate limit.
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 }, sessionTtlMs: 30 * MIN, ...overrides }, clock);
  return t;
}

const row = (userId: string) =>
  sqliteOf(t!.server.storage).db.prepare('SELECT last_seen FROM sessions WHERE user_id = ?').get(userId) as { last_seen: number } | undefined;

/** Leaves and waits until the server has no socket left (then it has forgotten the user: no seat either). */
async function leave(c: TestClient): Promise<void> {
  c.close();
  await until(() => t!.server.game.connections === 0, 'user forgotten');
}

/** A hello on a socket of its own, answered whatever it is (TestClient.connect throws on a refusal). */
async function rawHello(url: string, payload: { name: string; token?: string }): Promise<Ack<AckData['hello']>> {
  const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => (s.once('connect', () => resolve()), s.once('connect_error', reject)));
    return (await s.timeout(5_000).emitWithAck('hello', payload)) as Ack<AckData['hello']>;
  } finally {
    s.disconnect();
  }
}

describe('session expiry', () => {
  it('a hello with an expired token gets a new session, and the old row is gone', async () => {
    await server();
    const a = await TestClient.connect(t!.url, 'Aki');
    const [oldToken, oldUser] = [a.token!, a.userId!];
    await leave(a);
    // Past the TTL, before the first sweep (an hour after the start): the hello itself finds it expired.
    clock.advance(31 * MIN);
    expect(row(oldUser)).toBeDefined();
    const back = await TestClient.connect(t!.url, 'Aki', oldToken);
    expect(back.token).not.toBe(oldToken);
    expect(back.userId).not.toBe(oldUser);
    expect(row(oldUser)).toBeUndefined();
    expect(row(back.userId!)).toEqual({ last_seen: clock.now() });
    back.close();
  });

  it('a token used within the TTL keeps its identity, and each hello counts as a use', async () => {
    await server();
    const a = await TestClient.connect(t!.url, 'Bo');
    await leave(a);
    clock.advance(20 * MIN);
    const again = await TestClient.connect(t!.url, 'Bo', a.token);
    expect(again.userId).toBe(a.userId);
    expect(row(a.userId!)).toEqual({ last_seen: clock.now() });
    await leave(again);
    clock.advance(20 * MIN); // 40 minutes after the first hello, 20 after the last
    const third = await TestClient.connect(t!.url, 'Bo', a.token);
    expect(third.userId).toBe(a.userId);
    third.close();
  });

  it('the hourly sweep deletes unused sessions and touches those in use; messages write nothing', async () => {
    await server();
    const start = clock.now();
    const idle = await TestClient.connect(t!.url, 'Idle');
    await leave(idle);
    const live = await TestClient.connect(t!.url, 'Live');
    clock.advance(10 * MIN);
    for (let i = 0; i < 20; i++) expect(await live.emit('lobby:subscribe', {})).toMatchObject({ ok: true });
    expect(row(live.userId!)).toEqual({ last_seen: start });

    clock.advance(51 * MIN); // the sweep ran at start + 1 h
    await new Promise((r) => setImmediate(r)); // its writes are awaited (the store is async)
    expect(row(idle.userId!)).toBeUndefined();
    expect(row(live.userId!)).toEqual({ last_seen: start + HOUR_MS });
    // Connected for longer than the TTL, and still the same identity on a new socket.
    clock.advance(HOUR_MS);
    const tab = await TestClient.connect(t!.url, 'Live', live.token);
    expect(tab.userId).toBe(live.userId);
    for (const c of [live, tab]) c.close();
  });
});

describe('new sessions per address', () => {
  it('are capped per hour with too-many-sessions; a valid token is never refused', async () => {
    await server({ newSessionsPerAddressPerHour: 3 });
    const clients = [];
    for (let i = 0; i < 3; i++) clients.push(await TestClient.connect(t!.url, `Anon${i}`));
    const refused = await rawHello(t!.url, { name: 'Fourth' });
    expect(refused).toMatchObject({ ok: false, code: 'too-many-sessions' });
    // A token we never issued is no valid token: it would start a session too.
    expect(await rawHello(t!.url, { name: 'Fourth', token: 'not-a-token-of-ours' })).toMatchObject({ ok: false, code: 'too-many-sessions' });
    const before = (sqliteOf(t!.server.storage).db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
    expect(before).toBe(3);

    // Existing sessions come back as often as they like, on new sockets and on the same one.
    for (let i = 0; i < 5; i++)
      expect(await rawHello(t!.url, { name: 'Anon0', token: clients[0]!.token! })).toMatchObject({ ok: true, userId: clients[0]!.userId });
    expect(await clients[1]!.emit('hello', { name: 'Anon1', token: clients[1]!.token! })).toMatchObject({ ok: true, userId: clients[1]!.userId });
    // A refused hello leaves an identified socket as it was.
    expect(await clients[2]!.emit('hello', { name: 'Anon2' })).toMatchObject({ ok: false, code: 'too-many-sessions' });
    expect(await clients[2]!.emit('lobby:subscribe', {})).toMatchObject({ ok: true });

    clock.advance(HOUR_MS);
    expect(await rawHello(t!.url, { name: 'NextHour' })).toMatchObject({ ok: true });
    for (const c of clients) c.close();
  });

  it('an expired token counts as a new session', async () => {
    await server({ newSessionsPerAddressPerHour: 1 });
    const a = await TestClient.connect(t!.url, 'Once');
    await leave(a);
    clock.advance(31 * MIN);
    expect(await rawHello(t!.url, { name: 'Once', token: a.token! })).toMatchObject({ ok: false, code: 'too-many-sessions' });
  });
});
