/**
 * HTTP security headers for every Express response (the web app, /api, /healthz), through helmet: a
 * maintained library that tracks browsers' header semantics, so we set policy here rather than header syntax.
 *
 * The Content-Security-Policy fits the Vite build as it is: one module script and stylesheets from 'self', no
 * inline <script> or <style> (React's `style={}` props go through the CSSOM, which CSP does not restrict), a
 * data: favicon, and Socket.IO back to the same host. Socket.IO's own /socket.io requests are answered by the
 * engine before Express sees them; they carry no page, so they need no CSP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** A Host header we are willing to echo into the policy: a hostname or [IPv6] with an optional port. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * connect-src: 'self' alone covers ws:/wss: of the same host in CSP Level 3 browsers, but older Safari versions
 * do not apply 'self' to WebSocket URLs, so the page's own host is named for ws: and wss: too. The Host header
 * only shapes the policy of the response to that same request, and anything but a plain host is left out.
 */
function connectSrc(req: IncomingMessage): string {
  const host = req.headers.host;
  return host && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", (req: IncomingMessage, _res: ServerResponse) => connectSrc(req)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Nobody may frame the game: a framed board invites clickjacking (a hidden concede button).
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: the server also runs over plain http on a LAN or localhost, where an
        // upgrade to https would break every request. Behind TLS the page is https and 'self' already is.
      },
    },
    // The same decision for browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    // Room links (/room/<id>) are how people join a room: leak them to no one through the Referer header.
    referrerPolicy: { policy: 'no-referrer' },
    // helmet's remaining defaults stay: nosniff, HSTS (ignored by browsers over plain http), COOP/CORP
    // same-origin, Origin-Agent-Cluster, X-DNS-Prefetch-Control off, X-Download-Options, no X-Powered-By.
  });
}
