/**
 * The matchmaking queues over real sockets (issue 17 §3), on a ManualClock: pairing, who may queue, leaving,
 * blocks, the window for a pairing found while one player was away, and the grace period.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueueState } from '@vroyale/protocol';
import { QUEUE_ACCEPT_MS } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { ban, block, makeAccount } from './helpers/accounts.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { GRACE_MS } from '../src/matchmaking/queue.js';
import { sqliteOf } from './helpers/sqlite.js';

const clock = new ManualClock();
let t: TestServer;
let n = 0;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

// Every test leaves the queue empty: what one leaves behind would be paired in the next.
afterEach(() => expect(queue().size).toBe(0));

const account = async (prefix = 'P') => makeAccount(t, null, `${prefix}${++n}x`);
const states = (c: TestClient): QueueState[] => c.received.filter((m) => m.event === 'queue:state').map((m) => m.payload as QueueState);
const lastState = (c: TestClient) => states(c).at(-1);
const matchedOf = (c: TestClient) => states(c).find((s) => s.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;
const queue = () => t.server.game.matchmaking.queue;
/** The server has seen every socket of this client's user close. */
const gone = (c: TestClient) => (t.server.game['d'].users.get(c.userId!)?.sockets.size ?? 0) === 0;
const settle = () => new Promise((r) => setTimeout(r, 30));

async function leaveAll(...cs: TestClient[]) {
  for (const c of cs) if (c.socket.connected) await c.emit('queue:leave', {});
}

describe('matchmaking', () => {
  it('two accounts queue ranked: matched into one private ranked room, both get their views', async () => {
    const a = await account();
    const b = await account();
    const ja = await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night' });
    expect(ja).toMatchObject({ ok: true, status: 'searching', queue: 'ranked' });
    clock.advance(1);
    const jb = await b.emit('queue:join', { queue: 'ranked', roster: 'mod-squad' });
    expect(jb.ok).toBe(true);
    await a.waitFor(() => matchedOf(a) !== undefined, 5_000, 'a matched');
    await b.waitFor(() => matchedOf(b) !== undefined, 5_000, 'b matched');
    const ma = matchedOf(a)!;
    const mb = matchedOf(b)!;
    expect(ma.roomId).toBe(mb.roomId);
    expect([ma.seat, mb.seat].sort()).toEqual(['A', 'B']);
    expect(ma.seat).toBe('A'); // the longer waiter
    await a.waitFor(() => a.view(ma.roomId) !== undefined, 5_000, 'a view');
    await b.waitFor(() => b.view(ma.roomId) !== undefined, 5_000, 'b view');
    const room = t.server.game.room(ma.roomId)!;
    expect(room.kind).toBe('ranked');
    expect(room.visibility).toBe('private');
    expect(room.seats.A?.username).toMatch(/^P/);
    expect(sqliteOf(t.server.storage).db.prepare('SELECT kind FROM matches WHERE id = ?').get(room.master!.id)).toEqual({ kind: 'ranked' });
    // Private (nobody joins it), but listed for anyone to watch (issue 30), ratings beside the names, a turn behind.
    const lobby = await a.emit('lobby:subscribe', {});
    if (!lobby.ok) throw new Error(lobby.message);
    expect(lobby.rooms.find((r) => r.roomId === ma.roomId)).toMatchObject({ kind: 'ranked', status: 'active', delayed: true });
    // A reload (a new socket of a) hears `matched` again while the match is live.
    const reload = await TestClient.connect(t.url, a.name, a.token);
    await reload.waitFor(() => lastState(reload) !== undefined, 5_000, 'state on hello');
    expect(lastState(reload)).toEqual(ma);
    reload.close();
    // Queueing ranked again while that match is live is refused.
    expect(await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night' })).toMatchObject({ ok: false, code: 'already-playing' });
    // Casual too: one queue match at a time. Once the match is over, both queues are open again.
    expect(await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' })).toMatchObject({ ok: false, code: 'already-playing' });
    await b.emit('match:action', { roomId: ma.roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
    await a.waitFor(() => a.view(ma.roomId)?.result != null, 5_000, 'result');
    expect(await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night' })).toMatchObject({ ok: true, status: 'searching' });
    await leaveAll(a);
    a.close();
    b.close();
  });

  it('a guest is refused ranked but may play casual; a banned account may not queue', async () => {
    const g = await TestClient.connect(t.url, 'Guesty');
    expect(await g.emit('queue:join', { queue: 'ranked', roster: 'raid-night' })).toMatchObject({ ok: false, code: 'not-signed-in' });
    expect(await g.emit('queue:join', { queue: 'casual', roster: 'raid-night' })).toMatchObject({ ok: true, status: 'searching' });
    expect(await g.emit('queue:join', { queue: 'casual', roster: 'no-such-thing' })).toMatchObject({ ok: false, code: 'invalid-roster' });
    const x = await account();
    await ban(t, x);
    expect(await x.emit('queue:join', { queue: 'casual', roster: 'raid-night' })).toMatchObject({ ok: false, code: 'banned' });
    await leaveAll(g);
    g.close();
    x.close();
  });

  it('leaving works; two tabs of one user share one entry and are never paired with each other', async () => {
    const a = await account();
    const tab2 = await TestClient.connect(t.url, a.name, a.token);
    expect(tab2.userId).toBe(a.userId);
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await tab2.emit('queue:join', { queue: 'casual', roster: 'mod-squad' });
    clock.advance(5_000);
    await settle();
    expect(queue().size).toBe(1);
    expect(matchedOf(a)).toBeUndefined();
    expect(lastState(a)).toMatchObject({ status: 'searching' });
    const left = await tab2.emit('queue:leave', {});
    expect(left).toMatchObject({ ok: true, status: 'idle' });
    await a.waitFor(() => lastState(a)?.status === 'idle', 5_000, 'the other tab hears it');
    expect(queue().size).toBe(0);
    a.close();
    tab2.close();
  });

  it('a blocked pair is never paired, either way', async () => {
    const a = await account();
    const b = await account();
    await block(t, b, a);
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await b.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    clock.advance(120_000);
    await settle();
    expect(matchedOf(a)).toBeUndefined();
    expect(matchedOf(b)).toBeUndefined();
    // A third player is paired with one of them.
    const c = await account();
    await c.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await c.waitFor(() => matchedOf(c) !== undefined, 5_000, 'c matched');
    await leaveAll(a, b);
    for (const x of [a, b, c]) x.close();
  });

  it('a blocked pair is not paired while the one who blocked has no socket (forgotten by the server)', async () => {
    const a = await account();
    const b = await account();
    await block(t, b, a);
    await b.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    b.close();
    // Without a socket or a seat, b is forgotten, block list and all; the tick reads it again.
    await until(() => gone(b));
    expect(t.server.game.blocks.blockedBy(b.userId!).size).toBe(0);
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    clock.advance(30_000);
    await settle();
    expect(matchedOf(a)).toBeUndefined();
    expect(queue().size).toBe(2);
    await a.emit('queue:leave', {});
    clock.advance(GRACE_MS);
    expect(queue().size).toBe(0);
    a.close();
  });

  it('found while away: accepting within the window starts the match', async () => {
    const a = await account();
    const b = await account();
    const token = b.token;
    await b.emit('queue:join', { queue: 'casual', roster: 'mod-squad' });
    b.close();
    await until(() => gone(b));
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await a.waitFor(() => lastState(a)?.status === 'found', 5_000, 'found');
    expect(lastState(a)).toMatchObject({ status: 'found', accepted: true, opponentAccepted: false, deadline: clock.now() + QUEUE_ACCEPT_MS });
    clock.advance(QUEUE_ACCEPT_MS - 1_000);
    const back = await TestClient.connect(t.url, b.name, token);
    await back.waitFor(() => lastState(back)?.status === 'found', 5_000, 'found on hello');
    const acc = await back.emit('queue:accept', {});
    expect(acc.ok).toBe(true);
    await back.waitFor(() => matchedOf(back) !== undefined, 5_000, 'matched');
    await a.waitFor(() => matchedOf(a) !== undefined, 5_000, 'matched');
    await back.waitFor(() => back.view(matchedOf(back)!.roomId) !== undefined, 5_000, 'view');
    expect(await back.emit('queue:accept', {})).toMatchObject({ ok: false, code: 'not-pending' });
    a.close();
    back.close();
  });

  it('found while away: missing the window drops the absent one and requeues the other with their wait', async () => {
    const a = await account();
    const b = await account();
    await b.emit('queue:join', { queue: 'casual', roster: 'mod-squad' });
    const token = b.token;
    b.close();
    await until(() => gone(b));
    clock.advance(2_000);
    const joinedAt = clock.now();
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await a.waitFor(() => lastState(a)?.status === 'found', 5_000, 'found');
    clock.advance(QUEUE_ACCEPT_MS);
    await a.waitFor(() => lastState(a)?.status === 'searching', 5_000, 'searching again');
    expect(lastState(a)).toMatchObject({ status: 'searching', since: joinedAt, reason: 'opponent-missed' });
    expect(queue().stateOf(b.userId!)).toEqual({ status: 'idle' });
    const back = await TestClient.connect(t.url, b.name, token);
    await back.waitFor(() => lastState(back) !== undefined, 5_000, 'state on hello');
    expect(lastState(back)).toEqual({ status: 'idle' });
    await leaveAll(a);
    a.close();
    back.close();
  });

  it('a match that cannot start (storage failing) keeps both searching; the next tick pairs them', async () => {
    const a = await account();
    const b = await account();
    const storage = t.server.storage;
    const startMatch = storage.startMatch.bind(storage);
    // The store refuses the match's rows (its promise rejects, as a real failure does on either backend).
    storage.startMatch = () => Promise.reject(new Error('disk I/O error (test)'));
    try {
      await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
      await b.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
      await settle();
      expect(matchedOf(a)).toBeUndefined();
      expect(queue().stateOf(a.userId!)).toMatchObject({ status: 'searching' });
      expect(queue().stateOf(b.userId!)).toMatchObject({ status: 'searching' });
      // No half-made room stays behind, and nobody was told of one.
      expect([...t.server.game.lobby.rooms.values()].filter((r) => r.seatOf(a.userId!))).toEqual([]);
      expect(a.received.filter((m) => m.event === 'match:view')).toEqual([]);
    } finally {
      storage.startMatch = startMatch;
    }
    clock.advance(1_000);
    await a.waitFor(() => matchedOf(a) !== undefined, 5_000, 'matched');
    await b.emit('match:action', { roomId: matchedOf(a)!.roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
    a.close();
    b.close();
  });

  it('a ban issued while waiting takes the user out at the next tick', async () => {
    const a = await account();
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await ban(t, a);
    clock.advance(1_000);
    await a.waitFor(() => lastState(a)?.status === 'idle', 5_000, 'idle');
    expect(lastState(a)).toEqual({ status: 'idle', reason: 'banned' });
    a.close();
  });

  it('a user with no socket leaves the queue after the grace period', async () => {
    const a = await account();
    await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night' });
    a.close();
    await until(() => gone(a));
    clock.advance(GRACE_MS - 1);
    expect(queue().size).toBe(1);
    clock.advance(1);
    expect(queue().size).toBe(0);
  });
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
