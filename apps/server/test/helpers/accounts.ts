/**
 * Accounts for tests of matchmaking, ratings and profiles, made the way a person makes one: a guest says hello
 * over the socket, then registers with that session (`POST /api/auth/register`, Bearer token), so the guest's
 * user id becomes the account's. The session is rotated by registering: the client keeps the new token.
 */
import { api, tokenOf } from './auth-http.js';
import { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';
import { sqliteOf } from './sqlite.js';

export async function makeAccount(t: TestServer, client: TestClient | null, username: string): Promise<TestClient> {
  const c = client ?? (await TestClient.connect(t.url, username));
  const r = await api(t.url, '/api/auth/register', { body: { username, password: `${username} plays VRoyale` }, bearer: c.token! });
  if (r.status !== 201 || !r.cookie || r.body.userId !== c.userId) throw new Error(`register ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  c.token = tokenOf(r.cookie);
  return c;
}

/** `a` blocks `b` through the block route (both are accounts). */
export async function block(t: TestServer, a: TestClient, b: TestClient): Promise<void> {
  const name = (sqliteOf(t.server.storage).db.prepare('SELECT username FROM users WHERE id = ?').get(b.userId) as { username: string | null }).username;
  const r = await api(t.url, `/api/blocks/${encodeURIComponent(name ?? '')}`, { method: 'PUT', bearer: a.token! });
  if (r.status !== 204) throw new Error(`block ${name}: ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * What `npm run admin -- ban` does (test/admin.test.ts runs the command itself), through the Store, so it works
 * on either backend (`VROYALE_TEST_BACKEND=postgres`). The ban also ends the user's sessions; open sockets stay.
 */
export async function ban(t: TestServer, c: TestClient): Promise<void> {
  await t.server.storage.admin.ban(c.userId!, null, Date.now());
}
