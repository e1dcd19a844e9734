/**
 * A best-of-three in a cluster (issue 34 §2, docs/decisions/0012), with real node processes on one PostgreSQL and
 * one Redis: game 1 is played on node k1 for managers on k2 and k3; in the side-deck window after it (one manager
 * ready, saved) k1 is killed with -9. Another node takes the game's match lease (kept past the game's end for the
 * window), brings the series back from its row and runs the window: the other manager's swap closes it, game 2
 * starts once, the score carries (1–0), and game 2 decides the match 2–0 with the series row saying so.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Ack, RoomState } from '@vroyale/protocol';
import { emitMoving, useCluster } from '../helpers/cluster.js';
import { poll } from '../helpers/until.js';
import { actFromLatest } from '../helpers/match-setup.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { TestClient } from '../helpers/test-client.js';

const cluster = useCluster('series-cluster.test.ts');

const nodes: NodeProcess[] = [];
afterAll(() => {
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGKILL');
});

const seriesOf = (c: TestClient, roomId: string): RoomState['series'] => c.roomStates.get(roomId)?.series ?? null;
const ownerOf = async (db: pg.Client, matchId: string) =>
  ((await db.query('SELECT node_id FROM match_owners WHERE match_id = $1', [matchId])).rows[0] as { node_id: string } | undefined)?.node_id;
const seriesRow = async (db: pg.Client, id: string) =>
  JSON.parse(((await db.query('SELECT data_json FROM series WHERE id = $1', [id])).rows[0] as { data_json: string }).data_json) as {
    status: string;
    winner: string | null;
    games: { roomId: string; winner: string | null }[];
    between: { ready: string[] } | null;
  };

describe.skipIf(!cluster.available)('a best-of-three in a cluster (node processes, kill -9)', () => {
  it('continues the side-deck window on another node after its node is killed: game 2 starts once, the score carries, the match is decided', async () => {
    const start = await cluster.start(0);
    const env = {
      VROYALE_DATABASE_URL: start.databaseUrl,
      VROYALE_REDIS_URL: start.redisUrl,
      VROYALE_RATE_CAPACITY: '1000',
      VROYALE_RATE_PER_SEC: '1000',
      VROYALE_RATE_SESSION_CAPACITY: '2000',
      VROYALE_RATE_SESSION_PER_SEC: '2000',
      // Long enough that only the managers' swaps close the window in this test.
      VROYALE_SIDEBOARD_MS: '120000',
    };
    const t0 = performance.now();
    nodes.push(await startNodeProcess('k1', env));
    nodes.push(...(await Promise.all(['k2', 'k3'].map((id) => startNodeProcess(id, env)))));
    const [k1, k2, k3] = nodes as [NodeProcess, NodeProcess, NodeProcess];
    const url = (n: NodeProcess) => `http://127.0.0.1:${n.port}`;
    const db = new pg.Client({ connectionString: start.databaseUrl });
    await db.connect();
    const clients: TestClient[] = [];
    try {
      // The room is made on k1 by a third user; its managers sit from k2 and k3 (their events go to k1).
      const host = await TestClient.connect(url(k1), 'Host');
      const a = await TestClient.connect(url(k2), 'Ann');
      const b = await TestClient.connect(url(k3), 'Ben');
      clients.push(host, a, b);
      const created = await host.emit('room:create', { visibility: 'private', format: 'bo3' });
      if (!created.ok) throw new Error(created.message);
      const g1 = created.roomId;
      expect(await a.emit('room:join', { roomId: g1, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true });
      expect(await b.emit('room:join', { roomId: g1, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true });
      for (const c of [a, b]) await c.waitFor(() => c.view(g1) !== undefined && seriesOf(c, g1) !== null, 10_000, 'game 1');
      const m1 = a.view(g1)!.matchId;
      const seriesId = seriesOf(a, g1)!.seriesId;

      // Game 1: B concedes; the window opens. A sends its (empty) swap and the row keeps it.
      expect(await actFromLatest(b, g1, { type: 'concede' }, 'g1')).toMatchObject({ ok: true });
      await a.waitFor(() => seriesOf(a, g1)?.status === 'between', 10_000, 'the window');
      expect(await a.emit('series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: true });
      await poll(async () => (await seriesRow(db, seriesId)).between?.ready.includes('A') === true, 5_000, "A's swap saved");
      // The window runs under game 1's match lease, kept past the game's end.
      expect(await ownerOf(db, m1)).toBe('k1');

      const killedAt = performance.now();
      k1.kill('SIGKILL');
      await k1.exited;
      let owner: string | undefined;
      await poll(async () => (owner = await ownerOf(db, m1)) !== 'k1' && owner !== undefined, 10_000, 'another node takes the window');
      console.log(`series-cluster: window taken over by ${owner} ${(performance.now() - killedAt).toFixed(0)} ms after kill -9`);

      // B's swap reaches the window on its new node (sent again while it moves), which starts game 2 with both ready.
      await b.waitFor(() => seriesOf(b, g1)?.status === 'between' && b.roomStates.get(g1) !== undefined, 10_000, 'the window again');
      expect(await emitMoving(b, 'series:sideboard', { roomId: g1, swap: { out: [], in: [] } })).toMatchObject({ ok: true });
      await a.waitFor(() => seriesOf(a, g1)?.nextRoomId != null, 10_000, 'game 2 opened');
      const g2 = seriesOf(a, g1)!.nextRoomId!;
      for (const c of [a, b]) {
        expect(await emitMoving(c, 'room:join', { roomId: g2, roster: 'ignored-when-seated' })).toMatchObject({ ok: true });
        await c.waitFor(() => c.view(g2) !== undefined, 10_000, 'game 2 view');
      }
      expect(seriesOf(a, g2)).toMatchObject({ game: 2, status: 'playing', wins: { A: 1, B: 0 } });

      // Game 2: B concedes again: A wins the match 2–0, on screen and in the row.
      expect(await actFromLatest(b, g2, { type: 'concede' }, 'g2')).toMatchObject({ ok: true });
      await a.waitFor(() => seriesOf(a, g2)?.status === 'done', 10_000, 'the match decided');
      expect(seriesOf(a, g2)).toMatchObject({ winner: 'A', wins: { A: 2, B: 0 } });
      await poll(async () => (await seriesRow(db, seriesId)).status === 'done', 5_000, 'the row says done');
      expect(await seriesRow(db, seriesId)).toMatchObject({
        winner: 'A',
        games: [
          { roomId: g1, winner: 'A' },
          { roomId: g2, winner: 'A' },
        ],
      });
      // Both games' leases are gone (the window's with game 2 named, game 2's once decided).
      await poll(async () => (await ownerOf(db, m1)) === undefined, 5_000, "game 1's lease given back");

      // Game 2 was opened once, by the node that took the window; the series was taken over once.
      const lines = (msg: string) => nodes.flatMap((n) => n.lines.filter((l) => l.msg === msg && l.seriesId === seriesId).map(() => n.id));
      expect(lines('best-of-three: next game')).toEqual([owner]);
      expect(lines('best-of-three taken over')).toEqual([owner]);
      expect((await db.query('SELECT count(*)::int AS n FROM rooms WHERE series_id = $1', [seriesId])).rows[0]).toEqual({ n: 2 });
      console.log(`series-cluster: ${(performance.now() - t0).toFixed(0)} ms in all`);
    } catch (e) {
      for (const n of nodes)
        console.log(n.id, JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /three|taken|lease/.test(String(l.msg))).slice(-15)));
      throw e;
    } finally {
      for (const cl of clients) cl.close();
      await db.end();
      // Nothing is checked after: no hand-over to wait for.
      for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGKILL');
      await Promise.all(nodes.map((n) => n.exited));
    }
  }, 30_000);
});
