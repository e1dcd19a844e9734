/**
 * The server's bot for "play vs bot" seats: the engine's `strongBot`, given exactly what a bot may see —
 * its own seat's projection (`project(state, seat)`), that seat's `legalActions`, and a seed — never the
 * state. A decision takes about a millisecond on average but tens of milliseconds on big boards, so by
 * default it runs on a worker thread (bot-pool.ts) and the event loop keeps serving every other match.
 */
import { strongBot, type Action, type BotInput } from '@vroyale/engine';
import type { Logger } from '../logger.js';
import { BotPool } from './bot-pool.js';

export type { BotInput };

export interface ServerBot {
  /** Shown as the bot seat's name: `Bot (<name>)`. */
  readonly name: string;
  /** One decision. Rejects if the bot failed (the master then plays a safe legal action). */
  decide(input: BotInput): Promise<Action>;
  close(): Promise<void>;
}

/** strongBot on the calling thread (VROYALE_BOT_THREADS=0, and the pool's fallback). */
export function inlineBot(): ServerBot {
  return {
    name: 'strongBot',
    decide: async (input) => strongBot(input),
    close: async () => {},
  };
}

/** The configured bot: `threads` worker threads running strongBot, or inline when `threads` is 0. */
export function serverBot(threads: number, log: Logger): ServerBot {
  return threads > 0 ? new BotPool(threads, log) : inlineBot();
}
