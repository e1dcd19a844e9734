/**
 * A bot thread (bot-pool.ts). Plain JS so it starts without the TypeScript loader; it loads the engine
 * (TypeScript source) through tsx's API. Each request is `{ id, input }` with `input` the JSON of a
 * BotInput (the bot's own view, its legal actions, a seed); the answer is `{ id, action }` or
 * `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { strongBot } = await tsImport('@vroyale/engine', import.meta.url);

parentPort.on('message', ({ id, input }) => {
  try {
    const action = strongBot(JSON.parse(input));
    parentPort.postMessage({ id, action });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.stack ? e.stack : e) });
  }
});
parentPort.postMessage({ ready: true });
