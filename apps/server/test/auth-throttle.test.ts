/**
 * Brute force (issue 17 §1): failed password checks are throttled per username and per address
 * (rate-limiter-flexible), 429 `too-many-attempts` with Retry-After; a success clears the username's failures;
 * registrations are throttled per address. Unit: one argon2 verify for an unknown user too (the dummy hash).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.js';
import { checkCredentials, DUMMY_HASH, hashPassword, verifyPassword } from '../src/identity/passwords.js';
import { api, freshName, register } from './helpers/auth-http.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { sqliteOf } from './helpers/sqlite.js';

const PW = 'correct horse battery';
const fail = (t: TestServer, username: string) => api(t.url, '/api/auth/login', { body: { username, password: 'wrong password here' } });

describe('login throttle per username (production limits: 10 failures per 15 min)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ authThrottle: { ...defaultConfig().authThrottle, failuresPerAddress: { points: 1e6, windowSec: 3600 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the defaults', () => {
    expect(defaultConfig().authThrottle).toEqual({
      failuresPerUsername: { points: 10, windowSec: 900 },
      failuresPerAddress: { points: 100, windowSec: 3600 },
      registrationsPerAddress: { points: 10, windowSec: 3600 },
    });
  });

  it('after 10 failures even the right password is refused 429 with Retry-After; other usernames are unaffected', async () => {
    const username = freshName('Brute');
    await register(t.url, username);
    for (let i = 0; i < 10; i++) expect((await fail(t, username)).status).toBe(401);
    const r = await api(t.url, '/api/auth/login', { body: { username, password: PW } });
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('too-many-attempts');
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    expect(r.cookie).toBeNull();
    // Keyed by the folded username: a look-alike spelling is the same key.
    expect((await fail(t, username.toUpperCase())).status).toBe(429);
    const other = freshName('Calm');
    await register(t.url, other);
    expect((await api(t.url, '/api/auth/login', { body: { username: other, password: PW } })).status).toBe(200);
    // An unknown username is throttled the same way (no telling which names exist).
    const ghost = freshName('Ghost');
    for (let i = 0; i < 10; i++) expect((await fail(t, ghost)).status).toBe(401);
    expect((await fail(t, ghost)).status).toBe(429);
  });

  it("a success clears the username's failures", async () => {
    const username = freshName('Forget');
    await register(t.url, username);
    for (let i = 0; i < 9; i++) expect((await fail(t, username)).status).toBe(401);
    expect((await api(t.url, '/api/auth/login', { body: { username, password: PW } })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await fail(t, username)).status).toBe(401);
    expect((await api(t.url, '/api/auth/login', { body: { username, password: PW } })).status).toBe(200);
  });

  it('password change counts its wrong current passwords the same way', async () => {
    const username = freshName('Change');
    const a = await register(t.url, username);
    for (let i = 0; i < 10; i++)
      expect((await api(t.url, '/api/auth/password', { body: { current: 'wrong password here', next: 'another password' }, cookie: a.cookie })).status).toBe(
        401,
      );
    const r = await api(t.url, '/api/auth/password', { body: { current: PW, next: 'another password' }, cookie: a.cookie });
    expect(r.status).toBe(429);
    expect((await api(t.url, '/api/auth/login', { body: { username, password: PW } })).status).toBe(429);
  });
});

describe('throttles per address', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      authThrottle: {
        failuresPerUsername: { points: 1e6, windowSec: 900 },
        failuresPerAddress: { points: 5, windowSec: 3600 },
        registrationsPerAddress: { points: 3, windowSec: 3600 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registrations: the 4th from one address is 429 and creates nothing', async () => {
    for (let i = 0; i < 3; i++) await register(t.url, freshName('Many'));
    const name = freshName('Fourth');
    const r = await api(t.url, '/api/auth/register', { body: { username: name, password: PW } });
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('too-many-attempts');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM users WHERE username = ?').get(name)).toEqual({ n: 0 });
  });

  it('failures spread over many usernames from one address are throttled after 5', async () => {
    for (let i = 0; i < 5; i++) expect((await fail(t, freshName('Spray'))).status).toBe(401);
    expect((await fail(t, freshName('Spray'))).status).toBe(429);
  });
});

describe('credentials check (unit)', () => {
  it('argon2id with m=19 MiB, t=2, p=1; verify of the right and a wrong password', async () => {
    const h = await hashPassword('s3cret passphrase');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 's3cret passphrase')).toBe(true);
    expect(await verifyPassword(h, 's3cret passphrasE')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(DUMMY_HASH).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('an unknown user costs exactly one verify, against the dummy hash, like a wrong password for a real one', async () => {
    const calls: string[] = [];
    const counting = async (phc: string, pw: string) => {
      calls.push(phc);
      return verifyPassword(phc, pw);
    };
    const real = { id: 'u1', passwordHash: await hashPassword('right password') };
    expect(await checkCredentials(null, 'right password', counting)).toBeNull();
    expect(calls).toEqual([DUMMY_HASH]);
    expect(await checkCredentials(real, 'wrong password', counting)).toBeNull();
    expect(calls).toEqual([DUMMY_HASH, real.passwordHash]);
    expect(await checkCredentials(real, 'right password', counting)).toBe(real);
    expect(calls).toHaveLength(3);
    // Even the dummy's own password (unknowable in production) would not make an unknown user exist.
    expect(await checkCredentials(null, 'not-a-password-anyone-knows')).toBeNull();
  });
});
