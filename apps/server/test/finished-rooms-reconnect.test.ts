/**
 * Found by the soak benchmark (issue 31 §3, docs/soak.md): finished rooms outlived their `finishedTtlMs` for as
 * long as a socket stayed in them, and two common things kept sockets in them. The web app leaves a room only by
 * its Leave button, so a tab that moved on (a rematch, the lobby) stayed in every room it played or watched; and
 * a manager's hello re-attached every finished room of theirs still in memory, however old, so a player who
 * reconnected now and then kept them alive while they kept reconnecting. The room count and the heap grew all hour.
 * Now a finished room leaves memory `finishedTtlMs` after its end whoever is in it (the sockets forget it, a
 * spectator's place under the spectating cap comes back), and hello brings back finished rooms only within that
 * time (the result a manager returning "right after" should see).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { until } from './helpers/until.js';

const MIN = 60_000;
const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // ManualClock never refills the token buckets: raise the rate limit. finishedTtlMs stays the default (10 min);
  // one room watched at a time per user, to see a dropped room give its place back.
  t = await startTestServer(
    {
      rateLimit: { capacity: 1000, refillPerSec: 1000 },
      caps: { ...defaultConfig().caps, roomsPerUser: 100, roomsPerAddress: 100, botMatchesPerAddress: 100, spectatingPerUser: 1, spectatingPerAddress: 100 },
    },
    clock,
  );
});
afterAll(async () => {
  await t.close();
});

/** A bot match `c` concedes at once: its room, finished now. */
async function finishedRoom(c: TestClient): Promise<string> {
  const played = await c.emit('room:play-bot', { roster: 'raid-night' });
  if (!played.ok) throw new Error(played.message);
  const roomId = played.roomId;
  await c.waitFor(() => c.view(roomId) !== undefined, 10_000, 'first view');
  expect(await c.emit('match:action', { roomId, clientActionId: `bye-${roomId}`, seenSeq: c.view(roomId)!.seq, action: { type: 'concede' } })).toMatchObject({
    ok: true,
  });
  await c.waitFor(() => !!c.view(roomId)?.result, 5_000, 'result');
  return roomId;
}

/** Moves the clock to `ms` after the room's end (sweeps run every minute of the clock on the way). */
function toAfterEnd(roomId: string, ms: number): void {
  const end = t.server.game.room(roomId)!.finishedAt!;
  clock.advance(end + ms - clock.now());
}

describe('finished rooms', () => {
  it('hello re-attaches a finished room within the TTL only; past it, the room is not brought back and leaves memory', async () => {
    let a = await TestClient.connect(t.url, 'Traveller');
    const roomId = await finishedRoom(a);
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
    toAfterEnd(roomId, 5 * MIN);
    expect(await reconnect()).toBe(1);
    await a.waitFor(() => !!a.view(roomId)?.result, 5_000, 'the result again');
    // 10.5 minutes after: past the TTL, between two sweeps (the room is still in memory): not re-attached.
    toAfterEnd(roomId, 10.5 * MIN);
    expect(t.server.game.room(roomId)).toBe(room);
    expect(await reconnect()).toBe(0);
    toAfterEnd(roomId, 11.5 * MIN);
    expect(t.server.game.room(roomId)).toBeUndefined();
    expect([...t.server.game.userRooms.finishedOf(a.userId!)]).toEqual([]);
    a.close();
  });

  it('a finished room leaves memory after the TTL even with its manager and a spectator still in it, who forget it', async () => {
    const a = await TestClient.connect(t.url, 'Stayer');
    const watcher = await TestClient.connect(t.url, 'Watcher');
    const roomId = await finishedRoom(a);
    expect(await watcher.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    // The watcher's one place under the spectating cap is taken.
    const other = await TestClient.connect(t.url, 'Other');
    const live = await other.emit('room:play-bot', { roster: 'raid-night' });
    if (!live.ok) throw new Error(live.message);
    expect(await watcher.emit('room:spectate', { roomId: live.roomId })).toMatchObject({ ok: false, code: 'too-many-spectated' });

    toAfterEnd(roomId, 9 * MIN);
    expect(t.server.game.room(roomId)?.memberCount).toBe(2);
    toAfterEnd(roomId, 11 * MIN + 1);
    expect(t.server.game.room(roomId)).toBeUndefined();
    // Both sockets are still connected and no longer in it; the spectator's place came back.
    expect(a.socket.connected && watcher.socket.connected).toBe(true);
    expect(await a.emit('room:chat', { roomId, text: 'still here?' })).toMatchObject({ ok: false, code: 'room-not-found' });
    expect(await watcher.emit('room:spectate', { roomId: live.roomId })).toMatchObject({ ok: true });
    for (const c of [a, watcher, other]) c.close();
  });
});
