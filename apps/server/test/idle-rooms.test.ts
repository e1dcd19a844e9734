/**
 * Idle waiting rooms (nobody seated, nobody inside) expire within minutes under the default config, with the
 * server's time under the test's control (ManualClock), and the creator's cap place comes back with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // ManualClock never refills the token buckets: raise the rate limit. idleRoomTtlMs stays the default.
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, caps: { ...defaultConfig().caps, roomsPerUser: 2 } }, clock);
});
afterAll(async () => {
  await t.close();
});

describe('idle rooms', () => {
  it("an empty waiting room expires after a few minutes and frees its creator's place; a seated one stays", async () => {
    const a = await TestClient.connect(t.url, 'Creator');
    const idle = await a.emit('room:create', { visibility: 'public' });
    const seated = await a.emit('room:create', { visibility: 'public' });
    if (!idle.ok || !seated.ok) throw new Error('create refused');
    expect(await a.emit('room:join', { roomId: seated.roomId, roster: 'raid-night' })).toMatchObject({ ok: true });
    expect(await a.emit('room:create', { visibility: 'public' })).toMatchObject({ ok: false, code: 'too-many-rooms' });

    clock.advance(6 * 60_000); // past the 5-minute TTL and the next one-minute sweep
    expect(t.server.game.room(idle.roomId)).toBeUndefined();
    expect(t.server.game.room(seated.roomId)).toBeDefined();
    expect([...t.server.game.userRooms.roomsOf(a.userId!)]).toEqual([seated.roomId]);
    expect(await a.emit('room:create', { visibility: 'public' })).toMatchObject({ ok: true });
    a.close();
  });
});
