/**
 * A whole Swiss tournament over real sockets (issue 34 §2): eight accounts register, the organiser starts it,
 * three Swiss rounds with ready checks (one player misses one and is dropped: the odd field gets a bye, never
 * twice to one player, no rematch), results recorded from the rooms' own match ends, a top cut of 4 played as
 * single elimination, the champion, and the lists published only at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '@vroyale/protocol';
import { encodeDeckCode, validateSideDeck } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { makeAccount } from './helpers/accounts.js';
import { actFromLatest } from './helpers/match-setup.js';
import { TestClient } from './helpers/test-client.js';
import { latestTournament } from './helpers/tournament-view.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const READY_MS = 1_500;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, tournamentReadyMs: READY_MS });
});
afterAll(async () => {
  await t.close();
});

/**
 * Eight different deck codes (a starter with a side deck of one card each), so a list is recognisable in any
 * message: before the event ends no player's code may reach anyone else.
 */
function deckCodes(): string[] {
  const out: string[] = [];
  for (const r of starterRosters.slice(0, 2)) {
    const fits = Object.values(cardPool).filter((d) => !d.token && validateSideDeck(r, [d.id], cardPool).length === 0);
    for (const d of fits.slice(0, 4)) out.push(encodeDeckCode({ centre: r.centre, cards: [...r.cards], side: [d.id] }, cardPool));
  }
  expect(new Set(out).size).toBe(8);
  return out;
}

/** The latest view of the event this client heard (pushed, or its last ack). */
const latest = latestTournament;

async function until(c: TestClient, id: string, ok: (v: TournamentView) => boolean, what: string): Promise<TournamentView> {
  await c.waitFor(
    () => {
      const v = latest(c, id);
      return v !== undefined && ok(v);
    },
    15_000,
    what,
  );
  return latest(c, id)!;
}

describe('a Swiss tournament', () => {
  it('runs eight players through three rounds with a drop and a bye, then a top cut of 4, to a champion', async () => {
    const names = ['ann', 'ben', 'cho', 'dev', 'eli', 'fay', 'gus', 'hal'].map((n) => `${n}${Date.now() % 100000}`);
    const codes = deckCodes();
    const players: TestClient[] = [];
    for (const n of names) players.push(await makeAccount(t, null, n));
    const org = players[0]!;
    const guest = await TestClient.connect(t.url, 'Watcher');

    // A guest cannot organise or enter; a bad payload changes nothing.
    expect(await guest.emit('tournament:create', { name: 'Guest cup' })).toMatchObject({ ok: false, code: 'not-signed-in' });
    expect(await org.emit('tournament:create', { name: 'x' })).toMatchObject({ ok: false, code: 'bad-request' });
    const created = await org.emit('tournament:create', { name: 'Friday Swiss', topCut: 4, registrationMinutes: 60 });
    if (!created.ok) throw new Error(created.message);
    const id = created.tournamentId;
    expect(created.invite).toBeNull();
    const listed = await guest.emit('tournament:list', {});
    expect(listed.ok && listed.tournaments.find((x) => x.id === id)).toMatchObject({ name: 'Friday Swiss', status: 'registration', players: 0, topCut: 4 });
    expect(await guest.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: false, code: 'not-signed-in' });
    expect(await players[1]!.emit('tournament:register', { tournamentId: id, roster: 'no-such-deck' })).toMatchObject({ ok: false, code: 'bad-request' });

    for (const [i, p] of players.entries()) {
      const r = await p.emit('tournament:register', { tournamentId: id, roster: codes[i]! });
      expect(r).toMatchObject({ ok: true, status: 'registration' });
    }
    expect(await guest.emit('tournament:watch', { tournamentId: id })).toMatchObject({ ok: true, players: expect.any(Array) });
    // Only the organiser starts it.
    expect(await players[1]!.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: false, code: 'not-organiser' });
    expect(await org.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true, status: 'running', rounds: 3 });

    const idOf = new Map<string, TestClient>();
    const v0 = await until(org, id, (v) => v.phase.kind === 'ready-check', 'round 1 ready check');
    for (const p of v0.players) idOf.set(p.id, players[names.indexOf(p.name)]!);
    const byes = new Map<string, number>();
    const met = new Set<string>();

    /** Everyone but `skip` confirms; then each table's player b concedes (player a wins), unless `aLoses`. */
    async function playRound(n: number, stage: 'swiss' | 'cut', skip: string[] = [], aLoses = false): Promise<TournamentView> {
      const rc = await until(guest, id, (v) => v.phase.kind === 'ready-check' && v.phase.round === n && v.phase.stage === stage, `${stage} ${n} ready check`);
      const expected = stage === 'swiss' ? rc.players.filter((p) => p.droppedAfterRound === undefined).map((p) => p.id) : [];
      for (const pid of stage === 'swiss'
        ? expected
        : rc.history
            .filter((r) => r.stage === 'cut')
            .at(-1)!
            .pairings.flatMap((m) => [m.a, m.b!])) {
        if (skip.includes(pid)) continue;
        const c = idOf.get(pid)!;
        const ack = await c.emit('tournament:ready', { tournamentId: id });
        expect(ack).toMatchObject({ ok: true });
        // What the web app does with an ack: the view it carries is the client's latest (own part included).
        c.received.push({ event: 'tournament:update', payload: ack });
      }
      const playing = await until(guest, id, (v) => v.phase.kind === 'playing' && v.phase.round === n && v.phase.stage === stage, `${stage} ${n} paired`);
      // Every player's own part follows: nobody is still "ready" once the round is paired (the last to confirm
      // read ready in its ack; the push after must say otherwise, or the next ready check looks answered).
      for (const p of players)
        await until(p, id, (v) => v.phase.kind === 'playing' && v.phase.round === n && v.you?.ready === false, `${p.name}'s own part after pairing`);
      const round = playing.history.filter((r) => r.stage === stage)[n - 1]!;
      for (const m of round.pairings) {
        if (m.b === null) {
          byes.set(m.a, (byes.get(m.a) ?? 0) + 1);
          continue;
        }
        if (stage === 'swiss') {
          const k = [m.a, m.b].sort().join('-');
          expect(met.has(k), `rematch ${k}`).toBe(false);
          met.add(k);
        }
        expect(m.roomId).toEqual(expect.any(String));
        const loser = idOf.get(aLoses ? m.a : m.b)!;
        await loser.waitFor(() => loser.view(m.roomId!) !== undefined, 10_000, 'tournament match view');
        expect(await actFromLatest(loser, m.roomId!, { type: 'concede' }, `t${stage}${n}`)).toMatchObject({ ok: true });
      }
      return playing;
    }

    const r1 = await playRound(1, 'swiss');
    // A table's room belongs to the event: its page is named, and no rematch is offered there.
    const t1 = r1.history[0]!.pairings[0]!;
    const winner = idOf.get(t1.a)!;
    await winner.waitFor(() => winner.roomStates.get(t1.roomId!)?.status === 'finished', 10_000, 'table 1 over');
    expect(winner.roomStates.get(t1.roomId!)?.tournamentId).toBe(id);
    expect(await winner.emit('room:rematch', { roomId: t1.roomId! })).toMatchObject({
      ok: false,
      code: 'not-finished',
      message: expect.stringContaining('tournament'),
    });
    // Round 2: the last player misses the ready check and is dropped at its deadline; seven players, one bye.
    const missing = v0.players.at(-1)!.id;
    const r2 = await playRound(2, 'swiss', [missing]);
    expect(r2.players.find((p) => p.id === missing)?.droppedAfterRound).toBe(1);
    expect(r2.history[1]!.pairings.some((m) => m.a === missing || m.b === missing)).toBe(false);
    expect(r2.history[1]!.pairings.filter((m) => m.b === null)).toHaveLength(1);
    const missed = idOf.get(missing)!;
    expect(await missed.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: false });
    const r3 = await playRound(3, 'swiss');
    expect(r3.history[2]!.pairings.filter((m) => m.b === null)).toHaveLength(1);
    expect([...byes.values()].every((n) => n === 1)).toBe(true);
    expect(byes.size).toBe(2);

    // Hidden until the end: nobody's list, and each player sees only their own roster.
    const mid = latest(players[2]!, id)!;
    expect(mid.lists).toBeNull();
    expect(mid.you?.roster).toBe(codes[2]);
    expect(mid.organiserTools).toBeNull();

    // The top cut of 4: seeds from the Swiss standings, 1v4 and 2v3, then the final.
    const cut1 = await playRound(1, 'cut');
    const standings = cut1.standings;
    expect(cut1.cutSeeds).toEqual(standings.slice(0, 4).map((s) => s.id));
    const semis = cut1.history.find((r) => r.stage === 'cut')!.pairings;
    expect(semis.map((m) => [m.a, m.b])).toEqual([
      [standings[0]!.id, standings[3]!.id],
      [standings[1]!.id, standings[2]!.id],
    ]);
    // In the final the lower seed wins (player a concedes).
    const final = await playRound(2, 'cut', [], true);
    const end = await until(guest, id, (v) => v.status === 'finished', 'the end');
    const finalPair = final.history.filter((r) => r.stage === 'cut')[1]!.pairings[0]!;
    expect(end.champion).toBe(finalPair.b);
    expect(end.lists).toHaveLength(8);
    expect(end.lists!.find((l) => l.id === missing)?.code).toBe(codes[7]);
    // The leak scan: every tournament message before the end, to every player and the watcher.
    for (const [i, c] of [...players, guest].entries()) {
      const end = c.received.findIndex((r) => r.event === 'tournament:update' && (r.payload as TournamentView).status === 'finished');
      const before = c.received.slice(0, end < 0 ? undefined : end).filter((r) => r.event === 'tournament:update' || r.event === 'tournament:you');
      expect(before.length, `${c.name} heard the event`).toBeGreaterThan(0);
      const text = JSON.stringify(before.map((r) => r.payload));
      for (const [k, code] of codes.entries()) if (k !== i) expect(text.includes(code), `${c.name} saw player ${k + 1}'s list`).toBe(false);
    }
    // Standings: match points first; every Swiss match has its result.
    expect(end.history.filter((r) => r.stage === 'swiss').every((r) => r.pairings.every((m) => m.b === null || m.result !== null))).toBe(true);
    for (let i = 1; i < end.standings.length; i++) expect(end.standings[i - 1]!.points).toBeGreaterThanOrEqual(end.standings[i]!.points);
    const summary = await guest.emit('tournament:list', {});
    expect(summary.ok && summary.tournaments.find((x) => x.id === id)).toMatchObject({ status: 'finished', players: 8 });
    for (const c of [...players, guest]) c.close();
  }, 120_000);
});
