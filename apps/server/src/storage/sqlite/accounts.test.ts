/** The accounts store on a real (in-memory) SQLite database with the real schema. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../identity/ids.js';
import { UsernameTakenError, type AccountsStore } from '../store.js';
import { SqliteStore } from './sqlite-store.js';

let storage: SqliteStore;
let store: AccountsStore;
beforeEach(async () => {
  storage = await SqliteStore.open(':memory:');
  store = storage.accounts;
});
afterEach(() => storage.closeNow());

describe('AccountsStore on SQLite', () => {
  it('a guest registers on its own row: the same id, username and key set, its session kept until rotated', async () => {
    const g = await store.createGuest('Mika', 1_000);
    expect(await store.byId(g.userId)).toMatchObject({ username: null, displayName: 'Mika', passwordHash: null, createdAt: 1_000 });
    expect(await store.register(g.userId, 'Mika_7', '$argon2id$fake', 2_000)).toEqual({ ok: true, userId: g.userId });
    expect(await store.byUsername('MIKA_7')).toMatchObject({ id: g.userId, username: 'Mika_7', displayName: 'Mika_7', registeredAt: 2_000, createdAt: 1_000 });
    expect((await store.byUsername('mika-7'))?.id).toBe(g.userId);
    expect((await storage.findSession(hashToken(g.token)))?.username).toBe('Mika_7');
    const fresh = await store.rotateSession(hashToken(g.token), g.userId, 3_000);
    expect(await storage.findSession(hashToken(g.token))).toBeNull();
    expect((await storage.findSession(hashToken(fresh)))?.userId).toBe(g.userId);
    // Registering an account again changes nothing.
    expect(await store.register(g.userId, 'Another', '$argon2id$fake', 4_000)).toEqual({ ok: false });
    expect((await store.byId(g.userId))?.username).toBe('Mika_7');
  });

  it('a taken key throws UsernameTakenError (the UNIQUE index decides, also for a race) and leaves the row a guest', async () => {
    await store.register(null, 'Aiko', '$argon2id$a', 1);
    const g = await store.createGuest('Twin', 2);
    await expect(store.register(g.userId, 'A1KO', '$argon2id$b', 3)).rejects.toThrow(UsernameTakenError);
    await expect(store.register(null, 'aIko', '$argon2id$b', 3)).rejects.toThrow(UsernameTakenError);
    expect(await store.byId(g.userId)).toMatchObject({ username: null, passwordHash: null });
    expect((storage.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(2);
  });

  it('sessions per user: create, count, delete one, delete all (returning their hashes)', async () => {
    const { userId } = (await store.register(null, 'Sessy', '$argon2id$x', 1)) as { userId: string };
    const tokens = [await store.createSession(userId, 1), await store.createSession(userId, 2), await store.createSession(userId, 3)];
    const other = await store.createGuest('Other', 1);
    expect(await store.sessionCount(userId)).toBe(3);
    await store.deleteSession(hashToken(tokens[0]!));
    expect(await store.sessionCount(userId)).toBe(2);
    expect((await store.deleteSessionsOf(userId)).sort()).toEqual([hashToken(tokens[1]!), hashToken(tokens[2]!)].sort());
    expect(await store.sessionCount(userId)).toBe(0);
    expect(await store.sessionCount(other.userId)).toBe(1);
  });

  it('a password change ends every session and makes one new one, in one transaction', async () => {
    const { userId } = (await store.register(null, 'Banny', '$argon2id$old', 1)) as { userId: string };
    const old = await store.createSession(userId, 2);
    const fresh = await store.changePassword(userId, '$argon2id$new', 3);
    expect((await store.byUsername('banny'))?.passwordHash).toBe('$argon2id$new');
    expect(await storage.findSession(hashToken(old))).toBeNull();
    expect((await storage.findSession(hashToken(fresh)))?.userId).toBe(userId);
    expect(await store.sessionCount(userId)).toBe(1);
    storage.db.prepare('UPDATE users SET banned_at = 5 WHERE id = ?').run(userId);
    expect((await store.byUsername('Banny'))?.bannedAt).toBe(5);
  });
});
