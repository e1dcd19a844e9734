/**
 * The spectators' delay of a ranked match, over real sockets (issue 30; docs/api.md "Spectator delay"): while turn N
 * is played, every spectator is shown the match as it stood at the start of turn N-1 and nothing later, in their
 * views, their log history and the lobby's turn; the managers are never delayed; a restart rebuilds the delay as it
 * was; the end of the match shows everything. The match is played one action at a time, and after each one the
 * spectator makes a round trip on its own socket: everything the server sent it before has then arrived, so what it
 * holds is exactly what it was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LobbyRooms, MatchLogHistory, QueueState, ViewMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { makeAccount } from './helpers/accounts.js';
import { freshName } from './helpers/auth-http.js';
import { Lockstep } from './helpers/lockstep.js';
import { until } from './helpers/until.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 100_000 }, clock: { initialMs: 2 * 60 * 60 * 1000, incrementMs: 0 } });
});
afterAll(async () => {
  await t.close();
});

const views = (c: TestClient, roomId: string) =>
  c.received.filter((m) => m.event === 'match:view' && (m.payload as ViewMessage).roomId === roomId).map((m) => m.payload as ViewMessage);
const histories = (c: TestClient) => c.received.filter((m) => m.event === 'match:log-history').map((m) => m.payload as MatchLogHistory);

/** Two new accounts queue ranked and are paired; both in full control (the server never acts for them). */
export async function rankedMatch(url: string): Promise<{ a: TestClient; b: TestClient; roomId: string }> {
  const server = { url } as TestServer;
  const [a, b] = [await makeAccount(server, null, freshName('R')), await makeAccount(server, null, freshName('R'))];
  for (const c of [a, b]) await c.fullControl();
  const matched = (c: TestClient) =>
    c.received.map((m) => m.payload as QueueState).find((q) => q?.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;
  expect(await a.emit('queue:join', { queue: 'ranked', roster: 'raid-night' })).toMatchObject({ ok: true });
  expect(await b.emit('queue:join', { queue: 'ranked', roster: 'mod-squad' })).toMatchObject({ ok: true });
  await a.waitFor(() => matched(a) !== undefined, 10_000, 'a matched');
  await b.waitFor(() => matched(b) !== undefined, 10_000, 'b matched');
  const roomId = matched(a)!.roomId;
  const [ca, cb] = matched(a)!.seat === 'A' ? [a, b] : [b, a];
  await ca.waitFor(() => ca.view(roomId) !== undefined, 5_000, 'first view');
  await cb.waitFor(() => cb.view(roomId) !== undefined, 5_000, 'first view');
  return { a: ca, b: cb, roomId };
}

describe('ranked spectators are a turn behind', () => {
  it('views, log history and the lobby never show an action before its delay; managers are live; the end shows all', async () => {
    const { a, b, roomId } = await rankedMatch(t.url);
    const ls = new Lockstep(roomId, a, b, 'ranked-delay');
    let s = await TestClient.connect(t.url, 'Watcher');
    expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    const lobbyWatcher = await TestClient.connect(t.url, 'Lobbyist');

    /** After a round trip on the spectator's socket it holds everything it was sent: exactly the delayed match. */
    const check = async (c: TestClient) => {
      await c.emit('lobby:unsubscribe', {});
      const v = c.view(roomId)!;
      expect(v.viewer).toBe('spectator');
      expect(v.seq, `spectator at live seq ${ls.seq}, turn ${ls.turn}`).toBe(ls.expectedShown);
      expect(v.view.turn).toBe(ls.turnOf.get(v.seq));
      expect(v.result).toBeNull();
      // Their clocks are stopped where they stood: a running one would count the delayed turn down live.
      expect(v.clocks.A.running || v.clocks.B.running).toBe(false);
      // Every message it ever got showed a start of turn (or the first state), never a later action.
      for (const m of views(c, roomId)) expect([...ls.startOf.values()]).toContain(m.seq);
    };

    let late: TestClient | null = null;
    let reloaded = false;
    let restarted = false;
    while (ls.turn < 8) {
      if (!(await ls.step())) throw new Error('the match ended early');
      // The managers are never delayed.
      expect(a.view(roomId)!.seq).toBe(ls.seq);
      expect(b.view(roomId)!.seq).toBe(ls.seq);
      await check(s);
      if (late) await check(late);

      if (ls.turn === 3 && !late) {
        // A late spectator: its full view and its record of the match stop at the same point.
        late = await TestClient.connect(t.url, 'Latecomer');
        expect(await late.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
        await check(late);
        const h = histories(late).filter((x) => x.roomId === roomId);
        expect(h).toHaveLength(1);
        expect(h[0]!.batches.length).toBeGreaterThan(0);
        expect(Math.max(...h[0]!.batches.map((x) => x.seq))).toBeLessThanOrEqual(ls.expectedShown);
        // The lobby shows the spectators' turn, ratings beside the names.
        const lobby = (await lobbyWatcher.emit('lobby:subscribe', {})) as unknown as LobbyRooms;
        const entry = lobby.rooms.find((r) => r.roomId === roomId)!;
        expect(entry).toMatchObject({ kind: 'ranked', status: 'active', delayed: true, turn: ls.turnOf.get(ls.expectedShown) });
        expect(entry.seats.A).toMatchObject({ rating: 1500, provisional: true, bot: false });
        expect(entry.seats.B?.username).toBeTruthy();
      }
      if (ls.turn === 4 && !reloaded) {
        // A manager's new tab is live: its full view and its log history reach the present.
        reloaded = true;
        const tab = await TestClient.connect(t.url, a.name, a.token);
        await tab.waitFor(() => tab.view(roomId) !== undefined, 5_000, 'reloaded view');
        await tab.emit('lobby:unsubscribe', {});
        expect(tab.view(roomId)!.seq).toBe(ls.seq);
        const h = histories(tab).filter((x) => x.roomId === roomId);
        expect(Math.max(...h[0]!.batches.map((x) => x.seq))).toBeGreaterThan(ls.expectedShown);
        tab.close();
      }
      if (ls.turn === 5 && !restarted) {
        // A restart replays the match and its delay: a spectator watching again is shown the same point, not the present.
        restarted = true;
        for (const c of [s, late!]) c.socket.io.opts.reconnection = false;
        await t.restart();
        await a.waitFor(() => a.socket.connected, 10_000, 'a back');
        await b.waitFor(() => b.socket.connected, 10_000, 'b back');
        await a.waitFor(() => views(a, roomId).at(-1)?.full === true && a.view(roomId)!.seq === ls.seq, 10_000, 'a full view after restart');
        await b.waitFor(() => views(b, roomId).at(-1)?.full === true && b.view(roomId)!.seq === ls.seq, 10_000, 'b full view after restart');
        for (const c of [s, late!]) c.close();
        const back: TestClient = await TestClient.connect(t.url, 'Watcher', s.token);
        const lateBack: TestClient = await TestClient.connect(t.url, 'Latecomer', late!.token);
        for (const c of [back, lateBack]) {
          expect(await c.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
          await check(c);
          expect(Math.max(...histories(c)[0]!.batches.map((x) => x.seq))).toBeLessThanOrEqual(ls.expectedShown);
        }
        [s, late] = [back, lateBack];
      }
    }
    expect([late !== null, reloaded, restarted]).toEqual([true, true, true]);
    // It was a turn behind all along: at turn 8, spectators are at the start of turn 7.
    expect(late!.view(roomId)!.view.turn).toBe(7);

    // The end shows everything at once: the final state, its result, the whole record for anyone arriving after.
    await ls.concede(b);
    await late!.waitFor(() => late!.view(roomId)?.result != null, 5_000, 'the result for the spectator');
    expect(late!.view(roomId)).toMatchObject({ seq: ls.seq, result: { winner: 'A', reason: 'concede' }, stateHash: a.view(roomId)!.stateHash });
    const after = await TestClient.connect(t.url, 'After');
    expect(await after.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await after.waitFor(() => histories(after).length > 0, 5_000, 'log history');
    expect(Math.max(...histories(after)[0]!.batches.map((x) => x.seq))).toBe(ls.seq);
    for (const c of [a, b, s, late!, after, lobbyWatcher]) c.close();
  }, 120_000);

  it('a casual match is shown to spectators live', async () => {
    const server = { url: t.url } as TestServer;
    const [a, b] = [await makeAccount(server, null, freshName('C')), await makeAccount(server, null, freshName('C'))];
    for (const c of [a, b]) await c.fullControl();
    await a.emit('queue:join', { queue: 'casual', roster: 'raid-night' });
    await b.emit('queue:join', { queue: 'casual', roster: 'mod-squad' });
    const matched = (c: TestClient) =>
      c.received.map((m) => m.payload as QueueState).find((q) => q?.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;
    await until(() => matched(a) !== undefined && matched(b) !== undefined, 'matched', 10_000);
    const roomId = matched(a)!.roomId;
    const [ca, cb] = matched(a)!.seat === 'A' ? [a, b] : [b, a];
    await ca.waitFor(() => ca.view(roomId) !== undefined, 5_000, 'view');
    await cb.waitFor(() => cb.view(roomId) !== undefined, 5_000, 'view');
    const s = await TestClient.connect(t.url, 'Casual watcher');
    expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    const ls = new Lockstep(roomId, ca, cb, 'casual-live');
    while (ls.turn < 3) {
      await ls.step();
      await s.emit('lobby:unsubscribe', {});
      expect(s.view(roomId)!.seq).toBe(ls.seq);
    }
    const lobby = (await s.emit('lobby:subscribe', {})) as unknown as LobbyRooms;
    expect(lobby.rooms.find((r) => r.roomId === roomId)).toMatchObject({ kind: 'casual', delayed: false, turn: 3 });
    for (const c of [a, b, s]) c.close();
  }, 60_000);
});
