/**
 * An account for tests of matchmaking, ratings and profiles. Until the accounts routes land this says hello
 * and sets the user's `username`/`username_key` straight in the test database; switching it to
 * `POST /api/auth/register` is a change in this one place.
 */
import { usernameKey } from '@vroyale/protocol';
import { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';

export async function makeAccount(t: TestServer, client: TestClient | null, username: string): Promise<TestClient> {
  const c = client ?? (await TestClient.connect(t.url, username));
  const at = Date.now();
  t.server.storage.db.prepare('UPDATE users SET username = ?, username_key = ?, registered_at = ? WHERE id = ?').run(username, usernameKey(username), at, c.userId);
  return c;
}

/** `a` blocks `b` (straight in the `blocks` table, like makeAccount). */
export function block(t: TestServer, a: TestClient, b: TestClient): void {
  t.server.storage.db.prepare('INSERT OR IGNORE INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)').run(a.userId, b.userId, Date.now());
}

export function ban(t: TestServer, c: TestClient): void {
  t.server.storage.db.prepare('UPDATE users SET banned_at = ? WHERE id = ?').run(Date.now(), c.userId);
}
