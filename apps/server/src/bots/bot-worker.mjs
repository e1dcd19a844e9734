/**
 * A bot thread (bot-pool.ts). Plain JS so it starts without the TypeScript loader; it loads the engine
 * (TypeScript source) through tsx's API. Each request is `{ id, level, input }` with `input` the JSON of a
 * BotInput (the bot's own view, its legal actions, a seed); the answer is `{ id, action }` or
 * `{ id, error }`. The search levels stop at their iteration budget or their wall time (`LEVEL_MS`),
 * whichever comes first: the clock is the host's, never the engine's.
 */
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { botForLevel, isBotLevel, LEVEL_MS } = await tsImport('@vroyale/engine', import.meta.url);

const stopper = (ms) => () => {
  const end = performance.now() + ms;
  return () => performance.now() >= end;
};

parentPort.on('message', ({ id, level, input }) => {
  try {
    const l = isBotLevel(level) ? level : 'normal';
    const action = botForLevel(l, { stopper: stopper(LEVEL_MS[l]) })(JSON.parse(input));
    parentPort.postMessage({ id, action });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.stack ? e.stack : e) });
  }
});
parentPort.postMessage({ ready: true });
