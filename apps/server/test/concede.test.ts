/**
 * Conceding works at any moment (RUL-END-3): also while the match waits on the other manager, and with
 * whatever view the manager last saw, since the views keep coming while they reach for the button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deciders, makeRng } from '@vroyale/engine';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

describe('concede', () => {
  it('is accepted while the match waits on the opponent, on a view long gone', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    await a.fullControl();
    await b.fullControl();
    a.startAutoplay(roomId, makeRng('cd-a'), (v) => v.seq >= 12 && v.deciders.includes('A'));
    b.startAutoplay(roomId, makeRng('cd-b'));
    await a.waitFor(() => a.stopped, 30_000, 'a pause with A to act');
    b.autoplay = null;
    const master = t.server.game.room(roomId)!.master!;
    expect(deciders(master.internalState)).toEqual(['A']);
    // Anything else B sends on an old view is refused as stale...
    expect(await b.emit('match:action', { roomId, clientActionId: 'late', seenSeq: 0, action: { type: 'pass' } })).toMatchObject({ ok: false, code: 'stale' });
    // ...but a concession, though B is not asked and sends the seq of its first view, is not.
    const ack = await b.emit('match:action', { roomId, clientActionId: 'give-up', seenSeq: 0, action: { type: 'concede' } });
    expect(ack).toEqual({ ok: true, seq: master.seq });
    await a.waitFor(() => a.view(roomId)!.result !== null, 5_000, 'the result');
    expect(a.view(roomId)!.result).toEqual({ winner: 'A', reason: 'concede' });
    // Sent again (a retry): the same answer, nothing more.
    expect(await b.emit('match:action', { roomId, clientActionId: 'give-up', seenSeq: 0, action: { type: 'concede' } })).toEqual(ack);
    for (const c of [a, b]) c.close();
  });

  it('during the mulligans, before either manager decided; only the managers may', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const spec = await TestClient.connect(t.url, 'Watcher');
    await spec.emit('room:spectate', { roomId });
    expect(await spec.emit('match:action', { roomId, clientActionId: 's', seenSeq: 0, action: { type: 'concede' } })).toMatchObject({
      ok: false,
      code: 'not-a-manager',
    });
    expect(await a.emit('match:action', { roomId, clientActionId: 'x', seenSeq: 0, action: { type: 'concede', manager: 'B' } })).toMatchObject({
      ok: false,
      code: 'wrong-seat',
    });
    expect(await a.emit('match:action', { roomId, clientActionId: 'y', seenSeq: 7, action: { type: 'concede' } })).toEqual({ ok: true, seq: 1 });
    await b.waitFor(() => b.view(roomId)!.result !== null, 5_000, 'the result');
    expect(b.view(roomId)!.result).toEqual({ winner: 'B', reason: 'concede' });
    // Other actions on a stale view are still refused, and the match is over for everyone.
    expect(await b.emit('match:action', { roomId, clientActionId: 'z', seenSeq: 0, action: { type: 'mulligan', redraw: false } })).toMatchObject({
      ok: false,
      code: 'match-over',
    });
    for (const c of [a, b, spec]) c.close();
  });
});
