/**
 * The node flags the server's process runs with (`npm start`, scripts/cluster.mjs, the benchmarks): one place, so
 * every launcher starts the server the same way; `node-flags.test.ts` checks the launchers that cannot import this
 * (package.json, cluster.mjs).
 *
 * `--max-semi-space-size=4` (MB; V8's default grows to 16): a flood of connections keeps thousands of new sockets
 * alive (about 18 KB of heap each), and a scavenge copies every live young object while the event loop waits.
 * A smaller young generation means more scavenges that each copy less: in `npm run bench:abuse` the honest
 * players' acks during the bursts and the longest turns came out lower with it, at the same CPU per action
 * (decision 0015). A V8 flag is the process's: the bot threads get the same young generation; their searches'
 * CPU did not change measurably. The review process is a process of its own, with its own flags (review-process.ts).
 *
 * `--v8-pool-size=1` (Node's default is 4): V8's garbage-collector helpers run beside the event loop, and a
 * scavenge or the end of a full collection waits for every helper that took a share of its work. Four helpers
 * on the one core the event loop leaves them queue behind each other: in scavenges of a 3,000-socket flood the
 * loop's thread was blocked, neither running nor waiting for a core, for up to 62 ms. With one helper,
 * `wave-3000`'s longest turn fell from 51–70 ms to 15–28 ms (decision 0016). Measured on two cores: on a larger
 * machine more helpers may pay, so measure there before raising it.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--v8-pool-size=1'];

/** The flags of `SERVER_NODE_FLAGS` this process was not started with (main.ts warns about them). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((f) => !execArgv.includes(f));
}
