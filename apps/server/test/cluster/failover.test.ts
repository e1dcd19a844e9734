/**
 * Failover (issue 19 §3), with real node processes behind HAProxy on one PostgreSQL and one Redis: a match is
 * played by two clients through the balancer; its owner is killed with -9 at a random moment with actions in
 * flight, twice. Each time another node holds the match within 5 s (measured from the kill to the new lease row;
 * p50 and max printed), the clients reconnect through HAProxy and carry on to a result; every acked action is
 * in PostgreSQL, the final state hash equals the replay's, no view leaked hidden information, and the clocks were
 * not charged for the outage (under 1.5 s of clock time gone across each move, where a kill's outage is ~3 s). A spectator,
 * also through HAProxy, keeps getting views after each move without watching again (its node re-attaches it, or
 * it watches again after its own reconnection as the web client does). Then the new owner is stopped with SIGTERM
 * and hands the match over: from then on the clients see no refusal but those the web client resends silently
 * ('moved', 'shutting-down'; plus the usual 'stale' and 'match-over'), and a `moving` notice, never `shutdown`.
 * No timed assertion: the times are printed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { hashState, makeRng } from '@vroyale/engine';
import { usePostgres } from '../helpers/postgres.js';
import { noteRedisMissing, redisInstalled, startRedis, type RunningRedis } from '../helpers/redis.js';
import { haproxyInstalled, noteHaproxyMissing, startHaproxy, type RunningHaproxy } from '../helpers/haproxy.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { TestClient } from '../helpers/test-client.js';
import { seatBoth } from '../helpers/match-setup.js';
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

describe.skipIf(!available)("kill -9 and SIGTERM of a match's owner", () => {
  it('moves the match to another node (takeover times printed, bar 5 s); clients carry on; nothing acked is lost', async () => {
    const databaseUrl = await pgTest.freshDatabase();
    redis = await startRedis();
    const env = {
      VROYALE_DATABASE_URL: databaseUrl,
      VROYALE_REDIS_URL: redis.url,
      VROYALE_TRUST_PROXY: 'loopback',
      VROYALE_RATE_CAPACITY: '1000',
      VROYALE_RATE_PER_SEC: '1000',
      VROYALE_RATE_SESSION_CAPACITY: '2000',
      VROYALE_RATE_SESSION_PER_SEC: '2000',
    };
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
      const spec = await TestClient.connect(url, 'Watcher');
      clients.push(a, b, spec);
      for (const c of clients) c.followMoves = true;
      const { roomId, matchId } = await seatBoth(a, b, { clock: { initialMs: 600_000, incrementMs: 0 } });
      expect(await spec.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
      await spec.waitFor(() => spec.view(roomId) !== undefined, 10_000, 'spectator view');
      const owner = async () =>
        (await db.query('SELECT node_id, epoch FROM match_owners WHERE match_id = $1', [matchId])).rows[0] as { node_id: string; epoch: number } | undefined;

      const rnd = makeRng('failover');
      a.startAutoplay(roomId, makeRng('fo-a'));
      b.startAutoplay(roomId, makeRng('fo-b'));
      const takeovers: number[] = [];
      const signals = ['SIGKILL', 'SIGKILL', 'SIGTERM'] as const;
      const handovers: number[] = [];
      /** Per move: ms from the kill until the spectator had a view newer than the last one before it. */
      const spectatorBack: number[] = [];
      /** Per move: clock time (both seats) gone between the spectator's last view before it and its first after. */
      const charged: number[] = [];
      /** When the hand-over's window began: the previous move was complete (actions sent from then on count). */
      let termFrom = Infinity;
      let lastMove = 0;
      const moves: { signal: string; at: number }[] = [];
      for (let kill = 0; kill < signals.length; kill++) {
        // A random moment: a few more actions, with both clients acting as fast as views come.
        const at = (a.view(roomId)?.seq ?? 0) + 3 + Math.floor(rnd() * 8);
        await a.waitFor(() => (a.view(roomId)?.seq ?? 0) >= at || a.view(roomId)?.result != null, 30_000, `seq ${at}`);
        if (a.view(roomId)?.result) break;
        const before = (await owner())!;
        const victim = nodes.find((n) => n.id === before.node_id)!;
        if (signals[kill] === 'SIGTERM') termFrom = lastMove;
        const specSeq = spec.view(roomId)?.seq ?? 0;
        const clocksBefore = spec.view(roomId)?.clocks;
        const t0 = performance.now();
        moves.push({ signal: signals[kill]!, at: t0 });
        victim.kill(signals[kill]!);
        let now: { node_id: string; epoch: number } | undefined;
        const ended = async () => (await db.query('SELECT status FROM matches WHERE id = $1', [matchId])).rows[0]?.status !== 'active';
        while (!(now = await owner()) || now.epoch === before.epoch) {
          // The match may have ended in the moment before the kill: nothing to take over then.
          if (await ended()) break;
          if (performance.now() - t0 > 10_000) {
            for (const n of nodes)
              console.log(n.id, JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|listening/.test(String(l.msg))).slice(-8)));
            console.log('kill', kill, 'owner before', before, 'now', now, 'seq', a.view(roomId)?.seq);
            throw new Error('no node took the match over within 10 s');
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        await victim.exited;
        if (!now || now.epoch === before.epoch) break;
        (signals[kill] === 'SIGKILL' ? takeovers : handovers).push(performance.now() - t0);
        expect(now.node_id).not.toBe(before.node_id);
        // The spectator follows the match to its new node (unless it ended right there: its result view counts).
        await spec
          .waitFor(() => (spec.view(roomId)?.seq ?? 0) > specSeq || spec.view(roomId)?.result != null, 30_000, `spectator views after move ${kill + 1}`)
          .catch((e: unknown) => {
            console.log('the move at', Math.round(t0), 'to', now?.node_id, 'spectator seq', specSeq, 'A seq', a.view(roomId)?.seq);
            console.log('spectator trail', JSON.stringify(spec.trail), 'last', JSON.stringify(spec.received.slice(-3).map((r) => r.event)));
            for (const n of nodes)
              console.log(
                n.id,
                JSON.stringify(
                  n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|listening|no node|handed|forward|watch/.test(String(l.msg))).slice(-12),
                ),
              );
            throw e;
          });
        spectatorBack.push(performance.now() - t0);
        // Clocks are not charged for the outage: the new owner starts from the remaining time of the last commit.
        const seen = spec.view(roomId)!;
        if (clocksBefore && !seen.result)
          charged.push(clocksBefore.A.remainingMs + clocksBefore.B.remainingMs - seen.clocks.A.remainingMs - seen.clocks.B.remainingMs);
        lastMove = performance.now();
      }
      await a
        .waitFor(() => a.view(roomId)?.result != null, Number(process.env.FAILOVER_WAIT_MS ?? 60_000), 'the result')
        .catch((e: unknown) => {
          // What each side saw, for the failure message.
          for (const c of [a, b])
            console.log(
              c.name,
              'seq',
              c.view(roomId)?.seq,
              'errors',
              JSON.stringify(c.autoplay?.errors.slice(-3)),
              'last',
              JSON.stringify(c.received.slice(-4).map((r) => r.event)),
            );
          for (const n of nodes)
            console.log(n.id, JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|listening/.test(String(l.msg))).slice(-8)));
          throw e;
        });
      await b.waitFor(() => b.view(roomId)?.result != null, 20_000, 'the result on B');
      const final = a.view(roomId)!;
      console.log(
        `failover: ${takeovers.length} takeovers after kill -9, p50 ${percentile(takeovers, 50).toFixed(0)} ms, max ${Math.max(...takeovers).toFixed(0)} ms [${takeovers.map((t) => t.toFixed(0)).join(', ')}] (seq ${final.seq})`,
      );
      console.log(`failover: clock time charged across each move (both seats, ms): [${charged.map((c) => c.toFixed(0)).join(', ')}]`);
      // A kill's outage lasts ~3 s; what may be charged is only the actions played around the move (milliseconds each).
      for (const c of charged) expect(c).toBeLessThan(1_500);
      const count = (xs: string[]) => JSON.stringify(Object.fromEntries([...new Set(xs)].map((c) => [c, xs.filter((x) => x === c).length])));
      const codes = [...a.autoplay!.errors, ...b.autoplay!.errors].map((e) => (e as { code: string }).code);
      console.log(`failover: refusals the clients saw: ${count(codes)}; actions resent after a silent refusal or no answer: ${a.resent + b.resent}`);
      // Refusals, never lost acks. Between a death and the takeover no node holds the room: an action forwarded
      // then is answered 'moved' (send it again), never 'room-not-found'.
      if (codes.some((c) => !['stale', 'rate-limited', 'match-over', 'shutting-down', 'moved', 'internal'].includes(c))) {
        console.log(JSON.stringify([...a.refused, ...b.refused].filter((r) => r.code !== 'stale')));
        for (const n of nodes)
          console.log(
            n.id,
            JSON.stringify(n.lines.filter((l) => Number(l.level) >= 40 || /taken|lease|listening|no node|handed|forward/.test(String(l.msg))).slice(-12)),
          );
      }
      for (const c of codes) expect(['stale', 'rate-limited', 'match-over', 'shutting-down', 'moved', 'internal']).toContain(c);
      console.log(`failover: spectator had a newer view ${spectatorBack.map((t) => t.toFixed(0)).join(', ')} ms after each move`);
      const T = moves[0]?.at ?? 0;
      console.log(
        `failover: moves at ${moves.map((m) => `${m.signal} ${(m.at - T).toFixed(0)}`).join(', ')} ms; refusals but stale: ${JSON.stringify([...a.refused, ...b.refused].filter((r) => r.code !== 'stale').map((r) => ({ code: r.code, sent: Math.round(r.sentAt - T), at: Math.round(r.at - T), seen: r.seenSeq, attempt: r.attempt })))}`,
      );
      const notices = clients.flatMap((c) => c.received.filter((r) => r.event === 'server:notice').map((r) => (r.payload as { kind: string }).kind));
      console.log(`failover: notices the clients got: ${count(notices)}`);
      expect(notices).not.toContain('shutdown');
      if (handovers.length > 0) {
        // The hand-over's window: only refusals the web client resends without showing them (or shows nothing for).
        const inWindow = [...a.refused, ...b.refused].filter((r) => r.sentAt >= termFrom);
        const termCodes = inWindow.map((r) => r.code);
        const termMessages = inWindow.map((r) => `${r.code}: ${r.message.slice(0, 50)}`);
        console.log(
          `failover: SIGTERM hand-over: another node held the match ${handovers[0]!.toFixed(0)} ms after the signal; refusals from then on ${count(termMessages)}`,
        );
        for (const c of termCodes) expect(['stale', 'match-over', 'moved', 'shutting-down']).toContain(c);
      }
      // The 5 s bar is a figure (printed above), not a timed assertion: a loaded machine must not fail this test.
      // What must hold is that another node took the match at all (the loop above gives up after 10 s).
      expect(takeovers.length).toBeGreaterThan(0);

      const stored = (await db.query('SELECT seq, client_action_id FROM actions WHERE match_id = $1 ORDER BY seq', [matchId])).rows as {
        seq: number;
        client_action_id: string | null;
      }[];
      const bySeq = new Map(stored.map((r) => [Number(r.seq), r.client_action_id]));
      for (const [id, seq] of [...a.accepted, ...b.accepted]) expect(bySeq.get(seq)?.endsWith(id)).toBe(true);
      expect(stored.length).toBe(final.seq);
      const live = nodes.find((n) => n.child.exitCode === null && n.child.signalCode === null)!;
      const replay = (await (await fetch(`http://127.0.0.1:${live.port}/api/matches/${matchId}/replay`)).json()) as Replay;
      const states = replayStates(replay);
      expect(hashState(states[states.length - 1]!)).toBe(final.stateHash);
      for (const [cl, viewer] of [
        [a, 'A'],
        [b, 'B'],
        [spec, 'spectator'],
      ] as const)
        expect(scanForLeaks(cl.received, secretsFor(states, viewer)).slice(0, 5)).toEqual([]);
    } finally {
      for (const c of clients) c.close();
      await db.end();
    }
  }, 115_000);
});
