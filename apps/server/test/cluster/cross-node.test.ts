/**
 * Cross-node delivery (issue 19 §2): two nodes on one PostgreSQL and one Redis. A send from one node reaches a
 * socket held by the other (Socket.IO's Redis streams adapter); the lobby list of each node shows the public
 * rooms of both, and a room's change on one node reaches a lobby subscriber on the other.
 */
import { describe, expect, it } from 'vitest';
import { useCluster } from '../helpers/cluster.js';
import { TestClient } from '../helpers/test-client.js';
import type { TestServer } from '../helpers/test-server.js';
import { until } from '../helpers/until.js';
import type { LobbyRooms } from '@vroyale/protocol';

const cluster = useCluster('cross-node.test.ts');

describe.skipIf(!cluster.available)('two nodes, one PostgreSQL, one Redis', () => {
  it("delivers a send to a socket on the other node, and lists every node's rooms in every lobby", async () => {
    const c = await cluster.start(2);
    const [n1, n2] = c.nodes as [TestServer, TestServer];
    const clients: TestClient[] = [];
    try {
      const watcher = await TestClient.connect(n2.url, 'watcher');
      const host = await TestClient.connect(n1.url, 'host');
      clients.push(watcher, host);

      // A server notice from node 1 to a socket only node 2 holds.
      n1.server.transport.send(watcher.socket.id!, 'server:notice', { kind: 'info', message: 'from n1' });
      await until(
        () => watcher.received.some((m) => m.event === 'server:notice' && (m.payload as { message?: string }).message === 'from n1'),
        'the cross-node notice',
      );

      const first = (await watcher.emit('lobby:subscribe', {})) as unknown as LobbyRooms & { ok: boolean };
      expect(first.rooms).toEqual([]);
      const pub = await host.emit('room:create', { visibility: 'public' });
      const priv = await host.emit('room:create', { visibility: 'private' });
      if (!pub.ok || !priv.ok) throw new Error('room:create refused');
      const lists = () => watcher.received.filter((m) => m.event === 'lobby:rooms').map((m) => (m.payload as LobbyRooms).rooms);
      await until(() => lists().some((l) => l.some((r) => r.roomId === pub.roomId)), "node 1's room in node 2's lobby", 5_000);
      expect(
        lists()
          .flat()
          .some((r) => r.roomId === priv.roomId),
      ).toBe(false);

      // A change on node 1 (a seat taken) reaches node 2's subscriber.
      await host.emit('room:join', { roomId: pub.roomId, roster: 'raid-night' });
      await until(
        () => lists().some((l) => l.some((r) => r.roomId === pub.roomId && JSON.stringify(r).includes('host'))),
        "the seat change in node 2's lobby",
        5_000,
      );

      // Node 2's own rooms are listed beside node 1's; a fresh subscriber on node 1 gets both at once.
      const own = await watcher.emit('room:create', { visibility: 'public' });
      if (!own.ok) throw new Error('room:create refused');
      await until(() => lists().some((l) => l.some((r) => r.roomId === own.roomId) && l.some((r) => r.roomId === pub.roomId)), 'both rooms in one list');
      const late = await TestClient.connect(n1.url, 'late');
      clients.push(late);
      const lateLists = () => late.received.filter((m) => m.event === 'lobby:rooms').map((m) => (m.payload as LobbyRooms).rooms.map((r) => r.roomId).sort());
      const seen = (await late.emit('lobby:subscribe', {})) as unknown as LobbyRooms;
      const both = [pub.roomId, own.roomId].sort();
      // At once, or with the next push (node 2's coalesced write, then node 1's read of the shared list).
      if (JSON.stringify(seen.rooms.map((r) => r.roomId).sort()) !== JSON.stringify(both))
        await until(() => lateLists().some((l) => JSON.stringify(l) === JSON.stringify(both)), 'both rooms for a fresh subscriber', 2_000);

      // A node that stops takes its rooms out of the others' lists (it publishes an empty list).
      await n2.close();
      c.nodes.splice(1, 1);
      await until(() => JSON.stringify(lateLists().at(-1)) === JSON.stringify([pub.roomId]), "node 2's rooms gone from node 1's lobby", 2_000);
      const after = (await late.emit('lobby:subscribe', {})) as unknown as LobbyRooms;
      expect(after.rooms.map((r) => r.roomId)).toEqual([pub.roomId]);
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 60_000);
});
