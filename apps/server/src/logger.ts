/** Structured logs (pino, JSON lines on stdout). Tests pass level 'silent'. */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'vroyale-server' } };
  return destination ? pino(options, destination) : pino(options);
}
