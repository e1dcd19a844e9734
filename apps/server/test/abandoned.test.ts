/**
 * Seat holds that run out during a match, with the server's time under the test's control (ManualClock).
 * A manager whose hold runs out while the other is present loses ('abandoned', also in reconnect.test.ts);
 * when both are away nobody is there to win: both holds running out is a draw, not a win for whoever left
 * second, and whoever comes back first decides the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { ManualClock } from '../src/time/manual-clock.js';

const HOLD = 10_000;
const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seatHoldMs: HOLD, rateLimit: { capacity: 1000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

const tick = () => new Promise((r) => setTimeout(r, 30));

/** A match with a spectator; A leaves, then B leaves 3 s later; returns once the room shows both away. */
async function bothLeave() {
  const { a, b, roomId } = await twoManagers(t.url);
  const spec = await TestClient.connect(t.url, 'Watcher');
  await spec.emit('room:spectate', { roomId });
  const away = (s: 'A' | 'B') => () => spec.roomStates.get(roomId)?.seats[s]?.connected === false;
  a.close();
  await spec.waitFor(away('A'), 5_000, 'A away');
  clock.advance(3_000);
  b.close();
  await spec.waitFor(away('B'), 5_000, 'B away');
  return { a, b, spec, roomId, room: t.server.game.room(roomId)! };
}

describe('seat holds when both managers are away', () => {
  it('both holds running out make the match a draw, saved, shown to all, with nobody asked any more', async () => {
    const { spec, roomId, room } = await bothLeave();
    clock.advance(HOLD - 3_000); // A's hold runs out: B is away too, so nobody wins yet
    await tick();
    expect(room.master!.matchResult).toBeNull();
    clock.advance(3_000); // and B's
    await spec.waitFor(() => spec.view(roomId)?.result != null, 5_000, 'the result');
    const v = spec.view(roomId)!;
    expect(v.result).toEqual({ winner: 'draw', reason: 'abandoned' });
    expect(v.deciders).toEqual([]);
    expect(v.clocks.A.running || v.clocks.B.running).toBe(false);
    expect(room.status).toBe('finished');
    expect(await t.server.storage.match(v.matchId)).toMatchObject({ status: 'finished', result: { winner: 'draw', reason: 'abandoned' } });
    const replay = await (await fetch(`${t.url}/api/matches/${v.matchId}/replay`)).json();
    expect(replay.result).toEqual({ winner: 'draw', reason: 'abandoned' });
    spec.close();
  });

  it('the other manager coming back after the first hold ran out wins: the first seat loses then', async () => {
    const { b, spec, roomId, room } = await bothLeave();
    clock.advance(HOLD - 3_000);
    await tick();
    expect(room.master!.matchResult).toBeNull();
    const back = await TestClient.connect(t.url, 'Bob', b.token);
    await back.waitFor(() => back.view(roomId)?.result != null, 5_000, 'the result');
    expect(back.view(roomId)!.result).toEqual({ winner: 'B', reason: 'abandoned' });
    for (const c of [back, spec]) c.close();
  });

  it('the first manager coming back before the other hold runs out plays on; then the other seat loses', async () => {
    const { a, spec, roomId, room } = await bothLeave();
    clock.advance(HOLD - 3_000);
    await tick();
    const back = await TestClient.connect(t.url, 'Alice', a.token);
    await back.waitFor(() => back.view(roomId) !== undefined, 5_000, 'a view');
    await tick();
    expect(room.master!.matchResult).toBeNull();
    clock.advance(3_000); // B's hold runs out with A present
    await back.waitFor(() => back.view(roomId)?.result != null, 5_000, 'the result');
    expect(back.view(roomId)!.result).toEqual({ winner: 'A', reason: 'abandoned' });
    for (const c of [back, spec]) c.close();
  });
});
