/**
 * Secrets never reach a log or a URL (issue 17, extended by issue 31 to every route). A real server logs at trace
 * level into memory while this file drives **every HTTP route it has** (listed from the Express app itself, so a
 * new route without a request here fails the test) and a socket session, with passwords, session tokens, a
 * migrated guest token and a match. Afterwards no log line holds a password, a token, a token's SHA-256 (the
 * session's id in the database), a password hash or an unfinished match's seed; no response points anywhere
 * (Location) with one; and a token put in a URL is never honoured, so no client has a reason to put it there.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { encodeDeckCode } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { defaultConfig } from '../src/config.js';
import { createHttpApp } from '../src/http/http-app.js';
import { hashToken } from '../src/identity/ids.js';
import { createLogger } from '../src/logger.js';
import { ReviewQueue } from '../src/reviews/review-queue.js';
import { startServer, type RunningServer } from '../src/server.js';
import type { Store } from '../src/storage/store.js';
import { api as request, freshName, tokenOf, type ApiResponse } from './helpers/auth-http.js';
import { TestClient } from './helpers/test-client.js';
import { sqliteOf } from './helpers/sqlite.js';

const lines: string[] = [];
let s: RunningServer;
let dir: string;
let web: string;
const secrets = new Set<string>();
const covered = new Set<string>();
const locations: string[] = [];

/** The routes of the HTTP app, as `METHOD /path` of each route (mount prefixes left out), read from Express itself. */
function routesOf(webDist: string): string[] {
  type Layer = { route?: { path: string | RegExp; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const app = createHttpApp({
    storage: {} as Store,
    game: () => null,
    webDist,
    origins: [],
    health: { database: async () => {}, redis: null, onDown: () => {} },
    now: Date.now,
    sessionTtlMs: 1,
    authThrottle: defaultConfig().authThrottle,
    trust: () => false,
    reviews: new ReviewQueue({ storage: {} as Store, node: 'n', config: defaultConfig().reviews, now: Date.now, log: createLogger('silent') }),
    log: createLogger('silent'),
  }) as unknown as { router: { stack: Layer[] } };
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const l of stack) {
      if (l.route) for (const m of Object.keys(l.route.methods)) out.push(`${m.toUpperCase()} ${String(l.route.path)}`);
      else if (l.handle?.stack) walk(l.handle.stack);
    }
  };
  walk(app.router.stack);
  return out;
}

/** A request, recorded as covering `route`; every session token it sets is a secret from then on. */
async function api(route: string, path: string, o: Parameters<typeof request>[2] = {}): Promise<ApiResponse> {
  covered.add(route);
  const r = await request(s.url, path, o);
  if (r.cookie) secrets.add(tokenOf(r.cookie));
  const loc = r.headers.get('location');
  if (loc) locations.push(loc);
  return r;
}
const keep = <T extends string | undefined>(x: T): T => {
  if (x) secrets.add(x);
  return x;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vroyale-redaction-'));
  web = join(dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
  // Production settings but the new-session cap (every request here comes from 127.0.0.1).
  s = await startServer({
    config: defaultConfig({
      port: 0,
      host: '127.0.0.1',
      dbPath: join(dir, 'db.sqlite'),
      botThreads: 0,
      botDelayMs: 0,
      logLevel: 'trace',
      webDist: web,
      newSessionsPerAddressPerHour: 1000,
    }),
    logger: createLogger('trace', sink),
  });
});
afterAll(async () => {
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('every route, then the logs', () => {
  it('drives every HTTP route and a socket session with secrets in them; no log line and no URL holds one', async () => {
    const pw = keep('Sw0rdfish-and-chips');
    const wrong = keep('Wrong-and-secret-9');
    const next = keep('Next-secret-words-7');
    const deck = encodeDeckCode({ centre: starterRosters[0]!.centre, cards: [...starterRosters[0]!.cards] }, cardPool);

    // A guest over the socket (token in hello's payload and ack), adopted by POST /api/auth/guest as an old page would.
    const old = await TestClient.connect(s.url, 'Migrant');
    keep(old.token);
    expect((await api('POST /auth/guest', '/api/auth/guest', { body: { name: 'Migrant', token: old.token } })).status).toBe(200);
    const g = await api('POST /auth/guest', '/api/auth/guest', { body: { name: 'Fresh' } });
    expect(g.status).toBe(201);
    // The guest registers (its token is rotated), signs in elsewhere, fails once, changes the password.
    const username = freshName('Redact');
    const reg = await api('POST /auth/register', '/api/auth/register', { body: { username, password: pw }, cookie: g.cookie });
    expect(reg.status).toBe(201);
    const li = await api('POST /auth/login', '/api/auth/login', { body: { username, password: pw } });
    expect(li.status).toBe(200);
    expect((await api('POST /auth/login', '/api/auth/login', { body: { username, password: wrong } })).status).toBe(401);
    const pwc = await api('POST /auth/password', '/api/auth/password', { body: { current: pw, next }, cookie: li.cookie });
    expect(pwc.status).toBe(204);
    const me = pwc.cookie!;
    expect((await api('GET /me', '/api/me', { cookie: me })).status).toBe(200);

    // A second account to block and report, and a match (its seed is secret until it ends).
    const other = freshName('Other');
    expect((await api('POST /auth/register', '/api/auth/register', { body: { username: other, password: pw } })).status).toBe(201);
    const c = await TestClient.connect(s.url, 'ignored', undefined, { cookie: me });
    const played = await c.emit('room:play-bot', { roster: 'raid-night' });
    expect(played.ok).toBe(true);
    const roomId = played.ok ? played.roomId : '';
    await c.waitFor(() => c.view(roomId) !== undefined, 10_000, 'view');
    expect((await c.emit('settings', { stops: { ...DEFAULT_STOP_SETTINGS, fullControl: true } })).ok).toBe(true);
    expect((await c.emit('room:chat', { roomId, text: `my password is ${pw}` })).ok).toBe(true);
    const liveSeeds = (sqliteOf(s.storage).db.prepare("SELECT seed FROM matches WHERE status = 'active'").all() as { seed: string }[]).map((r) => r.seed);
    expect(liveSeeds.length).toBeGreaterThan(0);
    for (const seed of liveSeeds) keep(seed);
    const matchId = (sqliteOf(s.storage).db.prepare('SELECT match_id AS id FROM rooms WHERE id = ?').get(roomId) as { id: string }).id;
    expect((await api('GET /api/matches/:id/replay', `/api/matches/${matchId}/replay`)).status).toBe(403);
    expect((await api('POST /matches/:id/review', `/api/matches/${matchId}/review`, { method: 'POST', cookie: me })).status).toBe(403);

    // Decks, settings, blocks, reports, profiles, leaderboard, health, the app and its client-side routes.
    const made = await api('POST /decks', '/api/decks', { body: { name: 'Mine', code: deck }, cookie: me });
    expect(made.status).toBe(201);
    expect((await api('GET /decks', '/api/decks', { cookie: me })).status).toBe(200);
    expect((await api('PATCH /decks/:id', `/api/decks/${made.body.id}`, { method: 'PATCH', body: { name: 'Renamed' }, cookie: me })).status).toBe(200);
    expect((await api('POST /decks/import', '/api/decks/import', { body: { decks: [{ name: 'Imported', code: deck }] }, cookie: me })).status).toBe(200);
    expect((await api('DELETE /decks/:id', `/api/decks/${made.body.id}`, { method: 'DELETE', cookie: me })).status).toBe(204);
    expect((await api('GET /settings', '/api/settings', { cookie: me })).status).toBe(200);
    expect((await api('PUT /settings', '/api/settings', { method: 'PUT', body: { stops: DEFAULT_STOP_SETTINGS }, cookie: me })).status).toBe(200);
    expect((await api('PUT /blocks/:username', `/api/blocks/${other}`, { method: 'PUT', cookie: me })).status).toBe(204);
    expect((await api('GET /blocks', '/api/blocks', { cookie: me })).status).toBe(200);
    expect((await api('DELETE /blocks/:username', `/api/blocks/${other}`, { method: 'DELETE', cookie: me })).status).toBe(204);
    expect((await api('POST /reports', '/api/reports', { body: { username: other, reason: 'other', note: `token ${tokenOf(me)}` }, cookie: me })).status).toBe(
      201,
    );
    expect((await api('GET /api/users/:name', `/api/users/${username}`)).status).toBe(200);
    expect((await api('GET /api/users/:name/matches', `/api/users/${username}/matches`)).status).toBe(200);
    expect((await api('GET /api/leaderboard', '/api/leaderboard')).status).toBe(200);
    expect((await api('GET /healthz', '/healthz')).status).toBe(200);
    expect((await api(`GET ${String(/^\/(?!api\/|socket\.io\/|healthz).*/)}`, '/room/abc', { cookie: me })).status).toBe(200);

    // The match ends (a concession), then the replay answers; sign out here, then everywhere.
    const v = c.view(roomId)!;
    expect((await c.emit('match:action', { roomId, clientActionId: 'bye', seenSeq: v.seq, action: { type: 'concede' } })).ok).toBe(true);
    expect((await api('GET /api/matches/:id/replay', `/api/matches/${matchId}/replay`)).status).toBe(200);
    expect((await api('POST /matches/:id/review', `/api/matches/${matchId}/review`, { method: 'POST', cookie: me })).status).toBeLessThan(300);
    expect((await api('GET /matches/:id/review', `/api/matches/${matchId}/review`)).status).toBeLessThan(300);
    c.close();
    old.close();
    const again = await api('POST /auth/login', '/api/auth/login', { body: { username, password: next } });
    expect((await api('POST /auth/logout', '/api/auth/logout', { method: 'POST', cookie: again.cookie })).status).toBe(204);
    expect((await api('POST /auth/logout-all', '/api/auth/logout-all', { method: 'POST', cookie: me })).status).toBe(204);

    // Every route was driven.
    const routes = routesOf(web);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);

    // The session ids the database holds (every token's SHA-256) and the password hashes are secrets too.
    for (const t of [...secrets]) secrets.add(hashToken(t));
    for (const r of sqliteOf(s.storage).db.prepare('SELECT password_hash AS h FROM users WHERE password_hash IS NOT NULL').all() as { h: string }[])
      secrets.add(r.h);
    expect(secrets.size).toBeGreaterThan(15);
    const all = lines.join('');
    expect(all).toContain('account registered');
    expect(all).toContain('password changed');
    expect(all).toContain('match started');
    for (const x of secrets) expect(all.includes(x), `a secret in the logs: ${x.slice(0, 6)}...`).toBe(false);
    for (const loc of locations) for (const x of secrets) expect(loc.includes(x)).toBe(false);
  });
});

describe('tokens in URLs are never honoured', () => {
  it('HTTP: ?token= and similar query parameters sign nobody in', async () => {
    const g = await request(s.url, '/api/auth/guest', { body: {} });
    const token = tokenOf(g.cookie!);
    for (const q of ['token', 'session', 'vroyale_session', 'access_token', 'auth'])
      expect((await request(s.url, `/api/me?${q}=${token}`)).status, q).toBe(401);
    expect((await request(s.url, '/api/me', { bearer: token })).status).toBe(200);
  });

  it("sockets: a token in the handshake's query string is not a session; hello without one is a new guest", async () => {
    const g = await request(s.url, '/api/auth/guest', { body: {} });
    const socket = io(s.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      query: { token: tokenOf(g.cookie!), vroyale_session: tokenOf(g.cookie!) },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = (await socket.timeout(5_000).emitWithAck('hello', { name: 'Query' })) as { ok: boolean; userId?: string; token?: string };
      expect(ack.ok).toBe(true);
      expect(ack.userId).not.toBe(g.body.userId);
      expect(ack.token).toBeTruthy();
    } finally {
      socket.disconnect();
    }
  });
});

describe('the logger, as a second line of defence', () => {
  it('redacts session hashes and password hashes handed to a log line, at the top level or one down', () => {
    const out: string[] = [];
    const log = createLogger('info', new Writable({ write: (chunk: Buffer, _enc, done) => (out.push(chunk.toString()), done()) }));
    log.info(
      { tokenHash: 'hash-one', conn: { userId: 'u_1', sessionHash: 'hash-two' }, user: { passwordHash: '$argon2id$x', tokenHash: 'hash-three' } },
      'careless',
    );
    const all = out.join('');
    for (const bad of ['hash-one', 'hash-two', 'hash-three', '$argon2id$x']) expect(all).not.toContain(bad);
    expect(all).toContain('u_1');
  });
});
