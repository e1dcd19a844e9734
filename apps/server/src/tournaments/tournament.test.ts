import { describe, expect, it } from 'vitest';
import { pairNextRound } from '@vroyale/tournament';
import type { TournamentEntrant, TournamentRecord } from '../storage/records.js';
import { ManualClock } from '../time/manual-clock.js';
import { newTournamentRecord, Tournament, type TournamentHost } from './tournament.js';

const READY_MS = 60_000;

function setup(players: number, over: Partial<TournamentRecord> = {}) {
  const clock = new ManualClock(1_000_000);
  const rooms: { roomId: string; a: string; b: string }[] = [];
  const timeCalls: string[][] = [];
  const saved: TournamentRecord[] = [];
  const host: TournamentHost<Tournament> = {
    clock,
    log: { info: () => {}, warn: () => {}, error: () => {} } as never,
    readyMs: READY_MS,
    save: (rec) => {
      saved.push(structuredClone(rec));
      return Promise.resolve();
    },
    changed: () => {},
    startMatch: async (_t, a, b) => {
      const roomId = `r${rooms.length + 1}`;
      rooms.push({ roomId, a: a.playerId, b: b.playerId });
      return roomId;
    },
    callTime: (_t, ids) => timeCalls.push(ids),
    pair: async (s) => pairNextRound(s),
  };
  const rec: TournamentRecord = {
    ...newTournamentRecord('t_abc123', {
      name: 'Test',
      organiser: { userId: 'u0', username: 'org' },
      format: 'bo1',
      clock: { initialMs: 600_000, incrementMs: 5_000 },
      rounds: null,
      topCut: 0,
      roundMinutes: 50,
      visibility: 'public',
      invite: null,
      registrationEndsAt: clock.now() + 30 * 60_000,
      createdAt: clock.now(),
    }),
    ...over,
  };
  const t = new Tournament(host, rec);
  t.opened();
  const entrant = (i: number): Omit<TournamentEntrant, 'playerId'> => ({
    userId: `u${i}`,
    name: `P${i}`,
    username: `p${i}`,
    roster: 'raid-night',
    label: 'raid-night',
  });
  for (let i = 1; i <= players; i++) expect(t.register(entrant(i), 256)).toEqual({ ok: true });
  const flush = () => new Promise((r) => setImmediate(r));
  /** Everyone expected confirms the open ready check. */
  const allReady = async () => {
    for (const e of rec.entrants) t.ready(e.userId);
    await flush();
  };
  return { t, rec, clock, rooms, timeCalls, saved, flush, allReady, entrant };
}

describe('a tournament on the server', () => {
  it('registration: a second registration changes the roster; full events refuse; only before the start', () => {
    const { t, rec, entrant } = setup(2);
    expect(t.register({ ...entrant(1), roster: 'mod-squad', label: 'mod-squad' }, 256)).toEqual({ ok: true });
    expect(rec.entrants.map((e) => [e.playerId, e.roster])).toEqual([
      ['p1', 'mod-squad'],
      ['p2', 'raid-night'],
    ]);
    expect(t.register(entrant(3), 2)).toMatchObject({ ok: false, code: 'wrong-phase' });
    expect(t.unregister('u2')).toEqual({ ok: true });
    expect(t.unregister('u2')).toMatchObject({ ok: false, code: 'not-registered' });
    // A new entrant never reuses a number still on the list.
    expect(t.register(entrant(4), 256)).toEqual({ ok: true });
    expect(rec.entrants.map((e) => e.playerId)).toEqual(['p1', 'p2']);
  });

  it('the organiser cannot start with fewer than two players or a cut it cannot fill; the deadline cancels or drops the cut', async () => {
    const one = setup(1);
    expect(one.t.start(false)).toMatchObject({ ok: false, code: 'wrong-phase' });
    one.clock.advance(31 * 60_000);
    expect(one.rec.status).toBe('cancelled');
    const three = setup(3, { topCut: 4 });
    expect(three.t.start(false)).toMatchObject({ ok: false, message: expect.stringContaining('top cut of 4') });
    three.clock.advance(30 * 60_000);
    expect(three.rec).toMatchObject({ status: 'running', topCut: 0, rounds: 2 });
    expect(three.rec.phase).toMatchObject({ kind: 'ready-check', stage: 'swiss', round: 1 });
    // Nobody confirms: all are dropped at the deadline and the event ends with no round played.
    three.clock.advance(READY_MS);
    await three.flush();
    expect(three.rec).toMatchObject({ status: 'finished', phase: { kind: 'over' } });
    expect(three.rec.state!.rounds).toEqual([]);
  });

  it('a ready check drops who misses it from that round on; the round is paired without them', async () => {
    const { t, rec, clock, rooms, flush } = setup(5);
    t.start(false);
    for (const u of ['u1', 'u2', 'u3', 'u4']) t.ready(u);
    expect(rec.phase).toMatchObject({ kind: 'ready-check', ready: ['p1', 'p2', 'p3', 'p4'] });
    clock.advance(READY_MS);
    await flush();
    expect(rec.state!.players.find((p) => p.id === 'p5')!.droppedAfterRound).toBe(0);
    expect(rec.phase).toMatchObject({ kind: 'playing', round: 1, timeCalled: false });
    expect(rooms).toHaveLength(2);
    expect(rooms.flatMap((r) => [r.a, r.b])).not.toContain('p5');
  });

  it('results from the rooms complete a round; a pause holds the next one until resumed; a fix moves the standings', async () => {
    const { t, rec, rooms, allReady } = setup(4);
    t.start(false);
    await allReady();
    expect(t.manage({ op: 'pause', tournamentId: rec.id })).toEqual({ ok: true });
    t.matchDecided(rooms[0]!.roomId, { winsA: 1, winsB: 0, draws: 0 });
    expect(rec.phase.kind).toBe('playing');
    // A result reported twice (a second end of the same room) changes nothing.
    t.matchDecided(rooms[0]!.roomId, { winsA: 0, winsB: 1, draws: 0 });
    t.matchDecided(rooms[1]!.roomId, { winsA: 0, winsB: 1, draws: 0 });
    expect(rec.state!.rounds[0]!.pairings.map((m) => m.result)).toEqual([
      { winsA: 1, winsB: 0, draws: 0 },
      { winsA: 0, winsB: 1, draws: 0 },
    ]);
    expect(rec).toMatchObject({ status: 'paused', phase: { kind: 'paused', before: 2 } });
    expect(t.manage({ op: 'fix', tournamentId: rec.id, round: 1, table: 1, result: { winsA: 0, winsB: 1, draws: 0 } })).toEqual({ ok: true });
    expect(rec.state!.rounds[0]!.pairings[0]!.result).toEqual({ winsA: 0, winsB: 1, draws: 0 });
    expect(t.manage({ op: 'fix', tournamentId: rec.id, round: 1, table: 9, result: { winsA: 0, winsB: 1, draws: 0 } })).toMatchObject({
      ok: false,
      code: 'bad-request',
    });
    expect(t.manage({ op: 'resume', tournamentId: rec.id })).toEqual({ ok: true });
    expect(rec).toMatchObject({ status: 'running', phase: { kind: 'ready-check', round: 2 } });
  });

  it('PR-20: at round time the host is told which games still run; a Swiss round ends only with its results', async () => {
    const { t, rec, clock, rooms, timeCalls, allReady } = setup(4);
    t.start(false);
    await allReady();
    t.matchDecided(rooms[0]!.roomId, { winsA: 1, winsB: 0, draws: 0 });
    clock.advance(50 * 60_000);
    expect(rec.phase).toMatchObject({ kind: 'playing', timeCalled: true });
    expect(timeCalls).toEqual([[rooms[1]!.roomId]]);
    // The game drawn after its extra turns is a drawn match (0-0-1): one point each.
    t.matchDecided(rooms[1]!.roomId, { winsA: 0, winsB: 0, draws: 1 });
    expect(rec.phase).toMatchObject({ kind: 'ready-check', round: 2 });
  });

  it('a drop in the top cut concedes the open match; the champion ends the event', async () => {
    const { t, rec, rooms, allReady } = setup(4, { topCut: 4, rounds: 1 });
    t.start(false);
    await allReady();
    for (const r of rooms.slice(0, 2)) t.matchDecided(r.roomId, { winsA: 1, winsB: 0, draws: 0 });
    expect(rec.phase).toMatchObject({ kind: 'ready-check', stage: 'cut', round: 1 });
    await allReady();
    const semis = rooms.slice(2);
    expect(semis).toHaveLength(2);
    // The organiser drops one semi-finalist: the opponent goes through; the other semi decides the final.
    expect(t.manage({ op: 'pause', tournamentId: rec.id })).toEqual({ ok: true });
    expect(t.manage({ op: 'resume', tournamentId: rec.id })).toEqual({ ok: true });
    expect(t.drop(semis[0]!.b, 'organiser')).toEqual({ ok: true });
    t.matchDecided(semis[1]!.roomId, { winsA: 0, winsB: 1, draws: 0 });
    expect(rec.phase).toMatchObject({ kind: 'ready-check', stage: 'cut', round: 2 });
    await allReady();
    const final = rooms[4]!;
    expect([final.a, final.b].sort()).toEqual([semis[0]!.a, semis[1]!.b].sort());
    t.matchDecided(final.roomId, { winsA: 1, winsB: 0, draws: 0 });
    expect(rec).toMatchObject({ status: 'finished', phase: { kind: 'over' } });
    expect(t.drop(final.b, 'self')).toMatchObject({ ok: false, code: 'wrong-phase' });
  });
});
