/** The accounts store on a real (in-memory) SQLite database with the real schema. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../identity/ids.js';
import { AccountsStore, UsernameTakenError } from './accounts-store.js';
import { Storage } from './storage.js';

let storage: Storage;
let store: AccountsStore;
beforeEach(async () => {
  storage = await Storage.open(':memory:');
  store = new AccountsStore(storage.db);
});
afterEach(() => storage.close());

describe('AccountsStore', () => {
  it('a guest registers on its own row: the same id, username and key set, its session kept until rotated', () => {
    const g = store.createGuest('Mika', 1_000);
    expect(store.byId(g.userId)).toMatchObject({ username: null, displayName: 'Mika', passwordHash: null, createdAt: 1_000 });
    expect(store.register(g.userId, 'Mika_7', '$argon2id$fake', 2_000)).toEqual({ ok: true, userId: g.userId });
    expect(store.byUsername('MIKA_7')).toMatchObject({ id: g.userId, username: 'Mika_7', displayName: 'Mika_7', registeredAt: 2_000, createdAt: 1_000 });
    expect(store.byUsername('mika-7')?.id).toBe(g.userId);
    expect(storage.findSession(hashToken(g.token))?.username).toBe('Mika_7');
    const fresh = store.rotateSession(hashToken(g.token), g.userId, 3_000);
    expect(storage.findSession(hashToken(g.token))).toBeNull();
    expect(storage.findSession(hashToken(fresh))?.userId).toBe(g.userId);
    // Registering an account again changes nothing.
    expect(store.register(g.userId, 'Another', '$argon2id$fake', 4_000)).toEqual({ ok: false });
    expect(store.byId(g.userId)?.username).toBe('Mika_7');
  });

  it('a taken key throws UsernameTakenError (the UNIQUE index decides, also for a race) and leaves the row a guest', () => {
    store.register(null, 'Aiko', '$argon2id$a', 1);
    const g = store.createGuest('Twin', 2);
    expect(() => store.register(g.userId, 'A1KO', '$argon2id$b', 3)).toThrow(UsernameTakenError);
    expect(() => store.register(null, 'aIko', '$argon2id$b', 3)).toThrow(UsernameTakenError);
    expect(store.byId(g.userId)).toMatchObject({ username: null, passwordHash: null });
    expect((storage.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(2);
  });

  it('sessions per user: create, count, delete one, delete all (returning their hashes)', () => {
    const { userId } = store.register(null, 'Sessy', '$argon2id$x', 1) as { userId: string };
    const tokens = [store.createSession(userId, 1), store.createSession(userId, 2), store.createSession(userId, 3)];
    const other = store.createGuest('Other', 1);
    expect(store.sessionCount(userId)).toBe(3);
    store.deleteSession(hashToken(tokens[0]!));
    expect(store.sessionCount(userId)).toBe(2);
    expect(store.deleteSessionsOf(userId).sort()).toEqual([hashToken(tokens[1]!), hashToken(tokens[2]!)].sort());
    expect(store.sessionCount(userId)).toBe(0);
    expect(store.sessionCount(other.userId)).toBe(1);
  });

  it('password and ban', () => {
    const { userId } = store.register(null, 'Banny', '$argon2id$old', 1) as { userId: string };
    store.setPassword(userId, '$argon2id$new');
    expect(store.byUsername('banny')?.passwordHash).toBe('$argon2id$new');
    expect(store.isBanned(userId)).toBe(false);
    storage.db.prepare('UPDATE users SET banned_at = 5 WHERE id = ?').run(userId);
    expect(store.isBanned(userId)).toBe(true);
    expect(store.byUsername('Banny')?.bannedAt).toBe(5);
  });
});
