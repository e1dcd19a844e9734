/**
 * Sessions and accounts over real HTTP (issue 17 §1): guest sessions and the cookie, register (from a guest: the
 * same user id, seats and match; the token rotated), login, logout, logout everywhere, password change, GET /api/me,
 * the errors (400 with the schema's reason, 401 the same for unknown user and wrong password, 403 banned, 409 taken,
 * look-alikes and already-registered).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@vroyale/protocol';
import { defaultConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startServer } from '../src/server.js';
import { api, freshName, login, register, tokenOf } from './helpers/auth-http.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { sqliteOf } from './helpers/sqlite.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const PW = 'correct horse battery';

describe('guest sessions', () => {
  it('POST /api/auth/guest makes a guest with an httpOnly SameSite=Lax cookie; with that cookie it is the same guest', async () => {
    const r = await api(t.url, '/api/auth/guest', { body: { name: 'Mika' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ username: null, displayName: 'Mika', guest: true, ratings: [] });
    expect(r.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(r.setCookie).toMatch(/HttpOnly/);
    expect(r.setCookie).toMatch(/SameSite=Lax/);
    expect(r.setCookie).toMatch(/Path=\//);
    expect(r.setCookie).toContain(`Max-Age=${t.config.sessionTtlMs / 1000}`);
    expect(r.setCookie).not.toMatch(/Secure/); // plain http
    const again = await api(t.url, '/api/auth/guest', { body: { name: 'Other' }, cookie: r.cookie });
    expect(again.status).toBe(200);
    expect(again.body.userId).toBe(r.body.userId);
    expect(again.body.displayName).toBe('Mika');
    const me = await api(t.url, '/api/me', { cookie: r.cookie });
    expect(me.body).toMatchObject({ userId: r.body.userId, guest: true });
  });

  it('a guest without a name gets a default one; a bad name is a 400 with the reason', async () => {
    const r = await api(t.url, '/api/auth/guest', { body: {} });
    expect(r.status).toBe(201);
    expect(r.body.displayName).toMatch(/^Guest-\d{4}$/);
    const bad = await api(t.url, '/api/auth/guest', { body: { name: 'Bot of doom' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'bad-request' });
    expect(bad.body.message).toMatch(/reserved for the server's bot/);
    expect(bad.cookie).toBeNull();
  });

  it("adopts the browser's old localStorage token: the cookie becomes that token, the same user", async () => {
    const c = await TestClient.connect(t.url, 'OldTimer');
    const r = await api(t.url, '/api/auth/guest', { body: { name: 'OldTimer', token: c.token } });
    expect(r.status).toBe(200);
    expect(r.body.userId).toBe(c.userId);
    expect(tokenOf(r.cookie!)).toBe(c.token);
    c.close();
  });

  it('GET /api/me without a session is 401; a Bearer token works for tools', async () => {
    expect((await api(t.url, '/api/me')).body).toMatchObject({ error: 'not-signed-in' });
    expect((await api(t.url, '/api/me')).status).toBe(401);
    const g = await api(t.url, '/api/auth/guest', { body: { name: 'Tool' } });
    const me = await api(t.url, '/api/me', { bearer: tokenOf(g.cookie!) });
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe(g.body.userId);
  });
});

describe('register', () => {
  it('a new account: 201 Me with the username, a session cookie, and a login later', async () => {
    const username = freshName('Reg');
    const r = await api(t.url, '/api/auth/register', { body: { username, password: PW } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ username, displayName: username, guest: false, ratings: [] });
    expect(r.cookie).toBeTruthy();
    const me = await api(t.url, '/api/me', { cookie: r.cookie });
    expect(me.body.userId).toBe(r.body.userId);
    const hash = sqliteOf(t.server.storage).db.prepare('SELECT password_hash FROM users WHERE id = ?').get(r.body.userId) as { password_hash: string };
    expect(hash.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash.password_hash).not.toContain(PW);
  });

  it('a guest registering keeps its user id, its seat and its match; the old token stops working, the seat shows the username', async () => {
    const g = await api(t.url, '/api/auth/guest', { body: { name: 'Becoming' } });
    const c = await TestClient.connect(t.url, 'Becoming', undefined, { cookie: g.cookie! });
    expect(c.userId).toBe(g.body.userId);
    const played = await c.emit('room:play-bot', { roster: 'raid-night' });
    expect(played.ok).toBe(true);
    const roomId = played.ok ? played.roomId : '';
    await c.waitFor(() => c.view(roomId) !== undefined, 10_000, 'view');
    const username = freshName('Kept');
    const r = await api(t.url, '/api/auth/register', { body: { username, password: PW }, cookie: g.cookie });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ userId: g.body.userId, username, guest: false });
    expect(r.cookie).not.toBe(g.cookie);
    expect((await api(t.url, '/api/me', { cookie: g.cookie })).status).toBe(401);
    expect((await api(t.url, '/api/me', { cookie: r.cookie })).body.userId).toBe(g.body.userId);
    // The same seat in the same match, now under the username (room state broadcast at once).
    await c.waitFor(() => c.roomStates.get(roomId)?.seats.A?.username === username, 5_000, 'seat username');
    expect(c.roomStates.get(roomId)!.seats.A!.name).toBe(username);
    expect(t.server.game.room(roomId)!.seatOf(g.body.userId)).toBe('A');
    expect(t.server.game.room(roomId)!.master?.match.seats.A.username).toBe(username);
    // The socket of the rotated session is still connected, and a hello with the new cookie is the same user.
    expect(c.socket.connected).toBe(true);
    const again = await TestClient.connect(t.url, 'ignored', undefined, { cookie: r.cookie! });
    expect(again.userId).toBe(g.body.userId);
    c.close();
    again.close();
  });

  it('an account cannot register again: 409 already-registered', async () => {
    const a = await register(t.url, freshName('Twice'));
    const r = await api(t.url, '/api/auth/register', { body: { username: freshName('Other'), password: PW }, cookie: a.cookie });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('already-registered');
  });

  it('usernames are unique by their folded key: case and look-alikes are 409 username-taken', async () => {
    await register(t.url, 'Aiko');
    for (const twin of ['aiko', 'AIKO', 'A1ko', 'AIk0', 'Alko', 'A|ko'.replace('|', 'l')]) {
      const r = await api(t.url, '/api/auth/register', { body: { username: twin, password: PW } });
      expect(r.status, twin).toBe(409);
      expect(r.body).toMatchObject({ error: 'username-taken' });
    }
    await register(t.url, 'Corn');
    expect((await api(t.url, '/api/auth/register', { body: { username: 'Com', password: PW } })).status).toBe(409);
    // Login is by key too: the registered spelling is kept.
    const l = await api(t.url, '/api/auth/login', { body: { username: 'AIKO', password: PW } });
    expect(l.status).toBe(200);
    expect(l.body.username).toBe('Aiko');
  });

  it("a bad body is a 400 with the schema's reason, and creates nothing", async () => {
    const users = () => (sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    const before = users();
    const cases: [unknown, RegExp][] = [
      [{ username: 'ab', password: PW }, /at least 3 characters/],
      [{ username: 'a'.repeat(21), password: PW }, /at most 20 characters/],
      [{ username: '1abc', password: PW }, /starts with a letter/],
      [{ username: 'Аiko', password: PW }, /letters A-Z/], // Cyrillic А
      [{ username: 'admin', password: PW }, /reserved/],
      [{ username: 'Bot_9', password: PW }, /reserved/],
      [{ username: freshName('Short'), password: 'short' }, /at least 8 characters/],
      [{ username: 'Samepass', password: 'samepass' }, /may not be the username/],
      [{ username: freshName('Extra'), password: PW, admin: true }, /admin|Unrecognized|unrecognized/],
      [{ password: PW }, /username/],
    ];
    for (const [body, reason] of cases) {
      const r = await api(t.url, '/api/auth/register', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('bad-request');
      expect(r.body.message, JSON.stringify(body)).toMatch(reason);
      expect(r.cookie).toBeNull();
    }
    const notJson = await api(t.url, '/api/auth/register', { rawBody: '{"username":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: 'bad-request', message: 'The request body is not valid JSON' });
    const huge = await api(t.url, '/api/auth/login', { rawBody: JSON.stringify({ username: 'x', password: 'y'.repeat(20_000) }) });
    expect(huge.status).toBe(413);
    expect(users()).toBe(before);
  });
});

describe('login and logout', () => {
  it('login: 200 with a new session; unknown user and wrong password get the very same 401', async () => {
    const username = freshName('Log');
    const a = await register(t.url, username);
    const l = await login(t.url, username);
    expect(l.userId).toBe(a.userId);
    expect(l.cookie).not.toBe(a.cookie);
    const wrong = await api(t.url, '/api/auth/login', { body: { username, password: 'not the password' } });
    const unknown = await api(t.url, '/api/auth/login', { body: { username: freshName('Nobody'), password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: 'bad-credentials', message: 'Wrong username or password' });
    expect(wrong.cookie).toBeNull();
    // A guest row has no password: its display name is no login.
    await api(t.url, '/api/auth/guest', { body: { name: 'Guesty' } });
    expect((await api(t.url, '/api/auth/login', { body: { username: 'Guesty', password: 'anything at all' } })).status).toBe(401);
  });

  it('logout: 204, the cookie cleared, that session gone, the others kept', async () => {
    const username = freshName('Out');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const r = await api(t.url, '/api/auth/logout', { method: 'POST', cookie: a.cookie });
    expect(r.status).toBe(204);
    expect(r.cookie).toBe('');
    expect(r.setCookie).toMatch(/Max-Age=0/);
    expect((await api(t.url, '/api/me', { cookie: a.cookie })).status).toBe(401);
    expect((await api(t.url, '/api/me', { cookie: b.cookie })).status).toBe(200);
    // Without a session it is still 204 (idempotent).
    expect((await api(t.url, '/api/auth/logout', { method: 'POST' })).status).toBe(204);
  });

  it('logout-all: every session of the account ends', async () => {
    const username = freshName('All');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const r = await api(t.url, '/api/auth/logout-all', { method: 'POST', cookie: b.cookie });
    expect(r.status).toBe(204);
    expect(r.cookie).toBe('');
    expect((await api(t.url, '/api/me', { cookie: a.cookie })).status).toBe(401);
    expect((await api(t.url, '/api/me', { cookie: b.cookie })).status).toBe(401);
    expect((await api(t.url, '/api/auth/logout-all', { method: 'POST' })).status).toBe(401);
  });

  it('password change: 401 on a wrong current password; then every other session ends, this one is rotated, the new password works', async () => {
    const username = freshName('Pw');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const wrong = await api(t.url, '/api/auth/password', { body: { current: 'not it at all', next: 'a brand new password' }, cookie: a.cookie });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('bad-credentials');
    const short = await api(t.url, '/api/auth/password', { body: { current: PW, next: 'short' }, cookie: a.cookie });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 8/);
    const r = await api(t.url, '/api/auth/password', { body: { current: PW, next: 'a brand new password' }, cookie: a.cookie });
    expect(r.status).toBe(204);
    expect(r.cookie).toBeTruthy();
    expect(r.cookie).not.toBe(a.cookie);
    expect((await api(t.url, '/api/me', { cookie: a.cookie })).status).toBe(401);
    expect((await api(t.url, '/api/me', { cookie: b.cookie })).status).toBe(401);
    expect((await api(t.url, '/api/me', { cookie: r.cookie })).body.userId).toBe(a.userId);
    expect((await api(t.url, '/api/auth/login', { body: { username, password: PW } })).status).toBe(401);
    expect((await api(t.url, '/api/auth/login', { body: { username, password: 'a brand new password' } })).status).toBe(200);
    // A guest has no password to change.
    const g = await api(t.url, '/api/auth/guest', { body: { name: 'NoPw' } });
    expect((await api(t.url, '/api/auth/password', { body: { current: 'whatever it is', next: 'a brand new password' }, cookie: g.cookie })).status).toBe(403);
  });

  it('a banned account cannot sign in (403 after the right password only), and its sessions are refused', async () => {
    const username = freshName('Ban');
    const a = await register(t.url, username);
    sqliteOf(t.server.storage).db.prepare('UPDATE users SET banned_at = ?, ban_reason = ? WHERE id = ?').run(Date.now(), 'test', a.userId);
    const l = await api(t.url, '/api/auth/login', { body: { username, password: PW } });
    expect(l.status).toBe(403);
    expect(l.body.error).toBe('banned');
    expect(l.cookie).toBeNull();
    // The wrong password tells nothing about the ban.
    expect((await api(t.url, '/api/auth/login', { body: { username, password: 'wrong password!' } })).status).toBe(401);
    expect((await api(t.url, '/api/me', { cookie: a.cookie })).status).toBe(403);
    expect((await api(t.url, '/api/auth/guest', { body: {}, cookie: a.cookie })).status).toBe(403);
  });

  it('a request from a foreign origin is refused before any route (403 origin-not-allowed)', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Aiko', password: PW }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('origin-not-allowed');
  });
});

describe('the Secure attribute', () => {
  const guestCookie = async (url: string, headers: Record<string, string>) => {
    const res = await fetch(`${url}/api/auth/guest`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  };

  it('is set when a trusted proxy says the request came over https, and only then', async () => {
    const proxied = await startTestServer({ trustProxy: ['loopback'] });
    try {
      expect(await guestCookie(proxied.url, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
      expect(await guestCookie(proxied.url, { 'x-forwarded-proto': 'http' })).not.toMatch(/Secure/);
      expect(await guestCookie(proxied.url, {})).not.toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
    // Nobody trusted (the default): a client's own X-Forwarded-Proto means nothing.
    expect(await guestCookie(t.url, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
  });
});

describe('logs', () => {
  it('never carry a password or a token, at any level', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const dir = mkdtempSync(join(tmpdir(), 'vroyale-logs-'));
    const s = await startServer({
      config: defaultConfig({ port: 0, host: '127.0.0.1', dbPath: join(dir, 'db.sqlite'), botThreads: 0, logLevel: 'trace' }),
      logger: createLogger('trace', sink),
    });
    try {
      const username = freshName('Logged');
      const secret = 'Sw0rdfish-and-chips';
      const reg = await api(s.url, '/api/auth/register', { body: { username, password: secret } });
      const li = await api(s.url, '/api/auth/login', { body: { username, password: secret } });
      await api(s.url, '/api/auth/login', { body: { username, password: 'Wrong-and-secret' } });
      const pw = await api(s.url, '/api/auth/password', { body: { current: secret, next: 'Next-secret-words' }, cookie: li.cookie });
      const c = await TestClient.connect(s.url, 'x', undefined, { cookie: pw.cookie! });
      c.close();
      await api(s.url, '/api/auth/logout-all', { method: 'POST', cookie: pw.cookie });
      const all = lines.join('');
      expect(all).toContain('account registered');
      expect(all).toContain('password changed');
      for (const bad of [secret, 'Wrong-and-secret', 'Next-secret-words', tokenOf(reg.cookie!), tokenOf(li.cookie!), tokenOf(pw.cookie!)])
        expect(all).not.toContain(bad);
    } finally {
      await s.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the logger', () => {
  it('redacts credentials even when a log line is handed a body or headers', () => {
    const lines: string[] = [];
    const log = createLogger('info', new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
    log.info(
      {
        body: { username: 'Aiko', password: 'hunter2hunter2' },
        req: { headers: { cookie: 'vroyale_session=abc', authorization: 'Bearer xyz' } },
        token: 'tok123',
      },
      'careless',
    );
    log.info({ b: { current: 'old-pass-word', next: 'new-pass-word' } }, 'careless too');
    const all = lines.join('');
    for (const bad of ['hunter2hunter2', 'vroyale_session=abc', 'Bearer xyz', 'tok123', 'old-pass-word', 'new-pass-word']) expect(all).not.toContain(bad);
    expect(all).toContain('Aiko');
    expect(all).toContain('[redacted]');
  });
});
