/**
 * Untimed matches (issue 16 §5, a newcomer's pace), with the server's time under the test's control
 * (ManualClock): against the bot nobody ever loses on time, the clocks say so in every view, and a restart
 * on the same database keeps the room untimed. A private room between two people may be untimed too (seat
 * holds still end it when a manager leaves); a public one may not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { ManualClock } from '../src/time/manual-clock.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // A bot match nobody plays for an hour ends (issue 30: test/live-now.test.ts); here the long think is the point.
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 }, seatHoldMs: 60_000, botIdleMs: 100 * 24 * 60 * 60 * 1000 }, clock);
});
afterAll(async () => {
  await t.close();
});

const tick = () => new Promise((r) => setTimeout(r, 25));
const DAY = 24 * 60 * 60 * 1000;

/** The bot's moves wait on timers (botDelayMs 0), which the ManualClock fires only when it moves. */
async function untilWaitingOn(c: TestClient, roomId: string, seat: 'A' | 'B', afterSeq = -1): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const v = c.view(roomId);
    if (v && v.seq > afterSeq && v.deciders.join() === seat && v.legal.length > 0) return;
    clock.advance(1);
    await tick();
  }
  throw new Error(`never waiting on ${seat}`);
}

describe('an untimed bot match', () => {
  it('never flags, before or after a restart, and stays untimed', async () => {
    const a = await TestClient.connect(t.url, 'Newcomer');
    const made = await a.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad', clock: { untimed: true } });
    if (!made.ok) throw new Error(made.message);
    const roomId = made.roomId;
    await a.waitFor(() => a.view(roomId) !== undefined && a.roomStates.get(roomId) !== undefined, 10_000, 'first view');
    expect(a.roomStates.get(roomId)!.clock).toEqual({ untimed: true });
    // The bot answers its mulligan at once; the match then waits on the newcomer.
    await untilWaitingOn(a, roomId, 'A');
    expect(a.view(roomId)!.clocks).toMatchObject({ untimed: true, A: { running: true } });

    // A long think: no flag falls.
    clock.advance(3 * DAY);
    await tick();
    expect(a.view(roomId)!.result).toBeNull();
    expect(t.server.game.room(roomId)!.master!.matchResult).toBeNull();

    // The newcomer keeps their hand; a turn or two later the bot has moved and it is still untimed.
    const v = a.view(roomId)!;
    const keep = v.legal.find((l) => l.type === 'mulligan');
    expect(keep).toBeDefined();
    const ack = await a.emit('match:action', { roomId, clientActionId: 'keep-1', seenSeq: v.seq, action: { type: 'mulligan', redraw: false } });
    expect(ack.ok).toBe(true);
    await untilWaitingOn(a, roomId, 'A', v.seq);
    expect(a.view(roomId)!.clocks.untimed).toBe(true);

    const seq = t.server.game.room(roomId)!.master!.seq;
    const seen = a.received.length;
    await t.restart();
    const room = t.server.game.room(roomId)!;
    expect(room.clockConfig).toEqual({ untimed: true });
    expect(room.master!.seq).toBe(seq);
    await a.waitFor(() => a.received.slice(seen).some((r) => r.event === 'match:view' && (r.payload as { full: boolean }).full), 15_000, 'resync');
    expect(a.view(roomId)!.clocks.untimed).toBe(true);
    expect(a.roomStates.get(roomId)!.clock).toEqual({ untimed: true });

    clock.advance(30 * DAY);
    await tick();
    expect(room.master!.matchResult).toBeNull();
    expect(a.view(roomId)!.result).toBeNull();
    a.close();
  });
});

describe('untimed rooms between people', () => {
  it('a public room needs a clock; a private one may be untimed, and its seat holds still apply', async () => {
    const c = await TestClient.connect(t.url, 'Host');
    const pub = await c.emit('room:create', { visibility: 'public', clock: { untimed: true } });
    expect(pub).toMatchObject({ ok: false, code: 'bad-request' });
    c.close();

    const { a, b, roomId } = await twoManagers(t.url, { visibility: 'private', clock: { untimed: true } });
    expect(a.view(roomId)!.clocks.untimed).toBe(true);
    clock.advance(DAY);
    await tick();
    expect(a.view(roomId)!.result).toBeNull();
    // B goes away: the seat hold runs out and A wins, clock or no clock.
    b.close();
    await a.waitFor(() => a.roomStates.get(roomId)?.seats.B?.connected === false, 5_000, 'B gone');
    clock.advance(60_000);
    await a.waitFor(() => a.view(roomId)!.result !== null, 5_000, 'abandoned');
    expect(a.view(roomId)!.result).toEqual({ winner: 'A', reason: 'abandoned' });
    a.close();
  });
});
