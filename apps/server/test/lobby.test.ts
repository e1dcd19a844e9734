/**
 * The lobby and rooms: live room list (waiting, in progress; recent results apart), private rooms unlisted but
 * open by link, spectating from the list, joining with starters and deck codes, seat rules, play vs the
 * server's strong bot (on its worker thread) to a result, and the origin allowlist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { encodeDeckCode, makeRng } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { LobbyRooms } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';

let t: TestServer;
beforeAll(async () => {
  // The server bot on its worker thread, as in production; finished matches listed for 1.5 s.
  t = await startTestServer({
    rateLimit: { capacity: 1000, refillPerSec: 1000 },
    origins: ['https://play.vroyale.example'],
    botThreads: 1,
    finishedTtlMs: 1_500,
  });
});
afterAll(async () => {
  await t.close();
});

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
    const entry = lists()
      .at(-1)!
      .rooms.find((r) => r.roomId === pub.roomId)!;
    expect(entry).toMatchObject({ status: 'waiting', clock: { initialMs: 300_000, incrementMs: 3_000 }, seats: { A: null, B: null } });
    expect(listed(priv.roomId)).toBe(false);

    // A seat taken shows up too.
    expect(await host.emit('room:join', { roomId: pub.roomId, roster: 'raid-night' })).toMatchObject({ ok: true, seat: 'A' });
    await watcher.waitFor(
      () =>
        lists()
          .at(-1)!
          .rooms.find((r) => r.roomId === pub.roomId)?.seats.A?.name === 'Host',
      5_000,
      'seat shown',
    );
    for (const c of [watcher, host]) c.close();
  });

  it('lists matches in progress and recently finished; anyone can watch a listed match', async () => {
    const watcher = await TestClient.connect(t.url, 'Lurker2');
    const [x, y] = await Promise.all([TestClient.connect(t.url, 'Xena'), TestClient.connect(t.url, 'Yuri')]);
    const room = await x.emit('room:create', { visibility: 'public' });
    if (!room.ok) throw new Error(room.message);
    const { roomId } = room;
    await x.emit('room:join', { roomId, roster: 'raid-night' });
    await y.emit('room:join', { roomId, roster: 'mod-squad' });
    const lists = async () => {
      const list = await watcher.emit('lobby:subscribe', {});
      if (!list.ok) throw new Error(list.message);
      return list;
    };
    const entry = async () => (await lists()).rooms.find((r) => r.roomId === roomId);
    const result = async () => (await lists()).recent.find((r) => r.roomId === roomId);
    expect(await entry()).toMatchObject({ status: 'active', seats: { A: { name: 'Xena' }, B: { name: 'Yuri' } }, result: null });
    // Spectating straight from the list.
    expect(await watcher.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await watcher.waitFor(() => watcher.view(roomId)?.viewer === 'spectator', 5_000, 'spectator view');
    // X concedes: the room leaves the live list for the recent results, with its result, until the TTL passes.
    const v = x.view(roomId)!;
    expect(await x.emit('match:action', { roomId, clientActionId: 'gg', seenSeq: v.seq, action: { type: 'concede' } })).toMatchObject({ ok: true });
    await watcher.waitFor(() => watcher.view(roomId)?.result != null, 5_000, 'result');
    expect(await entry()).toBeUndefined();
    expect(await result()).toMatchObject({ status: 'finished', result: { winner: 'B', reason: 'concede' } });
    expect((await result())!.endedAt).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await result()).toBeUndefined();
    for (const c of [watcher, x, y]) c.close();
  });

  it('opens a private room to whoever has its link, and never lists it', async () => {
    const [host, friend, watcher] = await Promise.all([
      TestClient.connect(t.url, 'Host2'),
      TestClient.connect(t.url, 'Friend'),
      TestClient.connect(t.url, 'Lurker3'),
    ]);
    const room = await host.emit('room:create', { visibility: 'private' });
    if (!room.ok) throw new Error(room.message);
    const { roomId } = room;
    await host.emit('room:join', { roomId, roster: 'raid-night' });
    // The link is the room id: the friend joins and a watcher spectates with it.
    expect(await friend.emit('room:join', { roomId, roster: 'mod-squad' })).toMatchObject({ ok: true, seat: 'B' });
    expect(await watcher.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await watcher.waitFor(() => watcher.view(roomId) !== undefined, 5_000, 'spectator view');
    const list = await watcher.emit('lobby:subscribe', {});
    if (!list.ok) throw new Error(list.message);
    expect(list.rooms.some((r) => r.roomId === roomId)).toBe(false);
    for (const c of [host, friend, watcher]) c.close();
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

    const starter = starterRosters.find((s) => s.id === 'mod-squad')!;
    const choice = encodeDeckCode({ centre: starter.centre, cards: [...starter.cards] }, cardPool);
    expect(choice).toMatch(/^v\d+-/);
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
    expect(human.roomStates.get(roomId)?.seats.B).toMatchObject({ name: 'Bot (normal)', bot: true, connected: true });
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
