/**
 * `npm start`: the game server with the configuration from the environment (see config.ts and
 * apps/server/CONTEXT.md). SIGTERM and SIGINT shut it down gracefully.
 */
import { configFromEnv } from './config.js';
import { createLogger } from './logger.js';
import { missingNodeFlags } from './node-flags.js';
import { startServer } from './server.js';

const config = configFromEnv();
const log = createLogger(config.logLevel);

// A bug in one handler must not take every match down with it: log and keep serving.
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
process.on('uncaughtException', (e) => log.error({ err: e }, 'uncaught exception'));

// Started some other way than `npm start` (node-flags.ts): it works, but a flood of connections pauses it longer.
const missing = missingNodeFlags();
if (missing.length > 0) log.warn({ missing }, "started without the server's node flags (apps/server/src/node-flags.ts)");

const server = await startServer({ config, logger: log });

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    log.info({ signal }, 'signal received');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        log.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
