/**
 * Cookie-authenticated state-changing requests must say where they come from (issue 31 §2, http/origin-guard.ts):
 * an allowed Origin, or failing that an allowed Referer, or 403 `origin-not-allowed` before any route runs.
 * The shapes: Chromium's fetch from our page (Origin, no Referer: our pages send Referrer-Policy no-referrer),
 * a browser that leaves Origin out but sends a Referer, a form post with `Origin: null`, a request with the cookie
 * and neither header (what a forged or stripped form post looks like), and tools (Bearer or nothing: unaffected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@vroyale/protocol';
import { api, freshName, register, tokenOf } from './helpers/auth-http.js';
import { rawHttp } from './helpers/raw-http.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const LISTED = 'https://play.vroyale.example';
let t: TestServer;
let port: number;
let self: string;
beforeAll(async () => {
  t = await startTestServer({ origins: [LISTED] });
  port = t.server.port;
  self = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await t.close();
});

/** A fresh account's cookie pair (`vroyale_session=...`). */
const session = async () => (await register(t.url, freshName('Cook'))).cookie;
const alive = async (cookie: string) => (await api(t.url, '/api/me', { cookie })).status === 200;
const logout = (headers: Record<string, string>) =>
  rawHttp({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/logout', headers: { host: `127.0.0.1:${port}`, ...headers } });

describe('cookie-authenticated unsafe requests', () => {
  it("Chromium's shape (Origin of our own page, no Referer) passes", async () => {
    const cookie = await session();
    expect((await logout({ cookie, origin: self })).status).toBe(204);
    expect(await alive(cookie)).toBe(false);
  });

  it('a listed origin passes', async () => {
    const cookie = await session();
    expect((await logout({ cookie, origin: LISTED })).status).toBe(204);
    expect(await alive(cookie)).toBe(false);
  });

  it('no Origin but a Referer from our page or a listed one (a browser that leaves Origin out) passes', async () => {
    for (const referer of [`${self}/room/r_abc?x=1`, `${LISTED}/lobby`]) {
      const cookie = await session();
      expect((await logout({ cookie, referer })).status, referer).toBe(204);
      expect(await alive(cookie)).toBe(false);
    }
  });

  it('the cookie with neither Origin nor Referer is refused, and nothing happens (a form POST to logout used to answer 204)', async () => {
    const cookie = await session();
    const r = await logout({ cookie });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({ error: 'origin-not-allowed' });
    expect(JSON.parse(r.body).message).toMatch(/Origin or Referer/);
    expect(await alive(cookie)).toBe(true);
    // The same for every state-changing route and method: refused before the route (even one that does not exist).
    for (const [method, path] of [
      ['POST', '/api/auth/logout-all'],
      ['POST', '/api/auth/password'],
      ['PUT', '/api/settings'],
      ['POST', '/api/decks'],
      ['DELETE', '/api/blocks/Someone'],
      ['PATCH', '/api/nothing-here'],
    ] as const) {
      const res = await rawHttp({ host: '127.0.0.1', port, method, path, headers: { cookie, 'content-type': 'application/json' } });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await alive(cookie)).toBe(true);
  });

  it('a foreign or opaque Origin, or a foreign Referer without Origin, is refused', async () => {
    const cookie = await session();
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' }, // a form posted from a page under Referrer-Policy no-referrer, a sandboxed frame, a data: URL
      { referer: 'https://evil.example/page' },
      { referer: 'data:text/html,<form>' },
      { referer: 'not a url' },
      // DNS rebinding through the Referer: a page on evil.example:<port> now resolving to us.
      { referer: `http://evil.example:${port}/`, host: `evil.example:${port}` },
      // An Origin present but foreign is not rescued by a good Referer.
      { origin: 'https://evil.example', referer: `${self}/` },
    ]) {
      const r = await logout({ cookie, ...headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(r.body).error).toBe('origin-not-allowed');
    }
    expect(await alive(cookie)).toBe(true);
  });

  it('the session cookie among other cookies counts too', async () => {
    const cookie = await session();
    expect((await logout({ cookie: `theme=dark; ${cookie}` })).status).toBe(403);
    expect(await alive(cookie)).toBe(true);
    // A request with cookies but not ours is a tool's or an unrelated page's: nothing to protect.
    expect((await rawHttp({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/logout', headers: { cookie: 'theme=dark' } })).status).toBe(204);
  });
});

describe('tools (no cookie) are unaffected', () => {
  it('Bearer without Origin or Referer signs out', async () => {
    const cookie = await session();
    const token = tokenOf(cookie);
    const r = await rawHttp({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(204);
    expect(await alive(cookie)).toBe(false);
  });

  it('a guest session, register and login need no Origin without a cookie; reads with the cookie need none either', async () => {
    const g = await api(t.url, '/api/auth/guest', { body: { name: 'Toolish' } });
    expect(g.status).toBe(201);
    const username = freshName('Tool');
    expect((await api(t.url, '/api/auth/register', { body: { username, password: 'correct horse battery' } })).status).toBe(201);
    const l = await api(t.url, '/api/auth/login', { body: { username, password: 'correct horse battery' } });
    expect(l.status).toBe(200);
    expect((await rawHttp({ host: '127.0.0.1', port, method: 'GET', path: '/api/me', headers: { cookie: l.cookie! } })).status).toBe(200);
    expect(l.cookie!.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
  });

  it("the web page's own shape, through the test helper (cookie + Origin), registers from a guest and changes the password", async () => {
    const g = await api(t.url, '/api/auth/guest', { body: {} });
    const r = await api(t.url, '/api/auth/register', { body: { username: freshName('Page'), password: 'correct horse battery' }, cookie: g.cookie });
    expect(r.status).toBe(201);
    expect(r.body.userId).toBe(g.body.userId);
    // Without the Origin, the same request is refused.
    const again = await api(t.url, '/api/auth/password', {
      body: { current: 'correct horse battery', next: 'another password' },
      cookie: r.cookie,
      origin: null,
    });
    expect(again.status).toBe(403);
    expect((await api(t.url, '/api/auth/password', { body: { current: 'correct horse battery', next: 'another password' }, cookie: r.cookie })).status).toBe(
      204,
    );
  });
});
