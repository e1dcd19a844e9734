/**
 * The queue under load (issue 17 §3): 240 real socket clients on loopback join and leave both queues at random
 * for a few seconds; a matched client concedes at once and queues again. Afterwards, from the server's records
 * and what each client received: every `matched` names a room where that user sits in that seat, nobody was in
 * two queue matches at once, nobody was paired with themselves or with someone they blocked, and nobody was
 * matched after the ack of their leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueName, QueueState } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { block, makeAccount } from './helpers/accounts.js';
import { sqliteOf } from './helpers/sqlite.js';

const PLAYERS = 240;
const RUN_MS = 6_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 100 } });
});
afterAll(async () => {
  await t.close();
});

interface Sim {
  c: TestClient;
  account: boolean;
  matched: { roomId: string; seat: string }[];
  /** Set from a leave ack until the next join is sent: a `matched` now is a violation. */
  left: boolean;
  violations: string[];
  inQueue: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('matchmaking under load', () => {
  it(`${PLAYERS} players joining and leaving at random keep every invariant`, { timeout: 60_000 }, async () => {
    const sims: Sim[] = [];
    for (let i = 0; i < PLAYERS; i += 40) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(40, PLAYERS - i) }, async (_, k) => {
          const account = (i + k) % 4 !== 0;
          const c = account ? await makeAccount(t, null, `L${i + k}p`) : await TestClient.connect(t.url, `Guest ${i + k}`);
          return { c, account, matched: [], left: false, violations: [], inQueue: false } as Sim;
        }),
      );
      sims.push(...batch);
    }
    // Some blocks between accounts, both ways round.
    const accounts = sims.filter((s) => s.account);
    const blocked = new Set<string>();
    for (let i = 0; i + 1 < accounts.length; i += 7) {
      await block(t, accounts[i]!.c, accounts[i + 1]!.c);
      blocked.add(`${accounts[i]!.c.userId}|${accounts[i + 1]!.c.userId}`);
    }
    for (const s of sims)
      s.c.socket.on('queue:state', (st: QueueState) => {
        if (st.status !== 'matched') return;
        if (s.left) s.violations.push(`matched into ${st.roomId} after the leave ack`);
        s.matched.push({ roomId: st.roomId, seat: st.seat });
        s.inQueue = false;
        void s.c.emit('match:action', { roomId: st.roomId, clientActionId: `gg-${st.roomId}`, seenSeq: 0, action: { type: 'concede' } });
      });
    const end = Date.now() + RUN_MS;
    let joins = 0;
    let leaves = 0;
    await Promise.all(
      sims.map(async (s) => {
        while (Date.now() < end) {
          await sleep(20 + Math.random() * 400);
          if (s.inQueue && Math.random() < 0.35) {
            const r = await s.c.emit('queue:leave', {});
            if (r.ok) ((s.left = true), (s.inQueue = false), leaves++);
          } else if (!s.inQueue) {
            s.left = false;
            const queue: QueueName = s.account && Math.random() < 0.6 ? 'ranked' : 'casual';
            const r = await s.c.emit('queue:join', { queue, roster: Math.random() < 0.5 ? 'raid-night' : 'mod-squad' });
            if (r.ok && r.status === 'searching') ((s.inQueue = true), joins++);
            else if (!r.ok) expect(r.code).toBe('already-playing');
          }
        }
      }),
    );
    await Promise.all(
      sims.map(async (s) => {
        if ((await s.c.emit('queue:leave', {})).ok) s.left = true;
      }),
    );
    await sleep(300);

    const db = sqliteOf(t.server.storage).db;
    const totalMatched = sims.reduce((n, s) => n + s.matched.length, 0);
    expect(joins).toBeGreaterThan(PLAYERS);
    expect(leaves).toBeGreaterThan(20);
    expect(totalMatched).toBeGreaterThan(PLAYERS / 2);
    for (const s of sims) {
      expect(s.violations).toEqual([]);
      for (const m of s.matched) {
        const row = db.prepare('SELECT seats_json FROM rooms WHERE id = ?').get(m.roomId) as { seats_json: string } | undefined;
        const seats = JSON.parse(row!.seats_json) as Record<string, { userId: string }>;
        expect(seats[m.seat]!.userId).toBe(s.c.userId);
      }
    }
    // Every queue match from the server's records: two different people, not blocked, never overlapping.
    const rows = db
      .prepare(
        "SELECT m.id, m.created_at, m.ended_at, a.user_id AS a, b.user_id AS b FROM matches m JOIN match_players a ON a.match_id = m.id AND a.seat = 'A' JOIN match_players b ON b.match_id = m.id AND b.seat = 'B' WHERE m.kind IN ('ranked', 'casual') ORDER BY m.created_at",
      )
      .all() as { id: string; created_at: number; ended_at: number | null; a: string; b: string }[];
    expect(rows.length * 2).toBe(totalMatched);
    const busyUntil = new Map<string, number>();
    for (const r of rows) {
      expect(r.a).not.toBe(r.b);
      expect(blocked.has(`${r.a}|${r.b}`) || blocked.has(`${r.b}|${r.a}`)).toBe(false);
      for (const u of [r.a, r.b]) {
        expect(r.created_at).toBeGreaterThanOrEqual(busyUntil.get(u) ?? 0);
        busyUntil.set(u, r.ended_at ?? Infinity);
      }
    }
    expect(t.server.game.matchmaking.queue.size).toBe(0);
    for (const s of sims) s.c.close();
  });
});
