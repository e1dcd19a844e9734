/**
 * The account holes of issue 31, over real HTTP: reserved usernames in their raw and folded spellings, guest
 * adoption limited to guests' tokens, and reports capped per address as well as per reporter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freshName, register, tokenOf } from './helpers/auth-http.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { sqliteOf } from './helpers/sqlite.js';

const PW = 'correct horse battery';

describe('reserved usernames', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every reserved pattern is refused 400 in its raw and folded spellings, and creates nothing', async () => {
    const users = () => (sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    const before = users();
    const reserved: Record<string, string[]> = {
      'a listed name': ['admin', 'ADM1N', 'Moderator', 'rnod', 'VRoyale', 'vroya1e', 'root', 'R00T', 'system', 'anonymous', 'Undefined', 'nu11'],
      'bot or guest alone': ['bot', 'B0T', 'Guest', 'gUEST'],
      // The four names issue 31 found registering, and the rest of the prefix rule's raw forms.
      'bot/guest + digit, raw': ['guest1234', 'guest0', 'guest1', 'Bot1', 'bot2000', 'GUEST9'],
      'bot/guest + _ or -, raw': ['Bot_7', 'bot-x', 'guest_me', 'Guest-12'],
      'folded prefix': ['B0t1', 'B0T_x', 'GUESTl0', 'Botl', 'BotI', 'guestlO'],
    };
    for (const [what, names] of Object.entries(reserved)) {
      for (const username of names) {
        const r = await api(t.url, '/api/auth/register', { body: { username, password: PW } });
        expect(r.status, `${what}: ${username}`).toBe(400);
        expect(r.body).toEqual({ error: 'bad-request', message: 'username: That username is reserved' });
        expect(r.cookie).toBeNull();
      }
    }
    expect(users()).toBe(before);
    for (const username of ['Botlane', 'Guestlist', 'Bottlecap'])
      expect((await api(t.url, '/api/auth/register', { body: { username, password: PW } })).status, username).toBe(201);
  });
});

describe('POST /api/auth/guest {token}', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it("adopts a guest's token, never an account's: that request gets a new guest instead", async () => {
    const a = await register(t.url, freshName('Owner'));
    const r = await api(t.url, '/api/auth/guest', { body: { name: 'Thief', token: tokenOf(a.cookie) } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ guest: true, username: null, displayName: 'Thief' });
    expect(r.body.userId).not.toBe(a.userId);
    expect(tokenOf(r.cookie!)).not.toBe(tokenOf(a.cookie));
    // The account's session is untouched.
    expect((await api(t.url, '/api/me', { cookie: a.cookie })).body.userId).toBe(a.userId);
    // A guest's old localStorage token is still adopted.
    const c = await TestClient.connect(t.url, 'Migrant');
    const g = await api(t.url, '/api/auth/guest', { body: { token: c.token } });
    expect(g.status).toBe(200);
    expect(g.body.userId).toBe(c.userId);
    expect(tokenOf(g.cookie!)).toBe(c.token);
    c.close();
  });

  it('a guest token that became an account is no longer adoptable (the old guest token was rotated anyway)', async () => {
    const c = await TestClient.connect(t.url, 'Grown');
    const reg = await api(t.url, '/api/auth/register', { body: { username: freshName('Grown'), password: PW }, bearer: c.token! });
    expect(reg.status).toBe(201);
    for (const token of [c.token!, tokenOf(reg.cookie!)]) {
      const r = await api(t.url, '/api/auth/guest', { body: { token } });
      expect(r.status).toBe(201);
      expect(r.body.userId).not.toBe(c.userId);
    }
    c.close();
  });
});

describe('reports per address (issue 31: a fresh guest session brought a fresh daily allowance)', () => {
  let t: TestServer;
  let targetName: string;
  beforeAll(async () => {
    // A trusted loopback proxy lets the test speak from several addresses (X-Forwarded-For).
    t = await startTestServer({ reportLimits: { perUserPerDay: 3, perAddressPerDay: 5 }, trustProxy: ['loopback'] });
    targetName = freshName('Target');
    await register(t.url, targetName);
  });
  afterAll(async () => {
    await t.close();
  });

  const guestFrom = async (address: string) => {
    const g = await api(t.url, '/api/auth/guest', { body: {}, headers: { 'x-forwarded-for': address } });
    expect(g.status).toBe(201);
    return g.cookie!;
  };
  const report = (cookie: string, address: string) =>
    api(t.url, '/api/reports', { body: { username: targetName, reason: 'spam' }, cookie, headers: { 'x-forwarded-for': address } });
  const count = () => (sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM reports').get() as { n: number }).n;

  it('3 per reporter, 5 per address however many guest sessions it starts; another address is unaffected', async () => {
    const home = '203.0.113.7';
    const first = await guestFrom(home);
    for (let i = 0; i < 3; i++) expect((await report(first, home)).status).toBe(201);
    const perUser = await report(first, home);
    expect(perUser.status).toBe(429);
    expect(perUser.body.error).toBe('too-many-attempts');
    const second = await guestFrom(home);
    for (let i = 0; i < 2; i++) expect((await report(second, home)).status).toBe(201);
    // A third fresh session from the same address: the address's 5 are used.
    for (const cookie of [second, await guestFrom(home), await guestFrom(home)]) {
      const r = await report(cookie, home);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3600);
    }
    expect(count()).toBe(5);
    const elsewhere = '198.51.100.9';
    expect((await report(await guestFrom(elsewhere), elsewhere)).status).toBe(201);
    expect(count()).toBe(6);
  });

  it('parallel reports from new sessions on one address stop at the cap', async () => {
    const home = '203.0.113.99';
    const cookies = await Promise.all(Array.from({ length: 12 }, () => guestFrom(home)));
    const before = count();
    const rs = await Promise.all(cookies.map((c) => report(c, home)));
    expect(rs.filter((r) => r.status === 201)).toHaveLength(5);
    expect(rs.filter((r) => r.status === 429)).toHaveLength(7);
    expect(count() - before).toBe(5);
  });
});
