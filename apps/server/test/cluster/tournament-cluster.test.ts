/**
 * Tournaments in a cluster (issue 34 §2, docs/decisions/0013), with real PostgreSQL and Redis:
 * - an event created on node 1 runs there under its lease; a player on node 2 registers, hears the ready check and
 *   the pairing pushed from node 1, and the table's match, taken over by node 2, is decided there: its result
 *   reaches the event on node 1, which finishes and gives its lease back;
 * - a node whose lease was taken cannot save the event's row (fenced): it stops running it, and the new owner
 *   continues from the row;
 * - round time (PR-20) called on the event's node reaches a table whose match moved to the other node: that node
 *   notes the turn and draws the game after its extra turns, and the event scores a drawn match;
 * - kill -9 of the node running an event mid-round (node processes): another node takes the event (and the tables'
 *   matches) over, the results arrive, the next round's ready check and pairing happen once, and the event ends;
 * - a registration is acknowledged only once its row committed: with the row locked the ack waits; the node is
 *   killed then, and after the takeover a registration acked is in the row (node processes).
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makeRng } from '@vroyale/engine';
import type { Ack, TournamentView } from '@vroyale/protocol';
import { emitMoving, useCluster } from '../helpers/cluster.js';
import { poll } from '../helpers/until.js';
import { makeAccount } from '../helpers/accounts.js';
import { actFromLatest } from '../helpers/match-setup.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { TestClient } from '../helpers/test-client.js';
import { latestTournament as latest } from '../helpers/tournament-view.js';
import type { TestServer } from '../helpers/test-server.js';
import type { PgStore } from '../../src/storage/postgres/pg-store.js';
import type { Tournament } from '../../src/tournaments/tournament.js';

const cluster = useCluster('tournament-cluster.test.ts');
const LIMITS = { rateLimit: { capacity: 1000, refillPerSec: 1000 }, tournamentReadyMs: 60_000 };
const stamp = () => String(Date.now() % 1_000_000);

async function until(c: TestClient, id: string, ok: (v: TournamentView) => boolean, what: string, ms = 15_000): Promise<TournamentView> {
  await c.waitFor(
    () => {
      const v = latest(c, id);
      return v !== undefined && ok(v);
    },
    ms,
    `${c.name}: ${what}`,
  );
  return latest(c, id)!;
}

/** The round is paired and every table's room is open (the pairing's view comes first, its rooms a moment later). */
const opened = (v: TournamentView, round: number) =>
  v.phase.kind === 'playing' && v.phase.round === round && (v.history[round - 1]?.pairings.every((m) => m.b === null || m.roomId) ?? false);

/** Confirms the ready check, keeping the ack's view as the client's latest (what the web app does). */
async function ready(c: TestClient, id: string): Promise<void> {
  const ack = await emitMoving(c, 'tournament:ready', { tournamentId: id });
  expect(ack, `${c.name} ready`).toMatchObject({ ok: true });
  c.received.push({ event: 'tournament:update', payload: ack });
}

const ownerRow = async (db: pg.Pool | pg.Client, id: string) =>
  (await db.query('SELECT node_id, epoch, node_generation FROM match_owners WHERE match_id = $1', [id])).rows[0] as
    { node_id: string; epoch: number; node_generation: string } | undefined;
const eventRow = async (db: pg.Pool | pg.Client, id: string) =>
  JSON.parse(((await db.query('SELECT data_json FROM tournaments WHERE id = $1', [id])).rows[0] as { data_json: string }).data_json) as {
    status: string;
    entrants: unknown[];
    state: { rounds: unknown[] } | null;
  };

describe.skipIf(!cluster.available)('tournaments in a cluster (in-process nodes)', () => {
  it("runs an event on node 1 for players on both nodes; a table's match decided on node 2 reports to it", async () => {
    const c = await cluster.start(2, LIMITS);
    const [n1, n2] = c.nodes as [TestServer, TestServer];
    const pool = (n1.server.storage as PgStore).pool;
    const clients: TestClient[] = [];
    try {
      const s = stamp();
      const org = await makeAccount(n1, null, `org${s}`);
      const p1 = await makeAccount(n1, null, `one${s}`);
      const p2 = await makeAccount(n2, null, `two${s}`);
      clients.push(org, p1, p2);
      const created = await org.emit('tournament:create', { name: 'Cluster cup', rounds: 1 });
      if (!created.ok) throw new Error(created.message);
      const id = created.tournamentId;
      // Node 1 holds its lease from the start (the row's first save needed it).
      expect(await ownerRow(pool, id)).toMatchObject({ node_id: 'n1', epoch: 1 });
      expect(n1.server.game.tournaments.holds(id)).toBe(true);
      expect(n2.server.game.tournaments.holds(id)).toBe(false);
      // Node 2 lists it from the row.
      await poll(
        async () => {
          const listed = await p2.emit('tournament:list', {});
          return listed.ok && listed.tournaments.some((x) => x.id === id);
        },
        10_000,
        "node 2's list",
      );

      for (const p of [p1, p2]) expect(await p.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
      expect(await org.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true, status: 'running' });
      // The ready check reaches node 2's player, pushed from node 1 (its register there made it a watcher).
      await until(p2, id, (v) => v.phase.kind === 'ready-check', 'the ready check');
      for (const p of [p1, p2]) await ready(p, id);
      const playing = await until(p2, id, (v) => opened(v, 1), 'round 1 paired');
      const table = playing.history[0]!.pairings[0]!;
      const roomId = table.roomId!;
      expect(n1.server.game.room(roomId)?.tournamentId).toBe(id);

      // The table's match moves to node 2 (as if node 1's lease had run out for it) and is decided there.
      const matchId = n1.server.game.room(roomId)!.master!.id;
      expect(await (n2.server.storage as PgStore).leases.acquire(matchId, Date.now() + 10_000)).toBe(2);
      await n2.server.game.takeOver(matchId);
      expect(n2.server.game.room(roomId)?.master?.id).toBe(matchId);
      await p2.waitFor(() => p2.view(roomId) !== undefined, 10_000, 'the table on node 2');
      expect(await actFromLatest(p2, roomId, { type: 'concede' }, 'gg')).toMatchObject({ ok: true });

      // Node 1's event hears it: the event is over, on both nodes' players' screens, and its lease is given back.
      const over = await until(p1, id, (v) => v.status === 'finished', 'the event finished', 20_000);
      const p2Seat = playing.players.find((x) => x.name === p2.name)!.id;
      const result = over.history[0]!.pairings[0]!.result!;
      expect(table.a === p2Seat ? result.winsB : result.winsA).toBe(1);
      await until(p2, id, (v) => v.status === 'finished', 'the end on node 2');
      // The push may leave before the row's commit: the row follows within moments, then the lease row goes.
      await poll(async () => (await eventRow(pool, id)).status === 'finished', 5_000, 'the row says finished');
      await poll(async () => (await ownerRow(pool, id)) === undefined, 5_000, 'the lease given back');
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 60_000);

  it('fences a node whose lease was taken: it saves nothing more, stops running the event, and the new owner continues from the row', async () => {
    const c = await cluster.start(2, LIMITS);
    const [n1, n2] = c.nodes as [TestServer, TestServer];
    const pool = (n1.server.storage as PgStore).pool;
    const clients: TestClient[] = [];
    try {
      const s = stamp();
      const org = await makeAccount(n1, null, `forg${s}`);
      const late = await makeAccount(n1, null, `late${s}`);
      const other = await makeAccount(n2, null, `othr${s}`);
      clients.push(org, late, other);
      const created = await org.emit('tournament:create', { name: 'Fenced cup' });
      if (!created.ok) throw new Error(created.message);
      const id = created.tournamentId;
      expect(await org.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 200));
      expect((await eventRow(pool, id)).entrants).toHaveLength(1);

      // Node 2 takes the event's lease (node 1's lease looks run out to it): epoch 2.
      expect(await (n2.server.storage as PgStore).leases.acquire(id, Date.now() + 10_000)).toBe(2);
      // Node 1 does not know yet: its next change is refused by the database, and it stops running the event.
      await late.emit('tournament:register', { tournamentId: id, roster: 'mod-squad' });
      await poll(async () => !n1.server.game.tournaments.holds(id), 5_000, 'node 1 stops running the event');
      expect((await eventRow(pool, id)).entrants).toHaveLength(1);
      expect(await ownerRow(pool, id)).toMatchObject({ node_id: 'n2', epoch: 2 });
      // Until a node runs it, a request about it is "moving" (sent again by the client), not a refusal.
      expect(await late.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: false, code: 'moved' });

      // Node 2 continues from the row: the registration node 1 could not save is not there; a new one through node 1 is.
      await n2.server.game.takeOver(id);
      expect(n2.server.game.tournaments.holds(id)).toBe(true);
      const back = await emitMoving(late, 'tournament:register', { tournamentId: id, roster: 'mod-squad' });
      expect(back).toMatchObject({ ok: true, players: [expect.anything(), expect.anything()] });
      expect(await other.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
      await poll(async () => (await eventRow(pool, id)).entrants.length === 3, 5_000, 'node 2 saves');
      expect(n1.server.game.tournaments.holds(id)).toBe(false);
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 60_000);
});

describe.skipIf(!cluster.available)('round time in a cluster (PR-20)', () => {
  it("draws a table's game on the node its match moved to, three turns after time was called on the event's node", async () => {
    // The seed and the players' random choices of tournament-time.test.ts: the game runs past the fourth turn after time.
    const c = await cluster.start(2, { ...LIMITS, matchSeed: 'round-time', clock: { initialMs: 3_600_000, incrementMs: 0 } });
    const [n1, n2] = c.nodes as [TestServer, TestServer];
    const clients: TestClient[] = [];
    try {
      const s = stamp();
      const p1 = await makeAccount(n1, null, `rta${s}`);
      const p2 = await makeAccount(n2, null, `rtb${s}`);
      clients.push(p1, p2);
      const created = await p1.emit('tournament:create', { name: 'Time cup', roundMinutes: 5, rounds: 1 });
      if (!created.ok) throw new Error(created.message);
      const id = created.tournamentId;
      for (const p of [p1, p2]) expect(await p.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
      expect(await p1.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true });
      await until(p2, id, (v) => v.phase.kind === 'ready-check', 'the ready check');
      for (const p of [p1, p2]) await ready(p, id);
      const playing = await until(p1, id, (v) => opened(v, 1), 'round 1 paired');
      const roomId = playing.history[0]!.pairings[0]!.roomId!;

      // The table's match moves to node 2; the event stays on node 1.
      const matchId = n1.server.game.room(roomId)!.master!.id;
      expect(await (n2.server.storage as PgStore).leases.acquire(matchId, Date.now() + 10_000)).toBe(2);
      await n2.server.game.takeOver(matchId);
      // Node 1 lets go of it, as its next append's fencing would make it (Ownership.lost → MatchRecovery.lost).
      (n1.server.game as unknown as { recovery: { lost(id: string): void } }).recovery.lost(matchId);
      expect(n1.server.game.room(roomId)).toBeUndefined();
      for (const p of [p1, p2]) await p.waitFor(() => p.view(roomId) !== undefined, 10_000, 'the table on node 2');
      p1.startAutoplay(roomId, makeRng('ta'), (v) => v.view.turn >= 2);
      p2.startAutoplay(roomId, makeRng('tb'), (v) => v.view.turn >= 2);
      await p1.waitFor(() => (p1.view(roomId)?.view.turn ?? 0) >= 2, 20_000, 'turn 2');
      const atTime = p1.view(roomId)!.view.turn;

      // Round time on node 1 (its deadline brought to now, as its timer would).
      const t = (n1.server.game.tournaments as unknown as { byId: Map<string, Tournament> }).byId.get(id)!;
      const phase = t.rec.phase as { endsAt: number | null };
      phase.endsAt = Date.now();
      t.resume(0);
      await until(p1, id, (v) => v.phase.kind === 'playing' && v.phase.timeCalled, 'time called');
      await poll(async () => t.rec.turnsAtTime[roomId] === atTime, 5_000, "node 2's turn at time in the event's record");

      for (const p of [p1, p2]) p.stopped = false;
      p1.startAutoplay(roomId, makeRng('ta2'));
      p2.startAutoplay(roomId, makeRng('tb2'));
      await p1.waitFor(() => !!p1.view(roomId)?.result, 20_000, 'the game ends');
      expect(p1.view(roomId)!.result).toEqual({ winner: 'draw', reason: 'round-time' });
      expect(p1.view(roomId)!.view.turn).toBe(atTime + 4);
      const over = await until(p1, id, (v) => v.status === 'finished', 'the event ends');
      expect(over.history[0]!.pairings[0]!.result).toEqual({ winsA: 0, winsB: 0, draws: 1 });
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 30_000);
});

const nodes: NodeProcess[] = [];
afterAll(() => {
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGKILL');
});

describe.skipIf(!cluster.available)('tournaments in a cluster (node processes, kill -9)', () => {
  it('continues an event on another node after its node is killed mid-round: results arrive, the next round is paired once', async () => {
    const start = await cluster.start(0);
    const env = {
      VROYALE_DATABASE_URL: start.databaseUrl,
      VROYALE_REDIS_URL: start.redisUrl,
      VROYALE_RATE_CAPACITY: '1000',
      VROYALE_RATE_PER_SEC: '1000',
      VROYALE_RATE_SESSION_CAPACITY: '2000',
      VROYALE_RATE_SESSION_PER_SEC: '2000',
      VROYALE_TOURNAMENT_READY_MS: '60000',
    };
    // The first node migrates the fresh database; the others start beside it.
    nodes.push(await startNodeProcess('k1', env));
    nodes.push(...(await Promise.all(['k2', 'k3'].map((id) => startNodeProcess(id, env)))));
    const [k1, k2, k3] = nodes as [NodeProcess, NodeProcess, NodeProcess];
    const url = (n: NodeProcess) => ({ url: `http://127.0.0.1:${n.port}` }) as TestServer;
    const db = new pg.Client({ connectionString: start.databaseUrl });
    await db.connect();
    const clients: TestClient[] = [];
    try {
      const s = stamp();
      const org = await makeAccount(url(k1), null, `korg${s}`);
      const players = [
        await makeAccount(url(k2), null, `ka${s}`),
        await makeAccount(url(k2), null, `kb${s}`),
        await makeAccount(url(k3), null, `kc${s}`),
        await makeAccount(url(k3), null, `kd${s}`),
      ];
      clients.push(org, ...players);
      const created = await org.emit('tournament:create', { name: 'Kill cup', rounds: 2 });
      if (!created.ok) throw new Error(created.message);
      const id = created.tournamentId;
      for (const p of players) expect(await p.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
      expect(await org.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true, rounds: 2 });
      for (const p of players) await until(p, id, (v) => v.phase.kind === 'ready-check', 'round 1 ready check');
      for (const p of players) await ready(p, id);
      const r1 = await until(players[0]!, id, (v) => opened(v, 1), 'round 1 paired');
      expect(await ownerRow(db, id)).toMatchObject({ node_id: 'k1' });

      // One table is decided before the kill, the other after it (its match and the event on other nodes by then).
      const byName = new Map(players.map((p) => [p.name, p]));
      const client = (pid: string) => byName.get(r1.players.find((x) => x.id === pid)!.name)!;
      const [t1, t2] = r1.history[0]!.pairings as [(typeof r1.history)[0]['pairings'][0], (typeof r1.history)[0]['pairings'][0]];
      const loser1 = client(t1.b!);
      await loser1.waitFor(() => loser1.view(t1.roomId!) !== undefined, 10_000, 'table 1 view');
      expect(await actFromLatest(loser1, t1.roomId!, { type: 'concede' }, 'r1t1')).toMatchObject({ ok: true });
      await until(players[0]!, id, (v) => v.history[0]!.pairings.some((m) => m.table === t1.table && m.result), 'table 1 result');

      const t0 = performance.now();
      k1.kill('SIGKILL');
      await k1.exited;
      let owner: Awaited<ReturnType<typeof ownerRow>>;
      while ((owner = await ownerRow(db, id))?.node_id === 'k1') {
        if (performance.now() - t0 > 15_000) throw new Error('no node took the event over within 15 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      console.log(`tournament-cluster: event taken over by ${owner?.node_id} ${(performance.now() - t0).toFixed(0)} ms after kill -9`);

      // Table 2's loser concedes wherever its match went; the result reaches the event wherever it went.
      const loser2 = client(t2.b!);
      const seq = loser2.view(t2.roomId!)?.seq ?? -1;
      const t2Match = ((await db.query('SELECT match_id FROM match_owners o JOIN matches m ON m.id = o.match_id WHERE m.room_id = $1', [t2.roomId])).rows[0] ??
        {}) as {
        match_id?: string;
      };
      await poll(
        async () => (t2Match.match_id ? (await ownerRow(db, t2Match.match_id))?.node_id !== 'k1' : true) && (loser2.view(t2.roomId!)?.seq ?? -1) >= seq,
        15_000,
        'table 2 taken over',
      );
      // Who runs table 2's match now (its owner row goes once the match ends).
      const t2Node = t2Match.match_id ? (await ownerRow(db, t2Match.match_id))?.node_id : undefined;
      let conceded: Ack<{ seq: number }> | undefined;
      for (let i = 0; i < 40 && !conceded?.ok; i++) {
        conceded = await actFromLatest(loser2, t2.roomId!, { type: 'concede' }, `r1t2-${i}`);
        if (!conceded.ok) await new Promise((r) => setTimeout(r, 250));
      }
      expect(conceded).toMatchObject({ ok: true });
      console.log(`tournament-cluster: table 2's match decided on ${t2Node}, the event on ${owner?.node_id}`);

      // Round 2: its ready check reaches every player (each on a node that did not die), and is paired once.
      for (const p of players) await until(p, id, (v) => v.phase.kind === 'ready-check' && v.phase.round === 2, 'round 2 ready check', 30_000);
      for (const p of players) await ready(p, id);
      const r2 = await until(players[0]!, id, (v) => opened(v, 2), 'round 2 paired', 20_000);
      for (const m of r2.history[1]!.pairings) {
        const loser = client(m.b!);
        await loser.waitFor(() => loser.view(m.roomId!) !== undefined, 10_000, 'round 2 table view');
        expect(await actFromLatest(loser, m.roomId!, { type: 'concede' }, `r2t${m.table}`)).toMatchObject({ ok: true });
      }
      const done = await until(players[0]!, id, (v) => v.status === 'finished', 'the event finished', 20_000);
      expect(done.history).toHaveLength(2);
      expect(done.history.flatMap((r) => r.pairings).every((m) => m.result)).toBe(true);
      expect((await eventRow(db, id)).status).toBe('finished');

      // Each round was paired by exactly one node, once; the event was taken over once.
      const lines = (msg: string) =>
        nodes.flatMap((n) => n.lines.filter((l) => l.msg === msg && l.tournamentId === id).map((l) => ({ node: n.id, round: l.round })));
      const paired = lines('tournament round paired');
      expect(paired.filter((l) => l.round === 1)).toEqual([{ node: 'k1', round: 1 }]);
      expect(paired.filter((l) => l.round === 2)).toEqual([{ node: owner!.node_id, round: 2 }]);
      expect(lines('tournament taken over').map((l) => l.node)).toEqual([owner!.node_id]);
      // Round 2's ready check was opened once: every player saw one deadline for it.
      const deadlines = new Set(
        players.flatMap((p) =>
          p.received
            .filter((r) => r.event === 'tournament:update' && (r.payload as TournamentView).id === id)
            .map((r) => (r.payload as TournamentView).phase)
            .flatMap((ph) => (ph.kind === 'ready-check' && ph.round === 2 ? [ph.deadline] : [])),
        ),
      );
      expect(deadlines.size).toBe(1);
    } catch (e) {
      for (const n of nodes)
        console.log(n.id, JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /tournament|taken|lease/.test(String(l.msg))).slice(-15)));
      throw e;
    } finally {
      for (const cl of clients) cl.close();
      await db.end();
      for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGTERM');
      await Promise.all(nodes.map((n) => n.exited));
    }
  }, 150_000);
});

describe.skipIf(!cluster.available)('tournament changes acknowledged after their save (node processes, kill -9)', () => {
  it('holds the ack of a registration until its row committed; after kill -9 and takeover every acked registration is there', async () => {
    const start = await cluster.start(0);
    const env = { VROYALE_DATABASE_URL: start.databaseUrl, VROYALE_REDIS_URL: start.redisUrl, VROYALE_RATE_CAPACITY: '1000', VROYALE_RATE_PER_SEC: '1000' };
    const mine: NodeProcess[] = [await startNodeProcess('a1', env)];
    mine.push(await startNodeProcess('a2', env));
    nodes.push(...mine);
    const [a1, a2] = mine as [NodeProcess, NodeProcess];
    const url = (n: NodeProcess) => ({ url: `http://127.0.0.1:${n.port}` }) as TestServer;
    const db = new pg.Client({ connectionString: start.databaseUrl });
    const lock = new pg.Client({ connectionString: start.databaseUrl });
    await Promise.all([db.connect(), lock.connect()]);
    const clients: TestClient[] = [];
    try {
      const s = stamp();
      const org = await makeAccount(url(a1), null, `aorg${s}`);
      const p = await makeAccount(url(a2), null, `ap${s}`);
      clients.push(org, p);
      const created = await org.emit('tournament:create', { name: 'Ack cup' });
      if (!created.ok) throw new Error(created.message);
      const id = created.tournamentId;
      expect(await ownerRow(db, id)).toMatchObject({ node_id: 'a1' });

      // The event's row is locked: its save waits, and so must the ack.
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE', [id]);
      let first: Ack<object> | undefined;
      const pending = (p.emit as (e: string, x: object, ms?: number) => Promise<Ack<object>>)(
        'tournament:register',
        { tournamentId: id, roster: 'raid-night' },
        20_000,
      ).then((a) => (first = a));
      await new Promise((r) => setTimeout(r, 1_000));
      expect(first, 'acked before its row committed').toBeUndefined();

      // The node dies with the save uncommitted (its transaction goes with its connection).
      a1.kill('SIGKILL');
      await a1.exited;
      await lock.query('ROLLBACK');
      await poll(async () => (await ownerRow(db, id))?.node_id === 'a2', 15_000, 'a2 takes the event over');
      await pending;
      const acked = first?.ok === true;
      // Not acked: the client sends it again (the web client does on `moved`); acked: it must already be there.
      if (!acked) expect(await emitMoving(p, 'tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
      await poll(async () => (await eventRow(db, id)).entrants.length === 1, 5_000, 'the registration in the row');
    } finally {
      for (const cl of clients) cl.close();
      await Promise.all([db.end(), lock.end()]);
      for (const n of mine) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGKILL');
    }
  }, 30_000);
});
