/**
 * "An action is written before it is acknowledged or broadcast" (issue 4 §1, §6), with group commit:
 * - every ack and every view a client receives names an action that a separate SQLite connection already
 *   reads from the database file;
 * - a write that fails is answered 'internal', broadcasts nothing and changes nothing, and the same
 *   clientActionId applies once the storage works again;
 * - a graceful stop finishes the writes already queued (their senders get ok acks) and the next start has
 *   them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { makeRng } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pickRandom, type TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { until } from './helpers/until.js';
import { sqliteOf } from './helpers/sqlite.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

/** Plays one random legal action for whoever the match waits on; returns the sender, its id and its ack. */
async function playOne(a: TestClient, b: TestClient, roomId: string, rnd: () => number, id: string) {
  // Whoever is offered actions (a manager the server answers for has none: it has no stop there).
  const who = a.view(roomId)!.legal.length ? a : b;
  const mine = who.view(roomId)!;
  const ack = await who.emit('match:action', { roomId, clientActionId: id, seenSeq: mine.seq, action: pickRandom(mine.legal, rnd) });
  return { who, ack };
}

describe('persist before ack and broadcast', () => {
  it('every ack and every view arrives only after its action is in the database', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const matchId = a.view(roomId)!.matchId;
    const reader = new Database(t.dbPath, { readonly: true });
    const storedUpTo = () => Number((reader.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM actions WHERE match_id = ?').get(matchId) as { n: number }).n);
    const lateViews: number[] = [];
    // Checked synchronously as each view arrives (the listener runs before anything else can write).
    for (const c of [a, b]) c.socket.on('match:view', (v: ViewMessage) => void (v.seq > storedUpTo() && lateViews.push(v.seq)));
    const rnd = makeRng('durable');
    let acked = 0;
    for (let i = 0; i < 60; i++) {
      // In step, and someone asked (the server answers at once where a manager has no stop).
      const synced = () =>
        a.view(roomId)!.seq === b.view(roomId)!.seq && (a.view(roomId)!.legal.length + b.view(roomId)!.legal.length > 0 || !!a.view(roomId)!.result);
      await until(synced, 'both clients in step');
      if (a.view(roomId)!.result) break;
      const { ack } = await playOne(a, b, roomId, rnd, `d-${i}`);
      if (!ack.ok) continue;
      expect(storedUpTo()).toBeGreaterThanOrEqual(ack.seq);
      acked++;
      await a.waitFor(() => a.view(roomId)!.seq >= ack.seq, 5_000, 'view');
      await b.waitFor(() => b.view(roomId)!.seq >= ack.seq, 5_000, 'view');
    }
    expect(acked).toBeGreaterThan(30);
    expect(lateViews).toEqual([]);
    reader.close();
    for (const c of [a, b]) c.close();
  });

  it('holds the ack and every view until the write has resolved', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const writer = t.server.writer;
    const append = writer.appendUnit.bind(writer);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    writer.appendUnit = async (rows) => {
      await gate;
      return append(rows);
    };
    try {
      const v = a.view(roomId)!;
      const before = { a: a.received.length, b: b.received.length };
      let acked: unknown = null;
      const sent = a
        .emit('match:action', { roomId, clientActionId: 'gated', seenSeq: v.seq, action: { type: 'mulligan', redraw: false } })
        .then((ack) => (acked = ack));
      await new Promise((r) => setTimeout(r, 150));
      expect(acked).toBeNull();
      expect(a.received.slice(before.a).filter((r) => r.event === 'match:view')).toEqual([]);
      expect(b.received.slice(before.b).filter((r) => r.event === 'match:view')).toEqual([]);
      release();
      await sent;
      expect(acked).toEqual({ ok: true, seq: v.seq + 1 });
      await b.waitFor(() => b.view(roomId)!.seq === v.seq + 1, 5_000, 'view after the write');
    } finally {
      writer.appendUnit = append;
      release();
    }
    for (const c of [a, b]) c.close();
  });

  it('a failed write is answered, broadcasts nothing, changes nothing; the same id applies once storage works', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const master = t.server.game.room(roomId)!.master!;
    const before = { seq: master.seq, hash: master.stateHash };
    const storage = sqliteOf(t.server.storage);
    const append = storage.appendRows.bind(storage);
    storage.appendRows = () => {
      throw new Error('disk I/O error (test)');
    };
    const v = a.view(roomId)!;
    const action = { roomId, clientActionId: 'fails-once', seenSeq: v.seq, action: { type: 'mulligan', redraw: false } } as const;
    const viewsB = b.received.length;
    try {
      expect(await a.emit('match:action', action)).toMatchObject({ ok: false, code: 'internal' });
    } finally {
      storage.appendRows = append;
    }
    await new Promise((r) => setTimeout(r, 100));
    expect({ seq: master.seq, hash: master.stateHash }).toEqual(before);
    expect(b.received.slice(viewsB).filter((r) => r.event === 'match:view')).toEqual([]);
    expect(await storage.actions(master.id)).toHaveLength(before.seq);
    // The retry (same clientActionId) was never recorded as seen, so it applies now, once.
    expect(await a.emit('match:action', action)).toEqual({ ok: true, seq: before.seq + 1 });
    expect(await a.emit('match:action', action)).toEqual({ ok: true, seq: before.seq + 1 });
    expect(await storage.actions(master.id)).toHaveLength(before.seq + 1);
    for (const c of [a, b]) c.close();
  });

  it('a graceful stop finishes queued writes, acks them, tells clients; the next start has them', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    for (const c of [a, b]) c.socket.io.opts.reconnection = false;
    const master = t.server.game.room(roomId)!.master!;
    const seq = master.seq;
    const acks: unknown[] = [];
    const acksB: unknown[] = [];
    // A's action is stepped and waiting for its group commit when the stop begins; B's is still queued
    // behind it on the match.
    void master.submit('A', { roomId, clientActionId: 'at-stop', seenSeq: seq, action: { type: 'mulligan', redraw: false } }, (ack) => acks.push(ack));
    void master.submit('B', { roomId, clientActionId: 'after-stop', seenSeq: seq, action: { type: 'mulligan', redraw: false } }, (ack) => acksB.push(ack));
    for (let i = 0; i < 20 && t.server.writer.queued === 0; i++) await Promise.resolve();
    expect(t.server.writer.queued).toBe(1);
    const restarted = t.restart(() => {
      const db = new Database(t.dbPath, { readonly: true });
      const rows = db.prepare('SELECT seq, client_action_id FROM actions WHERE match_id = ?').all(master.id);
      db.close();
      expect(rows).toEqual([{ seq: seq + 1, client_action_id: 'A:at-stop' }]);
    });
    await restarted;
    expect(acks).toEqual([{ ok: true, seq: seq + 1 }]);
    // Work that had not started is refused politely (the client sends it again after reconnecting).
    expect(acksB).toMatchObject([{ ok: false, code: 'shutting-down' }]);
    expect(a.received.some((r) => r.event === 'server:notice' && (r.payload as { kind: string }).kind === 'shutdown')).toBe(true);
    expect(b.received.some((r) => r.event === 'server:notice' && (r.payload as { kind: string }).kind === 'shutdown')).toBe(true);
    expect(t.server.game.room(roomId)!.master!.seq).toBe(seq + 1);
    for (const c of [a, b]) c.close();
  });
});
