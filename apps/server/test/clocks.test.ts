/**
 * Chess clocks, with the server's time under the test's control (ManualClock): a clock runs only while the
 * match waits on its manager (both during mulligans); a manager earns the increment once per decision they
 * complete, never for a toggle, a star tilt, a refused, stale or duplicate action, or a pass the server made
 * for them; at zero the manager loses on time. (Stops themselves are in stops.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '@vroyale/engine';
import { DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pickRandom, type TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { until } from './helpers/until.js';
import { sqliteOf } from './helpers/sqlite.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 } }, clock);
});
afterAll(async () => {
  await t.close();
});

const tick = () => new Promise((r) => setTimeout(r, 25));
/** Clicks that complete no decision, so they earn no increment (written out on purpose). */
const CLICKS = new Set<string>(['tilt-star']);

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
    const storage = sqliteOf(t.server.storage);
    const append = storage.appendRows.bind(storage);
    let failures = 0;
    storage.appendRows = () => {
      failures++;
      throw new Error('disk I/O error (test)');
    };
    try {
      clock.advance(10_000);
      // The group commit tries a batch whose row is refused twice (without, then with a savepoint per unit).
      await until(() => failures >= 1, 'the failed flag write');
      await tick();
      expect(a.view(roomId)!.result).toBeNull();
    } finally {
      storage.appendRows = append;
    }
    clock.advance(1_000);
    await a.waitFor(() => a.view(roomId)!.result !== null, 5_000, 'time result');
    // Both clocks ran out together (mulligans wait on both); one of them loses on time.
    expect(a.view(roomId)!.result).toMatchObject({ reason: 'time' });
    for (const c of [a, b]) c.close();
  });
});

describe('clocks over a whole match', () => {
  it('charge exactly the managers the match waits on, response windows included, and credit each decision', async () => {
    const inc = 1_000;
    const { a, b, roomId } = await twoManagers(t.url, { clock: { initialMs: 2 * 60 * 60 * 1000, incrementMs: inc } });
    // Every decision waits on its manager, so each one is charged and credited as the model says.
    await a.fullControl();
    await b.fullControl();
    const master = t.server.game.room(roomId)!.master!;
    const rnd = makeRng('clock-model');
    const expected = { A: 2 * 60 * 60 * 1000, B: 2 * 60 * 60 * 1000 };
    let responseWindows = 0;
    let clicks = 0;
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
      // Now and then a manual star tilt where one is listed: a click that completes no decision.
      const legal = c.view(roomId)!.legal;
      const tilt = legal.find((x) => x.type === 'tilt-star');
      const action = tilt && rnd() < 0.3 ? tilt : pickRandom(legal, rnd);
      await act(c, roomId, mover, action);
      if (CLICKS.has(action.type)) clicks++;
      else expected[mover] += inc;
    }
    expect(responseWindows).toBeGreaterThan(10);
    expect(clicks).toBeGreaterThan(5);
    for (const c of [a, b]) c.close();
  });
});

describe('increments', () => {
  it('no sequence of actions raises a clock by more than one increment per completed decision', async () => {
    const inc = 1_000;
    const initial = 60 * 60 * 1000;
    const { a, b, roomId } = await twoManagers(t.url, { clock: { initialMs: initial, incrementMs: inc } });
    // A keeps the default stops, so the server also passes for A (at once, for nothing); B decides everything.
    expect(await a.emit('settings', { stops: DEFAULT_STOP_SETTINGS })).toMatchObject({ ok: true });
    await b.fullControl();
    const master = t.server.game.room(roomId)!.master!;
    const rnd = makeRng('hostile-increments');
    const decisions = { A: 0, B: 0 };
    const tally: Record<string, number> = {};
    const accepted: { seat: 'A' | 'B'; id: string }[] = [];
    const client = (seat: 'A' | 'B') => (seat === 'A' ? a : b);
    const settled = () => master.queued === 0 && a.view(roomId)?.seq === master.seq && b.view(roomId)?.seq === master.seq;
    let n = 0;
    let lastSent: unknown = null;
    /** Sends one action; returns whether it was accepted as a new action (not a duplicate's old ack). */
    const send = async (seat: 'A' | 'B', action: unknown, seenSeq: number, id = `h-${seat}-${n++}`) => {
      const before = master.seq;
      const ack = await client(seat).emit('match:action', { roomId, clientActionId: id, seenSeq, action: action as never });
      const applied = ack.ok && ack.seq > before;
      if (applied) accepted.push({ seat, id });
      lastSent = { seat, action, ok: ack.ok };
      return applied;
    };
    // Time never moves, so a clock is exactly its start plus the increments it earned.
    for (let i = 0; i < 500 && !master.matchResult; i++) {
      await until(settled, 'the match to settle');
      const v = a.view(roomId)!;
      if (v.result) break;
      for (const m of ['A', 'B'] as const) expect(v.clocks[m].remainingMs, `${m} after ${JSON.stringify(lastSent)}`).toBe(initial + inc * decisions[m]);
      const seat = v.deciders[0]!;
      const other = seat === 'A' ? 'B' : 'A';
      const mine = client(seat).view(roomId)!;
      const clicks = mine.legal.filter((x) => CLICKS.has(x.type));
      const pick = rnd();
      if (pick < 0.35 && clicks.length > 0) {
        // Manual star tilts, many in a row: accepted, and worth nothing.
        for (let k = 0; k < 4; k++) {
          const now = client(seat).view(roomId)!;
          const again = now.legal.filter((x) => CLICKS.has(x.type));
          if (again.length === 0 || now.seq !== master.seq) break;
          if (await send(seat, again[Math.floor(rnd() * again.length)], now.seq)) tally.click = (tally.click ?? 0) + 1;
          await until(settled, 'a click to settle');
        }
      } else if (pick < 0.45) {
        // Out of turn: the other manager passes or confirms.
        expect(await send(other, rnd() < 0.5 ? { type: 'pass' } : { type: 'declare-blocks', blocks: [] }, v.seq)).toBe(false);
        tally.refused = (tally.refused ?? 0) + 1;
      } else if (pick < 0.55 && v.seq > 0) {
        // Stale: a legal action against an older seq.
        expect(await send(seat, pickRandom(mine.legal, rnd), v.seq - 1)).toBe(false);
        tally.stale = (tally.stale ?? 0) + 1;
      } else if (pick < 0.65 && accepted.some((x) => x.seat === seat)) {
        // Duplicate: an id already accepted, sent again with the action this view offers.
        const old = accepted.filter((x) => x.seat === seat)[0]!;
        expect(await send(seat, pickRandom(mine.legal, rnd), v.seq, old.id)).toBe(false);
        tally.duplicate = (tally.duplicate ?? 0) + 1;
      } else if (pick < 0.7) {
        // Nonsense the engine refuses: an unknown card.
        expect(await send(seat, { type: 'play', card: 'c-nope' }, v.seq)).toBe(false);
        tally.refused = (tally.refused ?? 0) + 1;
      } else {
        // A decision (or, where none can be made yet, e.g. a block Callout demands, a click towards one).
        const choices = mine.legal.filter((x) => !CLICKS.has(x.type) && x.type !== 'concede');
        const action = choices.length ? pickRandom(choices, rnd) : pickRandom(mine.legal, rnd);
        if ((await send(seat, action, v.seq)) && !CLICKS.has(action.type)) decisions[seat]++;
      }
    }
    await until(settled, 'the match to settle');
    const last = a.view(roomId)!;
    for (const m of ['A', 'B'] as const) expect(last.clocks[m].remainingMs, `${m} after ${JSON.stringify(lastSent)}`).toBe(initial + inc * decisions[m]);
    const auto = (await t.server.storage.actions(master.id)).filter((r) => r.origin === 'auto-pass').length;
    expect(auto).toBeGreaterThan(10);
    // The match's seed is random, so how many star tilts it offers varies (18 to 40 seen); a handful is enough.
    expect(tally.click).toBeGreaterThan(5);
    for (const k of ['refused', 'stale', 'duplicate']) expect(tally[k]).toBeGreaterThan(10);
    for (const c of [a, b]) c.close();
  });
});
