/**
 * Chess clocks, with the server's time under the test's control (ManualClock): a clock runs only while the
 * match waits on its manager (both during mulligans) and the mover gets the increment; at zero the manager
 * loses on time. (Stops, where the server passes for a manager at once, are in stops.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '@vroyale/engine';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pickRandom, type TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { ManualClock } from '../src/time/manual-clock.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}
const tick = () => new Promise((r) => setTimeout(r, 25));

async function act(c: TestClient, roomId: string, seat: 'A' | 'B', action: unknown): Promise<number> {
  const v = c.view(roomId)!;
  const ack = await c.emit('match:action', { roomId, clientActionId: `${seat}-${v.seq}-${Math.random()}`, seenSeq: v.seq, action: action as never });
  if (!ack.ok) throw new Error(`${seat}: ${ack.code} ${ack.message}`);
  return ack.seq;
}

describe('chess clocks', () => {
  it('run only for the managers the match waits on, add the increment, and flag at zero', async () => {
    const { a, b, roomId } = await twoManagers(t.url, { clock: { initialMs: 20_000, incrementMs: 2_000 } });
    const v0 = a.view(roomId)!;
    expect(v0.clocks.A).toEqual({ remainingMs: 20_000, running: true });
    expect(v0.clocks.B).toEqual({ remainingMs: 20_000, running: true });

    clock.advance(5_000);
    const s1 = await act(a, roomId, 'A', { type: 'mulligan', redraw: false });
    await b.waitFor(() => b.view(roomId)!.seq === s1, 5_000, 'seq 1');
    expect(b.view(roomId)!.clocks.A).toEqual({ remainingMs: 17_000, running: false });
    expect(b.view(roomId)!.clocks.B).toEqual({ remainingMs: 15_000, running: true });

    clock.advance(3_000);
    const s2 = await act(b, roomId, 'B', { type: 'mulligan', redraw: true });
    await a.waitFor(() => a.view(roomId)!.seq === s2, 5_000, 'seq 2');
    const after = a.view(roomId)!;
    expect(after.clocks.B.remainingMs).toBe(14_000);
    expect(after.deciders.length).toBe(1);
    const waitingOn = after.deciders[0]!;
    const other = waitingOn === 'A' ? 'B' : 'A';
    expect(after.clocks[waitingOn].running).toBe(true);
    expect(after.clocks[other].running).toBe(false);

    // Nobody moves: the waiting manager's flag falls and they lose on time.
    clock.advance(after.clocks[waitingOn].remainingMs - 1);
    await tick();
    expect(a.view(roomId)!.result).toBeNull();
    clock.advance(1);
    await a.waitFor(() => a.view(roomId)!.result !== null, 5_000, 'time result');
    expect(a.view(roomId)!.result).toEqual({ winner: other, reason: 'time' });
    expect(a.view(roomId)!.clocks[waitingOn].remainingMs).toBe(0);
    await b.waitFor(() => b.view(roomId)?.result !== null, 5_000, 'B sees the result');
    for (const c of [a, b]) c.close();
  });
});

describe('a flag fall whose write fails', () => {
  it('is tried again until it is saved: the manager still loses on time', async () => {
    const { a, b, roomId } = await twoManagers(t.url, { clock: { initialMs: 10_000, incrementMs: 0 } });
    const storage = t.server.storage;
    const append = storage.appendAction.bind(storage);
    let failures = 0;
    storage.appendAction = () => {
      failures++;
      throw new Error('disk I/O error (test)');
    };
    try {
      clock.advance(10_000);
      await until(() => failures === 1, 'the failed flag write');
      await tick();
      expect(a.view(roomId)!.result).toBeNull();
    } finally {
      storage.appendAction = append;
    }
    clock.advance(1_000);
    await a.waitFor(() => a.view(roomId)!.result !== null, 5_000, 'time result');
    // Both clocks ran out together (mulligans wait on both); one of them loses on time.
    expect(a.view(roomId)!.result).toMatchObject({ reason: 'time' });
    for (const c of [a, b]) c.close();
  });
});

describe('clocks over a whole match', () => {
  it('charge exactly the managers the match waits on, response windows included, and credit the mover', async () => {
    const inc = 1_000;
    const { a, b, roomId } = await twoManagers(t.url, { clock: { initialMs: 2 * 60 * 60 * 1000, incrementMs: inc } });
    // Every decision waits on its manager, so each one is charged and credited as the model says.
    await a.fullControl();
    await b.fullControl();
    const master = t.server.game.room(roomId)!.master!;
    const rnd = makeRng('clock-model');
    const expected = { A: 2 * 60 * 60 * 1000, B: 2 * 60 * 60 * 1000 };
    let responseWindows = 0;
    const synced = () => a.view(roomId)?.seq === master.seq && b.view(roomId)?.seq === master.seq;
    for (let i = 0; i < 400 && !master.matchResult; i++) {
      await until(synced, 'both clients in sync');
      const v = a.view(roomId)!;
      // The clocks shown are the model's, and exactly the deciders' clocks run.
      for (const m of ['A', 'B'] as const) {
        expect(v.clocks[m].remainingMs).toBe(expected[m]);
        expect(v.clocks[m].running).toBe(v.deciders.includes(m));
      }
      // A response window: the match waits on the manager whose turn it is not.
      if (v.deciders.length === 1 && v.deciders[0] !== v.view.active) {
        responseWindows++;
        expect(v.clocks[v.view.active].running).toBe(false);
      }
      const think = 50 + Math.floor(rnd() * 400);
      clock.advance(think);
      for (const m of v.deciders) expected[m] -= think;
      const mover = v.deciders[0]!;
      const c = mover === 'A' ? a : b;
      await act(c, roomId, mover, pickRandom(c.view(roomId)!.legal, rnd));
      expected[mover] += inc;
    }
    expect(responseWindows).toBeGreaterThan(10);
    for (const c of [a, b]) c.close();
  });
});
