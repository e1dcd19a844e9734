/**
 * Which browser pages may open a socket. Browsers always send Origin on a WebSocket or cross-site request,
 * so the check stops other sites from driving a visitor's session; clients that are not browsers (bots,
 * tests, the load benchmark) send none and are let through, as they could forge one anyway.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowlist: readonly string[]): boolean {
  if (!origin) return true;
  if (allowlist.includes('*') || allowlist.includes(origin)) return true;
  try {
    // Same origin: the page was served by this server.
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
