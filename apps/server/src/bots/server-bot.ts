/**
 * The server's bot for "play vs bot" seats. It uses the engine's strongBot (or randomBot) when
 * '@vroyale/engine' exports one, else the tiny random bot below.
 * TODO(bots): once packages/engine/src/bots is exported from the engine's index, this lookup finds
 * strongBot by itself; then the local fallback can go.
 */
import * as engine from '@vroyale/engine';
import type { Action, GameView } from '@vroyale/engine';
import { localRandomBot } from './local-random-bot.js';

/** The engine's bot contract (bots/types.ts): the bot's own view, its legal actions and a seed. */
export interface BotInput {
  view: GameView;
  legal: Action[];
  seed: string | number;
}
export type Bot = (input: BotInput) => Action;

export interface NamedBot {
  name: string;
  bot: Bot;
}

/** Looked up at run time so the server builds whether or not the bots have landed in the engine's index. */
export function serverBot(): NamedBot {
  const exported = engine as unknown as Record<string, unknown>;
  if (typeof exported.strongBot === 'function') return { name: 'strongBot', bot: exported.strongBot as Bot };
  if (typeof exported.randomBot === 'function') return { name: 'randomBot', bot: exported.randomBot as Bot };
  return { name: 'local-random', bot: localRandomBot };
}
