/**
 * `npm run admin -- <command>` (root package.json): moderation on the server's database (commands.ts). Opens the
 * server's store (VROYALE_DATABASE_URL, else the SQLite file VROYALE_DB, with the server's pragmas), brings an
 * older schema up to date with the same migrations, and exits non-zero when a command fails (1: not found, 2: usage).
 */
import { existsSync } from 'node:fs';
import { createLogger } from '../logger.js';
import { openStore } from '../storage/open-store.js';
import { runCommand, USAGE } from './commands.js';

const path = process.env.VROYALE_DB || './data/vroyale.db';
const databaseUrl = process.env.VROYALE_DATABASE_URL || null;
const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  console.log(USAGE.join('\n'));
  process.exit(args.length === 0 ? 2 : 0);
}
if (!databaseUrl && !existsSync(path)) {
  console.error(`No database at ${path} (set VROYALE_DB to the server's database file, or VROYALE_DATABASE_URL)`);
  process.exit(1);
}
const store = await openStore({ dbPath: path, dbSync: 'normal', checkpointEveryMs: 0, databaseUrl }, createLogger('silent'));
try {
  const r = await runCommand(store, args);
  (r.code === 0 ? console.log : console.error)(r.out.join('\n'));
  process.exitCode = r.code;
} catch (e) {
  console.error(`admin: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
