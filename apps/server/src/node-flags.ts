/**
 * The node flags the server's process runs with (`npm start`, scripts/cluster.mjs, the benchmarks). One place, so every launcher starts the server the same way;
 * `node-flags.test.ts` checks the launchers that cannot import this (package.json, cluster.mjs).
 *
 * `--max-semi-space-size=4` (MB; V8's default grows to 16): a flood of connections keeps thousands of new sockets
 * alive (about 18 KB of heap each), and V8 copies every live young object at each scavenge. With the young
 * generation free to grow to 16 MB a semi-space, one scavenge copied up to that much while the event loop waited
 * (pauses of 10–40 ms in the bursts of `npm run bench:abuse`); 4 MB keeps each pause to a few milliseconds, for
 * more of them. A V8 flag is the process's: the worker threads (bots, reviews) have the same young generation (their
 * searches' CPU did not change measurably). docs/decisions/0015-small-young-generation.md has the measurements.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** The flags of `SERVER_NODE_FLAGS` this process was not started with (main.ts warns about them). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((f) => !execArgv.includes(f));
}
