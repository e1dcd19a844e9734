/**
 * Found by the soak benchmark (issue 31 §3, docs/soak.md): a manager's hello re-attached every finished room of
 * theirs still in memory, however old. A finished room leaves memory only once nobody is in it, so a player who
 * reconnected now and then (a phone on a train, a flaky Wi-Fi) kept each of their finished rooms alive for as long
 * as they kept reconnecting: the room count and the heap grew all hour. Now hello brings back finished rooms only
 * within `finishedTtlMs` of their end (the result a manager returning "right after" should see).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/time/manual-clock.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { until } from './helpers/until.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // ManualClock never refills the token buckets: raise the rate limit. finishedTtlMs stays the default (10 min).
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } }, clock);
});
afterAll(async () => {
  await t.close();
});

const MIN = 60_000;

describe('finished rooms and reconnecting managers', () => {
  it('a reconnection within the TTL gets the result back; after it, the room is not re-attached and leaves memory', async () => {
    expect(t.config.finishedTtlMs).toBe(10 * MIN);
    let a = await TestClient.connect(t.url, 'Traveller');
    const played = await a.emit('room:play-bot', { roster: 'raid-night' });
    if (!played.ok) throw new Error(played.message);
    const roomId = played.roomId;
    await a.waitFor(() => a.view(roomId) !== undefined, 10_000, 'first view');
    expect(await a.emit('match:action', { roomId, clientActionId: 'bye', seenSeq: a.view(roomId)!.seq, action: { type: 'concede' } })).toMatchObject({ ok: true });
    await a.waitFor(() => !!a.view(roomId)?.result, 5_000, 'result');
    const room = t.server.game.room(roomId)!;

    // The hello handler attaches the seats in the same synchronous block as its ack: the count is final on return.
    const reconnect = async () => {
      const token = a.token;
      a.close();
      await until(() => room.memberCount === 0, 'the old socket gone');
      a = await TestClient.connect(t.url, 'Traveller', token);
      return room.memberCount;
    };

    // 5 minutes after the end: the manager comes back to the result.
    clock.advance(5 * MIN);
    expect(await reconnect()).toBe(1);
    await a.waitFor(() => !!a.view(roomId)?.result, 5_000, 'the result again');

    // 11 minutes after: still in memory (a socket is in it), but a new hello no longer re-attaches it...
    clock.advance(6 * MIN);
    expect(t.server.game.room(roomId)).toBe(room);
    expect(await reconnect()).toBe(0);
    // ...so the next sweep drops it, as it would have at 10 minutes without the reconnections.
    clock.advance(MIN + 1_000);
    expect(t.server.game.room(roomId)).toBeUndefined();
    expect([...t.server.game.userRooms.finishedOf(a.userId!)]).toEqual([]);
    a.close();
  });
});
