/**
 * The lobby and rooms: live room list, private rooms unlisted, joining with starters and deck codes, seat
 * rules, play vs bot to a result, and the origin allowlist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { makeRng, type CardDef, type Roster } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { LobbyRooms } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, origins: ['https://play.vroyale.example'] });
});
afterAll(async () => {
  await t.close();
});

/** The engine's deck-code encoder, while it lives outside the engine's index (see roster-choice.ts). */
async function encoder(): Promise<((r: Roster, pool: Record<string, CardDef>) => string) | null> {
  try {
    const path = '../../../packages/engine/src/deck/deck-code.js';
    const mod = (await import(/* @vite-ignore */ path)) as { encodeDeckCode?: (r: Roster, pool: Record<string, CardDef>) => string };
    return mod.encodeDeckCode ?? null;
  } catch {
    return null;
  }
}

describe('lobby', () => {
  it('pushes the live room list to subscribers; private rooms are not listed', async () => {
    const watcher = await TestClient.connect(t.url, 'Lurker');
    const host = await TestClient.connect(t.url, 'Host');
    const first = await watcher.emit('lobby:subscribe', {});
    expect(first.ok).toBe(true);
    const pub = await host.emit('room:create', { visibility: 'public', clock: { initialMs: 300_000, incrementMs: 3_000 } });
    const priv = await host.emit('room:create', { visibility: 'private' });
    if (!pub.ok || !priv.ok) throw new Error('create failed');
    expect(pub.roomId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const lists = () => watcher.received.filter((r) => r.event === 'lobby:rooms').map((r) => r.payload as LobbyRooms);
    const listed = (id: string) => lists().some((l) => l.rooms.some((r) => r.roomId === id));
    await watcher.waitFor(() => listed(pub.roomId), 5_000, 'public room listed');
    const entry = lists().at(-1)!.rooms.find((r) => r.roomId === pub.roomId)!;
    expect(entry).toMatchObject({ status: 'waiting', clock: { initialMs: 300_000, incrementMs: 3_000 }, seats: { A: null, B: null } });
    expect(listed(priv.roomId)).toBe(false);

    // A seat taken shows up too.
    expect(await host.emit('room:join', { roomId: pub.roomId, roster: 'raid-night' })).toMatchObject({ ok: true, seat: 'A' });
    await watcher.waitFor(() => lists().at(-1)!.rooms.find((r) => r.roomId === pub.roomId)?.seats.A?.name === 'Host', 5_000, 'seat shown');
    for (const c of [watcher, host]) c.close();
  });

  it('checks rosters and seats when joining', async () => {
    const [x, y, z] = await Promise.all([TestClient.connect(t.url, 'X'), TestClient.connect(t.url, 'Y'), TestClient.connect(t.url, 'Z')]);
    const room = await x.emit('room:create', { visibility: 'private' });
    if (!room.ok) throw new Error(room.message);
    const roomId = room.roomId;
    expect(await x.emit('room:join', { roomId, roster: 'no-such-starter' })).toMatchObject({ ok: false, code: 'invalid-roster' });
    expect(await x.emit('room:join', { roomId, roster: 'v1-AAAA' })).toMatchObject({ ok: false, code: 'invalid-roster' });
    expect(await x.emit('room:join', { roomId: 'nope', roster: 'raid-night' })).toMatchObject({ ok: false, code: 'room-not-found' });
    expect(await x.emit('room:join', { roomId, roster: 'raid-night', seat: 'B' })).toMatchObject({ ok: true, seat: 'B' });
    // Joining again is idempotent (the same seat back).
    expect(await x.emit('room:join', { roomId, roster: 'mod-squad' })).toMatchObject({ ok: true, seat: 'B' });
    expect(await y.emit('room:join', { roomId, roster: 'raid-night', seat: 'B' })).toMatchObject({ ok: false, code: 'seat-taken' });

    const encode = await encoder();
    const starter = starterRosters.find((s) => s.id === 'mod-squad')!;
    const choice = encode ? encode({ centre: starter.centre, cards: starter.cards }, cardPool) : 'mod-squad';
    expect(await y.emit('room:join', { roomId, roster: choice })).toMatchObject({ ok: true, seat: 'A' });
    expect(await z.emit('room:join', { roomId, roster: 'raid-night' })).toMatchObject({ ok: false, code: 'room-full' });
    await y.waitFor(() => y.view(roomId) !== undefined, 5_000, 'match started');
    expect(y.roomStates.get(roomId)).toMatchObject({ status: 'active', yourSeat: 'A' });
    for (const c of [x, y, z]) c.close();
  });

  it('plays a whole match against the server bot', async () => {
    const human = await TestClient.connect(t.url, 'Solo');
    const started = await human.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
    if (!started.ok) throw new Error(started.message);
    const { roomId } = started;
    await human.waitFor(() => human.view(roomId) !== undefined, 5_000, 'first view');
    expect(human.roomStates.get(roomId)?.seats.B).toMatchObject({ bot: true, connected: true });
    human.startAutoplay(roomId, makeRng('solo'));
    await human.waitFor(() => human.view(roomId)?.result != null, 60_000, 'result');
    const replay = await fetch(`${t.url}/api/matches/${human.view(roomId)!.matchId}/replay`);
    expect(replay.status).toBe(200);
    human.close();
  });

  it('refuses browsers from origins not on the allowlist', async () => {
    const tryOrigin = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const s = io(t.url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { Origin: origin } });
        s.once('connect', () => (s.disconnect(), resolve(true)));
        s.once('connect_error', () => (s.disconnect(), resolve(false)));
      });
    expect(await tryOrigin('https://evil.example')).toBe(false);
    expect(await tryOrigin('https://play.vroyale.example')).toBe(true);
    expect(await tryOrigin(new URL(t.url).origin)).toBe(true);
  });
});
