/**
 * A match that ended just before a stop is still there after the start on the same database: the last action
 * sent again is a duplicate (its first ack, not an error), hello finds each manager's seat, both get the result
 * view and the room `finished`, and the lobby lists it among the recently finished, until `finishedTtlMs` after
 * its end. Older ones are not loaded. Once in-process (graceful stop, ManualClock), once with the process killed
 * (SIGKILL: no shutdown at all).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/time/manual-clock.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // ManualClock never refills the token buckets: raise the rate limit.
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

const concede = (roomId: string, seenSeq: number) => ({ roomId, clientActionId: 'last', seenSeq, action: { type: 'concede' as const } });

/** The client's messages from `from` on include the result view and the room state `finished`. */
const gotResult = (c: TestClient, roomId: string, from: number) => () => {
  const later = c.received.slice(from);
  const view = later.some(
    (r) =>
      r.event === 'match:view' && (r.payload as { roomId: string; result: unknown }).roomId === roomId && (r.payload as { result: unknown }).result != null,
  );
  const state = later.some(
    (r) =>
      r.event === 'room:state' &&
      (r.payload as { roomId: string; status: string }).roomId === roomId &&
      (r.payload as { status: string }).status === 'finished',
  );
  return view && state;
};

async function finishedMatch(url: string) {
  const { a, b, roomId } = await twoManagers(url);
  const v = a.view(roomId)!;
  const ack = await a.emit('match:action', concede(roomId, v.seq));
  expect(ack).toEqual({ ok: true, seq: v.seq + 1 });
  await a.waitFor(() => a.view(roomId)?.result != null, 5_000, 'result');
  await b.waitFor(() => b.view(roomId)?.result != null, 5_000, 'result');
  return { a, b, roomId, ack, result: a.view(roomId)!.result, hash: a.view(roomId)!.stateHash };
}

describe('a match that ended just before a restart', () => {
  it('comes back: duplicate ack, seats on hello, result views, lobby entry; swept after finishedTtlMs', async () => {
    const { a, b, roomId, ack, result, hash } = await finishedMatch(t.url);
    expect(result).toEqual({ winner: 'B', reason: 'concede' });
    const marks = { a: a.received.length, b: b.received.length };

    await t.restart();
    expect(t.server.game.room(roomId)?.status).toBe('finished');
    // Both clients reconnect and say hello with their tokens on their own (TestClient, as the browser does).
    await a.waitFor(gotResult(a, roomId, marks.a), 15_000, 'A result after restart');
    await b.waitFor(gotResult(b, roomId, marks.b), 15_000, 'B result after restart');
    for (const c of [a, b]) expect(c.view(roomId)).toMatchObject({ result, stateHash: hash, full: true });

    // (a) The last action again: the recorded ack, exactly as a live server answers a duplicate.
    expect(await a.emit('match:action', concede(roomId, 0))).toEqual(ack);
    expect(await a.emit('match:action', { ...concede(roomId, 0), clientActionId: 'new' })).toMatchObject({ ok: false, code: 'match-over' });
    // (b) hello finds each manager's seat.
    expect(await a.emit('hello', { name: 'Alice', token: a.token! })).toMatchObject({ ok: true, seats: [{ roomId, seat: 'A' }] });
    expect(await b.emit('hello', { name: 'Bob', token: b.token! })).toMatchObject({ ok: true, seats: [{ roomId, seat: 'B' }] });
    // Finished rooms hold no cap place.
    expect(t.server.game.userRooms.roomsOf(a.userId!).size).toBe(0);

    // The lobby lists it among the recent results, as it did before the stop.
    const watcher = await TestClient.connect(t.url, 'Watcher');
    const listed = await watcher.emit('lobby:subscribe', {});
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.rooms.some((r) => r.roomId === roomId)).toBe(false);
    expect(listed.recent.find((r) => r.roomId === roomId)).toMatchObject({ status: 'finished', result });

    // finishedTtlMs after its end (not after the restart), with nobody in it, the sweep drops it.
    for (const c of [a, b, watcher]) c.close();
    await new Promise((r) => setTimeout(r, 100));
    clock.advance(t.config.finishedTtlMs + 61_000);
    expect(t.server.game.room(roomId)).toBeUndefined();
    expect(t.server.game.userRooms.finishedOf(a.userId!).size).toBe(0);
  });

  it('is not loaded when it ended longer than finishedTtlMs before the start', async () => {
    const { a, b, roomId, ack } = await finishedMatch(t.url);
    for (const c of [a, b]) c.socket.io.opts.reconnection = false;
    await t.restart(() => clock.advance(t.config.finishedTtlMs + 1));
    expect(t.server.game.room(roomId)).toBeUndefined();
    const back = await TestClient.connect(t.url, 'Alice', a.token);
    const hello = await back.emit('hello', { name: 'Alice', token: a.token! });
    expect(hello).toMatchObject({ ok: true, seats: [] });
    expect(await back.emit('match:action', concede(roomId, 0))).toMatchObject({ ok: false, code: 'room-not-found' });
    const listed = await back.emit('lobby:subscribe', {});
    expect(listed.ok && [...listed.rooms, ...listed.recent].some((r) => r.roomId === roomId)).toBe(false);
    // Still in the database: the replay is served as for any finished match.
    expect(await t.server.storage.match(a.view(roomId)!.matchId)).toMatchObject({ status: 'finished' });
    void ack;
    for (const c of [a, b, back]) c.close();
  });
});

describe('after the process is killed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-kill-'));
  const dbPath = join(dir, 'kill.db');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /** `npm start`'s entry point in its own process on `dbPath`; resolves with its URL once it listens. */
  function startProcess(): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', VROYALE_DB: dbPath, LOG_LEVEL: 'info', VROYALE_BOT_THREADS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`no 'server listening' line: ${buf}`)), 30_000);
      child.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        const m = /"port":(\d+)[^\n]*"msg":"server listening"/.exec(buf);
        if (m) {
          clearTimeout(timer);
          resolve({ child, url: `http://127.0.0.1:${m[1]}` });
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${buf}`)));
    });
  }

  it('the ack, the seats, the result views and the lobby entry survive a SIGKILL right after the last action', async () => {
    const first = await startProcess();
    const { a, b, roomId, ack, result, hash } = await finishedMatch(first.url);
    for (const c of [a, b]) c.socket.io.opts.reconnection = false;
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    for (const c of [a, b]) c.close();

    const second = await startProcess();
    const a2 = await TestClient.connect(second.url, 'Alice', a.token);
    const b2 = await TestClient.connect(second.url, 'Bob', b.token);
    await a2.waitFor(gotResult(a2, roomId, 0), 10_000, 'A result after the kill');
    await b2.waitFor(gotResult(b2, roomId, 0), 10_000, 'B result after the kill');
    expect(a2.view(roomId)).toMatchObject({ result, stateHash: hash });
    expect(b2.view(roomId)).toMatchObject({ result, stateHash: hash });
    expect(await a2.emit('match:action', concede(roomId, 0))).toEqual(ack);
    expect(await a2.emit('hello', { name: 'Alice', token: a.token! })).toMatchObject({ ok: true, seats: [{ roomId, seat: 'A' }] });
    expect(await b2.emit('hello', { name: 'Bob', token: b.token! })).toMatchObject({ ok: true, seats: [{ roomId, seat: 'B' }] });
    const listed = await a2.emit('lobby:subscribe', {});
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.rooms.some((r) => r.roomId === roomId)).toBe(false);
    expect(listed.recent.find((r) => r.roomId === roomId)).toMatchObject({ status: 'finished', result });
    for (const c of [a2, b2]) c.close();
    second.child.kill('SIGTERM');
  }, 60_000);
});
