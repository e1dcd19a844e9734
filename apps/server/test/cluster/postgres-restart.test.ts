/**
 * PostgreSQL restarting under a running cluster (issue 19 §3): two node processes on one PostgreSQL and one Redis,
 * a match with manager A on node 1 and manager B on node 2 (B's actions are forwarded to the match's node), both
 * with full control (every decision is a client's, so there is always an action in flight) and resending the
 * same action on a "send it again" refusal, as a client should. PostgreSQL is stopped twice mid-match: first as
 * `pg_ctl stop -m fast` does, for 4 s; then as `-m immediate` does (a crash: recovery on the next start), for 2 s.
 *
 * While it is down nothing is acked: actions are refused `unavailable` (the append failed) or `shutting-down`
 * (the match stopped on its node: self-fenced, moving); `/healthz` answers 503 with `database: 'down'`. After it
 * is back both nodes recover without a restart (health ok, the same processes; a node holds the match's lease
 * again, at a higher epoch, after replaying it), the resends are acked (a duplicate is answered with its first
 * seq), the match plays on to a result, every acked action is in PostgreSQL exactly once, the final state hash
 * equals the replay's and no view leaked hidden information. Figures printed: outage lengths, refusals, time from
 * PostgreSQL back to the first ack.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { hashState, makeRng } from '@vroyale/engine';
import type { Ack, ActionPayload } from '@vroyale/protocol';
import { usePostgres } from '../helpers/postgres.js';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from '../helpers/redis.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { pickRandom, TestClient } from '../helpers/test-client.js';
import { seatBoth } from '../helpers/match-setup.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from '../helpers/leak-scan.js';

const pgTest = usePostgres();
noteRedisMissing('postgres-restart.test.ts');
const available = pgTest.available && redisInstalled;

const nodes: NodeProcess[] = [];
let redis: RunningRedis | null = null;
afterAll(async () => {
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.exited));
  await redis?.stop();
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Refusals that mean "not done, send the same action again". */
const AGAIN = new Set(['unavailable', 'shutting-down', 'moved', 'internal', 'timeout']);

/** A manager that acts on every decision and resends an action refused "send it again" with the same id. */
class Player {
  readonly acks: { id: string; seq: number; at: number }[] = [];
  readonly refusals: { code: string; at: number }[] = [];
  resends = 0;
  private stopped = false;
  private n = 0;
  readonly done: Promise<void>;

  constructor(
    readonly c: TestClient,
    private readonly roomId: string,
    private readonly rnd: () => number,
  ) {
    this.done = this.loop();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.done;
  }

  private async send(p: ActionPayload): Promise<Ack<{ seq: number }>> {
    try {
      return await this.c.emit('match:action', p, 8_000);
    } catch {
      return { ok: false, code: 'timeout' as never, message: 'no ack' };
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const v = this.c.view(this.roomId);
      if (v?.result) return;
      if (!v || v.legal.length === 0) {
        await this.c.waitFor(() => this.stopped || this.c.view(this.roomId) !== v, 1_000).catch(() => {});
        continue;
      }
      const p: ActionPayload = { roomId: this.roomId, clientActionId: `${this.c.instance}-${++this.n}`, seenSeq: v.seq, action: pickRandom(v.legal, this.rnd) };
      let ack = await this.send(p);
      while (!ack.ok && AGAIN.has(ack.code) && !this.stopped) {
        this.refusals.push({ code: ack.code, at: performance.now() });
        await sleep(200);
        this.resends++;
        ack = await this.send(p);
      }
      if (ack.ok) this.acks.push({ id: p.clientActionId, seq: ack.seq, at: performance.now() });
      else if (ack.code !== 'stale' && !AGAIN.has(ack.code)) this.refusals.push({ code: ack.code, at: performance.now() });
      // Wait for the view this action (or another change) produced before deciding again.
      if (!ack.ok || this.c.view(this.roomId) === v) await this.c.waitFor(() => this.stopped || this.c.view(this.roomId) !== v, 1_000).catch(() => {});
    }
  }
}

describe.skipIf(!available)('PostgreSQL restarting', () => {
  it('refuses actions while it is away, then both nodes carry on without a restart; nothing acked is lost', async () => {
    const databaseUrl = await pgTest.freshDatabase();
    redis = await startRedis();
    const env = {
      VROYALE_DATABASE_URL: databaseUrl,
      VROYALE_REDIS_URL: redis.url,
      VROYALE_RATE_CAPACITY: '1000',
      VROYALE_RATE_PER_SEC: '1000',
      VROYALE_RATE_SESSION_CAPACITY: '2000',
      VROYALE_RATE_SESSION_PER_SEC: '2000',
    };
    nodes.push(await startNodeProcess('n1', env));
    nodes.push(await startNodeProcess('n2', env));
    const pids = nodes.map((n) => n.child.pid);
    const clients: TestClient[] = [];
    try {
      const a = await TestClient.connect(`http://127.0.0.1:${nodes[0]!.port}`, 'Alice');
      const b = await TestClient.connect(`http://127.0.0.1:${nodes[1]!.port}`, 'Bob');
      clients.push(a, b);
      await a.fullControl();
      await b.fullControl();
      const { roomId, matchId } = await seatBoth(a, b, { clock: { initialMs: 600_000, incrementMs: 0 } });
      const epochOf = async () => {
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          // The owner's lease is its node's (the generation it acquired the match under).
          const q = `SELECT o.node_id, o.epoch, n.lease_until FROM match_owners o
            LEFT JOIN node_leases n ON n.node_id = o.node_id AND n.generation = o.node_generation WHERE o.match_id = $1`;
          return (await db.query(q, [matchId])).rows[0] as { node_id: string; epoch: number; lease_until: string } | undefined;
        } finally {
          await db.end();
        }
      };
      // The lease is taken right behind the match's start row (in the background): wait for it.
      let firstOwner = await epochOf();
      for (let i = 0; i < 100 && !firstOwner; i++) (await sleep(50), (firstOwner = await epochOf()));
      expect(Number(firstOwner?.epoch)).toBe(1);
      const players = [new Player(a, roomId, makeRng('pg-a')), new Player(b, roomId, makeRng('pg-b'))];
      const seq = () => a.view(roomId)?.seq ?? 0;
      const health = async (n: NodeProcess) => {
        const r = await fetch(`http://127.0.0.1:${n.port}/healthz`);
        return { status: r.status, body: (await r.json()) as { ok: boolean; checks: { database: string } } };
      };

      for (const [mode, downMs] of [
        ['fast', 4_000],
        ['immediate', 2_000],
      ] as const) {
        const at = seq() + 10;
        await a.waitFor(() => seq() >= at, 60_000, `seq ${at} before the ${mode} stop`);
        const seqBefore = seq();
        const t0 = performance.now();
        await pgTest.halt(mode);
        const downAt = performance.now();
        // Health while it is away: 503, the database down, on both nodes.
        await sleep(600);
        for (const n of nodes) expect(await health(n)).toMatchObject({ status: 503, body: { ok: false, checks: { database: 'down' } } });
        await sleep(Math.max(0, downMs - (performance.now() - downAt)));
        const upAt = performance.now();
        await pgTest.resume();
        const back = performance.now();
        // Nothing acked while it was away (after a grace for answers to commits made before the stop).
        const ackedDown = players.flatMap((p) => p.acks.filter((k) => k.at > downAt + 500 && k.at < upAt));
        expect(ackedDown).toEqual([]);
        const refusedDown = players.flatMap((p) => p.refusals.filter((k) => k.at >= t0 && k.at < back + 200));
        for (const r of refusedDown) expect(['unavailable', 'shutting-down', 'moved', 'timeout']).toContain(r.code);
        // Both nodes say ok again, without a restart.
        const healthy = performance.now() + 20_000;
        for (const n of nodes) {
          while ((await health(n)).status !== 200) {
            if (performance.now() > healthy) throw new Error(`${n.id} not healthy 20 s after PostgreSQL came back`);
            await sleep(200);
          }
        }
        const firstAck = await (async () => {
          const until = performance.now() + 30_000;
          for (;;) {
            const t = Math.min(...players.flatMap((p) => p.acks.filter((k) => k.at > back).map((k) => k.at)));
            if (Number.isFinite(t)) return t - back;
            if (performance.now() > until) {
              for (const n of nodes)
                console.log(
                  n.id,
                  JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|self|unreachable/.test(String(l.msg))).slice(-10)),
                );
              throw new Error(`no ack within 30 s of PostgreSQL's ${mode} restart (seq ${seq()})`);
            }
            await sleep(50);
          }
        })();
        const codes = refusedDown.map((r) => r.code);
        const owner = (await epochOf())!;
        console.log(
          `postgres restart (${mode}): down ${(upAt - downAt).toFixed(0)} ms (stop took ${(downAt - t0).toFixed(0)} ms, start ${(back - upAt).toFixed(0)} ms) at seq ${seqBefore}; ` +
            `refusals ${JSON.stringify(Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length])))}; ` +
            `first ack ${firstAck.toFixed(0)} ms after PostgreSQL was back; lease ${owner.node_id} epoch ${owner.epoch}`,
        );
        await a.waitFor(() => seq() >= seqBefore + 10, 60_000, `10 more actions after the ${mode} restart`);
      }
      // Refusals were seen (there was always an action in flight), and the match moved at least once (epoch up).
      expect(players.flatMap((p) => p.refusals).length).toBeGreaterThan(0);
      const lease = (await epochOf())!;
      expect(['n1', 'n2']).toContain(lease.node_id);
      expect(Number(lease.epoch)).toBeGreaterThan(1);
      expect(Number(lease.lease_until)).toBeGreaterThan(Date.now());

      // Played on to a result: A concedes (sent again until it is acked).
      await Promise.all(players.map((p) => p.stop()));
      let conceded: Ack<{ seq: number }> = { ok: false, code: 'internal', message: '' };
      for (let i = 0; i < 50 && !conceded.ok; i++) {
        conceded = await a.emit('match:action', { roomId, clientActionId: 'concede', seenSeq: seq(), action: { type: 'concede' } });
        if (!conceded.ok) await sleep(200);
      }
      expect(conceded).toMatchObject({ ok: true });
      await a.waitFor(() => a.view(roomId)?.result != null, 20_000, 'the result on A');
      await b.waitFor(() => b.view(roomId)?.result != null, 20_000, 'the result on B');
      const final = a.view(roomId)!;
      console.log(`postgres restart: match over at seq ${final.seq}; resends ${players.map((p) => p.resends).join(' + ')}`);

      // No node restarted.
      expect(nodes.map((n) => n.child.pid)).toEqual(pids);
      for (const n of nodes) expect(n.child.exitCode === null && n.child.signalCode === null).toBe(true);
      // Every acked action is in PostgreSQL exactly once, at the seq its ack named.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const stored = (await db.query('SELECT seq, client_action_id FROM actions WHERE match_id = $1 ORDER BY seq', [matchId])).rows as {
        seq: number;
        client_action_id: string | null;
      }[];
      await db.end();
      expect(stored.map((r) => Number(r.seq))).toEqual(stored.map((_, i) => i + 1));
      expect(stored.length).toBe(final.seq);
      const bySeq = new Map(stored.map((r) => [Number(r.seq), r.client_action_id]));
      const acked = [...players.flatMap((p) => p.acks.map((k) => [k.id, k.seq] as const)), ['concede', (conceded as { seq: number }).seq] as const];
      for (const [id, s] of acked) expect(bySeq.get(s)?.endsWith(`:${id}`)).toBe(true);
      for (const [id] of acked) expect(stored.filter((r) => r.client_action_id?.endsWith(`:${id}`)).length).toBe(1);
      // The final state is the replay's, and no view leaked hidden information.
      const replay = (await (await fetch(`http://127.0.0.1:${nodes[0]!.port}/api/matches/${matchId}/replay`)).json()) as Replay;
      const states = replayStates(replay);
      expect(hashState(states[states.length - 1]!)).toBe(final.stateHash);
      for (const [cl, viewer] of [
        [a, 'A'],
        [b, 'B'],
      ] as const)
        expect(scanForLeaks(cl.received, secretsFor(states, viewer)).slice(0, 5)).toEqual([]);
    } finally {
      for (const c of clients) c.close();
      for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.kill('SIGTERM');
      await Promise.all(nodes.map((n) => n.exited));
    }
  }, 170_000);
});
