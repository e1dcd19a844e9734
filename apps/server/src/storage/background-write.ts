/**
 * A write the caller does not wait for: the room state machine changes memory synchronously and saves behind it
 * (rooms/room.ts, game-server.ts). The store applies such writes in the order they were issued (store.ts), so a
 * room saved and then its match started and its first action appended land in that order; a failure is logged
 * here instead of becoming an unhandled rejection (which would end the process).
 */
import type { Logger } from '../logger.js';

export function inBackground(log: Logger, write: Promise<unknown>, what: string, fields: Record<string, unknown> = {}): void {
  write.catch((err: unknown) => log.error({ err, ...fields }, what));
}
