/**
 * Who may read /api/metrics. It is not public: it shows load and memory, each read resets its windows (the one
 * scraper's numbers would be spoiled), and `?gc=1` forces a full collection. Allowed: a loopback client talking
 * to a loopback or IP host (the load benchmark, a monitor on the machine), or anyone presenting
 * `Authorization: Bearer <VROYALE_METRICS_TOKEN>`. Everyone else gets the same 404 as an unknown /api path.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** The Host a loopback client asked for: a name here would be a DNS-rebinding page in the user's browser. */
function loopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  return isIP(name) !== 0 || name.toLowerCase() === 'localhost';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function metricsAllowed(req: IncomingMessage, token: string | null): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    // Compare digests in constant time: the token's length and prefix leak nothing through timing.
    if (timingSafeEqual(digest(auth.slice(7)), digest(token))) return true;
  }
  // A reverse proxy on the same machine makes every visitor look like loopback: a proxied request (it carries
  // X-Forwarded-For or Forwarded) is never trusted for being local.
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return isLoopbackAddress(req.socket.remoteAddress) && loopbackHost(req.headers.host);
}
