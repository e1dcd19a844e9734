/**
 * The lobby's "Live now" (issue 30), over real sockets: live matches of every kind anyone may watch (public rooms,
 * casual, ranked, challenges, a bot match being played), with both managers' names, ratings and the turn, never a
 * private room or the tutorial; finished matches leave the live list for a short "recent results". On a
 * ManualClock: a bot match is listed only while its manager plays, and one nobody plays ends by itself (an hour;
 * a day for the tutorial), freeing its cap place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_RECENT, type ChallengeUpdate, type LobbyRooms, type QueueState, type RoomSummary } from '@vroyale/protocol';
import { ManualClock } from '../src/time/manual-clock.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pickRandom, TestClient } from './helpers/test-client.js';
import { makeAccount } from './helpers/accounts.js';
import { freshName } from './helpers/auth-http.js';
import { Lockstep } from './helpers/lockstep.js';
import { seatBoth } from './helpers/match-setup.js';
import { until } from './helpers/until.js';

const lobby = async (c: TestClient): Promise<LobbyRooms> => {
  const ack = await c.emit('lobby:subscribe', {});
  if (!ack.ok) throw new Error(ack.message);
  return ack;
};
const matchedRoom = (c: TestClient) =>
  (c.received.map((m) => m.payload as QueueState).find((q) => q?.status === 'matched') as { roomId: string } | undefined)?.roomId;

describe('live now', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimit: { capacity: 10_000, refillPerSec: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists live matches of every kind with names, ratings and turn; never a private room or the tutorial', async () => {
    const server = { url: t.url } as TestServer;
    const watcher = await TestClient.connect(t.url, 'Watcher');
    const clients: TestClient[] = [watcher];
    const guest = async (name: string) => {
      const c = await TestClient.connect(t.url, name);
      clients.push(c);
      return c;
    };
    const account = async () => {
      const c = await makeAccount(server, null, freshName('L'));
      clients.push(c);
      return c;
    };

    const waiting = await (await guest('Host')).emit('room:create', { visibility: 'public' });
    const [aiko, bea] = [await guest('Aiko'), await guest('Bea')];
    const pub = await seatBoth(aiko, bea);
    const priv = await seatBoth(await guest('Hidden1'), await guest('Hidden2'), { visibility: 'private' });
    const pairs: Record<'casual' | 'ranked', string> = { casual: '', ranked: '' };
    for (const queue of ['casual', 'ranked'] as const) {
      const [x, y] = [await account(), await account()];
      await x.emit('queue:join', { queue, roster: 'raid-night' });
      await y.emit('queue:join', { queue, roster: 'mod-squad' });
      await until(() => matchedRoom(x) !== undefined && matchedRoom(y) !== undefined, `${queue} pairing`, 10_000);
      pairs[queue] = matchedRoom(x)!;
    }
    const [ch1, ch2] = [await account(), await account()];
    const sent = await ch1.emit('challenge:send', { username: ch2.name, roster: 'raid-night' });
    if (!sent.ok) throw new Error(sent.message);
    expect(await ch2.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'mod-squad' })).toMatchObject({ ok: true });
    const challengeRoom = (ch1.received.map((m) => m.payload as ChallengeUpdate).find((u) => u?.status === 'accepted' && u.roomId)?.roomId)!;
    const solo = await guest('Solo');
    const bot = await solo.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
    const tutorial = await (await guest('Newbie')).emit('room:tutorial', {});
    if (!waiting.ok || !bot.ok || !tutorial.ok) throw new Error('refused');

    // A few turns into the public room: the list shows its live turn and whose it is (not delayed: not ranked).
    for (const c of [aiko, bea]) await c.fullControl();
    const ls = new Lockstep(pub.roomId, aiko, bea, 'live-now');
    while (ls.turn < 3) await ls.step();

    // Ratings are read once the match begins (a moment after it): the list catches up.
    let list = await lobby(watcher);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && list.rooms.filter((r) => r.seats.A?.rating != null).length < 3) {
      await new Promise((r) => setTimeout(r, 50));
      list = await lobby(watcher);
    }
    const byId = new Map(list.rooms.map((r) => [r.roomId, r]));
    expect(byId.get(waiting.roomId)).toMatchObject({ kind: 'room', status: 'waiting', turn: null, seats: { A: null, B: null } });
    expect(byId.get(pub.roomId)).toMatchObject({
      kind: 'room',
      status: 'active',
      turn: 3,
      delayed: false,
      seats: { A: { name: 'Aiko', rating: null }, B: { name: 'Bea', rating: null } },
    });
    expect(byId.get(pub.roomId)!.active).toBe(aiko.view(pub.roomId)!.view.active);
    for (const [kind, id] of [
      ['casual', pairs.casual],
      ['ranked', pairs.ranked],
      ['challenge', challengeRoom],
    ] as const) {
      const r = byId.get(id);
      expect(r, kind).toMatchObject({ kind, status: 'active', turn: 0, delayed: kind === 'ranked' });
      for (const s of ['A', 'B'] as const)
        expect(r!.seats[s], `${kind} ${s}`).toMatchObject({ bot: false, rating: 1500, provisional: true, username: expect.any(String) });
    }
    expect(byId.get(bot.roomId)).toMatchObject({
      kind: 'bot',
      status: 'active',
      seats: { A: { name: 'Solo', rating: null }, B: { name: 'Bot (normal)', bot: true, rating: null } },
    });
    expect(byId.has(priv.roomId)).toBe(false);
    expect(byId.has(tutorial.roomId)).toBe(false);
    // Waiting rooms first, then matches between people, then bot matches.
    const order = list.rooms.map((r: RoomSummary) => (r.status === 'waiting' ? 0 : r.kind === 'bot' ? 2 : 1));
    expect(order).toEqual([...order].sort());

    // Finished: out of the live list at once, into the recent results (newest first, a few at most).
    await ls.concede(bea);
    await watcher.waitFor(
      () => watcher.received.some((m) => m.event === 'lobby:rooms' && (m.payload as LobbyRooms).recent.some((r) => r.roomId === pub.roomId)),
      5_000,
      'pushed',
    );
    list = await lobby(watcher);
    expect(list.rooms.some((r) => r.roomId === pub.roomId)).toBe(false);
    expect(list.recent[0]).toMatchObject({ roomId: pub.roomId, status: 'finished', result: { winner: 'A', reason: 'concede' } });
    const ended: string[] = [pub.roomId];
    for (let i = 0; i < LOBBY_RECENT + 1; i++) {
      const [x, y] = [await guest(`X${i}`), await guest(`Y${i}`)];
      const m = await seatBoth(x, y);
      expect(await x.emit('match:action', { roomId: m.roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } })).toMatchObject({ ok: true });
      ended.unshift(m.roomId);
    }
    list = await lobby(watcher);
    expect(list.recent.map((r) => r.roomId)).toEqual(ended.slice(0, LOBBY_RECENT));
    expect(list.rooms.some((r) => r.status === 'finished')).toBe(false);
    for (const c of clients) c.close();
  }, 60_000);
});

describe('bot matches nobody plays', () => {
  const clock = new ManualClock();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } }, clock);
  });
  afterAll(async () => {
    await t.close();
  });
  const MIN = 60_000;
  /** The sweep runs every minute; its concessions are saved a moment later. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    await new Promise((r) => setTimeout(r, 50));
  };

  it("are listed only while played, and end an hour after their manager's last decision (the tutorial after a day)", async () => {
    const me = await TestClient.connect(t.url, 'Wanderer');
    await me.fullControl();
    const bot = await me.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad', clock: { untimed: true } });
    const tutorial = await me.emit('room:tutorial', {});
    if (!bot.ok || !tutorial.ok) throw new Error('refused');
    await me.waitFor(() => me.view(bot.roomId) !== undefined && me.view(tutorial.roomId) !== undefined, 5_000, 'views');
    const listed = async () => (await lobby(me)).rooms.some((r) => r.roomId === bot.roomId);
    expect(await listed()).toBe(true);
    await advance(6 * MIN);
    expect(await listed()).toBe(false);

    // A decision (the mulligan) wakes it up in the list and restarts its hour.
    const v = me.view(bot.roomId)!;
    // Keeping the hand (not any legal action: a concession would end the match the test watches).
    const keep = v.legal.find((a): a is Extract<typeof a, { type: 'mulligan' }> => a.type === 'mulligan' && !a.redraw);
    if (!keep) throw new Error('no keep offered');
    expect(await me.emit('match:action', { roomId: bot.roomId, clientActionId: 'keep', seenSeq: v.seq, action: keep })).toMatchObject({ ok: true });
    clock.advance(0);
    expect(await listed()).toBe(true);
    await advance(50 * MIN);
    expect(me.roomStates.get(bot.roomId)?.status).toBe('active');
    await advance(11 * MIN);
    await me.waitFor(() => me.roomStates.get(bot.roomId)?.status === 'finished', 5_000, 'the idle bot match ended');
    expect(me.roomStates.get(bot.roomId)!.result).toEqual({ winner: 'B', reason: 'abandoned' });
    // The tutorial waits a day; its place under the cap then comes back too.
    expect(me.roomStates.get(tutorial.roomId)?.status).toBe('active');
    expect(t.server.game.userRooms.count({ userId: me.userId! }, true)).toBe(1);
    await advance(24 * 60 * MIN);
    await me.waitFor(() => me.roomStates.get(tutorial.roomId)?.status === 'finished', 5_000, 'the idle tutorial ended');
    expect(t.server.game.userRooms.count({ userId: me.userId! }, true)).toBe(0);
    me.close();
  });
});
