/**
 * Reconnection: a manager who drops mid-turn comes back on a new socket with the same token and gets the
 * full view, prompt and legal actions, with the same state hash; the opponent sees the seat's status and
 * hold countdown meanwhile. Everything the opponent and a spectator (who also drops and comes back)
 * received, and the reconnected manager's own full view, is scanned for hidden cards, the seed and the RNG.
 * A second tab of the same manager plays along. A seat whose hold runs out loses the match ('abandoned').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';

const FAST = { rateLimit: { capacity: 1000, refillPerSec: 1000 } };
let t: TestServer;
let short: TestServer;
beforeAll(async () => {
  [t, short] = await Promise.all([startTestServer(FAST), startTestServer({ ...FAST, seatHoldMs: 300 })]);
});
afterAll(async () => {
  await Promise.all([t.close(), short.close()]);
});

const aDecidesAfter = (seq: number) => (v: ViewMessage) => v.seq >= seq && v.deciders.includes('A');

describe('reconnection', () => {
  it('a manager who drops mid-turn resumes on a new socket with the same token and the match continues', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    await a.fullControl();
    const spec = await TestClient.connect(t.url, 'Watcher');
    expect(await spec.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    a.startAutoplay(roomId, makeRng('rc-a'), aDecidesAfter(30));
    b.startAutoplay(roomId, makeRng('rc-b'));
    await a.waitFor(() => a.stopped, 30_000, 'a pause with A to act');
    // The spectator drops too, and comes back on a new socket (same token) to watch again.
    spec.close();
    const spec2 = await TestClient.connect(t.url, 'Watcher', spec.token);
    expect(await spec2.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await spec2.waitFor(() => spec2.view(roomId)?.full === true, 5_000, 'spectator full view');
    const master = t.server.game.room(roomId)!.master!;
    const before = { seq: master.seq, hash: master.stateHash };
    expect(a.view(roomId)!.seq).toBe(before.seq);
    expect(a.view(roomId)!.legal.length).toBeGreaterThan(0);

    a.close();
    // The opponent sees the seat disconnected, with the hold deadline and a countdown.
    await b.waitFor(() => b.roomStates.get(roomId)?.seats.A?.connected === false, 5_000, 'A shown disconnected');
    const held = b.roomStates.get(roomId)!.seats.A!;
    expect(held.holdRemainingMs).toBeGreaterThan(50_000);
    expect(held.holdRemainingMs).toBeLessThanOrEqual(60_000);
    expect(held.holdDeadline).toBeGreaterThan(b.roomStates.get(roomId)!.serverNow);

    const a2 = await TestClient.connect(t.url, 'Alice', a.token);
    expect(a2.userId).toBe(a.userId);
    await a2.waitFor(() => a2.view(roomId) !== undefined, 5_000, 'full view after reconnect');
    const v = a2.view(roomId)!;
    expect(v).toMatchObject({ full: true, seq: before.seq, stateHash: before.hash, viewer: 'A' });
    expect(v.view.managers.A.hand).not.toBeNull();
    expect(v.legal).toEqual(a.view(roomId)!.legal);
    await b.waitFor(() => b.roomStates.get(roomId)?.seats.A?.connected === true, 5_000, 'A shown back');
    expect(b.roomStates.get(roomId)!.seats.A!.holdDeadline).toBeNull();

    expect(await a2.emit('room:chat', { roomId, text: 'back!' })).toEqual({ ok: true });
    a2.startAutoplay(roomId, makeRng('rc-a2'));
    await a2.waitFor(() => a2.view(roomId)?.result != null, 60_000, 'result');
    await b.waitFor(() => b.view(roomId)?.result != null, 10_000, 'B sees the result');
    await spec2.waitFor(() => spec2.view(roomId)?.result != null, 10_000, 'spectator sees the result');
    expect(b.view(roomId)?.stateHash).toBe(a2.view(roomId)!.stateHash);
    expect(a2.view(roomId)!.seq).toBeGreaterThan(before.seq);

    const replay = (await (await fetch(`${t.url}/api/matches/${v.matchId}/replay`)).json()) as Replay;
    const states = replayStates(replay);
    expect(scanForLeaks(b.received, secretsFor(states, 'B')).slice(0, 5)).toEqual([]);
    expect(scanForLeaks([...a.received, ...a2.received], secretsFor(states, 'A')).slice(0, 5)).toEqual([]);
    expect(scanForLeaks([...spec.received, ...spec2.received], secretsFor(states, 'spectator')).slice(0, 5)).toEqual([]);
    // Not vacuous: the reconnected manager's full view shows their own hand, which B must never see.
    expect(scanForLeaks(a2.received, secretsFor(states, 'B')).length).toBeGreaterThan(0);
    for (const c of [a2, b, spec2]) c.close();
  });

  it('a second tab of the same manager gets the seat too; closing one tab keeps the seat connected', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const tab2 = await TestClient.connect(t.url, 'Alice', a.token);
    await tab2.waitFor(() => tab2.view(roomId)?.full === true, 5_000, 'second tab full view');
    const v = tab2.view(roomId)!;
    expect(v).toMatchObject({ viewer: 'A', seq: a.view(roomId)!.seq });
    expect(await tab2.emit('match:action', { roomId, clientActionId: 'tab2-1', seenSeq: v.seq, action: { type: 'mulligan', redraw: false } })).toMatchObject({
      ok: true,
    });
    // The first tab follows what the second did; the id is the seat's, whichever tab sends it.
    await a.waitFor(() => a.view(roomId)!.seq === v.seq + 1, 5_000, 'first tab update');
    expect(await a.emit('match:action', { roomId, clientActionId: 'tab2-1', seenSeq: v.seq, action: { type: 'mulligan', redraw: true } })).toEqual({
      ok: true,
      seq: v.seq + 1,
    });
    a.close();
    await new Promise((r) => setTimeout(r, 150));
    expect(b.roomStates.get(roomId)!.seats.A).toMatchObject({ connected: true, holdDeadline: null });
    for (const c of [tab2, b]) c.close();
  });

  it('a seat whose hold expires loses the match as abandoned', async () => {
    const { a, b, roomId } = await twoManagers(short.url);
    a.close();
    await b.waitFor(() => b.view(roomId)?.result != null, 10_000, 'abandon result');
    expect(b.view(roomId)!.result).toEqual({ winner: 'B', reason: 'abandoned' });
    await b.waitFor(() => b.roomStates.get(roomId)?.status === 'finished', 5_000, 'room finished');
    expect(short.server.game.room(roomId)!.status).toBe('finished');
    // Coming back too late shows the result: hello finds the seat in the finished room (it stays in memory
    // `finishedTtlMs`), with the result view and the room finished; nothing in it can be played any more.
    const late = await TestClient.connect(short.url, 'Alice', a.token);
    await late.waitFor(() => late.view(roomId)?.result != null && late.roomStates.get(roomId)?.status === 'finished', 5_000, 'result on hello');
    expect(late.view(roomId)!.result).toEqual({ winner: 'B', reason: 'abandoned' });
    const hello = await late.emit('hello', { name: 'Alice', token: a.token! });
    expect(hello).toMatchObject({ ok: true, seats: [{ roomId, seat: 'A' }] });
    expect(short.server.game.userRooms.roomsOf(late.userId!).size).toBe(0);
    for (const c of [late, b]) c.close();
  });

  it('spectators come and go without touching the match', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const hash = t.server.game.room(roomId)!.master!.stateHash;
    for (let i = 0; i < 3; i++) {
      const s = await TestClient.connect(t.url, `Watcher${i}`);
      expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
      await s.waitFor(() => s.view(roomId) !== undefined, 5_000, 'spectator view');
      expect(s.view(roomId)!.stateHash).toBe(hash);
      await a.waitFor(() => a.roomStates.get(roomId)?.spectators === 1, 5_000, 'spectator count');
      s.close();
      await a.waitFor(() => a.roomStates.get(roomId)?.spectators === 0, 5_000, 'spectator gone');
    }
    expect(t.server.game.room(roomId)!.master!.stateHash).toBe(hash);
    expect(b.roomStates.get(roomId)!.seats.B!.connected).toBe(true);
    for (const c of [a, b]) c.close();
  });
});
