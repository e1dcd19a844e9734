/**
 * Ratings exactly once (issue 17 §4), over real sockets: a ranked match's result moves both ratings once, in
 * the result's transaction; a restart and a replayed concession do not count it again; a failed write leaves
 * neither result nor rating; a draw (both seat holds running out) counts 0.5 each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueName, QueueState } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { makeAccount } from './helpers/accounts.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { sqliteOf } from './helpers/sqlite.js';

const HOLD = 10_000;
const clock = new ManualClock();
let t: TestServer;
let n = 0;
beforeAll(async () => {
  t = await startTestServer({ seatHoldMs: HOLD, rateLimit: { capacity: 1000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, number | string | null>;
const db = () => sqliteOf(t.server.storage).db;
const ratingRow = (c: TestClient, queue: QueueName = 'ranked') =>
  db().prepare('SELECT * FROM ratings WHERE user_id = ? AND queue = ?').get(c.userId, queue) as Row | undefined;
const changes = (matchId: string) => db().prepare('SELECT * FROM rating_changes WHERE match_id = ? ORDER BY user_id').all(matchId) as Row[];
const matched = (c: TestClient) =>
  c.received
    .filter((m) => m.event === 'queue:state')
    .map((m) => m.payload as QueueState)
    .find((s) => s.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;

/** Two fresh accounts queue `queue` and are matched; `a` sits in A (it waited longer). */
async function queuedMatch(queue: QueueName = 'ranked') {
  const a = await makeAccount(t, null, `R${++n}a`);
  const b = await makeAccount(t, null, `R${n}b`);
  await a.emit('queue:join', { queue, roster: 'raid-night' });
  clock.advance(1);
  await b.emit('queue:join', { queue, roster: 'mod-squad' });
  await a.waitFor(() => matched(a) !== undefined, 5_000, 'matched');
  const roomId = matched(a)!.roomId;
  await a.waitFor(() => a.view(roomId) !== undefined, 5_000, 'view');
  await b.waitFor(() => b.view(roomId) !== undefined, 5_000, 'view');
  expect(matched(a)!.seat).toBe('A');
  return { a, b, roomId, matchId: a.view(roomId)!.matchId };
}

describe('ratings', () => {
  it('a ranked match to a concession updates both ratings once, and a restart with a replayed concession does not count it again', async () => {
    const { a, b, roomId, matchId } = await queuedMatch();
    const concede = { roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } } as const;
    const ack = await b.emit('match:action', concede);
    expect(ack.ok).toBe(true);
    await a.waitFor(() => a.view(roomId)?.result != null, 5_000, 'result');
    const ra = ratingRow(a)!;
    const rb = ratingRow(b)!;
    expect(ra).toMatchObject({ games: 1, wins: 1, losses: 0, draws: 0 });
    expect(rb).toMatchObject({ games: 1, wins: 0, losses: 1, draws: 0 });
    expect(Number(ra.rating)).toBeGreaterThan(1500);
    expect(Number(rb.rating)).toBeLessThan(1500);
    expect(Number(ra.rd)).toBeLessThan(350);
    expect(changes(matchId)).toHaveLength(2);
    expect(changes(matchId).find((c) => c.user_id === a.userId)).toMatchObject({ queue: 'ranked', rating_before: 1500, rating_after: ra.rating });
    expect(db().prepare('SELECT seat, outcome, starter FROM match_players WHERE match_id = ? ORDER BY seat').all(matchId)).toEqual([
      { seat: 'A', outcome: 'win', starter: 'raid-night' },
      { seat: 'B', outcome: 'loss', starter: 'mod-squad' },
    ]);
    expect(ratingRow(a, 'casual')).toBeUndefined();

    await t.restart();
    await b.waitFor(() => b.socket.connected, 10_000, 'reconnected');
    await b.hello();
    expect(t.server.game.room(roomId)?.kind).toBe('ranked');
    expect(await b.emit('match:action', concede)).toEqual(ack);
    expect(ratingRow(a)).toEqual(ra);
    expect(ratingRow(b)).toEqual(rb);
    expect(changes(matchId)).toHaveLength(2);
    // The storage refuses a second recording outright: the status guard skips it.
    await t.server.storage.endMatch(matchId, roomId, { winner: 'B', reason: 'concede' }, { A: 0, B: 0 }, clock.now());
    expect(ratingRow(a)).toEqual(ra);
    expect((await t.server.storage.match(matchId))!.result).toEqual({ winner: 'A', reason: 'concede' });
    a.close();
    b.close();
  });

  it('a live ranked match keeps its kind across a restart, and its result is rated then', async () => {
    const { a, b, roomId, matchId } = await queuedMatch();
    await t.restart();
    expect(t.server.game.room(roomId)?.kind).toBe('ranked');
    await a.waitFor(() => a.socket.connected, 10_000, 'reconnected');
    await a.hello();
    expect(await a.emit('match:action', { roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } })).toMatchObject({ ok: true });
    expect(changes(matchId)).toHaveLength(2);
    expect(ratingRow(b)).toMatchObject({ games: 1, wins: 1 });
    a.close();
    b.close();
  });

  it('a failed write leaves neither the result nor a rating; the retry counts once', async () => {
    const { a, b, roomId, matchId } = await queuedMatch();
    const results = sqliteOf(t.server.storage).results;
    const ended = results.matchEnded.bind(results);
    // The failure comes after the ratings were written, inside the result's transaction.
    results.matchEnded = (...args) => {
      ended(...args);
      throw new Error('disk I/O error (test)');
    };
    const concede = { roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } } as const;
    try {
      expect(await b.emit('match:action', concede)).toMatchObject({ ok: false, code: 'internal' });
    } finally {
      results.matchEnded = ended;
    }
    expect(ratingRow(a)).toBeUndefined();
    expect(ratingRow(b)).toBeUndefined();
    expect(changes(matchId)).toEqual([]);
    expect(await t.server.storage.match(matchId)).toMatchObject({ status: 'active', result: null });
    expect(db().prepare('SELECT COUNT(*) AS n FROM match_players WHERE match_id = ? AND outcome IS NOT NULL').get(matchId)).toEqual({ n: 0 });
    expect(await b.emit('match:action', concede)).toMatchObject({ ok: true });
    expect(ratingRow(a)).toMatchObject({ games: 1, wins: 1 });
    expect(changes(matchId)).toHaveLength(2);
    a.close();
    b.close();
  });

  it('a draw (both seat holds run out) counts 0.5 for each, in the casual queue', async () => {
    const { a, b, roomId, matchId } = await queuedMatch('casual');
    const spec = await TestClient.connect(t.url, 'Watcher');
    await spec.emit('room:spectate', { roomId });
    a.close();
    b.close();
    await spec.waitFor(
      () => spec.roomStates.get(roomId)?.seats.A?.connected === false && spec.roomStates.get(roomId)?.seats.B?.connected === false,
      5_000,
      'both away',
    );
    clock.advance(HOLD);
    await spec.waitFor(() => spec.view(roomId)?.result != null, 5_000, 'draw');
    expect(spec.view(roomId)!.result).toEqual({ winner: 'draw', reason: 'abandoned' });
    for (const c of [a, b]) {
      const r = ratingRow(c, 'casual')!;
      expect(r).toMatchObject({ games: 1, wins: 0, losses: 0, draws: 1 });
      expect(Number(r.rating)).toBeCloseTo(1500, 6);
    }
    expect(changes(matchId)).toHaveLength(2);
    expect(db().prepare('SELECT outcome FROM match_players WHERE match_id = ?').all(matchId)).toEqual([{ outcome: 'draw' }, { outcome: 'draw' }]);
    spec.close();
  });

  it('a rematch of a ranked match is a friendly challenge: unrated', async () => {
    const { a, b, roomId } = await queuedMatch();
    await b.emit('match:action', { roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
    await a.waitFor(() => a.view(roomId)?.result != null, 5_000, 'result');
    const before = { a: ratingRow(a), b: ratingRow(b) };
    await a.emit('room:rematch', { roomId });
    const r = await b.emit('room:rematch', { roomId });
    if (!r.ok || !r.roomId) throw new Error('no rematch');
    const next = t.server.game.room(r.roomId)!;
    expect(next.kind).toBe('challenge');
    for (const c of [a, b]) expect(await c.emit('room:join', { roomId: r.roomId, roster: 'raid-night' })).toMatchObject({ ok: true });
    await a.waitFor(() => a.view(r.roomId!) !== undefined, 5_000, 'rematch view');
    await a.emit('match:action', { roomId: r.roomId, clientActionId: 'gg2', seenSeq: 0, action: { type: 'concede' } });
    await b.waitFor(() => b.view(r.roomId!)?.result != null, 5_000, 'rematch result');
    expect(changes(next.master!.id)).toEqual([]);
    expect({ a: ratingRow(a), b: ratingRow(b) }).toEqual(before);
    a.close();
    b.close();
  });

  it('bot matches and rooms move no rating', async () => {
    const c = await makeAccount(t, null, `R${++n}c`);
    const r = await c.emit('room:play-bot', { roster: 'raid-night' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    await c.waitFor(() => c.view(r.roomId) !== undefined, 5_000, 'view');
    await c.emit('match:action', { roomId: r.roomId, clientActionId: 'x', seenSeq: 0, action: { type: 'concede' } });
    await c.waitFor(() => c.view(r.roomId)?.result != null, 5_000, 'result');
    const matchId = c.view(r.roomId)!.matchId;
    expect(db().prepare('SELECT kind FROM matches WHERE id = ?').get(matchId)).toEqual({ kind: 'bot' });
    expect(changes(matchId)).toEqual([]);
    expect(db().prepare('SELECT seat, bot, outcome FROM match_players WHERE match_id = ? ORDER BY seat').all(matchId)).toEqual([
      { seat: 'A', bot: 0, outcome: 'loss' },
      { seat: 'B', bot: 1, outcome: 'win' },
    ]);
    c.close();
  });
});
