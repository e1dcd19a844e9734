/**
 * Which browser pages may open a socket or send a state-changing HTTP request. Browsers always send Origin on
 * a WebSocket or cross-site request, so the check stops other sites from driving a visitor's session; clients
 * that are not browsers (bots, tests, the load benchmark) send none and are let through, as they could forge
 * one anyway.
 *
 * "Origin equals Host" alone is not proof that this server served the page: under DNS rebinding a page on
 * evil.example:3000 whose name now resolves to 127.0.0.1 sends Origin http://evil.example:3000 and Host
 * evil.example:3000. So a page is same-origin only when its host cannot be rebound: an IP literal (the page
 * really came from that address and port) or `localhost` (browsers resolve it themselves). A site under a
 * domain name, this server's own included, must be listed in VROYALE_ORIGINS.
 */
import { isIP } from 'node:net';

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

/** A hostname nobody else's DNS can point at this server's page: an IP literal or localhost. */
function unrebindable(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0 || bare.toLowerCase() === 'localhost';
}

export function checkOrigin(origin: string | undefined, host: string | undefined, allowlist: readonly string[]): OriginVerdict {
  if (!origin) return { ok: true };
  if (allowlist.includes('*') || allowlist.includes(origin)) return { ok: true };
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return { ok: false, reason: `origin '${origin.slice(0, 100)}' is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `origin '${url.origin}' is not http(s)` };
  if (host !== undefined && url.host === host.toLowerCase() && unrebindable(url.hostname)) return { ok: true };
  return {
    ok: false,
    reason: `origin '${url.origin}' is not allowed: pages under a domain name must be listed in VROYALE_ORIGINS (this server's own site too)`,
  };
}

export function originAllowed(origin: string | undefined, host: string | undefined, allowlist: readonly string[]): boolean {
  return checkOrigin(origin, host, allowlist).ok;
}
