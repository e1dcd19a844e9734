/**
 * The server's bot for "play vs bot" seats: the engine's bot of the seat's level (`botForLevel`: easy,
 * normal = strongBot, hard and expert = the search), given exactly what a bot may see — its own seat's
 * projection (`project(state, seat)`), that seat's `legalActions`, and a seed — never the state. The level
 * lives in the seat's name ("Bot (hard)", `botSeatName`), so a restart and a rematch keep it with no
 * other record. By default decisions run on worker threads (bot-pool.ts): the search takes about a second
 * (hard) or three (expert), and the event loop keeps serving every other match meanwhile (`serverBot` there).
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { botForLevel, isBotLevel, LEVEL_MS, type Action, type BotInput, type BotKnowledge, type BotLevel } from '@vroyale/engine';

export type { BotInput, BotLevel };

export interface ServerBot {
  /** Names the bot in logs. */
  readonly name: string;
  /** One decision at this level (default 'normal'). Rejects if the bot failed (the master then plays a safe legal action). */
  decide(input: BotInput, level?: BotLevel): Promise<Action>;
  close(): Promise<void>;
}

/** The bot seat's name for a level: what players see, and what restore and rematch read the level back from. */
export const botSeatName = (level: BotLevel): string => `Bot (${level})`;

/** The level a bot seat's name says; names from before the levels ("Bot (strongBot)") were today's normal. */
export function levelOfSeatName(name: string): BotLevel {
  const m = /^Bot \((.+)\)$/.exec(name);
  return m && isBotLevel(m[1]) ? m[1] : 'normal';
}

/** A wall-time stop test for one decision of this level (the engine has no clock: hosts supply it). */
export function stopperFor(level: BotLevel): () => () => boolean {
  return () => {
    const end = performance.now() + LEVEL_MS[level];
    return () => performance.now() >= end;
  };
}

/**
 * What every bot may know besides its seat's view: the public starter lists and the card pool (expert deals from
 * them). The game review is told the same (reviews/review-job.ts).
 */
export const BOT_KNOWLEDGE: BotKnowledge = { decks: starterRosters, defs: cardPool };

/** The bot of each level on the calling thread, with its wall-time budget. */
export function decideInline(input: BotInput, level: BotLevel = 'normal'): Action {
  return botForLevel(level, { stopper: stopperFor(level), knowledge: BOT_KNOWLEDGE })(input);
}

/** The bots on the calling thread (VROYALE_BOT_THREADS=0, and the pool's fallback). */
export function inlineBot(): ServerBot {
  return {
    name: 'inline',
    decide: async (input, level) => decideInline(input, level),
    close: async () => {},
  };
}
