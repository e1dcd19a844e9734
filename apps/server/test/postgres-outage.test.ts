/**
 * A single node on PostgreSQL (no cluster) while PostgreSQL restarts: an action is refused `unavailable` with a
 * clear message and nothing changes, `/healthz` answers 503 with the database down, and once PostgreSQL is back on
 * its port the same server (no restart) acks the resend, health is ok again and the match goes on. A connection
 * the restart ends under the pool must not crash the process (vitest fails a test on an unhandled error).
 */
import { describe, expect, it } from 'vitest';
import { usePostgres } from './helpers/postgres.js';
import { startTestServer } from './helpers/test-server.js';
import { twoManagers } from './helpers/match-setup.js';
import type { TestClient } from './helpers/test-client.js';

const pgTest = usePostgres();
const mulligan = { type: 'mulligan' as const, redraw: false };

describe.skipIf(!pgTest.available)('a single PostgreSQL node while PostgreSQL restarts', () => {
  it('refuses actions unavailable while it is away and carries on once it is back', async () => {
    const databaseUrl = await pgTest.freshDatabase();
    const t = await startTestServer({ databaseUrl });
    const clients: TestClient[] = [];
    try {
      const { a, b, roomId, matchId } = await twoManagers(t.url);
      clients.push(a, b);
      await a.fullControl();
      await b.fullControl();
      expect(await a.emit('match:action', { roomId, clientActionId: 'a1', seenSeq: 0, action: mulligan })).toEqual({ ok: true, seq: 1 });
      await b.waitFor(() => b.view(roomId)?.seq === 1, 10_000, 'seq 1');

      await pgTest.halt('fast');
      const health = await fetch(`${t.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ ok: false, checks: { database: 'down' } });
      const send = () => b.emit('match:action', { roomId, clientActionId: 'b1', seenSeq: 1, action: mulligan });
      expect(await send()).toEqual({ ok: false, code: 'unavailable', message: 'The database is unreachable; send it again' });
      expect(t.server.game.room(roomId)!.master!.seq).toBe(1);

      await pgTest.resume();
      let ack = await send();
      const until = Date.now() + 10_000;
      while (!ack.ok && Date.now() < until) {
        expect(ack).toMatchObject({ code: 'unavailable' });
        await new Promise((r) => setTimeout(r, 100));
        ack = await send();
      }
      expect(ack).toEqual({ ok: true, seq: 2 });
      expect(await send()).toEqual({ ok: true, seq: 2 }); // a duplicate, answered, not applied
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      expect((await t.server.storage.actions(matchId)).map((r) => [r.seq, r.clientActionId])).toEqual([
        [1, 'A:a1'],
        [2, 'B:b1'],
      ]);
    } finally {
      for (const c of clients) c.close();
      await t.close();
    }
  }, 60_000);
});
