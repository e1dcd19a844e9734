/**
 * Matchmaking's clocks, from the server's times: the server says when the search began (`since`) or when an
 * offer ends (`deadline`) together with its own `serverNow`, so the page counts from its own clock shifted by
 * the difference, measured when the message arrived (`receivedAt`, local). A page whose clock is minutes off
 * still shows the right time in queue.
 */

/** Milliseconds to add to the local clock to read the server's. */
export const serverOffset = (serverNow: number, receivedAt: number): number => serverNow - receivedAt;

/** How long the search has been going, never negative. */
export function elapsedMs(since: number, serverNow: number, receivedAt: number, localNow: number): number {
  return Math.max(0, localNow + serverOffset(serverNow, receivedAt) - since);
}

/** How long until a server-time deadline, never negative. */
export function remainingMs(deadline: number, serverNow: number, receivedAt: number, localNow: number): number {
  return Math.max(0, deadline - (localNow + serverOffset(serverNow, receivedAt)));
}

/** "0:07", "1:42", "12:05", "1:02:03": minutes and seconds, hours only when there are some (floored). */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Whole seconds left for a countdown, rounded up (0 only when it is really over). */
export const secondsLeft = (ms: number): number => Math.ceil(Math.max(0, ms) / 1000);
