/**
 * The bot levels people choose from: `easy` (strongBot with lapses), `normal` (strongBot), `hard` and
 * `expert` (the search, about 1 s and 3 s a decision on the server's threads).
 *
 * Budgets: the engine has no clock, so a level's strength is set by an iteration budget; a host adds its
 * wall-time budget through `stopper` (the server's bot threads do: `LEVEL_MS`). The iteration budgets are
 * sized so that on these two-core machines the search normally stops on iterations a little before its
 * wall time, which keeps the server's moves close to what the bench measured.
 */
import { createEasyBot } from './easy-bot.js';
import { createSearchBot, type SearchBotOptions } from './search/search-bot.js';
import { createStrongBot } from './strong-bot.js';
import type { Bot } from './types.js';

export const BOT_LEVELS = ['easy', 'normal', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Wall time a host allows one decision of each searching level (ms). */
export const LEVEL_MS: Record<BotLevel, number> = { easy: 0, normal: 0, hard: 1000, expert: 3000 };
/** Rollouts per decision of each searching level (per worker). */
export const LEVEL_ITERATIONS: Record<BotLevel, number> = { easy: 0, normal: 0, hard: 1200, expert: 3600 };

export interface LevelOptions {
  goFirst?: boolean;
  /** Overrides the level's iteration budget (benches sized for time). */
  iterations?: number;
  /** Overrides the rollouts' turn horizon (experiments). */
  horizon?: number;
  stopper?: SearchBotOptions['stopper'];
}

export function isBotLevel(x: unknown): x is BotLevel {
  return typeof x === 'string' && (BOT_LEVELS as readonly string[]).includes(x);
}

export function botForLevel(level: BotLevel, o: LevelOptions = {}): Bot {
  const goFirst = o.goFirst ?? true;
  switch (level) {
    case 'easy':
      return createEasyBot({ goFirst });
    case 'normal':
      return createStrongBot({ goFirst });
    case 'hard':
    case 'expert':
      return createSearchBot({ goFirst, iterations: o.iterations ?? LEVEL_ITERATIONS[level], ...(o.horizon ? { horizon: o.horizon } : {}), ...(o.stopper ? { stopper: o.stopper } : {}) });
  }
}
