/**
 * A COMMIT that landed without its answer (the connection died with it: a PostgreSQL restart at that moment) leaves
 * the log one action ahead of the match in memory. Made here by writing A's action into PostgreSQL behind the
 * server's back, then sending it: the append finds its seq and client id taken, the match is replayed from its log
 * (a single node: here at once; in a cluster: its lease given back and the takeover scan replays it), and the
 * client's resend is answered as the duplicate it is, with the stored seq. Nothing is applied twice, nothing stalls.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { usePostgres } from '../helpers/postgres.js';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from '../helpers/redis.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { twoManagers } from '../helpers/match-setup.js';
import type { TestClient } from '../helpers/test-client.js';

const pgTest = usePostgres();
noteRedisMissing('log-ahead.test.ts');
let redis: RunningRedis | null = null;
afterAll(async () => void (await redis?.stop()), 30_000);

async function logAhead(t: TestServer, databaseUrl: string): Promise<void> {
  const clients: TestClient[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { a, b, roomId, matchId } = await twoManagers(t.url);
    clients.push(a, b);
    await a.fullControl();
    await b.fullControl();
    const action = { type: 'mulligan' as const, redraw: false };
    // The row the lost answer was about, as the group commit writes it.
    await db.query('INSERT INTO actions (match_id, seq, actor, origin, action_json, client_action_id, at) VALUES ($1, 1, $2, $3, $4, $5, $6)', [
      matchId,
      'A',
      'player',
      JSON.stringify({ ...action, manager: 'A' }),
      'A:lost-answer',
      Date.now(),
    ]);
    const send = () => a.emit('match:action', { roomId, clientActionId: 'lost-answer', seenSeq: 0, action });
    let ack = await send();
    expect(ack).toMatchObject({ ok: false, code: 'shutting-down' });
    const until = Date.now() + 10_000;
    while (!ack.ok && Date.now() < until) {
      // Reloading here ('shutting-down'), or, in a cluster, moving until the scan replays it ('moved').
      expect(['shutting-down', 'moved']).toContain((ack as { code: string }).code);
      await new Promise((r) => setTimeout(r, 100));
      ack = await send();
    }
    expect(ack).toEqual({ ok: true, seq: 1 });
    // The match goes on from the log: B's mulligan is seq 2, and the log holds each action once.
    await b.waitFor(() => b.view(roomId)?.seq === 1, 10_000, 'B sees seq 1');
    expect(await b.emit('match:action', { roomId, clientActionId: 'b1', seenSeq: 1, action })).toEqual({ ok: true, seq: 2 });
    const rows = (await db.query('SELECT seq, client_action_id FROM actions WHERE match_id = $1 ORDER BY seq', [matchId])).rows as {
      seq: number;
      client_action_id: string;
    }[];
    expect(rows.map((r) => [Number(r.seq), r.client_action_id])).toEqual([
      [1, 'A:lost-answer'],
      [2, 'B:b1'],
    ]);
  } finally {
    for (const c of clients) c.close();
    await db.end();
  }
}

describe.skipIf(!pgTest.available)('the log ahead of the match in memory', () => {
  it('a single node on PostgreSQL replays the match and answers the resend as a duplicate', async () => {
    const databaseUrl = await pgTest.freshDatabase();
    const t = await startTestServer({ databaseUrl });
    try {
      await logAhead(t, databaseUrl);
    } finally {
      await t.close();
    }
  }, 60_000);

  it.skipIf(!redisInstalled)(
    'a cluster node gives the lease back; the takeover scan replays it',
    async () => {
      const databaseUrl = await pgTest.freshDatabase();
      redis = await startRedis();
      const t = await startTestServer({ databaseUrl, redisUrl: redis.url, nodeId: 'n1' });
      try {
        await logAhead(t, databaseUrl);
      } finally {
        await t.close();
      }
    },
    60_000,
  );
});
