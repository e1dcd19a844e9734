/**
 * `npm run admin -- <command>` (root package.json): moderation on the server's database (commands.ts). Opens
 * VROYALE_DB like the server (WAL, busy timeout), brings an older schema up to date with the same migrations,
 * and exits non-zero when a command fails (1: not found, 2: usage).
 */
import { existsSync } from 'node:fs';
import { migrate } from '../storage/migrate.js';
import { openDatabase } from '../storage/storage.js';
import { runCommand, USAGE } from './commands.js';

const path = process.env.VROYALE_DB || './data/vroyale.db';
const args = process.argv.slice(2);
if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  console.log(USAGE.join('\n'));
  process.exit(args.length === 0 ? 2 : 0);
}
if (!existsSync(path)) {
  console.error(`No database at ${path} (set VROYALE_DB to the server's database file)`);
  process.exit(1);
}
const db = openDatabase(path);
try {
  await migrate(db);
  const r = runCommand(db, args);
  (r.code === 0 ? console.log : console.error)(r.out.join('\n'));
  process.exitCode = r.code;
} catch (e) {
  console.error(`admin: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  db.close();
}
