/** Structured logs (pino, JSON lines on stdout). Tests pass level 'silent'. */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Defence in depth (issue 17): no code logs a password, a session token or a request's credentials, and a
 * careless `log.info({ body })` (or `{ conn }`, `{ user }`: session hashes name sessions) still prints `[redacted]` for these keys at the top level or one level down.
 */
export const REDACTED_PATHS = [
  ...['password', 'current', 'next', 'token', 'tokenHash', 'sessionHash', 'passwordHash'].flatMap((k) => [k, `*.${k}`]),
  ...['headers.cookie', 'headers.authorization'].flatMap((k) => [k, `*.${k}`]),
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'vroyale-server' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
