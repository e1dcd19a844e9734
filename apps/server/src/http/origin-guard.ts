/**
 * State-changing HTTP requests (anything but GET, HEAD, OPTIONS) from a browser page we do not trust are
 * refused before any route runs, with the same rule as sockets (net/origin-check.ts). Reads stay open: a
 * foreign page cannot read their answers without CORS, which the HTTP app does not grant.
 *
 * A request without `Origin` is not a browser's fetch (browsers send it on every POST, PUT, DELETE), so it used to
 * pass. That is fine for a tool presenting `Authorization: Bearer`, which no other site can make a browser send;
 * but a request that carries the session cookie is one a browser may have sent on its own (a form post with an old
 * or privacy-stripped Origin, SameSite=Lax being the only other defence). So a cookie-authenticated unsafe request
 * must name where it comes from: an allowed `Origin`, or failing that an allowed `Referer`, or it is refused
 * (issue 31 §2).
 */
import type { RequestHandler } from 'express';
import { parse as parseCookie } from 'cookie';
import { SESSION_COOKIE } from '@vroyale/protocol';
import { checkOrigin, type OriginVerdict } from '../net/origin-check.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Does the request present a session cookie? (Whether it is valid does not matter: the route would look.) */
function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && parseCookie(cookieHeader)[SESSION_COOKIE] !== undefined;
}

/** The verdict on an unsafe request's provenance: Origin, else (cookie-authenticated only) Referer, else refused. */
export function unsafeRequestVerdict(h: { origin?: string; referer?: string; host?: string; cookie?: string }, allowlist: readonly string[]): OriginVerdict {
  if (h.origin) return checkOrigin(h.origin, h.host, allowlist);
  if (!carriesSessionCookie(h.cookie)) return { ok: true };
  if (!h.referer)
    return {
      ok: false,
      reason: 'a request signed in by the session cookie must carry an Origin or Referer header from an allowed page (tools use Authorization: Bearer)',
    };
  let from: string;
  try {
    from = new URL(h.referer).origin;
  } catch {
    return { ok: false, reason: 'the Referer header is not a URL' };
  }
  // A URL with an opaque origin (data:, file:) serialises as "null": checkOrigin refuses it as not a URL.
  return checkOrigin(from, h.host, allowlist);
}

export function originGuard(allowlist: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const verdict = unsafeRequestVerdict(
      { origin: req.headers.origin, referer: req.headers.referer, host: req.headers.host, cookie: req.headers.cookie },
      allowlist,
    );
    if (verdict.ok) return next();
    res.status(403).json({ error: 'origin-not-allowed', message: verdict.reason });
  };
}
