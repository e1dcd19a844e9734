/**
 * Direct challenges over real sockets (issue 17 §3): send, accept into a private 'challenge' room with the
 * chosen clock, decline, cancel, expiry (ManualClock), one answer for every unavailable target, a cap per sender,
 * and a best of three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS, type ChallengeUpdate } from '@vroyale/protocol';
import { encodeDeckCode } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { ban, block, makeAccount } from './helpers/accounts.js';
import { until } from './helpers/until.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { CHALLENGES_PER_SENDER, RECONNECT_GRACE_MS, UNAVAILABLE } from '../src/matchmaking/challenges.js';
import { sqliteOf } from './helpers/sqlite.js';
import { sideDeckCard } from './helpers/match-setup.js';
import { api, tokenOf } from './helpers/auth-http.js';

const clock = new ManualClock();
let t: TestServer;
let n = 0;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

const account = () => makeAccount(t, null, `C${++n}x`);
const updates = (c: TestClient): ChallengeUpdate[] => c.received.filter((m) => m.event === 'challenge:update').map((m) => m.payload as ChallengeUpdate);
const last = (c: TestClient) => updates(c).at(-1);

/** Closes `c`'s socket, waits until the server saw it close, then moves the clock on `awayMs`. */
async function leave(c: TestClient, awayMs: number): Promise<void> {
  const open = t.server.game.connections;
  c.close();
  await until(() => t.server.game.connections < open, 'the server to see the socket close');
  clock.advance(awayMs);
}

describe('challenges', () => {
  it('accepted: a private challenge room, challenger in A, the chosen clock (untimed), both sockets in it, unrated', async () => {
    const a = await account();
    const b = await account();
    const sent = await a.emit('challenge:send', { username: b.name.toUpperCase(), roster: 'raid-night', clock: { untimed: true } });
    expect(sent).toMatchObject({
      ok: true,
      status: 'pending',
      from: { username: a.name },
      to: { username: b.name },
      clock: { untimed: true },
      expiresAt: clock.now() + CHALLENGE_TTL_MS,
      roomId: null,
    });
    if (!sent.ok) return;
    await b.waitFor(() => last(b)?.status === 'pending', 5_000, 'b hears it');
    // A second tab of b gets the pending challenge on hello.
    const tab = await TestClient.connect(t.url, b.name, b.token);
    await tab.waitFor(() => last(tab)?.challengeId === sent.challengeId, 5_000, 'pending on hello');
    expect(await a.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'raid-night' })).toMatchObject({
      ok: false,
      code: 'not-pending',
    });
    const ans = await b.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'mod-squad' });
    expect(ans).toMatchObject({ ok: true, status: 'accepted' });
    if (!ans.ok) return;
    const roomId = ans.roomId!;
    await a.waitFor(() => last(a)?.status === 'accepted' && a.view(roomId) !== undefined, 5_000, 'a in the room');
    await tab.waitFor(() => tab.view(roomId) !== undefined, 5_000, 'both tabs of b in the room');
    const room = t.server.game.room(roomId)!;
    expect(room).toMatchObject({ kind: 'challenge', visibility: 'private' });
    expect(room.clockConfig).toEqual({ untimed: true });
    expect(room.seats.A?.userId).toBe(a.userId);
    expect(a.view(roomId)!.clocks.untimed).toBe(true);
    await a.emit('match:action', { roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
    await b.waitFor(() => b.view(roomId)?.result != null, 5_000, 'result');
    expect(sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM rating_changes WHERE match_id = ?').get(room.master!.id)).toEqual({ n: 0 });
    expect(await b.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'mod-squad' })).toMatchObject({
      ok: false,
      code: 'not-pending',
    });
    for (const c of [a, b, tab]) c.close();
  });

  it('best of three (issue 34): the challenge says so, and its room plays a series with the side decks the codes carried', async () => {
    const a = await account();
    const b = await account();
    const raid = starterRosters.find((r) => r.id === 'raid-night')!;
    const side = sideDeckCard(raid);
    const code = encodeDeckCode({ centre: raid.centre, cards: [...raid.cards], side: [side] }, cardPool);
    const sent = await a.emit('challenge:send', { username: b.name, roster: code, format: 'bo3' });
    expect(sent).toMatchObject({ ok: true, status: 'pending', format: 'bo3' });
    if (!sent.ok) return;
    await b.waitFor(() => last(b)?.format === 'bo3', 5_000, 'b hears a best of three');
    const ans = await b.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'mod-squad' });
    if (!ans.ok) throw new Error(ans.message);
    const roomId = ans.roomId!;
    await a.waitFor(() => a.roomStates.get(roomId)?.series != null, 5_000, 'the series');
    expect(a.roomStates.get(roomId)).toMatchObject({ format: 'bo3', kind: 'challenge', series: { game: 1, status: 'playing' } });
    expect(a.roomStates.get(roomId)!.series!.yours!.side).toEqual([side]);
    expect(t.server.game.room(roomId)!.series!.rec.registered.B.side).toEqual([]);
    // A single-game challenge still plays one game.
    const single = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
    expect(single).toMatchObject({ ok: true, format: 'bo1' });
    for (const c of [a, b]) c.close();
  });

  it('declined, cancelled, expired: both hear each ending', async () => {
    const a = await account();
    const b = await account();
    const one = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
    if (!one.ok) throw new Error(one.message);
    expect(one.clock).toEqual(t.config.clock);
    expect(await b.emit('challenge:answer', { challengeId: one.challengeId, accept: false })).toMatchObject({ ok: true, status: 'declined' });
    await a.waitFor(() => last(a)?.status === 'declined', 5_000, 'declined');
    const two = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
    if (!two.ok) throw new Error(two.message);
    expect(await b.emit('challenge:cancel', { challengeId: two.challengeId })).toMatchObject({ ok: false, code: 'not-pending' });
    expect(await a.emit('challenge:cancel', { challengeId: two.challengeId })).toMatchObject({ ok: true, status: 'cancelled' });
    await b.waitFor(() => last(b)?.status === 'cancelled', 5_000, 'cancelled');
    const three = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
    if (!three.ok) throw new Error(three.message);
    clock.advance(CHALLENGE_TTL_MS);
    await b.waitFor(() => last(b)?.status === 'expired', 5_000, 'expired');
    await a.waitFor(() => last(a)?.status === 'expired', 5_000, 'expired');
    expect(last(a)!.challengeId).toBe(three.challengeId);
    expect(t.server.game.matchmaking.challenges.pendingCount()).toBe(0);
    for (const c of [a, b]) c.close();
  });

  it('accepting a challenge whose sender has since gone, been banned or blocked cancels it: no match starts', async () => {
    const b = await account();
    const cases: [string, (a: TestClient) => Promise<void> | void][] = [
      ['gone', (a) => a.close()],
      ['banned', (a) => ban(t, a)],
      ['blocked', (a) => block(t, a, b)],
    ];
    for (const [why, change] of cases) {
      const a = await account();
      const sent = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
      if (!sent.ok) throw new Error(sent.message);
      const open = t.server.game.connections;
      await change(a);
      await until(() => why !== 'gone' || t.server.game.connections < open, `${why}: the server to see the socket close`);
      // Gone for longer than a reload takes.
      if (why === 'gone') clock.advance(RECONNECT_GRACE_MS + 1);
      const rooms = t.server.game.lobby.rooms.size;
      expect(await b.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'mod-squad' }), why).toEqual({
        ok: false,
        code: 'challenge-unavailable',
        message: UNAVAILABLE,
      });
      expect(t.server.game.lobby.rooms.size, why).toBe(rooms);
      await b.waitFor(() => last(b)?.challengeId === sent.challengeId && last(b)?.status === 'cancelled', 5_000, `${why}: cancelled`);
      a.close();
    }
    b.close();
  });

  it('one answer for nobody, a guest, yourself, someone offline or blocked either way; guests cannot send', async () => {
    const a = await account();
    const b = await account();
    const offline = await account();
    await leave(offline, RECONNECT_GRACE_MS + 1); // away, not reloading
    const g = await TestClient.connect(t.url, 'Guest');
    await block(t, b, a);
    const answers = await Promise.all(
      ['no-such-user', 'Guest', a.name, offline.name, b.name].map((username) => a.emit('challenge:send', { username, roster: 'raid-night' })),
    );
    for (const r of answers) expect(r).toEqual({ ok: false, code: 'challenge-unavailable', message: UNAVAILABLE });
    expect(await b.emit('challenge:send', { username: a.name, roster: 'raid-night' })).toEqual({
      ok: false,
      code: 'challenge-unavailable',
      message: UNAVAILABLE,
    });
    expect(updates(b)).toEqual([]);
    expect(await g.emit('challenge:send', { username: a.name, roster: 'raid-night' })).toMatchObject({ ok: false, code: 'not-signed-in' });
    expect(await a.emit('challenge:send', { username: g.name, roster: 'bogus' })).toMatchObject({ ok: false, code: 'invalid-roster' });
    for (const c of [a, b, g]) c.close();
  });

  it('a target whose page is reconnecting (a reload, the new handshake after a sign-up) is challenged, and hears it on hello', async () => {
    const a = await account();
    const b = await account();
    await leave(b, RECONNECT_GRACE_MS - 1_000);
    const sent = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
    expect(sent).toMatchObject({ ok: true, status: 'pending' });
    if (!sent.ok) return;
    const back = await TestClient.connect(t.url, b.name, b.token);
    await back.waitFor(() => last(back)?.challengeId === sent.challengeId && last(back)?.status === 'pending', 5_000, 'pending on hello');
    expect(await back.emit('challenge:answer', { challengeId: sent.challengeId, accept: true, roster: 'mod-squad' })).toMatchObject({
      ok: true,
      status: 'accepted',
    });
    // Away for longer than that: unavailable, with the one answer.
    const c = await account();
    await leave(c, RECONNECT_GRACE_MS + 1);
    expect(await a.emit('challenge:send', { username: c.name, roster: 'raid-night' })).toEqual({
      ok: false,
      code: 'challenge-unavailable',
      message: UNAVAILABLE,
    });
    for (const x of [a, back]) x.close();
  });

  it('a target who signed in over HTTP a moment ago (the page not connected yet) is challenged, and hears it on hello', async () => {
    const a = await account();
    const b = await account();
    await leave(b, RECONNECT_GRACE_MS + 1);
    expect(await a.emit('challenge:send', { username: b.name, roster: 'raid-night' })).toMatchObject({ ok: false, code: 'challenge-unavailable' });
    const login = await api(t.url, '/api/auth/login', { body: { username: b.name, password: `${b.name} plays VRoyale` } });
    expect(login.status).toBe(200);
    const sent = await a.emit('challenge:send', { username: b.name, roster: 'raid-night' });
    expect(sent).toMatchObject({ ok: true, status: 'pending' });
    if (!sent.ok) return;
    const page = await TestClient.connect(t.url, b.name, tokenOf(login.cookie!));
    await page.waitFor(() => last(page)?.challengeId === sent.challengeId && last(page)?.status === 'pending', 5_000, 'pending on hello');
    for (const x of [a, page]) x.close();
  });

  it(`at most ${CHALLENGES_PER_SENDER} pending challenges per sender`, async () => {
    const a = await account();
    const targets = await Promise.all(Array.from({ length: CHALLENGES_PER_SENDER + 1 }, () => account()));
    for (const x of targets.slice(0, CHALLENGES_PER_SENDER))
      expect(await a.emit('challenge:send', { username: x.name, roster: 'raid-night' })).toMatchObject({ ok: true });
    expect(await a.emit('challenge:send', { username: targets.at(-1)!.name, roster: 'raid-night' })).toMatchObject({ ok: false, code: 'rate-limited' });
    clock.advance(CHALLENGE_TTL_MS);
    expect(await a.emit('challenge:send', { username: targets.at(-1)!.name, roster: 'raid-night' })).toMatchObject({ ok: true });
    for (const c of [a, ...targets]) c.close();
  });
});
