/** The account routes over real HTTP (fetch), carrying the session cookie the way a browser would. */
import { SESSION_COOKIE } from '@vroyale/protocol';

export interface ApiResponse {
  status: number;
  body: any;
  headers: Headers;
  /** The `vroyale_session=...` pair the response set ('' when it cleared it), or null when it set none. */
  cookie: string | null;
  /** The raw Set-Cookie line of the session cookie. */
  setCookie: string | null;
}

/**
 * One request. With a `cookie` it sends `Origin: <url>` as the server's own page in a browser would (a
 * cookie-authenticated POST without Origin or Referer is refused, origin-guard.ts); `origin: null` leaves it out,
 * a string sends that instead. `headers` are added last.
 */
export async function api(
  url: string,
  path: string,
  o: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    cookie?: string | null;
    bearer?: string;
    origin?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (o.body !== undefined || o.rawBody !== undefined) headers['content-type'] = 'application/json';
  if (o.cookie) headers.cookie = o.cookie;
  const origin = o.origin === undefined ? (o.cookie ? new URL(url).origin : null) : o.origin;
  if (origin !== null) headers.origin = origin;
  Object.assign(headers, o.headers);
  if (o.bearer) headers.authorization = `Bearer ${o.bearer}`;
  const res = await fetch(`${url}${path}`, {
    method: o.method ?? (o.body === undefined && o.rawBody === undefined ? 'GET' : 'POST'),
    headers,
    body: o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? null;
  const pair = setCookie ? setCookie.split(';')[0]! : null;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text; // not JSON (an Express error page would be a bug the test should show)
  }
  return { status: res.status, body, headers: res.headers, cookie: pair === `${SESSION_COOKIE}=` ? '' : pair, setCookie };
}

/** The token inside a `vroyale_session=<token>` pair. */
export const tokenOf = (cookie: string): string => cookie.slice(SESSION_COOKIE.length + 1);

/** Letters no look-alike folding touches (no i, l, o, r, n, v, w, m, digits): distinct names stay distinct keys. */
const SAFE = 'abcdefghjkpqstxyz';
/** A fresh valid username: `prefix` (a letter first) and 8 random safe letters. */
export const freshName = (prefix = 'u'): string =>
  `${prefix}${Array.from({ length: 8 }, () => SAFE[Math.floor(Math.random() * SAFE.length)]).join('')}`.slice(0, 20);

/** Registers a new account (no session) and returns its cookie and user id. */
export async function register(url: string, username: string, password = 'correct horse battery'): Promise<{ cookie: string; userId: string }> {
  const r = await api(url, '/api/auth/register', { body: { username, password } });
  if (r.status !== 201 || !r.cookie) throw new Error(`register ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return { cookie: r.cookie, userId: r.body.userId };
}

export async function login(url: string, username: string, password = 'correct horse battery'): Promise<{ cookie: string; userId: string }> {
  const r = await api(url, '/api/auth/login', { body: { username, password } });
  if (r.status !== 200 || !r.cookie) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return { cookie: r.cookie, userId: r.body.userId };
}
