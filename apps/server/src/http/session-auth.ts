/**
 * Who an HTTP request is: the session named by the `vroyale_session` cookie (browsers; httpOnly, so script
 * never holds it) or by `Authorization: Bearer <token>` (tools, tests, other clients). Both carry the same
 * token a socket's `hello` would: one session model for HTTP and sockets.
 * The cookie wins when both are present, so a page cannot be steered into another identity by a header.
 */
import type { NextFunction, Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import { SESSION_COOKIE, type ApiError, type ApiErrorCode } from '@vroyale/protocol';
import { hashToken } from '../identity/ids.js';
import type { Store } from '../storage/store.js';

export interface RequestUser {
  id: string;
  /** null: a guest. */
  username: string | null;
  displayName: string;
  banned: boolean;
  /** The session's token hash (sign out deletes this row). */
  tokenHash: string;
}

/** The token a request presents, or null. The cookie first, then a Bearer header. */
export function requestToken(req: Pick<Request, 'headers'>): string | null {
  const cookies = req.headers.cookie ? parseCookie(req.headers.cookie) : {};
  const fromCookie = cookies[SESSION_COOKIE];
  if (fromCookie && fromCookie.length <= 64) return fromCookie;
  const auth = req.headers.authorization;
  const m = auth ? /^Bearer ([A-Za-z0-9_-]{1,64})$/.exec(auth) : null;
  return m ? m[1]! : null;
}

/** The user of a live session token, or null (unknown, or expired by `ttlMs` of non-use). */
export async function userOfToken(storage: Store, token: string, now: number, ttlMs: number): Promise<RequestUser | null> {
  const tokenHash = hashToken(token);
  // The same lookup a socket's hello makes (Storage.findSession: the session joined with its user).
  const s = await storage.findSession(tokenHash);
  if (!s || now - s.lastSeen > ttlMs) return null;
  return { id: s.userId, username: s.username, displayName: s.name, banned: s.banned, tokenHash };
}

export function apiError(res: Response, status: number, error: ApiErrorCode, message: string): void {
  const body: ApiError = { error, message };
  res.status(status).json(body);
}

/**
 * Middleware: sets `res.locals.user` (a RequestUser) or answers 401 `not-signed-in`. A banned account's session
 * is refused (403 `banned`) everywhere but sign-out.
 */
export function requireUser(deps: { storage: Store; now: () => number; ttlMs: number }) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = requestToken(req);
    const user = token ? await userOfToken(deps.storage, token, deps.now(), deps.ttlMs) : null;
    if (!user) return apiError(res, 401, 'not-signed-in', 'Not signed in (no session, or it expired)');
    if (user.banned) return apiError(res, 403, 'banned', 'This account is banned');
    res.locals.user = user;
    next();
  };
}

/** The user `requireUser` found. */
export function currentUser(res: Response): RequestUser {
  return res.locals.user as RequestUser;
}
