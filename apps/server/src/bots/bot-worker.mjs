/**
 * A bot thread (bot-pool.ts). Plain JS so it starts without the TypeScript loader; it loads the server's bot
 * (TypeScript source) through tsx's API. Each request is `{ id, level, input }` with `input` the JSON of a
 * BotInput (the bot's own view, its legal actions, a seed); the answer is `{ id, action }` or
 * `{ id, error }`. The decision is server-bot.ts's `decideInline`, the same function the inline path calls, so
 * a thread's bot is told the same public knowledge (expert deals from the starter lists) and stops at the same
 * iteration budget or wall time (`LEVEL_MS`): the clock is the host's, never the engine's.
 */
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { isBotLevel } = await tsImport('@vroyale/engine', import.meta.url);
const { decideInline } = await tsImport('./server-bot.ts', import.meta.url);

parentPort.on('message', ({ id, level, input }) => {
  try {
    const action = decideInline(JSON.parse(input), isBotLevel(level) ? level : 'normal');
    parentPort.postMessage({ id, action });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.stack ? e.stack : e) });
  }
});
parentPort.postMessage({ ready: true });
