/**
 * Resource caps (config.caps): a client at a cap gets the cap's own refusal, another client is unaffected, and
 * freeing a room (leave, finish, concede) makes room again. Play-bot and rematches against the bot count as bot
 * matches; spectating is capped per session and per address; the user → rooms index follows create, join,
 * leave and finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, type ServerConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { until } from './helpers/until.js';

const CAPS: ServerConfig['caps'] = {
  roomsPerUser: 3,
  roomsPerAddress: 100,
  botMatchesPerUser: 2,
  botMatchesPerAddress: 100,
  spectatingPerUser: 2,
  spectatingPerAddress: 100,
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, caps: CAPS });
});
afterAll(async () => {
  await t.close();
});

const roomsOf = (c: TestClient) => [...t.server.game.userRooms.roomsOf(c.userId!)].sort();

async function create(c: TestClient): Promise<string> {
  const ack = await c.emit('room:create', { visibility: 'private' });
  if (!ack.ok) throw new Error(`create refused: ${ack.code}`);
  return ack.roomId;
}

async function concede(c: TestClient, roomId: string): Promise<void> {
  // The bot may move at the same time: a 'stale' refusal means a newer view is on its way.
  for (let i = 0; i < 20; i++) {
    await c.waitFor(() => c.view(roomId) !== undefined, 5_000, 'view');
    const v = c.view(roomId)!;
    const ack = await c.emit('match:action', { roomId, clientActionId: `${c.instance}-concede-${i}`, seenSeq: v.seq, action: { type: 'concede' } });
    if (ack.ok) break;
    if (ack.code !== 'stale') throw new Error(`concede refused: ${ack.code}`);
    await c.waitFor(() => c.view(roomId)!.seq > v.seq, 5_000, 'newer view');
  }
  await c.waitFor(() => c.view(roomId)?.result != null, 10_000, 'result');
}

describe('resource caps', () => {
  it('defaults: a few open rooms and bot matches per session, more per address; idle rooms expire in minutes', () => {
    const d = defaultConfig();
    expect(d.idleRoomTtlMs).toBe(5 * 60_000);
    expect(d.caps.roomsPerUser).toBeLessThan(d.caps.roomsPerAddress);
    expect(d.caps.botMatchesPerUser).toBeLessThan(d.caps.botMatchesPerAddress);
    expect(d.caps.spectatingPerUser).toBeLessThan(d.caps.spectatingPerAddress);
  });

  it('open rooms per session: create and join are refused at the cap, leaving frees one, others are unaffected', async () => {
    const a = await TestClient.connect(t.url, 'Hoarder');
    const b = await TestClient.connect(t.url, 'Neighbour');
    const mine = [await create(a), await create(a), await create(a)];
    const refused = await a.emit('room:create', { visibility: 'public' });
    expect(refused).toMatchObject({ ok: false, code: 'too-many-rooms' });
    if (!refused.ok) expect(refused.message).toMatch(/3 open rooms.*leave/);
    // Joining someone else's room would be a fourth open room too.
    const theirs = await create(b);
    expect(await a.emit('room:join', { roomId: theirs, roster: 'raid-night' })).toMatchObject({ ok: false, code: 'too-many-rooms' });
    // Sitting in a room one created adds nothing.
    expect(await a.emit('room:join', { roomId: mine[0]!, roster: 'raid-night' })).toMatchObject({ ok: true });
    // The other client is unaffected.
    expect(await b.emit('room:create', { visibility: 'public' })).toMatchObject({ ok: true });
    // Leaving a waiting room frees its place.
    expect(await a.emit('room:leave', { roomId: mine[0]! })).toMatchObject({ ok: true });
    expect(await a.emit('room:create', { visibility: 'public' })).toMatchObject({ ok: true });
    a.close();
    b.close();
  });

  it('open rooms per address: the address cap refuses a client that is under its own', async () => {
    const s = await startTestServer({ caps: { ...CAPS, roomsPerUser: 10, roomsPerAddress: 4 } });
    try {
      const [a, b, c] = [await TestClient.connect(s.url, 'One'), await TestClient.connect(s.url, 'Two'), await TestClient.connect(s.url, 'Three')];
      for (const x of [a, a, b, b]) expect(await x.emit('room:create', { visibility: 'private' })).toMatchObject({ ok: true });
      const refused = await c.emit('room:create', { visibility: 'private' });
      expect(refused).toMatchObject({ ok: false, code: 'too-many-rooms' });
      if (!refused.ok) expect(refused.message).toMatch(/address/);
      for (const x of [a, b, c]) x.close();
    } finally {
      await s.close();
    }
  });

  it('bot matches and rooms watched per address: refused for a client under its own cap', async () => {
    const s = await startTestServer({ caps: { ...CAPS, botMatchesPerUser: 10, botMatchesPerAddress: 2, spectatingPerUser: 10, spectatingPerAddress: 2 } });
    try {
      const [a, b, c] = [await TestClient.connect(s.url, 'One'), await TestClient.connect(s.url, 'Two'), await TestClient.connect(s.url, 'Three')];
      for (const x of [a, b]) expect(await x.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' })).toMatchObject({ ok: true });
      const bot = await c.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
      expect(bot).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
      if (!bot.ok) expect(bot.message).toMatch(/address/);
      const created = await c.emit('room:create', { visibility: 'public' });
      if (!created.ok) throw new Error('create refused');
      const others = [await c.emit('room:create', { visibility: 'public' }), await c.emit('room:create', { visibility: 'public' })];
      const ids = others.map((o) => (o.ok ? o.roomId : ''));
      expect(await a.emit('room:spectate', { roomId: ids[0]! })).toMatchObject({ ok: true });
      expect(await b.emit('room:spectate', { roomId: ids[1]! })).toMatchObject({ ok: true });
      const watch = await c.emit('room:spectate', { roomId: created.roomId });
      expect(watch).toMatchObject({ ok: false, code: 'too-many-spectated' });
      if (!watch.ok) expect(watch.message).toMatch(/address/);
      for (const x of [a, b, c]) x.close();
    } finally {
      await s.close();
    }
  });

  it('play-bot respects the bot-match cap, concede frees one, and a rematch against the bot counts', async () => {
    const a = await TestClient.connect(t.url, 'BotFan');
    const b = await TestClient.connect(t.url, 'OtherFan');
    const play = (c: TestClient) => c.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
    const first = await play(a);
    const second = await play(a);
    if (!first.ok || !second.ok) throw new Error('play-bot refused under the cap');
    const third = await play(a);
    expect(third).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
    if (!third.ok) expect(third.message).toMatch(/2 live matches against the bot.*concede/);
    expect(await play(b)).toMatchObject({ ok: true });
    // Bot matches are not open rooms: creating a room still works.
    expect(await a.emit('room:create', { visibility: 'private' })).toMatchObject({ ok: true });

    await concede(a, first.roomId);
    const again = await play(a);
    if (!again.ok) throw new Error(`play-bot refused after a concession: ${again.code}`);
    // Two live again: the rematch of the finished one would be a third.
    expect(await a.emit('room:rematch', { roomId: first.roomId })).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
    await concede(a, again.roomId);
    const rematch = await a.emit('room:rematch', { roomId: first.roomId });
    if (!rematch.ok || !rematch.roomId) throw new Error(`rematch refused under the cap: ${JSON.stringify(rematch)}`);
    expect(roomsOf(a)).toContain(rematch.roomId);
    expect(await play(a)).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
    a.close();
    b.close();
  });

  it('spectating per session: refused at the cap, watching a room again is free, leaving frees one', async () => {
    const host = await TestClient.connect(t.url, 'Host');
    const rooms = [await create(host), await create(host), await create(host)];
    const w = await TestClient.connect(t.url, 'Watcher');
    const other = await TestClient.connect(t.url, 'OtherWatcher');
    expect(await w.emit('room:spectate', { roomId: rooms[0]! })).toMatchObject({ ok: true });
    expect(await w.emit('room:spectate', { roomId: rooms[1]! })).toMatchObject({ ok: true });
    expect(await w.emit('room:spectate', { roomId: rooms[1]! })).toMatchObject({ ok: true });
    const refused = await w.emit('room:spectate', { roomId: rooms[2]! });
    expect(refused).toMatchObject({ ok: false, code: 'too-many-spectated' });
    if (!refused.ok) expect(refused.message).toMatch(/2 rooms.*leave/);
    // A second socket of the same session counts against the same cap.
    const w2 = await TestClient.connect(t.url, 'Watcher', w.token);
    expect(await w2.emit('room:spectate', { roomId: rooms[2]! })).toMatchObject({ ok: false, code: 'too-many-spectated' });
    expect(await other.emit('room:spectate', { roomId: rooms[2]! })).toMatchObject({ ok: true });
    expect(await w.emit('room:leave', { roomId: rooms[0]! })).toMatchObject({ ok: true });
    expect(await w2.emit('room:spectate', { roomId: rooms[2]! })).toMatchObject({ ok: true });
    // A disconnected socket watches nothing any more.
    const before = t.server.game.connections;
    w2.close();
    await until(() => t.server.game.connections === before - 1, 'second socket gone');
    expect(await w.emit('room:spectate', { roomId: rooms[0]! })).toMatchObject({ ok: true });
    for (const c of [host, w, other]) c.close();
  });

  it("the index follows a user's rooms through create, join, leave and finish", async () => {
    const a = await TestClient.connect(t.url, 'Indexed');
    const b = await TestClient.connect(t.url, 'Guest');
    expect(roomsOf(a)).toEqual([]);
    const r1 = await create(a);
    expect(roomsOf(a)).toEqual([r1]);
    const r2 = await create(b);
    expect(await a.emit('room:join', { roomId: r2, roster: 'raid-night' })).toMatchObject({ ok: true });
    expect(roomsOf(a)).toEqual([r1, r2].sort());
    expect(roomsOf(b)).toEqual([r2]);
    // Leaving a waiting room frees the seat and the creator's claim alike.
    expect(await a.emit('room:leave', { roomId: r1 })).toMatchObject({ ok: true });
    expect(await a.emit('room:leave', { roomId: r2 })).toMatchObject({ ok: true });
    expect(roomsOf(a)).toEqual([]);
    expect(roomsOf(b)).toEqual([r2]);
    // Both seated: the match runs; its end frees the room for both.
    expect(await a.emit('room:join', { roomId: r2, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true });
    expect(await b.emit('room:join', { roomId: r2, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true });
    expect(roomsOf(a)).toEqual([r2]);
    await a.waitFor(() => a.view(r2) !== undefined, 10_000, 'view');
    await concede(a, r2);
    expect(roomsOf(a)).toEqual([]);
    expect(roomsOf(b)).toEqual([]);
    a.close();
    b.close();
  });
});
