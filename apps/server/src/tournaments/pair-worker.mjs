/**
 * The pairing thread (pairing.ts): plain JS so it starts without the TypeScript loader; it loads
 * `@vroyale/tournament` through tsx's API. A request is `{ id, state }` (the JSON of a TournamentState); the
 * answer `{ id, outcome }` is `pairNextRound`'s Outcome, the same function the inline path calls.
 */
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { pairNextRound } = await tsImport('@vroyale/tournament', import.meta.url);

parentPort.on('message', ({ id, state }) => {
  try {
    parentPort.postMessage({ id, outcome: pairNextRound(JSON.parse(state)) });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e && e.stack ? e.stack : e) });
  }
});
