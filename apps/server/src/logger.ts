/** Structured logs (pino, JSON lines on stdout). Tests pass level 'silent'. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'vroyale-server' } });
}
