/**
 * Sessions and accounts over HTTP (issue 17 §1, docs/api.md "Sessions and accounts"): guest sessions, register,
 * login, logout, logout everywhere, password change, `GET /api/me`. Bodies are parsed by the protocol's zod
 * schemas; errors are `ApiError` bodies. The session travels as the httpOnly `vroyale_session` cookie (browsers)
 * or `Authorization: Bearer` (tools); a privilege change (register, password change) replaces the session's
 * token, so a token seen before it is worth nothing after. Passwords and tokens are never logged.
 */
import type { TLSSocket } from 'node:tls';
import express, { type Request, type Response, type Router } from 'express';
import { serialize } from 'cookie';
import { ChangePasswordBody, DisplayName, GuestBody, LoginBody, RegisterBody, SESSION_COOKIE, type Me } from '@vroyale/protocol';
import type { GameServer } from '../game-server.js';
import { AuthThrottle, type AuthThrottleConfig } from '../identity/auth-throttle.js';
import { hashToken, uniformInt } from '../identity/ids.js';
import { checkCredentials, hashPassword } from '../identity/passwords.js';
import type { Logger } from '../logger.js';
import { clientAddress, type TrustProxy } from '../net/client-address.js';
import { UsernameTakenError, type Store } from '../storage/store.js';
import { parseBody } from './api-body.js';
import { apiError, requestToken, userOfToken, type RequestUser } from './session-auth.js';

export interface AuthDeps {
  storage: Store;
  game: () => GameServer | null;
  now: () => number;
  sessionTtlMs: number;
  throttle: AuthThrottleConfig;
  trust: TrustProxy;
  log: Logger;
}

/** Came the request over https? Directly (TLS), or through a trusted proxy that says so (VROYALE_TRUST_PROXY). */
function overHttps(req: Request, trust: TrustProxy): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trust(req.socket.remoteAddress ?? '', 0)) return false;
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  return proto === 'https';
}

export function authRoutes(d: AuthDeps): Router {
  const accounts = d.storage.accounts;
  const ratingsOf = (userId: string) => d.storage.profiles.ratings(userId);
  const throttle = new AuthThrottle(d.throttle);
  const router = express.Router();

  const setSession = (req: Request, res: Response, token: string) =>
    res.append(
      'Set-Cookie',
      serialize(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        maxAge: Math.floor(d.sessionTtlMs / 1000),
        secure: overHttps(req, d.trust),
      }),
    );
  const clearSession = (req: Request, res: Response) =>
    res.append(
      'Set-Cookie',
      serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0, expires: new Date(0), secure: overHttps(req, d.trust) }),
    );
  const sessionOf = async (req: Request): Promise<RequestUser | null> => {
    const token = requestToken(req);
    return token ? userOfToken(d.storage, token, d.now(), d.sessionTtlMs) : null;
  };
  const address = (req: Request) => clientAddress(req, d.trust);
  const tooMany = (res: Response, seconds: number) => {
    res.set('Retry-After', String(seconds));
    apiError(res, 429, 'too-many-attempts', `Too many failed attempts; try again in ${seconds} s`);
  };

  const me = async (userId: string): Promise<Me | null> => {
    const [a, ratings] = await Promise.all([accounts.byId(userId), ratingsOf(userId)]);
    if (!a) return null;
    return { userId: a.id, username: a.username, displayName: a.username ?? a.displayName, guest: a.username === null, createdAt: a.createdAt, ratings };
  };
  const sendMe = async (res: Response, status: number, userId: string) => {
    const m = await me(userId);
    if (!m) return apiError(res, 401, 'not-signed-in', 'Not signed in (no session, or it expired)');
    res.status(status).json(m);
  };

  router.post('/auth/guest', async (req, res) => {
    const b = parseBody(GuestBody, req, res);
    if (!b) return;
    const current = await sessionOf(req);
    if (current) {
      if (current.banned) return apiError(res, 403, 'banned', 'This account is banned');
      // Refreshes the cookie's Max-Age: the session itself lives on while it is used.
      setSession(req, res, requestToken(req)!);
      return sendMe(res, 200, current.id);
    }
    // The token this browser kept in localStorage before sessions were cookies (always a guest's then): adopted as
    // it is. An account's token is not: whoever read it out of a page or a log must not get a cookie for it.
    const old = b.token ? await userOfToken(d.storage, b.token, d.now(), d.sessionTtlMs) : null;
    if (old && old.username === null && b.token) {
      if (old.banned) return apiError(res, 403, 'banned', 'This account is banned');
      setSession(req, res, b.token);
      return sendMe(res, 200, old.id);
    }
    const name = DisplayName.safeParse(b.name ?? `Guest-${uniformInt(1000, 9999)}`);
    if (!name.success) return apiError(res, 400, 'bad-request', `name: ${name.error.issues[0]?.message ?? 'invalid'}`);
    const game = d.game();
    if (game && !game.mayStartSession(address(req)))
      return apiError(res, 429, 'too-many-sessions', 'Too many new sessions from your address this hour; try again later');
    const { userId, token } = await accounts.createGuest(name.data, d.now());
    setSession(req, res, token);
    await sendMe(res, 201, userId);
  });

  router.post('/auth/register', async (req, res) => {
    const b = parseBody(RegisterBody, req, res);
    if (!b) return;
    const current = await sessionOf(req);
    if (current?.banned) return apiError(res, 403, 'banned', 'This account is banned');
    if (current?.username) return apiError(res, 409, 'already-registered', 'This session is already signed in to an account; sign out first');
    const wait = await throttle.registration(address(req));
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      return apiError(res, 429, 'too-many-attempts', `Too many registrations from your address; try again in ${wait} s`);
    }
    if (await accounts.byUsername(b.username)) return apiError(res, 409, 'username-taken', `The username '${b.username}' is taken`);
    const passwordHash = await hashPassword(b.password);
    let registered;
    try {
      registered = await accounts.register(current?.id ?? null, b.username, passwordHash, d.now());
    } catch (e) {
      if (e instanceof UsernameTakenError) return apiError(res, 409, 'username-taken', e.message);
      throw e;
    }
    if (!registered.ok) return apiError(res, 409, 'already-registered', 'This session is already signed in to an account');
    const userId = registered.userId;
    const now = d.now();
    // A privilege change: the guest's token (possibly seen by others, e.g. an old localStorage copy) ends here.
    const token = current ? await accounts.rotateSession(current.tokenHash, userId, now) : await accounts.createSession(userId, now);
    const game = d.game();
    if (current && game) {
      game.sessionRotated(userId, current.tokenHash, token);
      game.accountRegistered(userId, b.username);
    }
    game?.signedIn(userId);
    d.log.info({ userId, fromGuest: !!current }, 'account registered');
    setSession(req, res, token);
    await sendMe(res, 201, userId);
  });

  router.post('/auth/login', async (req, res) => {
    const b = parseBody(LoginBody, req, res);
    if (!b) return;
    // Reserved before the verify, so parallel guesses cannot all pass a check none of them has counted yet.
    const check = await throttle.reservePasswordCheck(b.username, address(req));
    if (typeof check === 'number') return tooMany(res, check);
    // One argon2 verify whatever the username (a dummy hash for an unknown one): the same time, the same answer.
    const account = await checkCredentials(await accounts.byUsername(b.username), b.password);
    if (!account) return apiError(res, 401, 'bad-credentials', 'Wrong username or password');
    await check.succeeded();
    if (account.bannedAt !== null) return apiError(res, 403, 'banned', 'This account is banned');
    const token = await accounts.createSession(account.id, d.now());
    d.game()?.signedIn(account.id);
    d.log.info({ userId: account.id }, 'signed in');
    setSession(req, res, token);
    await sendMe(res, 200, account.id);
  });

  router.post('/auth/logout', async (req, res) => {
    const token = requestToken(req);
    const user = token ? await userOfToken(d.storage, token, d.now(), Infinity) : null;
    if (user) {
      await accounts.deleteSession(user.tokenHash);
      d.game()?.signOut(user.id, user.tokenHash);
    }
    clearSession(req, res);
    res.status(204).end();
  });

  router.post('/auth/logout-all', async (req, res) => {
    const user = await sessionOf(req);
    if (!user) return apiError(res, 401, 'not-signed-in', 'Not signed in (no session, or it expired)');
    await accounts.deleteSessionsOf(user.id);
    d.game()?.signOut(user.id, 'all');
    d.log.info({ userId: user.id }, 'signed out everywhere');
    clearSession(req, res);
    res.status(204).end();
  });

  router.post('/auth/password', async (req, res) => {
    const user = await sessionOf(req);
    if (!user) return apiError(res, 401, 'not-signed-in', 'Not signed in (no session, or it expired)');
    if (user.banned) return apiError(res, 403, 'banned', 'This account is banned');
    const b = parseBody(ChangePasswordBody, req, res);
    if (!b) return;
    const account = user.username ? await accounts.byUsername(user.username) : null;
    if (!account) return apiError(res, 403, 'forbidden', 'A guest has no password; register first');
    const check = await throttle.reservePasswordCheck(account.username, address(req));
    if (typeof check === 'number') return tooMany(res, check);
    if (!(await checkCredentials(account, b.current))) return apiError(res, 401, 'bad-credentials', 'The current password is wrong');
    await check.succeeded();
    const nextHash = await hashPassword(b.next);
    const now = d.now();
    // Every session ends, this one is replaced by a new token: whoever held another token (or this one) is out.
    const token = await accounts.changePassword(account.id, nextHash, now);
    const fresh = hashToken(token);
    const game = d.game();
    game?.sessionRotated(account.id, user.tokenHash, token);
    game?.signOut(account.id, 'all', fresh);
    d.log.info({ userId: account.id }, 'password changed');
    setSession(req, res, token);
    res.status(204).end();
  });

  router.get('/me', async (req, res) => {
    const user = await sessionOf(req);
    if (!user) return apiError(res, 401, 'not-signed-in', 'Not signed in (no session, or it expired)');
    if (user.banned) return apiError(res, 403, 'banned', 'This account is banned');
    await sendMe(res, 200, user.id);
  });

  return router;
}
