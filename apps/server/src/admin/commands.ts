/**
 * The moderators' commands (`npm run admin -- <command>`, issue 17 §5), on the database file the server uses.
 * They run beside a live server through the same `Store` (SQLite in WAL mode lets both write, each command is one
 * short transaction, and the busy timeout waits out the server's group commits; PostgreSQL has no such question). A ban takes effect through the database alone: the
 * account's sessions are deleted (every HTTP request and the next socket hello with them fail) and sign-in
 * refuses an account with `banned_at` set. A socket already connected keeps its identity until it reconnects.
 */
import type { Store, UserSummary } from '../storage/store.js';

export interface CommandResult {
  code: number;
  out: string[];
}

export const USAGE = [
  'usage: npm run admin -- <command>',
  '  ban <username> [reason...]   ban an account and sign it out everywhere',
  '  unban <username>             lift a ban (the account signs in again; its old sessions stay gone)',
  '  reports [--all]              open reports, newest first (--all: resolved ones too)',
  '  resolve <id> <note...>       close a report with a note',
  '  users <prefix>               find accounts by the start of their username',
  'The database is VROYALE_DB (default ./data/vroyale.db).',
];

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));
const fail = (code: number, ...out: string[]): CommandResult => ({ code, out });

async function findAccount(db: Store, name: string | undefined): Promise<UserSummary | CommandResult> {
  if (!name) return fail(2, 'Name the account: a username', ...USAGE);
  return (await db.users.byUsername(name)) ?? fail(1, `No account with the username '${name}' (guests have none; try: users <prefix>)`);
}

export async function runCommand(db: Store, args: readonly string[], now = Date.now()): Promise<CommandResult> {
  const [command, ...rest] = args;
  switch (command) {
    case 'ban': {
      const acc = await findAccount(db, rest[0]);
      if ('code' in acc) return acc;
      const reason = rest.slice(1).join(' ').trim() || null;
      const signedOut = await db.admin.ban(acc.id, reason, now);
      const again = acc.bannedAt !== null ? ` (already banned since ${when(acc.bannedAt)}; reason updated)` : '';
      return { code: 0, out: [`Banned ${acc.username} (${acc.id})${again}${reason ? `: ${reason}` : ''}; ${signedOut} session(s) signed out`] };
    }
    case 'unban': {
      const acc = await findAccount(db, rest[0]);
      if ('code' in acc) return acc;
      if (acc.bannedAt === null) return { code: 0, out: [`${acc.username} is not banned; nothing changed`] };
      await db.admin.unban(acc.id);
      return { code: 0, out: [`Unbanned ${acc.username} (${acc.id}); they can sign in again`] };
    }
    case 'reports': {
      const extra = rest.filter((a) => a !== '--all');
      if (extra.length > 0) return fail(2, `Unknown option '${extra[0]}' for reports`, ...USAGE);
      const all = rest.includes('--all');
      const rows = await db.reports.list(all);
      if (rows.length === 0) return { code: 0, out: [all ? 'No reports' : 'No open reports'] };
      const out = rows.map((r) =>
        [
          `#${r.id}`,
          when(r.createdAt),
          `${r.reporter} -> ${r.target}`,
          r.reason,
          r.matchId ? `match ${r.matchId}` : 'no match',
          r.note ? `"${r.note}"` : '',
          r.resolvedAt !== null ? `[resolved ${when(r.resolvedAt)}: ${r.resolution}]` : '',
        ]
          .filter(Boolean)
          .join('  '),
      );
      return { code: 0, out };
    }
    case 'resolve': {
      const id = Number(rest[0]);
      const note = rest.slice(1).join(' ').trim();
      if (!Number.isInteger(id) || id <= 0) return fail(2, `'${rest[0] ?? ''}' is not a report id`, ...USAGE);
      if (!note) return fail(2, 'Say how it was resolved: resolve <id> <note...>');
      if (!(await db.reports.resolve(id, note, now))) return fail(1, `No report #${id}`);
      return { code: 0, out: [`Report #${id} resolved: ${note}`] };
    }
    case 'users': {
      const prefix = rest[0];
      if (!prefix) return fail(2, 'Give the start of a username: users <prefix>', ...USAGE);
      const rows = await db.users.byPrefix(prefix);
      if (rows.length === 0) return { code: 1, out: [`No account's username starts with '${prefix}'`] };
      return {
        code: 0,
        out: rows.map(
          (a) =>
            `${a.username}  ${a.id}  created ${when(a.createdAt)}${a.bannedAt !== null ? `  BANNED ${when(a.bannedAt)}${a.banReason ? `: ${a.banReason}` : ''}` : ''}`,
        ),
      };
    }
    case undefined:
    case 'help':
    case '--help':
      return { code: command === undefined ? 2 : 0, out: USAGE };
    default:
      return fail(2, `Unknown command '${command}'`, ...USAGE);
  }
}
