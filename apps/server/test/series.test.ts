/**
 * Best-of-three over real sockets (issue 34 §1): games as rooms of their own, the side-deck window between them
 * (PR-22: a swap checked by the engine, its cards told to nobody but its owner), the loser of the last game
 * choosing who goes first (PR-18), a window that closes on its own, the match decided at two wins, a rematch
 * from the decks as registered, and a restart in the middle of the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDeckCode, validateSwap } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { LobbyRooms, MatchHistoryPage, RoomState, Seat } from '@vroyale/protocol';
import { makeAccount } from './helpers/accounts.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { actFromLatest, seatBoth, sideDeckCard } from './helpers/match-setup.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, sideboardMs: 60_000 });
});
afterAll(async () => {
  await t.close();
});

const raid = starterRosters.find((r) => r.id === 'raid-night')!;

/** A raid-night deck code with a side deck of one card that is in neither starter, and the swap bringing it in. */
function deckWithSide(): { code: string; sideCard: string; swap: { out: string[]; in: string[] } } {
  const sideCard = sideDeckCard(raid);
  const swap = { out: [raid.cards.find((c) => c !== raid.centre)!], in: [sideCard] };
  expect(validateSwap(raid, [sideCard], swap, cardPool)).toEqual([]);
  return { code: encodeDeckCode({ centre: raid.centre, cards: [...raid.cards], side: [sideCard] }, cardPool), sideCard, swap };
}

async function concede(c: TestClient, roomId: string): Promise<void> {
  expect((await actFromLatest(c, roomId, { type: 'concede' }, 'concede')).ok).toBe(true);
}

const seriesOf = (c: TestClient, roomId: string) => c.roomStates.get(roomId)?.series ?? null;
/** The lobby's lists as last pushed to `c` (it subscribed). */
const lobbyOf = (c: TestClient) => c.received.findLast((r) => r.event === 'lobby:rooms')?.payload as LobbyRooms | undefined;

async function between(c: TestClient, roomId: string): Promise<NonNullable<RoomState['series']>> {
  await c.waitFor(() => seriesOf(c, roomId)?.status === 'between', 5_000, 'side-deck window');
  return seriesOf(c, roomId)!;
}

/** Both join the next game's room (they are seated there already) and see its first view. */
async function follow(cs: TestClient[], roomId: string): Promise<string> {
  await cs[0]!.waitFor(() => seriesOf(cs[0]!, roomId)?.nextRoomId != null, 10_000, 'next game');
  const next = seriesOf(cs[0]!, roomId)!.nextRoomId!;
  for (const c of cs) {
    expect(await c.emit('room:join', { roomId: next, roster: 'ignored-when-seated' })).toMatchObject({ ok: true });
    await c.waitFor(() => c.view(next) !== undefined, 5_000, 'next game view');
  }
  return next;
}

/** Keeps the opening hand. */
async function keep(c: TestClient, roomId: string): Promise<void> {
  expect(await actFromLatest(c, roomId, { type: 'mulligan', redraw: false }, 'keep')).toMatchObject({ ok: true });
}

describe('best of three', () => {
  it('plays games as rooms, swaps side decks in secret, lets the loser choose, and ends at two wins', async () => {
    const deck = deckWithSide();
    const a = await TestClient.connect(t.url, 'Alice');
    const b = await TestClient.connect(t.url, 'Bob');
    const spec = await TestClient.connect(t.url, 'Watcher');
    const created = await a.emit('room:create', { visibility: 'public', format: 'bo3' });
    if (!created.ok) throw new Error(created.message);
    const g1 = created.roomId;
    // Told before it starts: the waiting room and the lobby say it is a best of three.
    const lobby = await spec.emit('lobby:subscribe', {});
    if (!lobby.ok) throw new Error(lobby.message);
    expect(lobby.rooms.find((r) => r.roomId === g1)?.format).toBe('bo3');
    expect(await a.emit('room:join', { roomId: g1, roster: deck.code, seat: 'A' })).toMatchObject({ ok: true });
    await a.waitFor(() => a.roomStates.get(g1) !== undefined, 5_000, 'waiting room');
    expect(a.roomStates.get(g1)).toMatchObject({ format: 'bo3', status: 'waiting', series: null });
    expect(await b.emit('room:join', { roomId: g1, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true });
    expect(await spec.emit('room:spectate', { roomId: g1 })).toMatchObject({ ok: true });
    await a.waitFor(() => a.view(g1) !== undefined && seriesOf(a, g1) !== null, 5_000, 'game 1');
    expect(seriesOf(a, g1)).toMatchObject({ format: 'bo3', game: 1, status: 'playing', wins: { A: 0, B: 0 }, between: null, nextRoomId: null });
    // Each manager is told their own deck; the spectator and the opponent nothing of it.
    const mine = seriesOf(a, g1)!.yours!;
    expect({ ...mine, cards: [...mine.cards].sort() }).toEqual({ centre: raid.centre, cards: [...raid.cards].sort(), side: [deck.sideCard] });
    await spec.waitFor(() => seriesOf(spec, g1) !== null, 5_000, 'spectator sees the series');
    expect(seriesOf(spec, g1)!.yours).toBeNull();

    // No swap while a game is being played, and none in a single game's room.
    expect(await a.emit('series:sideboard', { roomId: g1, swap: deck.swap })).toMatchObject({ ok: false, code: 'not-between-games' });

    // Game 1: B concedes. A leads 1-0; the window opens with B (the loser) to choose who goes first (PR-18).
    await concede(b, g1);
    const w1 = await between(b, g1);
    expect(w1).toMatchObject({ wins: { A: 1, B: 0 }, games: [{ roomId: g1, winner: 'A', chooser: null }] });
    expect(w1.between).toMatchObject({ ready: [], swapped: { A: null, B: null }, chooser: 'B' });
    expect(w1.between!.remainingMs).toBeGreaterThan(50_000);
    expect(await spec.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: false, code: 'not-a-manager' });
    expect(await a.emit('room:rematch', { roomId: g1 })).toMatchObject({ ok: false, code: 'not-finished' });

    // An illegal swap is refused and changes nothing (B has no side deck; A cannot take out the Centre).
    expect(await b.emit('series:sideboard', { roomId: g1, swap: { out: [raid.cards[0]!], in: [deck.sideCard] } })).toMatchObject({
      ok: false,
      code: 'illegal-swap',
    });
    expect(await a.emit('series:sideboard', { roomId: g1, swap: { out: [raid.centre], in: [deck.sideCard] } })).toMatchObject({
      ok: false,
      code: 'illegal-swap',
    });
    const seenBefore = b.received.length + spec.received.length;
    expect(await a.emit('series:sideboard', { roomId: g1, swap: deck.swap })).toEqual({ ok: true, swapped: 1 });
    // Sent once: it cannot be changed after.
    expect(await a.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: false, code: 'not-between-games' });
    // B and the spectator learn that A swapped one card, never which (PR-22).
    await b.waitFor(() => seriesOf(b, g1)?.between?.swapped.A === 1, 5_000, 'swap count');
    await spec.waitFor(() => seriesOf(spec, g1)?.between?.swapped.A === 1, 5_000, 'swap count');
    const told = JSON.stringify([...b.received, ...spec.received]);
    expect(told).not.toContain(deck.sideCard);
    expect(b.received.length + spec.received.length).toBeGreaterThan(seenBefore);

    // B keeps the deck: both are ready, game 2 starts with A's new roster.
    expect(await b.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toEqual({ ok: true, swapped: 0 });
    const g2 = await follow([a, b], g1);
    const room2 = t.server.game.room(g2)!;
    expect(room2.seats.A!.roster.cards).toContain(deck.sideCard);
    expect(room2.seats.A!.roster.cards.filter((c) => c === deck.swap.out[0]).length).toBe(raid.cards.filter((c) => c === deck.swap.out[0]).length - 1);
    expect(seriesOf(a, g2)).toMatchObject({ game: 2, status: 'playing', wins: { A: 1, B: 0 } });
    expect(seriesOf(a, g2)!.yours!.side).toEqual([deck.swap.out[0]]);
    // The lobby lists game 2 with the match's score; game 1 is no result of its own (the match goes on).
    await spec.waitFor(() => !!lobbyOf(spec)?.rooms.some((r) => r.roomId === g2), 5_000, 'game 2 listed');
    expect(lobbyOf(spec)!.rooms.find((r) => r.roomId === g2)!.series).toEqual({ game: 2, games: 2, wins: { A: 1, B: 0 }, draws: 0, over: false });
    expect(lobbyOf(spec)!.recent.map((r) => r.roomId)).not.toContain(g1);

    // After the mulligans B (who lost game 1) chooses the order; no coin is flipped.
    await keep(a, g2);
    await keep(b, g2);
    await b.waitFor(() => b.view(g2)?.view.pending?.kind === 'choose-order', 5_000, 'order choice');
    expect(b.view(g2)!.view.pending).toMatchObject({ kind: 'choose-order', manager: 'B' });
    expect(JSON.stringify(b.received.filter((r) => r.event === 'match:view'))).toContain('"previousGame":true');

    // Game 2: A concedes (1-1); the window closes on its own at the deadline with nobody ready.
    await concede(a, g2);
    const w2 = await between(a, g2);
    expect(w2).toMatchObject({ wins: { A: 1, B: 1 } });
    expect(w2.between!.chooser).toBe('A');
    t.server.game.room(g2)!.series!.rec.between!.deadline = Date.now();
    t.server.game.room(g2)!.series!.resume(0);
    const g3 = await follow([a, b], g2);
    expect(seriesOf(b, g3)).toMatchObject({ game: 3, status: 'playing' });
    expect(t.server.game.room(g3)!.seats.A!.roster.cards).toEqual(room2.seats.A!.roster.cards);

    // Game 3: B concedes: A wins the match 2-1.
    await concede(b, g3);
    await a.waitFor(() => seriesOf(a, g3)?.status === 'done', 5_000, 'match decided');
    expect(seriesOf(a, g3)).toMatchObject({ winner: 'A', wins: { A: 2, B: 1 }, between: null, nextRoomId: null });
    expect(seriesOf(a, g1)).toMatchObject({ nextRoomId: g2 });
    // Recent results hold the match once, as its last game with the score: "A beat B 2–1".
    await spec.waitFor(() => !!lobbyOf(spec)?.recent.some((r) => r.roomId === g3), 5_000, 'the match in recent results');
    const recent = lobbyOf(spec)!.recent.filter((r) => [g1, g2, g3].includes(r.roomId));
    expect(recent.map((r) => [r.roomId, r.series])).toEqual([[g3, { game: 3, games: 3, wins: { A: 2, B: 1 }, draws: 0, over: true }]]);

    // A rematch is another best-of-three from the decks as registered (PR-22), seats swapped.
    expect(await a.emit('room:rematch', { roomId: g3 })).toMatchObject({ ok: true, offers: ['A'] });
    const re = await b.emit('room:rematch', { roomId: g3 });
    if (!re.ok || !re.roomId) throw new Error(`rematch: ${JSON.stringify(re)}`);
    const r1 = t.server.game.room(re.roomId)!;
    expect(r1.format).toBe('bo3');
    expect([...r1.seats.B!.roster.cards].sort()).toEqual([...raid.cards].sort());
    expect(r1.seats.B!.side).toEqual([deck.sideCard]);
    expect(r1.series?.rec.registered.B).toEqual({ roster: r1.seats.B!.roster, side: [deck.sideCard] });

    // The replay of game 2 rebuilds with its chooser (no coin flip).
    const matchId = t.server.game.room(g2)!.master!.id;
    const replay = (await (await fetch(`${t.url}/api/matches/${matchId}/replay`)).json()) as { chooser: Seat | null };
    expect(replay.chooser).toBe('B');

    // History shows the match with its games: the three share the series id (Alice registers now; her games stay hers).
    const name = `alice${Date.now() % 100_000}`;
    await makeAccount(t, a, name);
    const history = (await (await fetch(`${t.url}/api/users/${name}/matches`)).json()) as MatchHistoryPage;
    const games = history.matches.filter((m) => [g1, g2, g3].includes(m.roomId));
    expect(games.map((m) => [m.roomId, m.outcome, m.series])).toEqual([
      [g3, 'win', seriesOf(a, g3)!.seriesId],
      [g2, 'loss', seriesOf(a, g3)!.seriesId],
      [g1, 'win', seriesOf(a, g3)!.seriesId],
    ]);
    for (const c of [a, b, spec]) c.close();
  });

  it('comes back after a restart in the side-deck window, and its timer still starts the next game', async () => {
    const a = await TestClient.connect(t.url, 'Ann');
    const b = await TestClient.connect(t.url, 'Ben');
    const { roomId: g1 } = await seatBoth(a, b, { visibility: 'private', format: 'bo3' });
    await concede(a, g1);
    await between(b, g1);
    expect(await b.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: true });
    await a.waitFor(() => seriesOf(a, g1)?.between?.ready.includes('B') === true, 5_000, 'B ready');
    a.close();
    b.close();

    await t.restart();
    const room = t.server.game.room(g1)!;
    expect(room.series?.rec).toMatchObject({ status: 'between', between: { ready: ['B'], chooser: 'A' } });
    const a2 = await TestClient.connect(t.url, 'Ann', a.token);
    const b2 = await TestClient.connect(t.url, 'Ben', b.token);
    for (const c of [a2, b2]) expect(await c.emit('room:spectate', { roomId: g1 })).toMatchObject({ ok: true });
    await a2.waitFor(() => seriesOf(a2, g1)?.status === 'between', 5_000, 'window after restart');
    expect(await a2.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: true });
    const g2 = await follow([a2, b2], g1);
    expect(seriesOf(b2, g2)).toMatchObject({ game: 2, wins: { A: 0, B: 1 } });
    for (const c of [a2, b2]) c.close();
  });
});
