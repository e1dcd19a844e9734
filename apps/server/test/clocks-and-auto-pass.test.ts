/**
 * Chess clocks and auto-pass, with the server's time under the test's control (ManualClock).
 * - A clock runs only while the match waits on its manager (both during mulligans) and the mover gets the
 *   increment; at zero the manager loses on time.
 * - Auto-pass (docs/auto-pass.md) passes for an opted-in manager only when pass/concede are all they can do,
 *   never before the minimum delay, never when they have a choice; the opponent sees exactly what a manual
 *   pass looks like.
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
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 }, autoPass: { minMs: 1_000, maxMs: 3_000 } }, clock);
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
/** What auto-pass treats as "nothing to do" (docs/auto-pass.md). */
const PASSABLE = new Set(['pass', 'concede', 'tilt-star']);
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

describe('auto-pass', () => {
  it('passes for an opted-in manager only when passing is all they can do, after the uniform delay, unseen', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    expect(await a.emit('settings', { autoPass: true })).toEqual({ ok: true, autoPass: true });
    const master = t.server.game.room(roomId)!.master!;
    const rnd = makeRng('auto-pass');
    let autoPasses = 0;
    let choices = 0;
    const synced = () => a.view(roomId)?.seq === master.seq && b.view(roomId)?.seq === master.seq;
    for (let i = 0; i < 3_000 && autoPasses < 12 && !master.matchResult; i++) {
      await until(synced, 'both clients in sync');
      const seq = master.seq;
      const va = a.view(roomId)!;
      if (va.deciders.includes('A')) {
        const onlyPass = va.legal.some((x) => x.type === 'pass') && va.legal.every((x) => PASSABLE.has(x.type));
        if (onlyPass) {
          clock.advance(999);
          await tick();
          expect(master.seq).toBe(seq); // never before the minimum delay
          clock.advance(2_001);
          await until(() => master.seq === seq + 1, 'auto-pass');
          autoPasses++;
          await until(synced, 'sync after auto-pass');
          // B saw an ordinary pass by A: same event, nothing about how it came about.
          const seen = b.view(roomId)!;
          expect(seen.events.find((e) => e.t === 'pass')).toEqual({ t: 'pass', manager: 'A' });
        } else {
          clock.advance(3_500);
          await tick();
          expect(master.seq).toBe(seq); // a manager with a choice is never passed for
          choices++;
          await act(a, roomId, 'A', pickRandom(va.legal, rnd));
        }
      } else if (va.deciders.includes('B')) {
        await act(b, roomId, 'B', pickRandom(b.view(roomId)!.legal, rnd));
      }
    }
    expect(autoPasses).toBeGreaterThanOrEqual(6);
    expect(choices).toBeGreaterThan(0);
    // Nothing B received mentions the setting or automatic play.
    expect(JSON.stringify(b.received)).not.toMatch(/auto/i);

    // Switched off: the server no longer passes for A.
    expect(await a.emit('settings', { autoPass: false })).toEqual({ ok: true, autoPass: false });
    for (let i = 0; i < 200 && !master.matchResult; i++) {
      await until(synced, 'sync');
      const va = a.view(roomId)!;
      const onlyPass = va.deciders.includes('A') && va.legal.some((x) => x.type === 'pass') && va.legal.every((x) => PASSABLE.has(x.type));
      if (onlyPass) {
        const seq = master.seq;
        clock.advance(5_000);
        await tick();
        expect(master.seq).toBe(seq);
        break;
      }
      const who = va.deciders.includes('A') ? a : b;
      await act(who, roomId, who === a ? 'A' : 'B', pickRandom(who.view(roomId)!.legal, rnd));
    }
    for (const c of [a, b]) c.close();
  });
});
