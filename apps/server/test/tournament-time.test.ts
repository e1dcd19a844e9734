/**
 * Round time over real sockets (PR-20, issue 34 §2), on a ManualClock: when a Swiss round's time ends the game
 * in progress finishes its turn and plays three more; a game still running then is drawn by the server
 * (`round-time`), the tournament records a drawn match (one point each), and a restart in between keeps the event.
 * The seed (`matchSeed`) and the players' random choices are fixed, so the game reaches that turn every run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '@vroyale/protocol';
import { makeRng } from '@vroyale/engine';
import { ManualClock } from '../src/time/manual-clock.js';
import { makeAccount } from './helpers/accounts.js';
import { TestClient } from './helpers/test-client.js';
import { latestTournament } from './helpers/tournament-view.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // A long game clock: the round's five minutes pass without any manager's flag falling.
  t = await startTestServer(
    { rateLimit: { capacity: 1000, refillPerSec: 1000 }, matchSeed: 'round-time', clock: { initialMs: 3_600_000, incrementMs: 0 }, tournamentReadyMs: 60_000 },
    clock,
  );
});
afterAll(async () => {
  await t.close();
});

const latest = latestTournament;

describe('round time in a Swiss round (PR-20)', () => {
  it('draws a game still running three turns after time, and the event scores it as a drawn match', async () => {
    const a = await makeAccount(t, null, `tima${Date.now() % 100000}`);
    const b = await makeAccount(t, null, `timb${Date.now() % 100000}`);
    const created = await a.emit('tournament:create', { name: 'Time cup', roundMinutes: 5, rounds: 1 });
    if (!created.ok) throw new Error(created.message);
    const id = created.tournamentId;
    for (const c of [a, b]) expect(await c.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
    expect(await a.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true });

    // A restart during the ready check: the event comes back with its ready check open.
    const heardBefore = b.received.length;
    await t.restart();
    for (const c of [a, b]) await c.waitFor(() => c.socket.connected && !!c.userId, 10_000, 'reconnected');
    // b watches nothing itself: its hello alone brings the running event it entered (the ready check reaches it).
    await b.waitFor(
      () => b.received.slice(heardBefore).some((r) => r.event === 'tournament:update' && (r.payload as TournamentView).id === id),
      10_000,
      'the event on hello',
    );
    const back = await a.emit('tournament:watch', { tournamentId: id });
    expect(back).toMatchObject({ ok: true, status: 'running', phase: { kind: 'ready-check', round: 1 } });

    for (const c of [a, b]) expect(await c.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: true });
    await a.waitFor(() => latest(a, id)?.phase.kind === 'playing', 10_000, 'round 1 paired');
    const roomId = latest(a, id)!.history[0]!.pairings[0]!.roomId!;
    for (const c of [a, b]) await c.waitFor(() => c.view(roomId) !== undefined, 10_000, 'match view');

    // Both keep their hands and play a few moves, then time is called.
    a.startAutoplay(roomId, makeRng('ta'), (v) => v.view.turn >= 2);
    b.startAutoplay(roomId, makeRng('tb'), (v) => v.view.turn >= 2);
    await a.waitFor(() => (a.view(roomId)?.view.turn ?? 0) >= 2, 20_000, 'turn 2');
    const atTime = a.view(roomId)!.view.turn;
    clock.advance(5 * 60_000);
    await a.waitFor(() => latest(a, id)?.phase.kind === 'playing' && (latest(a, id)!.phase as { timeCalled: boolean }).timeCalled, 10_000, 'time called');

    // Three more turns after the one in progress, then the server draws the game.
    a.stopped = false;
    b.stopped = false;
    a.startAutoplay(roomId, makeRng('ta2'));
    b.startAutoplay(roomId, makeRng('tb2'));
    await a.waitFor(() => !!a.view(roomId)?.result, 30_000, 'the game ends');
    const end = a.view(roomId)!;
    // The seeded deal and the seeded players always reach the fourth turn after time (a game that ended on its own
    // would need another seed): the server drew it as that turn began.
    expect(end.result).toEqual({ winner: 'draw', reason: 'round-time' });
    expect(end.view.turn).toBe(atTime + 4);
    await a.waitFor(() => latest(a, id)?.status === 'finished', 10_000, 'the event ends');
    const v = latest(a, id)!;
    expect(v.history[0]!.pairings[0]!.result).toEqual({ winsA: 0, winsB: 0, draws: 1 });
    expect(v.standings.map((s) => s.points)).toEqual([1, 1]);
    a.close();
    b.close();
  }, 120_000);
});
