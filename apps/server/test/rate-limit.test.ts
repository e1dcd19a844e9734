/** A flood from one socket is throttled (error acks, nothing applied) while other sockets are served. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 40, refillPerSec: 20 }, chatLimit: { capacity: 5, refillPerSec: 0.5 } });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits', () => {
  it('throttles a flood from one socket and keeps serving the others', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const master = t.server.game.room(roomId)!.master!;
    const before = { seq: master.seq, hash: master.stateHash };
    const flood = await Promise.all(
      Array.from({ length: 600 }, (_, i) => b.emit('match:action', { roomId, clientActionId: `flood-${i}`, seenSeq: 0, action: { type: 'pass' } })),
    );
    const limited = flood.filter((x) => !x.ok && x.code === 'rate-limited').length;
    // The bucket holds 40 and refills 20/s: the flood gets a handful through (refused by the rules anyway).
    expect(limited).toBeGreaterThan(500);
    expect(flood.every((x) => !x.ok)).toBe(true);
    expect({ seq: master.seq, hash: master.stateHash }).toEqual(before);
    // The other manager is unaffected.
    expect(await a.emit('lobby:subscribe', {})).toMatchObject({ ok: true });
    // And the flooder recovers once it slows down.
    await new Promise((r) => setTimeout(r, 300));
    expect(await b.emit('lobby:subscribe', {})).toMatchObject({ ok: true });
    for (const c of [a, b]) c.close();
  });

  it('limits chat per user and room', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const acks = [];
    for (let i = 0; i < 8; i++) acks.push(await a.emit('room:chat', { roomId, text: `line ${i}` }));
    expect(acks.filter((x) => x.ok).length).toBe(5);
    expect(acks[7]).toMatchObject({ ok: false, code: 'rate-limited' });
    await b.waitFor(() => b.received.filter((r) => r.event === 'room:chat').length === 5, 5_000, 'five lines');
    for (const c of [a, b]) c.close();
  });

  it('refuses everything but hello from an unidentified socket', async () => {
    const c = await TestClient.connect(t.url, 'Somebody');
    const { io } = await import('socket.io-client');
    const raw = io(t.url, { transports: ['websocket'], forceNew: true });
    const ack = await raw.timeout(5_000).emitWithAck('room:create', { visibility: 'public' });
    expect(ack).toMatchObject({ ok: false, code: 'not-identified' });
    raw.disconnect();
    c.close();
  });
});
