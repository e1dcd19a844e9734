/**
 * Match ownership on a running cluster (issue 19 §2, issue 33 §4): a match started on node 1 is owned by node 1
 * (epoch 1, counted `acquired`) under node 1's lease, which node 1 renews in its own row (the match's row is not
 * written again); once another node takes the match over, node 1's next action for it is refused, nothing is
 * written, node 1 stops running it (counted `lost`) and drops the room. A match that ends gives its row back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { useCluster } from '../helpers/cluster.js';
import { twoManagers } from '../helpers/match-setup.js';
import type { TestServer } from '../helpers/test-server.js';
import type { PgStore } from '../../src/storage/postgres/pg-store.js';
import type { TestClient } from '../helpers/test-client.js';

const cluster = useCluster('ownership.test.ts');

const leaseOf = async (pool: pg.Pool, matchId: string) =>
  (await pool.query('SELECT node_id, epoch, node_generation FROM match_owners WHERE match_id = $1', [matchId])).rows[0] as
    { node_id: string; epoch: number; node_generation: string } | undefined;
const nodeLease = async (pool: pg.Pool, nodeId: string) =>
  Number(((await pool.query('SELECT lease_until FROM node_leases WHERE node_id = $1', [nodeId])).rows[0] as { lease_until: string }).lease_until);

async function ownershipCount(t: TestServer, change: string): Promise<number> {
  const m = await t.server.metrics.registry.getSingleMetric('vroyale_ownership_changes_total')!.get();
  return m.values.find((v) => v.labels.change === change)?.value ?? 0;
}

/** A concession: accepted on any view, so only ownership can refuse it. */
const concede = (c: TestClient, roomId: string, id: string) =>
  c.emit('match:action', { roomId, clientActionId: id, seenSeq: c.view(roomId)!.seq, action: { type: 'concede' } });

describe.skipIf(!cluster.available)('match ownership across nodes', () => {
  it('leases a match to the node that starts it, fences it once another node takes over, releases it at the end', async () => {
    const c = await cluster.start(2);
    const [n1, n2] = c.nodes as [TestServer, TestServer];
    const pool = (n1.server.storage as PgStore).pool;
    const clients: TestClient[] = [];
    try {
      const { a, b, roomId } = await twoManagers(n1.url);
      clients.push(a, b);
      const matchId = n1.server.game.room(roomId)!.master!.id;
      await new Promise((r) => setTimeout(r, 100));
      expect(await leaseOf(pool, matchId)).toMatchObject({ node_id: 'n1', epoch: 1 });
      expect(await ownershipCount(n1, 'acquired')).toBe(1);

      // The node's renewal keeps its lease ahead of the clock; the match's row stays as it was.
      const row = await leaseOf(pool, matchId);
      const first = await nodeLease(pool, 'n1');
      await new Promise((r) => setTimeout(r, 1_300));
      expect(await nodeLease(pool, 'n1')).toBeGreaterThan(first);
      expect(await leaseOf(pool, matchId)).toEqual(row);

      // Node 2 takes the match over as if node 1's lease had run out (a pause past the lease).
      const before = (await n1.server.storage.actions(matchId)).length;
      expect(await (n2.server.storage as PgStore).leases.acquire(matchId, Date.now() + 10_000)).toBe(2);
      const refused = await concede(a, roomId, 'after-takeover');
      expect(refused).toMatchObject({ ok: false, code: 'moved', message: expect.stringMatching(/moved to another server/) });
      expect((await n1.server.storage.actions(matchId)).length).toBe(before);
      expect(await ownershipCount(n1, 'lost')).toBe(1);
      expect(n1.server.game.room(roomId)).toBeUndefined();
      expect(await leaseOf(pool, matchId)).toMatchObject({ node_id: 'n2', epoch: 2 });

      // A match that ends gives its owner row back at once.
      const second = await twoManagers(n1.url);
      clients.push(second.a, second.b);
      const m2 = n1.server.game.room(second.roomId)!.master!.id;
      expect(await concede(second.a, second.roomId, 'gg')).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 200));
      expect(await leaseOf(pool, m2)).toBeUndefined();
      expect(await ownershipCount(n1, 'released')).toBe(1);
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 60_000);
});
