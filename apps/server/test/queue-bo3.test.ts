/**
 * Best-of-three matchmaking over real sockets (issue 34 §1): each format is its own queue (a Bo1 player waits on,
 * unpaired with Bo3 ones), a Bo3 pairing plays a ranked best-of-three, the players count as in a match between its
 * games, and the rating that moves is the queue's Bo3 rating, once, by the match's result: its games rate nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProfile, QueueState, MatchHistoryPage, RoomState } from '@vroyale/protocol';
import { ManualClock } from '../src/time/manual-clock.js';
import { makeAccount } from './helpers/accounts.js';
import { actFromLatest } from './helpers/match-setup.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import type { TestClient } from './helpers/test-client.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

const states = (c: TestClient): QueueState[] => c.received.filter((m) => m.event === 'queue:state').map((m) => m.payload as QueueState);
const matchedOf = (c: TestClient) => states(c).find((s) => s.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;
const seriesOf = (c: TestClient, roomId: string): RoomState['series'] => c.roomStates.get(roomId)?.series ?? null;
const get = async <T>(path: string): Promise<T> => (await (await fetch(`${t.url}${path}`)).json()) as T;

describe('best-of-three queues', () => {
  it('pairs only the same format, plays a ranked best-of-three, and rates the match once in its own queue', async () => {
    const stamp = Date.now() % 100_000;
    const [solo, a, b] = [await makeAccount(t, null, `solo${stamp}`), await makeAccount(t, null, `bea${stamp}`), await makeAccount(t, null, `cal${stamp}`)];
    expect(await solo.emit('queue:join', { queue: 'ranked', roster: 'raid-night' })).toMatchObject({ ok: true, status: 'searching', format: 'bo1' });
    clock.advance(1);
    expect(await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night', format: 'bo3' })).toMatchObject({
      ok: true,
      status: 'searching',
      format: 'bo3',
    });
    clock.advance(1);
    expect(await b.emit('queue:join', { queue: 'ranked', roster: 'mod-squad', format: 'bo3' })).toMatchObject({ ok: true });
    await a.waitFor(() => matchedOf(a) !== undefined, 5_000, 'a matched');
    await b.waitFor(() => matchedOf(b) !== undefined, 5_000, 'b matched');
    expect(matchedOf(a)).toMatchObject({ queue: 'ranked', format: 'bo3', seat: 'A' });
    // The Bo1 player was never offered to them.
    clock.advance(1_000);
    expect(states(solo).at(-1)).toMatchObject({ status: 'searching', format: 'bo1' });
    expect(await solo.emit('queue:leave', {})).toMatchObject({ ok: true, status: 'idle' });

    const g1 = matchedOf(a)!.roomId;
    const room = t.server.game.room(g1)!;
    expect({ kind: room.kind, format: room.format }).toEqual({ kind: 'ranked', format: 'bo3' });
    for (const c of [a, b]) await c.waitFor(() => c.view(g1) !== undefined, 5_000, 'game 1 view');

    // Game 1: Cal (B) concedes. Between the games both are still in a match: no second queue entry.
    expect(await actFromLatest(b, g1, { type: 'concede' }, 'g1')).toMatchObject({ ok: true });
    await a.waitFor(() => seriesOf(a, g1)?.status === 'between', 5_000, 'side-deck window');
    expect(await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' })).toMatchObject({ ok: false, code: 'already-playing' });
    for (const c of [a, b]) expect(await c.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: true });
    await a.waitFor(() => seriesOf(a, g1)?.nextRoomId != null, 5_000, 'game 2');
    const g2 = seriesOf(a, g1)!.nextRoomId!;
    for (const c of [a, b]) {
      expect(await c.emit('room:join', { roomId: g2, roster: 'ignored-when-seated' })).toMatchObject({ ok: true });
      await c.waitFor(() => c.view(g2) !== undefined, 5_000, 'game 2 view');
    }
    // Game 2, a minute later: Cal concedes again: Bea wins the match 2–0.
    clock.advance(60_000);
    expect(await actFromLatest(b, g2, { type: 'concede' }, 'g2')).toMatchObject({ ok: true });
    await a.waitFor(() => seriesOf(a, g2)?.status === 'done', 5_000, 'match decided');

    // One rated result in the Bo3 queue; the Bo1 ranked rating untouched.
    await expect.poll(async () => (await get<PublicProfile>(`/api/users/bea${stamp}`)).ratings.find((r) => r.queue === 'ranked-bo3')?.games).toBe(1);
    const bea = await get<PublicProfile>(`/api/users/bea${stamp}`);
    expect(bea.ratings.find((r) => r.queue === 'ranked-bo3')).toMatchObject({ games: 1, wins: 1 });
    expect(bea.ratings.find((r) => r.queue === 'ranked')?.games ?? 0).toBe(0);
    const cal = await get<PublicProfile>(`/api/users/cal${stamp}`);
    expect(cal.ratings.find((r) => r.queue === 'ranked-bo3')).toMatchObject({ games: 1, losses: 1 });
    // The history: the last game carries the match's rating change; the first none.
    const history = await get<MatchHistoryPage>(`/api/users/bea${stamp}/matches`);
    const [last, first] = history.matches;
    expect([last!.roomId, first!.roomId]).toEqual([g2, g1]);
    expect(last!.rating).toMatchObject({ queue: 'ranked-bo3', before: 1500 });
    expect(last!.rating!.after).toBeGreaterThan(1500);
    expect(first!.rating).toBeNull();
    // The Bo3 leaderboard lists them; the match is over, so both may queue again.
    const board = await get<{ queue: string; entries: { username: string }[] }>('/api/leaderboard?queue=ranked-bo3');
    expect(board.entries.map((e) => e.username)).toContain(`bea${stamp}`);
    expect(await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night', format: 'bo3' })).toMatchObject({ ok: true, status: 'searching' });
    expect(await a.emit('queue:leave', {})).toMatchObject({ ok: true });
    for (const c of [solo, a, b]) c.close();
  }, 60_000);
});
