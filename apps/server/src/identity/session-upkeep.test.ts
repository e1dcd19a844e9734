/**
 * The new-session counter (per key, per window, on the injected clock) and the users' sweep (sessions in use
 * touched, unused ones deleted) against a real in-memory database.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { SqliteStore } from '../storage/sqlite/sqlite-store.js';
import { ManualClock } from '../time/manual-clock.js';
import { HOUR_MS, KeyedWindowCounter, SessionUpkeep } from './session-upkeep.js';
import { Users } from './users.js';

describe('KeyedWindowCounter', () => {
  it('allows `limit` per key and window, keys apart; refusals do not count; a new window starts afresh', () => {
    let now = 0;
    const c = new KeyedWindowCounter(2, HOUR_MS, () => now);
    expect([c.take('a'), c.take('a'), c.take('a'), c.take('a')]).toEqual([true, true, false, false]);
    expect(c.take('b')).toBe(true);
    now = HOUR_MS - 1;
    expect(c.take('a')).toBe(false);
    now = HOUR_MS;
    expect([c.take('a'), c.take('a'), c.take('a')]).toEqual([true, true, false]);
  });

  it('prunes keys whose window is over', () => {
    let now = 0;
    const c = new KeyedWindowCounter(1, 1000, () => now);
    c.take('old');
    now = 600;
    c.take('new');
    now = 1000;
    c.prune();
    expect(c.size).toBe(1);
  });
});

describe('session sweep', () => {
  it('touches the sessions of users in memory, deletes the unused ones, and stops with the database', async () => {
    const storage = await SqliteStore.open(':memory:');
    const clock = new ManualClock(0);
    const users = new Users(storage, () => clock.now());
    const upkeep = new SessionUpkeep(users, clock, createLogger('silent'), { ttlMs: HOUR_MS / 2, newPerAddressPerHour: 1, storageOpen: () => storage.isOpen });
    const gone = await users.create('Gone');
    const kept = await users.create('Kept');
    users.forget(gone.user.id);
    upkeep.start();
    clock.advance(HOUR_MS);
    await new Promise((r) => setImmediate(r)); // the sweep's writes
    const lastSeen = (id: string) =>
      (storage.db.prepare('SELECT last_seen FROM sessions WHERE user_id = ?').get(id) as { last_seen: number } | undefined)?.last_seen;
    expect(lastSeen(gone.user.id)).toBeUndefined();
    expect(lastSeen(kept.user.id)).toBe(HOUR_MS);
    // Expired at hello: the row goes and no user comes back.
    users.forget(kept.user.id);
    clock.advance(HOUR_MS - 1); // the next sweep has not run yet
    expect(await users.resume('Kept', kept.token, HOUR_MS / 2)).toBeNull();
    expect(lastSeen(kept.user.id)).toBeUndefined();
    storage.closeNow();
    clock.advance(2 * HOUR_MS);
    expect(clock.pending).toBe(0);
  });
});
