/**
 * Rematch: offered by one manager, accepted by the other, a new room with the same managers, rosters and
 * clock, seats swapped, its match started; against a bot the rematch starts at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { actFromLatest, twoManagers } from './helpers/match-setup.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

async function concede(c: TestClient, roomId: string): Promise<void> {
  expect((await actFromLatest(c, roomId, { type: 'concede' }, 'concede')).ok).toBe(true);
  await c.waitFor(() => c.view(roomId)?.result != null, 10_000, 'result');
}

describe('rematch', () => {
  it('needs both managers; then both are seated in a new room with their rosters, seats swapped', async () => {
    const { a, b, roomId } = await twoManagers(t.url, { visibility: 'private', clock: { initialMs: 300_000, incrementMs: 3_000 } });
    const spec = await TestClient.connect(t.url, 'Watcher');
    expect(await spec.emit('room:spectate', { roomId })).toMatchObject({ ok: true });

    expect(await a.emit('room:rematch', { roomId })).toMatchObject({ ok: false, code: 'not-finished' });
    await concede(a, roomId);
    await b.waitFor(() => b.roomStates.get(roomId)?.status === 'finished', 5_000, 'finished');
    expect(b.roomStates.get(roomId)?.rematch).toEqual({ offers: [], roomId: null });

    expect(await spec.emit('room:rematch', { roomId })).toMatchObject({ ok: false, code: 'not-a-manager' });
    expect(await a.emit('room:rematch', { roomId })).toEqual({ ok: true, offers: ['A'], roomId: null });
    // The offer reaches the other manager (and the spectator) in the room state.
    await b.waitFor(() => b.roomStates.get(roomId)?.rematch.offers.includes('A') === true, 5_000, 'offer seen');
    const accepted = await b.emit('room:rematch', { roomId });
    if (!accepted.ok || !accepted.roomId) throw new Error(`rematch not started: ${JSON.stringify(accepted)}`);
    const next = accepted.roomId;
    expect(next).not.toBe(roomId);
    for (const c of [a, spec]) await c.waitFor(() => c.roomStates.get(roomId)?.rematch.roomId === next, 5_000, 'new room announced');
    // Asking again changes nothing.
    expect(await a.emit('room:rematch', { roomId })).toMatchObject({ ok: true, roomId: next });

    // Both are already seated there (swapped); joining attaches them and the match is under way.
    expect(await a.emit('room:join', { roomId: next, roster: 'ignored-when-seated' })).toMatchObject({ ok: true, seat: 'B' });
    expect(await b.emit('room:join', { roomId: next, roster: 'ignored-when-seated' })).toMatchObject({ ok: true, seat: 'A' });
    await a.waitFor(() => a.view(next) !== undefined, 5_000, 'rematch view');
    await b.waitFor(() => b.view(next) !== undefined, 5_000, 'rematch view');
    const va = a.view(next)! as ViewMessage;
    expect(va.viewer).toBe('B');
    expect(va.matchId).not.toBe(a.view(roomId)!.matchId);
    expect(va.view.phase).toBe('mulligan');
    const oldRoom = t.server.game.room(roomId)!;
    const newRoom = t.server.game.room(next)!;
    expect(newRoom.visibility).toBe('private');
    expect(newRoom.clockConfig).toEqual({ initialMs: 300_000, incrementMs: 3_000 });
    expect(newRoom.seats.A!.userId).toBe(oldRoom.seats.B!.userId);
    expect(newRoom.seats.B!.userId).toBe(oldRoom.seats.A!.userId);
    expect(newRoom.seats.A!.roster).toEqual(oldRoom.seats.B!.roster);
    expect(newRoom.seats.B!.roster).toEqual(oldRoom.seats.A!.roster);
    // A reconnecting manager gets the new seat back (it is a live seat now).
    expect(b.roomStates.get(next)).toMatchObject({ status: 'active', yourSeat: 'A' });
    for (const c of [a, b, spec]) c.close();
  });

  it('against the bot the rematch starts at once', async () => {
    const human = await TestClient.connect(t.url, 'Solo');
    const started = await human.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
    if (!started.ok) throw new Error(started.message);
    await human.waitFor(() => human.view(started.roomId) !== undefined, 5_000, 'first view');
    await concede(human, started.roomId);
    const r = await human.emit('room:rematch', { roomId: started.roomId });
    if (!r.ok || !r.roomId) throw new Error(`no rematch: ${JSON.stringify(r)}`);
    expect(await human.emit('room:join', { roomId: r.roomId, roster: 'raid-night' })).toMatchObject({ ok: true, seat: 'B' });
    await human.waitFor(() => human.view(r.roomId!) !== undefined, 5_000, 'rematch view');
    expect(human.roomStates.get(r.roomId)?.seats.A).toMatchObject({ bot: true, connected: true });
    expect(t.server.game.room(r.roomId)!.seats.A!.roster).toEqual(t.server.game.room(started.roomId)!.seats.B!.roster);
    human.close();
  });
});
