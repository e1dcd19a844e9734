/**
 * Self-fencing (docs/scaling.md, Ownership protocol item 3), for real: another PostgreSQL session holds the node's
 * lease row and the match's owner row `FOR UPDATE`, so the owner's renewals (and its commits' `FOR SHARE` fencing
 * read) wait, as for a node cut off from the database. Once `lease_until − 500 ms` has passed by the owner's clock it stops running the match: an
 * action is refused "moving" (`moved`), and its timers are gone, so A's chess clock, which runs out while the
 * lock is held, does not end the match by time (without self-fencing the flag's concede would wait for the lock and
 * commit the moment it is released). Once the rows are free the node joins again as a new generation (the renewal
 * that waited must not revive the lease it gave up), the takeover scan re-acquires the match (epoch 2) and replays
 * it: A's resend is acked and nothing was charged for the outage.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { useCluster } from '../helpers/cluster.js';
import { twoManagers } from '../helpers/match-setup.js';
import type { TestServer } from '../helpers/test-server.js';
import type { TestClient } from '../helpers/test-client.js';

const cluster = useCluster('self-fencing.test.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!cluster.available)('self-fencing', () => {
  it('stops taking actions and stops the clock at lease_until - 500 ms without a renewal; the scan brings the match back', async () => {
    const c = await cluster.start(1);
    const n1 = c.nodes[0] as TestServer;
    const clients: TestClient[] = [];
    const locker = new pg.Client({ connectionString: c.databaseUrl });
    await locker.connect();
    try {
      const t0 = performance.now();
      // 10 s each (the shortest clock a room may have); both managers are to act (mulligans), nobody does.
      const { a, b, roomId } = await twoManagers(n1.url, { clock: { initialMs: 10_000, incrementMs: 0 } });
      clients.push(a, b);
      await a.fullControl();
      await b.fullControl();
      const matchId = a.view(roomId)!.matchId;
      await sleep(Math.max(0, 5_500 - (performance.now() - t0)));

      // Cut the owner off its lease rows for longer than the clocks have left.
      await locker.query('BEGIN');
      const gen = (await locker.query("SELECT generation FROM node_leases WHERE node_id = 'n1' FOR UPDATE")).rows[0] as { generation: string };
      await locker.query('SELECT * FROM match_owners WHERE match_id = $1 FOR UPDATE', [matchId]);
      const locked = performance.now();
      // The last renewal was sent at most 1 s before the lock: the match stops here within 2.5 s of it.
      await sleep(3_000);
      expect(n1.server.game.room(roomId)).toBeUndefined();
      const mulligan = { roomId, clientActionId: 'm1', seenSeq: 0, action: { type: 'mulligan' as const, redraw: false } };
      expect(await a.emit('match:action', mulligan)).toMatchObject({ ok: false, code: 'moved', message: expect.stringMatching(/moving/) });
      // Past the moment A's clock would have run out (10 s after the start), still locked.
      await sleep(Math.max(0, 11_500 - (performance.now() - t0)));
      await locker.query('COMMIT');
      const freed = performance.now();

      // The scan takes the expired lease again (epoch 2) and replays: A's resend goes through.
      let ack = await a.emit('match:action', mulligan);
      while (!ack.ok && performance.now() - freed < 10_000) {
        expect(ack).toMatchObject({ code: 'moved' });
        await sleep(100);
        ack = await a.emit('match:action', mulligan);
      }
      expect(ack).toEqual({ ok: true, seq: 1 });
      const rows = await n1.server.storage.actions(matchId);
      // No flag fell while the node could not renew: the only action is A's mulligan, the match goes on.
      expect(rows.map((r) => [r.seq, r.origin])).toEqual([[1, 'player']]);
      expect((await n1.server.storage.match(matchId))?.status).toBe('active');
      const lease = (await locker.query('SELECT node_id, epoch FROM match_owners WHERE match_id = $1', [matchId])).rows[0] as {
        node_id: string;
        epoch: string;
      };
      expect({ node: lease.node_id, epoch: Number(lease.epoch) }).toEqual({ node: 'n1', epoch: 2 });
      const now = (await locker.query("SELECT generation FROM node_leases WHERE node_id = 'n1'")).rows[0] as { generation: string };
      expect(Number(now.generation)).toBeGreaterThan(Number(gen.generation));
      console.log(
        `self-fencing: locked ${(locked - t0).toFixed(0)} ms after the start, freed after ${(freed - locked).toFixed(0)} ms; acked again ${(performance.now() - freed).toFixed(0)} ms after`,
      );
    } finally {
      for (const cl of clients) cl.close();
      await locker.end();
      await c.close();
    }
  }, 60_000);
});
