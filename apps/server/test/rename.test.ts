/**
 * A hello with an existing token and a new display name renames the user everywhere they sit: each of their
 * open rooms (a live match and a waiting room here) broadcasts its new room state to everyone in it, the lobby
 * list changes, the room record and the match's seats are saved (the replay names the new name), and chat
 * lines already sent keep the old name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LobbyRooms, RoomState } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { sqliteOf } from './helpers/sqlite.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const seatName = (c: TestClient, roomId: string) => c.roomStates.get(roomId)?.seats.A?.name;
const listedName = (c: TestClient, roomId: string) => {
  const lists = c.received.filter((r) => r.event === 'lobby:rooms').map((r) => r.payload as LobbyRooms);
  return lists.at(-1)?.rooms.find((r) => r.roomId === roomId)?.seats.A?.name;
};
const stored = (table: 'rooms' | 'matches', id: string) => {
  const r = sqliteOf(t.server.storage).db.prepare(`SELECT seats_json FROM ${table} WHERE id = ?`).get(id) as { seats_json: string };
  return (JSON.parse(r.seats_json) as { A: { name: string } }).A.name;
};

describe('renaming a seated user', () => {
  it('updates every room they sit in, tells its members and the lobby, and saves it', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const matchId = a.view(roomId)!.matchId;
    // Alice also waits in a second room of her own.
    const waiting = await a.emit('room:create', { visibility: 'public' });
    if (!waiting.ok) throw new Error(waiting.message);
    expect(await a.emit('room:join', { roomId: waiting.roomId, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true });
    expect(await a.emit('room:chat', { roomId, text: 'hi as Alice' })).toEqual({ ok: true });
    const watcher = await TestClient.connect(t.url, 'Watcher');
    expect(await watcher.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    expect(await watcher.emit('lobby:subscribe', {})).toMatchObject({ ok: true });
    await watcher.waitFor(() => seatName(watcher, roomId) === 'Alice', 5_000, 'room state');

    // The same session from another tab, under a new name.
    const renamed = await TestClient.connect(t.url, 'Alicia', a.token);
    expect(renamed.userId).toBe(a.userId);
    for (const c of [a, b, watcher]) await c.waitFor(() => seatName(c, roomId) === 'Alicia', 5_000, `${c.name} sees the new name`);
    await a.waitFor(() => seatName(a, waiting.roomId) === 'Alicia', 5_000, 'waiting room renamed');
    await watcher.waitFor(() => listedName(watcher, roomId) === 'Alicia' && listedName(watcher, waiting.roomId) === 'Alicia', 5_000, 'lobby list');
    expect(b.roomStates.get(roomId)!.seats.B?.name).toBe('Bob');

    expect(stored('rooms', roomId)).toBe('Alicia');
    expect(stored('rooms', waiting.roomId)).toBe('Alicia');
    expect(stored('matches', matchId)).toBe('Alicia');
    // Chat already sent keeps the name it was sent under (the new tab gets the history on attach).
    await renamed.waitFor(() => renamed.received.some((r) => r.event === 'room:chat-history'), 5_000, 'chat history');
    expect(renamed.received.find((r) => r.event === 'room:chat-history')!.payload).toMatchObject({
      messages: [{ from: { name: 'Alice' }, text: 'hi as Alice' }],
    });

    // The match's record names her too: the replay, once the match is over.
    const v = b.view(roomId)!;
    expect(await b.emit('match:action', { roomId, clientActionId: 'end', seenSeq: v.seq, action: { type: 'concede' } })).toMatchObject({ ok: true });
    const replay = (await (await fetch(`${t.url}/api/matches/${matchId}/replay`)).json()) as { seats: { A: { name: string } } };
    expect(replay.seats.A.name).toBe('Alicia');
    for (const c of [a, b, watcher, renamed]) c.close();
  });

  it('the same name again changes nothing and sends no room state to the others', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    await new Promise((r) => setTimeout(r, 100));
    const before = b.received.filter((r) => r.event === 'room:state').length;
    const again = await TestClient.connect(t.url, 'Alice', a.token);
    await again.waitFor(() => again.roomStates.has(roomId), 5_000, 'attached');
    await new Promise((r) => setTimeout(r, 100));
    // One room state: the new tab's arrival (connected count), not a rename.
    const states = b.received
      .filter((r) => r.event === 'room:state')
      .slice(before)
      .map((r) => r.payload as RoomState);
    expect(states.length).toBe(1);
    expect(states[0]!.seats.A?.name).toBe('Alice');
    for (const c of [a, b, again]) c.close();
  });
});
