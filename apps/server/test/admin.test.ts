/**
 * The admin command (`npm run admin -- ...`, src/admin/cli.ts) as a child process against a running test
 * server's database: find, ban (the account's sessions stop working at once), unban, list and resolve reports;
 * unknown users and commands exit non-zero with a reason and change nothing.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameKey } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { api } from './helpers/api.js';
import { sqliteOf } from './helpers/sqlite.js';

const root = join(import.meta.dirname, '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

let t: TestServer;
let bob: TestClient;
let cat: TestClient;
beforeAll(async () => {
  t = await startTestServer();
  bob = await TestClient.connect(t.url, 'Bob');
  cat = await TestClient.connect(t.url, 'Cat');
  // What register does to a guest's row (the register route is another branch's).
  sqliteOf(t.server.storage)
    .db.prepare('UPDATE users SET username = ?, username_key = ?, registered_at = 1 WHERE id = ?')
    .run('Bobby', usernameKey('Bobby'), bob.userId);
});
afterAll(async () => {
  bob.close();
  cat.close();
  await t.close();
});

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [join(root, 'apps/server/src/admin/cli.ts'), ...args],
      { cwd: root, env: { ...process.env, VROYALE_DB: t.dbPath }, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const row = (id: string) =>
  sqliteOf(t.server.storage)
    .db.prepare('SELECT banned_at, ban_reason, (SELECT COUNT(*) FROM sessions s WHERE s.user_id = u.id) AS sessions FROM users u WHERE id = ?')
    .get(id) as { banned_at: number | null; ban_reason: string | null; sessions: number };

describe('npm run admin', () => {
  it('finds accounts by prefix', async () => {
    const found = await admin('users', 'bo');
    expect(found.code).toBe(0);
    expect(found.stdout).toContain(`Bobby  ${bob.userId}`);
    expect(await admin('users', 'zz')).toMatchObject({ code: 1 });
  });

  it('bans: the account’s sessions stop working at once; unban lets it sign in again and restores nothing else', async () => {
    expect(await api(t.url, bob.token, 'GET', '/api/decks')).toMatchObject({ status: 200 });
    const banned = await admin('ban', 'BOBBY', 'spamming', 'chat');
    expect(banned).toMatchObject({ code: 0 });
    expect(banned.stdout).toMatch(/Banned Bobby .*: spamming chat; 1 session\(s\) signed out/);
    expect(row(bob.userId!)).toMatchObject({ ban_reason: 'spamming chat', sessions: 0 });
    expect(row(bob.userId!).banned_at).toEqual(expect.any(Number));
    expect(await api(t.url, bob.token, 'GET', '/api/decks')).toMatchObject({ status: 401 });
    expect((await admin('users', 'Bob')).stdout).toMatch(/BANNED .*: spamming chat/);

    const unbanned = await admin('unban', 'bobby');
    expect(unbanned).toMatchObject({ code: 0 });
    expect(unbanned.stdout).toMatch(/Unbanned Bobby/);
    expect(row(bob.userId!)).toEqual({ banned_at: null, ban_reason: null, sessions: 0 });
    expect(await api(t.url, bob.token, 'GET', '/api/decks')).toMatchObject({ status: 401 });
    expect((await admin('unban', 'Bobby')).stdout).toMatch(/not banned/);
  });

  it('lists reports newest first and resolves them', async () => {
    await new Promise((r) => setTimeout(r, 5));
    const first = await api(t.url, cat.token, 'POST', '/api/reports', { username: 'Bobby', reason: 'abuse', note: 'rude' });
    await new Promise((r) => setTimeout(r, 5));
    const second = await api(t.url, cat.token, 'POST', '/api/reports', { username: 'Bobby', reason: 'spam' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const open = await admin('reports');
    expect(open.code).toBe(0);
    const lines = open.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^#${second.body.id}  .*Cat \\(guest ${cat.userId}\\) -> Bobby  spam  no match$`));
    expect(lines[1]).toMatch(new RegExp(`^#${first.body.id}  .*abuse  no match  "rude"$`));

    expect(await admin('resolve', String(first.body.id), 'warned', 'the', 'player')).toMatchObject({ code: 0 });
    expect((await admin('reports')).stdout.trim().split('\n')).toHaveLength(1);
    expect((await admin('reports', '--all')).stdout).toContain('[resolved');
    expect(sqliteOf(t.server.storage).db.prepare('SELECT resolution FROM reports WHERE id = ?').get(first.body.id)).toEqual({
      resolution: 'warned the player',
    });
  });

  it('refuses unknown users, reports and commands with a reason and a non-zero exit', async () => {
    const unknown = await admin('ban', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No account with the username 'nobody'/);
    expect(await admin('resolve', '9999', 'x')).toMatchObject({ code: 1 });
    expect(await admin('resolve', 'abc', 'x')).toMatchObject({ code: 2 });
    expect(await admin('resolve', '1')).toMatchObject({ code: 2 });
    const bad = await admin('frobnicate');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown command 'frobnicate'/);
    expect(row(bob.userId!).banned_at).toBeNull();
  });

  it('runs as the root package script', async () => {
    const r = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        'npm',
        ['run', '--silent', 'admin', '--', 'users', 'Bob'],
        { cwd: root, env: { ...process.env, VROYALE_DB: t.dbPath }, timeout: 30_000 },
        (err, stdout) => resolve({ code: err ? 1 : 0, stdout }),
      ),
    );
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toContain('Bobby');
  });
});
