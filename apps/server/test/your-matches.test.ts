/**
 * "Your matches" and the bot-match caps (issue 30), over real sockets with the production caps: every live match
 * a person sits in reaches each of their sockets (hello's seats, each room's state with its kind and age, a full
 * view with the turn), so the lobby lists them and concedes one without opening it; at the cap, starting another
 * bot match or the tutorial concedes the oldest instead of being refused; and four people behind one address, each
 * leaving a bot match and starting another, are never refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, RoomState } from '@vroyale/protocol';
import { defaultConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';

let t: TestServer;
beforeAll(async () => {
  // Production caps (test servers lift them: every test client is 127.0.0.1, which is what the household case needs).
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, caps: defaultConfig().caps });
});
afterAll(async () => {
  await t.close();
});

const states = (c: TestClient) => [...c.roomStates.values()];
/** What the lobby lists as "Your matches": rooms whose state names the socket's seat and are not over. */
const yourMatches = (c: TestClient): RoomState[] => states(c).filter((r) => r.yourSeat !== null && r.status !== 'finished');
const playBot = (c: TestClient, concede?: string) => c.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad', ...(concede ? { concede } : {}) });
const ok = <T extends object>(a: Ack<T>): T & { ok: true } => {
  if (!a.ok) throw new Error(`refused: ${a.code} ${a.message}`);
  return a;
};

/** The oldest live match against the bot a socket knows of (what the lobby offers to concede). */
const oldestBotMatch = (c: TestClient): RoomState | undefined =>
  yourMatches(c)
    .filter((r) => r.kind === 'bot' || r.kind === 'tutorial')
    .sort((x, y) => x.createdAt - y.createdAt)[0];

describe('your matches', () => {
  it('lists every live match on every socket of its manager, and concedes one from the lobby', async () => {
    const me = await TestClient.connect(t.url, 'Mika');
    const friend = await TestClient.connect(t.url, 'Nao');
    const tutorial = ok(await me.emit('room:tutorial', {})).roomId;
    const bot = ok(await playBot(me)).roomId;
    const room = ok(await me.emit('room:create', { visibility: 'private' })).roomId;
    ok(await me.emit('room:join', { roomId: room, roster: 'raid-night' }));
    ok(await friend.emit('room:join', { roomId: room, roster: 'mod-squad' }));

    // A second tab (the lobby on another device): the same list, with what the lobby shows of each.
    const tab = await TestClient.connect(t.url, 'Mika', me.token);
    const hello = await tab.emit('hello', { name: 'Mika', token: me.token! });
    expect(
      ok(hello)
        .seats.map((s) => s.roomId)
        .sort(),
    ).toEqual([tutorial, bot, room].sort());
    await tab.waitFor(() => [tutorial, bot, room].every((id) => tab.view(id) !== undefined && tab.roomStates.get(id)), 5_000, 'views of every match');
    const listed = new Map(yourMatches(tab).map((r) => [r.roomId, r]));
    expect(listed.get(tutorial)).toMatchObject({ kind: 'tutorial', yourSeat: 'A', status: 'active', seats: { B: { bot: true } } });
    expect(listed.get(bot)).toMatchObject({ kind: 'bot', yourSeat: 'A', seats: { B: { name: 'Bot (normal)', bot: true } } });
    expect(listed.get(room)).toMatchObject({ kind: 'room', yourSeat: 'A', seats: { B: { name: 'Nao', bot: false } } });
    expect(listed.get(tutorial)!.createdAt).toBeLessThanOrEqual(listed.get(bot)!.createdAt);
    for (const id of [tutorial, bot, room]) expect(tab.view(id)!.view.turn).toBeGreaterThanOrEqual(0);

    // Concede from the lobby: the seq of whatever view the tab holds will do (a concession is never stale).
    const seen = tab.view(bot)!.seq;
    expect(await tab.emit('match:action', { roomId: bot, clientActionId: 'lobby-gg', seenSeq: seen, action: { type: 'concede' } })).toMatchObject({ ok: true });
    await tab.waitFor(() => tab.roomStates.get(bot)?.status === 'finished', 5_000, 'finished');
    expect(tab.roomStates.get(bot)!.result).toEqual({ winner: 'B', reason: 'concede' });
    expect(
      yourMatches(tab)
        .map((r) => r.roomId)
        .sort(),
    ).toEqual([tutorial, room].sort());
    // The other socket (the room itself, say) heard it too.
    await me.waitFor(() => me.roomStates.get(bot)?.status === 'finished', 5_000, 'finished on the other socket');
    expect(t.server.game.userRooms.count({ userId: me.userId! }, true)).toBe(1);
    for (const c of [me, friend, tab]) c.close();
  });

  it("at the cap, starting a bot match or the tutorial concedes the oldest instead; nobody else's", async () => {
    const me = await TestClient.connect(t.url, 'Capped');
    const other = await TestClient.connect(t.url, 'Other');
    const tutorial = ok(await me.emit('room:tutorial', {})).roomId;
    const first = ok(await playBot(me)).roomId;
    await me.waitFor(() => yourMatches(me).length === 2, 5_000, 'two matches');
    const refused = await playBot(me);
    expect(refused).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
    if (!refused.ok) expect(refused.message).toMatch(/tutorial counts/);
    expect(await me.emit('room:tutorial', {})).toMatchObject({ ok: false, code: 'too-many-bot-matches' });

    // Someone else's match, or one that is not against the bot, is not conceded: refused, nothing changes.
    const theirs = ok(await playBot(other)).roomId;
    expect(await playBot(me, theirs)).toMatchObject({ ok: false, code: 'room-not-found' });
    expect(t.server.game.room(theirs)!.status).toBe('active');
    expect(await playBot(me, 'no-such-room')).toMatchObject({ ok: false, code: 'room-not-found' });
    expect(yourMatches(me)).toHaveLength(2);

    // The offer: the oldest is the tutorial; conceding it starts the new one in the same request.
    expect(oldestBotMatch(me)!.roomId).toBe(tutorial);
    const next = ok(await playBot(me, tutorial)).roomId;
    await me.waitFor(() => me.roomStates.get(tutorial)?.status === 'finished', 5_000, 'tutorial conceded');
    expect(me.roomStates.get(tutorial)!.result).toEqual({ winner: 'B', reason: 'concede' });
    await me.waitFor(() => me.view(next) !== undefined, 5_000, 'the new match');
    expect(
      yourMatches(me)
        .map((r) => r.roomId)
        .sort(),
    ).toEqual([first, next].sort());

    // The tutorial the same way, conceding the oldest bot match now.
    expect(oldestBotMatch(me)!.roomId).toBe(first);
    const again = ok(await me.emit('room:tutorial', { concede: first })).roomId;
    await me.waitFor(() => me.roomStates.get(first)?.status === 'finished' && me.view(again) !== undefined, 5_000, 'tutorial again');
    expect(
      yourMatches(me)
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['bot', 'tutorial']);
    // Naming a match that already ended concedes nothing and frees nothing: the cap still answers.
    expect(await playBot(me, first)).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
    expect(t.server.game.userRooms.count({ userId: me.userId! }, true)).toBe(2);
    for (const c of [me, other]) c.close();
  });

  it('a household of four behind one address, each leaving a bot match and starting another, is never refused', async () => {
    const caps = defaultConfig().caps;
    const people = await Promise.all(['Aiko', 'Bea', 'Chie', 'Dai'].map((n) => TestClient.connect(t.url, n)));
    // The address the server keys their caps by (one for all four).
    const conns = (t.server.game as unknown as { conns: Map<string, { address: string }> }).conns;
    const addresses = new Set(people.map((p) => conns.get(p.socket.id!)!.address));
    expect(addresses.size).toBe(1);
    const address = [...addresses][0]!;
    const before = t.server.game.userRooms.count({ address }, true);
    const refusals: string[] = [];
    // Round after round, each person leaves the match they were playing (back to the lobby, the match stays
    // theirs) and starts another; at their own cap they take the lobby's offer and concede their oldest.
    for (let round = 0; round < 4; round++)
      for (const p of people) {
        const start =
          round === 1 && p.name === 'Bea'
            ? () => p.emit('room:tutorial', yourMatches(p).length >= caps.botMatchesPerUser ? { concede: oldestBotMatch(p)!.roomId } : {})
            : () => playBot(p, yourMatches(p).length >= caps.botMatchesPerUser ? oldestBotMatch(p)!.roomId : undefined);
        const ack = await start();
        if (!ack.ok) refusals.push(`${p.name}, round ${round}: ${ack.code} ${ack.message}`);
        else await p.waitFor(() => p.view(ack.roomId) !== undefined && yourMatches(p).length <= caps.botMatchesPerUser, 5_000, 'the new match');
      }
    expect(refusals).toEqual([]);
    for (const p of people) expect(yourMatches(p)).toHaveLength(caps.botMatchesPerUser);
    // Eight live bot matches from one address, all within its cap: the abuse the cap exists for is still bounded.
    expect(t.server.game.userRooms.count({ address }, true) - before).toBe(8);
    expect(caps.botMatchesPerAddress).toBeGreaterThanOrEqual(8);
    for (const p of people) p.close();
  });
});
