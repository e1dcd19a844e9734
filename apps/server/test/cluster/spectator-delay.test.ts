/**
 * The spectators' delay of a ranked match holds for a spectator on another node (issue 30): the match runs on node
 * 1, the spectator's socket is on node 2 (its `room:spectate` forwarded, views sent through the Redis adapter), and
 * it is never shown more than the start of the turn before the live one; node 2's lobby (fed by node 1) shows the
 * delayed turn; the end shows everything.
 */
import { describe, expect, it } from 'vitest';
import type { LobbyRooms, QueueState, ViewMessage } from '@vroyale/protocol';
import { useCluster } from '../helpers/cluster.js';
import { makeAccount } from '../helpers/accounts.js';
import { freshName } from '../helpers/auth-http.js';
import { Lockstep } from '../helpers/lockstep.js';
import { TestClient } from '../helpers/test-client.js';
import type { TestServer } from '../helpers/test-server.js';
import { until } from '../helpers/until.js';

const cluster = useCluster('spectator-delay.test.ts');

describe.skipIf(!cluster.available)('a ranked match watched from another node', () => {
  it("is shown a turn behind there too, in views and in that node's lobby", async () => {
    const c = await cluster.start(2, { rateLimit: { capacity: 100_000, refillPerSec: 100_000 } });
    const [n1, n2] = c.nodes as [TestServer, TestServer];
    const clients: TestClient[] = [];
    try {
      const [x, y] = [await makeAccount(n1, null, freshName('K')), await makeAccount(n1, null, freshName('K'))];
      clients.push(x, y);
      for (const p of [x, y]) await p.fullControl();
      const matched = (p: TestClient) =>
        p.received.map((m) => m.payload as QueueState).find((q) => q?.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;
      expect(await x.emit('queue:join', { queue: 'ranked', roster: 'raid-night' })).toMatchObject({ ok: true });
      expect(await y.emit('queue:join', { queue: 'ranked', roster: 'mod-squad' })).toMatchObject({ ok: true });
      await until(() => matched(x) !== undefined && matched(y) !== undefined, 'paired', 10_000);
      const roomId = matched(x)!.roomId;
      const [a, b] = matched(x)!.seat === 'A' ? [x, y] : [y, x];
      await a.waitFor(() => a.view(roomId) !== undefined, 5_000, 'view');
      await b.waitFor(() => b.view(roomId) !== undefined, 5_000, 'view');
      expect(n1.server.game.room(roomId)).toBeDefined();

      const s = await TestClient.connect(n2.url, 'Far watcher');
      clients.push(s);
      expect(n2.server.game.room(roomId)).toBeUndefined();
      expect(await s.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
      await s.waitFor(() => s.view(roomId) !== undefined, 5_000, 'spectator view');
      const got = () => s.received.filter((m) => m.event === 'match:view').map((m) => m.payload as ViewMessage);
      const ls = new Lockstep(roomId, a, b, 'far-delay');
      while (ls.turn < 6) {
        const before = ls.expectedShown;
        await ls.step();
        // A reveal is awaited; otherwise a pause long enough for anything sent early to arrive through Redis.
        if (ls.expectedShown !== before) await s.waitFor(() => s.view(roomId)!.seq === ls.expectedShown, 5_000, `shown ${ls.expectedShown}`);
        else await new Promise((r) => setTimeout(r, 30));
        expect(s.view(roomId)!.seq, `live seq ${ls.seq}, turn ${ls.turn}`).toBe(ls.expectedShown);
        for (const v of got()) expect([...ls.startOf.values()]).toContain(v.seq);
      }
      // Node 2's lobby shows the turn spectators see (node 1 publishes it), never the live one.
      const entry = async () => ((await s.emit('lobby:subscribe', {})) as unknown as LobbyRooms).rooms.find((r) => r.roomId === roomId);
      const deadline = Date.now() + 8_000;
      let e = await entry();
      while (Date.now() < deadline && e?.turn !== ls.turnOf.get(ls.expectedShown)) {
        expect(e?.turn ?? 0).toBeLessThanOrEqual(ls.turnOf.get(ls.expectedShown)!);
        await new Promise((r) => setTimeout(r, 200));
        e = await entry();
      }
      expect(e).toMatchObject({ kind: 'ranked', delayed: true, turn: ls.turn - 1 });

      await ls.concede(a);
      await s.waitFor(() => s.view(roomId)?.result != null, 5_000, 'result on node 2');
      expect(s.view(roomId)).toMatchObject({ seq: ls.seq, result: { winner: 'B', reason: 'concede' } });
    } finally {
      for (const cl of clients) cl.close();
      await c.close();
    }
  }, 90_000);
});
