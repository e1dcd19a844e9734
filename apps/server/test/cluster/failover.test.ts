/**
 * Failover (issue 19 §3), with real node processes behind HAProxy on one PostgreSQL and one Redis: a match is
 * played by two clients through the balancer; its owner is killed with -9 at a random moment with actions in
 * flight, twice. Each time another node holds the match within 5 s (measured from the kill to the new lease row;
 * p50 and max printed), the clients reconnect through HAProxy and carry on to a result; every acked action is
 * in PostgreSQL, the final state hash equals the replay's, and no view leaked hidden information. Then the new
 * owner is stopped with SIGTERM: it drains its queues and releases its leases, and another node holds the match
 * within 5 s (the clients still see the shutdown: an error code or a reconnect; a hand-over without any is not
 * built yet).
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { hashState, makeRng } from '@vroyale/engine';
import { usePostgres } from '../helpers/postgres.js';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from '../helpers/redis.js';
import { haproxyInstalled, noteHaproxyMissing, startHaproxy, type RunningHaproxy } from '../helpers/haproxy.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { TestClient } from '../helpers/test-client.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from '../helpers/leak-scan.js';

const pgTest = usePostgres();
noteRedisMissing('failover.test.ts');
noteHaproxyMissing('failover.test.ts');
const available = pgTest.available && redisInstalled && haproxyInstalled;

const nodes: NodeProcess[] = [];
let redis: RunningRedis | null = null;
let lb: RunningHaproxy | null = null;
afterAll(async () => {
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGKILL');
  await lb?.stop();
  await redis?.stop();
}, 30_000);

/** Nearest-rank percentile. */
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)]!;

describe.skipIf(!available)('kill -9 and SIGTERM of a match\'s owner', () => {
  it('moves the match to another node (takeover times printed, bar 5 s); clients carry on; nothing acked is lost', async () => {
    const databaseUrl = await pgTest.freshDatabase();
    redis = await startRedis();
    const env = { VROYALE_DATABASE_URL: databaseUrl, VROYALE_REDIS_URL: redis.url, VROYALE_TRUST_PROXY: 'loopback', VROYALE_RATE_CAPACITY: '1000', VROYALE_RATE_PER_SEC: '1000', VROYALE_RATE_SESSION_CAPACITY: '2000', VROYALE_RATE_SESSION_PER_SEC: '2000' };
    // The first node migrates the fresh database; the others start beside it.
    nodes.push(await startNodeProcess('n1', env));
    nodes.push(...(await Promise.all(['n2', 'n3', 'n4'].map((id) => startNodeProcess(id, env)))));
    lb = await startHaproxy({ backends: nodes.map((n) => ({ host: '127.0.0.1', port: n.port, name: n.id })), checkIntervalMs: 200 });
    const url = `http://127.0.0.1:${lb.port}`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const clients: TestClient[] = [];
    try {
      const a = await TestClient.connect(url, 'Alice');
      const b = await TestClient.connect(url, 'Bob');
      clients.push(a, b);
      const created = await a.emit('room:create', { visibility: 'public', clock: { initialMs: 600_000, incrementMs: 0 } });
      if (!created.ok) throw new Error(created.message);
      const roomId = created.roomId;
      expect(await a.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true });
      expect(await b.emit('room:join', { roomId, roster: 'mod-squad', seat: 'B' })).toMatchObject({ ok: true });
      await a.waitFor(() => a.view(roomId) !== undefined, 10_000, 'A view');
      await b.waitFor(() => b.view(roomId) !== undefined, 10_000, 'B view');
      const matchId = a.view(roomId)!.matchId;
      const owner = async () => (await db.query('SELECT node_id, epoch FROM match_owners WHERE match_id = $1', [matchId])).rows[0] as { node_id: string; epoch: number } | undefined;

      const rnd = makeRng('failover');
      a.startAutoplay(roomId, makeRng('fo-a'));
      b.startAutoplay(roomId, makeRng('fo-b'));
      const takeovers: number[] = [];
      const signals = ['SIGKILL', 'SIGKILL', 'SIGTERM'] as const;
      const handovers: number[] = [];
      for (let kill = 0; kill < signals.length; kill++) {
        // A random moment: a few more actions, with both clients acting as fast as views come.
        const at = (a.view(roomId)?.seq ?? 0) + 3 + Math.floor(rnd() * 8);
        await a.waitFor(() => (a.view(roomId)?.seq ?? 0) >= at || a.view(roomId)?.result != null, 30_000, `seq ${at}`);
        if (a.view(roomId)?.result) break;
        const before = (await owner())!;
        const victim = nodes.find((n) => n.id === before.node_id)!;
        const t0 = performance.now();
        victim.kill(signals[kill]!);
        let now: { node_id: string; epoch: number } | undefined;
        const ended = async () => (await db.query('SELECT status FROM matches WHERE id = $1', [matchId])).rows[0]?.status !== 'active';
        while (!(now = await owner()) || now.epoch === before.epoch) {
          // The match may have ended in the moment before the kill: nothing to take over then.
          if (await ended()) break;
          if (performance.now() - t0 > 10_000) {
            for (const n of nodes) console.log(n.id, JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|listening/.test(String(l.msg))).slice(-8)));
            console.log('kill', kill, 'owner before', before, 'now', now, 'seq', a.view(roomId)?.seq);
            throw new Error('no node took the match over within 10 s');
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        await victim.exited;
        if (!now || now.epoch === before.epoch) break;
        (signals[kill] === 'SIGKILL' ? takeovers : handovers).push(performance.now() - t0);
        expect(now.node_id).not.toBe(before.node_id);
      }
      await a.waitFor(() => a.view(roomId)?.result != null, Number(process.env.FAILOVER_WAIT_MS ?? 120_000), 'the result').catch((e: unknown) => {
        // What each side saw, for the failure message.
        for (const c of [a, b]) console.log(c.name, 'seq', c.view(roomId)?.seq, 'errors', JSON.stringify(c.autoplay?.errors.slice(-3)), 'last', JSON.stringify(c.received.slice(-4).map((r) => r.event)));
        for (const n of nodes) console.log(n.id, JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|listening/.test(String(l.msg))).slice(-8)));
        throw e;
      });
      await b.waitFor(() => b.view(roomId)?.result != null, 20_000, 'the result on B');
      const final = a.view(roomId)!;
      console.log(`failover: ${takeovers.length} takeovers after kill -9, p50 ${percentile(takeovers, 50).toFixed(0)} ms, max ${Math.max(...takeovers).toFixed(0)} ms [${takeovers.map((t) => t.toFixed(0)).join(', ')}] (seq ${final.seq})`);
      const codes = [...a.autoplay!.errors, ...b.autoplay!.errors].map((e) => (e as { code: string }).code);
      console.log(`failover: refusals the clients saw: ${JSON.stringify(Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length])))}`);
      // Refusals, never lost acks. Between a death and the takeover no node holds the room: an action forwarded
      // then is answered 'shutting-down' (send it again), never 'room-not-found'.
      for (const c of codes) expect(['stale', 'rate-limited', 'match-over', 'shutting-down', 'internal']).toContain(c);
      if (handovers.length > 0) console.log(`failover: SIGTERM hand-over (leases released after the queues drain) took ${handovers[0]!.toFixed(0)} ms`);
      // The 5 s bar is a figure (printed above), not a timed assertion: a loaded machine must not fail this test.
      // What must hold is that another node took the match at all (the loop above gives up after 10 s).
      expect(takeovers.length).toBeGreaterThan(0);

      const stored = (await db.query('SELECT seq, client_action_id FROM actions WHERE match_id = $1 ORDER BY seq', [matchId])).rows as { seq: number; client_action_id: string | null }[];
      const bySeq = new Map(stored.map((r) => [Number(r.seq), r.client_action_id]));
      for (const [id, seq] of [...a.accepted, ...b.accepted]) expect(bySeq.get(seq)?.endsWith(id)).toBe(true);
      expect(stored.length).toBe(final.seq);
      const live = nodes.find((n) => n.child.exitCode === null && n.child.signalCode === null)!;
      const replay = (await (await fetch(`http://127.0.0.1:${live.port}/api/matches/${matchId}/replay`)).json()) as Replay;
      const states = replayStates(replay);
      expect(hashState(states[states.length - 1]!)).toBe(final.stateHash);
      for (const [cl, viewer] of [[a, 'A'], [b, 'B']] as const) expect(scanForLeaks(cl.received, secretsFor(states, viewer)).slice(0, 5)).toEqual([]);
    } finally {
      for (const c of clients) c.close();
      await db.end();
    }
  }, 170_000);
});
