/**
 * Stop settings kept with the session: a database from before stops (auto_pass column) migrates, settings
 * round-trip through the session row, and stored settings that no longer parse fall back to the defaults.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { DEFAULT_STOP_SETTINGS, type StopSettings } from '@vroyale/protocol';
import { MIGRATIONS } from '../../src/storage/migrations/index.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { Users } from '../../src/identity/users.js';
import { hashToken } from '../../src/identity/ids.js';

const dir = mkdtempSync(join(tmpdir(), 'vroyale-stops-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const full: StopSettings = { ...DEFAULT_STOP_SETTINGS, fullControl: true };

describe('stop settings in the session', () => {
  it('a database from before stops migrates: its sessions keep working, with the defaults', async () => {
    const path = join(dir, 'old.db');
    const old = new Database(path);
    MIGRATIONS[0]!.up({ dialect: 'sqlite', exec: (sql) => void old.exec(sql) });
    old.pragma('user_version = 1');
    old
      .prepare('INSERT INTO sessions (token_hash, user_id, name, auto_pass, created_at, last_seen) VALUES (?, ?, ?, 1, 1, 1)')
      .run(hashToken('tok'), 'u_old', 'Old');
    old.close();
    const st = await SqliteStore.open(path);
    const users = new Users(st, () => 2);
    const { user } = await users.hello('Old', 'tok');
    expect(user.id).toBe('u_old');
    expect(user.stops).toEqual(DEFAULT_STOP_SETTINGS);
    st.closeNow();
  });

  it('settings sent once come back with the session, after the server forgot the user', async () => {
    const st = await SqliteStore.open(join(dir, 'a.db'));
    const users = new Users(st, () => 1);
    const { user, token } = await users.hello('Aki', undefined);
    expect(users.stopsOf(user.id)).toEqual(DEFAULT_STOP_SETTINGS);
    await users.setStops(user.id, full);
    users.forget(user.id);
    expect(users.stopsOf(user.id)).toEqual(DEFAULT_STOP_SETTINGS); // not in memory: the defaults
    expect((await users.hello('Aki', token)).user.stops).toEqual(full);
    users.forget(user.id);
    expect((await users.recall(user.id, 'Aki')).stops).toEqual(full); // a restored match's manager
    st.closeNow();
  });

  it('stored settings that no longer parse are replaced by the defaults, not trusted', async () => {
    const st = await SqliteStore.open(join(dir, 'b.db'));
    const users = new Users(st, () => 1);
    const { user, token } = await users.hello('Bo', undefined);
    await st.setStops(user.id, { own: { combat: true } });
    users.forget(user.id);
    expect((await users.hello('Bo', token)).user.stops).toEqual(DEFAULT_STOP_SETTINGS);
    st.db.prepare('UPDATE users SET stops_json = ? WHERE id = ?').run('{not json', user.id);
    users.forget(user.id);
    expect((await users.hello('Bo', token)).user.stops).toEqual(DEFAULT_STOP_SETTINGS);
    st.closeNow();
  });
});
