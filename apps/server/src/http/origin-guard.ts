/**
 * State-changing HTTP requests (anything but GET, HEAD, OPTIONS) from a browser page we do not trust are
 * refused before any route runs, with the same rule as sockets (net/origin-check.ts). Reads stay open: a
 * foreign page cannot read their answers without CORS, which the HTTP app does not grant.
 */
import type { RequestHandler } from 'express';
import { checkOrigin } from '../net/origin-check.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function originGuard(allowlist: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const verdict = checkOrigin(req.headers.origin, req.headers.host, allowlist);
    if (verdict.ok) return next();
    res.status(403).json({ error: 'origin-not-allowed', message: verdict.reason });
  };
}
