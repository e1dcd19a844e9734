/**
 * Spectating that scales (issue 15 §3), over real sockets: spectators coming and going cost the managers at
 * most one room state per presence interval, while seat changes still arrive at once; a joiner gets the chat
 * in one bounded message; watching and leaving too fast is refused. The ManualClock server makes "at once" and
 * "not before the interval" exact; the real-clock server checks the bound under a burst.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type ChatHistory } from '@vroyale/protocol';
import { PRESENCE_EVERY_MS } from '../src/rooms/room.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { twoManagers } from './helpers/match-setup.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { until } from './helpers/until.js';

const clock = new ManualClock();
let manual: TestServer;
let real: TestServer;
beforeAll(async () => {
  // ManualClock never refills the token buckets: raise the general and chat limits; the toggle limit is set here.
  const lifted = { capacity: 100_000, refillPerSec: 1 };
  [manual, real] = await Promise.all([
    startTestServer({ rateLimit: lifted, chatLimit: lifted, spectateLimit: { capacity: 6, refillPerSec: 1 } }, clock),
    startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 100_000 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([manual.close(), real.close()]);
});

const states = (c: TestClient) => c.received.filter((r) => r.event === 'room:state').length;
const of = (c: TestClient, event: string) => c.received.filter((r) => r.event === event);
/** Lets messages already sent reach the clients (nothing is waited on: the point is that nothing else came). */
const settle = () => new Promise((r) => setTimeout(r, 100));

async function watchers(url: string, n: number, prefix: string): Promise<TestClient[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => TestClient.connect(url, `${prefix}${i}`)));
}

describe('presence (ManualClock)', () => {
  it('spectators joining and leaving reach the managers only when the interval ends, and only if the count moved; seats at once', async () => {
    const { a, b, roomId } = await twoManagers(manual.url);
    const crowd = await watchers(manual.url, 50, 'Mw');
    await settle();
    const [a0, b0] = [states(a), states(b)];

    // Within the toggle limit of this server (6): two rounds, then 20 stay (and one of the others comes and goes).
    for (let round = 0; round < 2; round++) {
      for (const s of crowd) expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
      for (const s of crowd) expect(await s.emit('room:leave', { roomId })).toMatchObject({ ok: true });
    }
    for (const s of crowd.slice(0, 20)) expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    // Every joiner had its own room state at once, with the count of its moment.
    await until(() => crowd.slice(0, 20).every((s) => s.roomStates.get(roomId)?.yourSeat === null), "joiners' own states");
    await settle();
    expect([states(a) - a0, states(b) - b0]).toEqual([0, 0]);

    clock.advance(PRESENCE_EVERY_MS);
    await a.waitFor(() => states(a) - a0 === 1, 5_000, 'one coalesced state');
    await b.waitFor(() => states(b) - b0 === 1, 5_000, 'one coalesced state');
    expect(a.roomStates.get(roomId)!.spectators).toBe(20);
    expect(b.roomStates.get(roomId)!.spectators).toBe(20);

    // Back to the count the members were told: nothing to say.
    const extra = crowd[20]!;
    expect(await extra.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    expect(await extra.emit('room:leave', { roomId })).toMatchObject({ ok: true });
    // extra was told 21 when it joined; having left, it is not a member: nobody in the room is behind.
    clock.advance(PRESENCE_EVERY_MS);
    await settle();
    expect(states(a) - a0).toBe(1);

    // A manager leaving matters to play: the other manager and the spectators hear of it without waiting.
    const seen = crowd[0]!;
    a.close();
    await b.waitFor(() => b.roomStates.get(roomId)?.seats.A?.connected === false, 5_000, 'A disconnected at once');
    await seen.waitFor(() => seen.roomStates.get(roomId)?.seats.A?.connected === false, 5_000, 'spectators too');
    const back = await TestClient.connect(manual.url, 'Alice', a.token);
    await b.waitFor(() => b.roomStates.get(roomId)?.seats.A?.connected === true, 5_000, 'A back at once');
    expect(back.roomStates.get(roomId)).toMatchObject({ yourSeat: 'A', spectators: 20 });
    for (const c of [...crowd, back, b]) c.close();
  });

  it('a joiner gets one chat history: the newest 50 lines, bounded in bytes, and no line one by one', async () => {
    const { a, b, roomId } = await twoManagers(manual.url);
    for (let i = 0; i < 60; i++) expect(await a.emit('room:chat', { roomId, text: `line ${i} ${'x'.repeat(200)}` })).toEqual({ ok: true });
    const [s] = await watchers(manual.url, 1, 'Chat');
    expect(await s!.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await s!.waitFor(() => of(s!, 'room:chat-history').length === 1, 5_000, 'history');
    await settle();
    expect(of(s!, 'room:chat-history')).toHaveLength(1);
    expect(of(s!, 'room:chat')).toHaveLength(0);
    const h = of(s!, 'room:chat-history')[0]!.payload as ChatHistory;
    expect(h.roomId).toBe(roomId);
    expect(h.messages.map((m) => m.text.split(' ')[1])).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 10)));

    // Three-byte characters: the byte bound keeps fewer lines.
    for (let i = 0; i < 60; i++) expect(await b.emit('room:chat', { roomId, text: '€'.repeat(LIMITS.chatMax) })).toEqual({ ok: true });
    const [t2] = await watchers(manual.url, 1, 'Chat');
    expect(await t2!.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await t2!.waitFor(() => of(t2!, 'room:chat-history').length === 1, 5_000, 'history');
    const h2 = (of(t2!, 'room:chat-history')[0]!.payload as ChatHistory).messages;
    const bytes = h2.reduce((n, m) => n + Buffer.byteLength(m.text) + Buffer.byteLength(m.from.name), 0);
    expect(bytes).toBeLessThanOrEqual(LIMITS.chatHistoryBytes);
    expect(h2.length).toBe(Math.floor(LIMITS.chatHistoryBytes / (3 * LIMITS.chatMax + 'Bob'.length)));
    // A room without chat sends none.
    const quiet = await twoManagers(manual.url);
    expect(await t2!.emit('room:spectate', { roomId: quiet.roomId })).toMatchObject({ ok: true });
    await t2!.waitFor(() => t2!.view(quiet.roomId) !== undefined, 5_000, 'quiet room view');
    await settle();
    expect(of(t2!, 'room:chat-history')).toHaveLength(1);
    for (const c of [a, b, s!, t2!, quiet.a, quiet.b]) c.close();
  });

  it('watching and leaving too fast is refused per socket and per user; the bucket refills with time', async () => {
    const { a, b, roomId } = await twoManagers(manual.url);
    const s = await TestClient.connect(manual.url, 'Toggler');
    const acks = [];
    for (let i = 0; i < 4; i++) {
      acks.push(await s.emit('room:spectate', { roomId }));
      acks.push(await s.emit('room:leave', { roomId }));
    }
    expect(acks.slice(0, 6).every((x) => x.ok)).toBe(true);
    // The seventh toggle is refused, and so is the leave after it (it is not in the room: that costs nothing).
    expect(acks[6]).toEqual({ ok: false, code: 'rate-limited', message: 'You are joining and leaving rooms too fast; wait a moment' });
    expect(acks[7]).toEqual({ ok: true });
    expect(manual.server.game.room(roomId)!.hasMember(s.socket.id!)).toBe(false);
    // Another socket of the same user shares the user's bucket; another user does not.
    const tab = await TestClient.connect(manual.url, 'Toggler', s.token);
    expect(await tab.emit('room:spectate', { roomId })).toMatchObject({ ok: false, code: 'rate-limited' });
    const other = await TestClient.connect(manual.url, 'Someone');
    expect(await other.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    clock.advance(1_000);
    expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    expect(await s.emit('room:leave', { roomId })).toMatchObject({ ok: false, code: 'rate-limited' });
    expect(manual.server.game.room(roomId)!.hasMember(s.socket.id!)).toBe(true);
    for (const c of [a, b, s, tab, other]) c.close();
  });
});

describe('spectator full views', () => {
  it('watchers arriving at one seq share one projection; a later seq gets a fresh one with every def it shows', async () => {
    const { a, b, roomId } = await twoManagers(real.url);
    const master = real.server.game.room(roomId)!.master!;
    const [s1, s2, s3] = await watchers(real.url, 3, 'Fv');
    expect(await s1!.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await s1!.waitFor(() => s1!.view(roomId)?.full === true, 5_000, 'first full view');
    const seq0 = s1!.view(roomId)!.seq;
    const v = a.view(roomId)!;
    expect(await a.emit('match:action', { roomId, clientActionId: 'fv-1', seenSeq: v.seq, action: { type: 'mulligan', redraw: true } })).toMatchObject({
      ok: true,
    });
    await s1!.waitFor(() => s1!.view(roomId)!.seq > seq0, 5_000, 'update');
    for (const s of [s2!, s3!]) {
      expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
      await s.waitFor(() => s.view(roomId)?.full === true, 5_000, 'full view');
    }
    const [f2, f3] = [s2!.view(roomId)!, s3!.view(roomId)!];
    expect(f2).toMatchObject({ full: true, viewer: 'spectator', seq: master.seq, stateHash: master.stateHash, legal: [] });
    expect(f2.seq).toBeGreaterThan(seq0);
    expect({ ...f3, clocks: null }).toEqual({ ...f2, clocks: null });
    const shown: string[] = [];
    for (const m of ['A', 'B'] as const) {
      const mv = f2.view.managers[m];
      for (const c of [...(mv.hand ?? []), ...(mv.backstage ? [mv.backstage] : []), ...mv.centre, ...mv.main, ...mv.starPool, ...mv.graduation, ...mv.hiatus])
        shown.push(c.def);
    }
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(f2.view.defs[id], id).toBeDefined();
    for (const c of [a, b, s1!, s2!, s3!]) c.close();
  });
});

describe('presence (real clock)', () => {
  it('50 spectators toggling in a burst cost each manager at most one room state per interval, and the final count is right', async () => {
    const { a, b, roomId } = await twoManagers(real.url);
    const crowd = await watchers(real.url, 50, 'Rw');
    await new Promise((r) => setTimeout(r, 2 * PRESENCE_EVERY_MS));
    const [a0, b0] = [states(a), states(b)];
    const started = Date.now();
    let joins = 0;
    for (let round = 0; round < 10; round++) {
      const stay = round === 9 ? 30 : 0;
      await Promise.all(crowd.map((s) => s.emit('room:spectate', { roomId })));
      joins += crowd.length;
      await Promise.all(crowd.slice(stay).map((s) => s.emit('room:leave', { roomId })));
    }
    await a.waitFor(() => a.roomStates.get(roomId)?.spectators === 30, 5_000, 'final count');
    await b.waitFor(() => b.roomStates.get(roomId)?.spectators === 30, 5_000, 'final count');
    await new Promise((r) => setTimeout(r, 2 * PRESENCE_EVERY_MS));
    const elapsed = Date.now() - started;
    const bound = Math.ceil(elapsed / PRESENCE_EVERY_MS) + 1;
    for (const got of [states(a) - a0, states(b) - b0]) {
      expect(got).toBeLessThanOrEqual(bound);
      expect(got).toBeLessThan(joins / 10);
    }
    // Seat changes are not coalesced: B hears of A at once, long before an interval could have passed.
    const t0 = Date.now();
    a.close();
    await b.waitFor(() => b.roomStates.get(roomId)?.seats.A?.connected === false, 5_000, 'A disconnected');
    expect(Date.now() - t0).toBeLessThan(PRESENCE_EVERY_MS);
    for (const c of [...crowd, b]) c.close();
  });
});
