/**
 * Admission control and the earned burst (issue 36) with real sockets, each flooder from its own loopback
 * address (all of 127/8 is local). Timings are never asserted: only who is served before whom, what is answered
 * and what is counted.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { pickRandom, TestClient } from './helpers/test-client.js';
import { RawSocket } from './helpers/raw-socket.js';
import { twoManagers } from './helpers/match-setup.js';
import { until } from './helpers/until.js';
import { NO_FLOOD_LIMITS, startTestServer, type TestServer } from './helpers/test-server.js';
import { parsePromText, sampleSum } from '../src/metrics/prom-text.js';
import { ManualClock } from '../src/time/manual-clock.js';
import { makeRng } from '@vroyale/engine';

const servers: TestServer[] = [];
const sockets: RawSocket[] = [];
const clients: TestClient[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
  for (const c of clients.splice(0)) c.close();
});
afterAll(async () => {
  for (const t of servers) await t.close();
});

/** Flooder i's own address: 127.0.10.1 and up. */
const addressOf = (i: number) => `127.0.${10 + Math.floor(i / 250)}.${(i % 250) + 1}`;

async function openMany(url: string, n: number, hello: boolean): Promise<RawSocket[]> {
  const out: RawSocket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < n) {
        const i = next++;
        const s = await RawSocket.open(url, addressOf(i));
        sockets.push(s);
        if (hello) expect(await s.emitWithAck('hello', { name: `Flooder ${i}` })).toMatchObject({ ok: true });
        out.push(s);
      }
    }),
  );
  return out;
}

async function metric(t: TestServer, name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleSum(parsePromText(await t.server.metrics.registry.metrics()), name, labels);
}

describe('admission control (issue 36)', () => {
  it("serves an honest seated manager's action first while 300 flooders' messages wait their turn", async () => {
    // Limits out of the way: this is about admission, so nothing is refused; 20 messages a turn, counted.
    const t = await startTestServer({
      rateLimit: { capacity: 1_000, refillPerSec: 1_000 },
      admission: { turnMessages: 20, turnMs: 60_000, shares: { seated: 1, watching: 0.75, identified: 0.5, new: 0.25 } },
    });
    servers.push(t);
    const { a, b, roomId } = await twoManagers(t.url);
    clients.push(a, b);
    await a.fullControl();
    await b.fullControl();
    const flooders = await openMany(t.url, 300, true);
    const PER = 20;
    let answered = 0;
    let ok = 0;
    const bursts = flooders.map((s) =>
      RawSocket.frames(
        Array.from({ length: PER }, () =>
          s.frame('lobby:subscribe', {}, (ack) => {
            answered++;
            if (ack.ok) ok++;
          }),
        ),
      ),
    );
    const deferredBefore = await metric(t, 'vroyale_admission_deferred_total', { class: 'identified' });
    // The manager to act sends right behind the flood.
    const actor = (a.view(roomId)!.legal.length > 0 ? a : b)!;
    const v = actor.view(roomId)!;
    flooders.forEach((s, i) => s.writeFrames(bursts[i]!));
    const acted = actor
      .emit('match:action', { roomId, clientActionId: 'honest-1', seenSeq: v.seq, action: pickRandom(v.legal, makeRng('admission')) })
      .then((ack) => ({ ack, floodAnsweredThen: answered }));
    const { ack, floodAnsweredThen } = await acted;
    expect(ack).toMatchObject({ ok: true });
    // 6,000 flood messages, 10 a turn for sockets in no room: the action did not wait behind them.
    expect(floodAnsweredThen).toBeLessThan((300 * PER) / 4);
    await until(() => answered === 300 * PER, 'every flood message answered', 60_000);
    // Deferred, not refused: every one was served in the end.
    expect(ok).toBe(300 * PER);
    expect((await metric(t, 'vroyale_admission_deferred_total', { class: 'identified' })) - deferredBefore).toBeGreaterThan(300 * PER * 0.9);
    expect(await metric(t, 'vroyale_admission_deferred_total', { class: 'seated' })).toBe(0);
    expect(await metric(t, 'vroyale_sockets_by_class', { class: 'seated' })).toBe(2);
    expect(await metric(t, 'vroyale_sockets_by_class', { class: 'identified' })).toBe(300);
    expect(await metric(t, 'vroyale_admission_turn_messages_count')).toBeGreaterThan((300 * PER) / 20);
  }, 120_000);

  it("answers a refusal from the event name alone (the payload's JSON is never parsed), and kicks flooders in bulk", async () => {
    // A payload that does not parse would make Socket.IO close the connection, had it been decoded.
    const t = await startTestServer({
      rateLimit: { capacity: 6, refillPerSec: 0.001 },
      flood: { ...NO_FLOOD_LIMITS, strikes: { refusals: 3, windowSec: 1_000 } },
    });
    servers.push(t);
    const { a, roomId } = await twoManagers(t.url);
    clients.push(a);
    const stranger = (await openMany(t.url, 1, false))[0]!;
    const acks: Record<string, unknown>[] = [];
    stranger.sendText(stranger.rawFrame('["room:create",{not json', (ack) => acks.push(ack)));
    const flooders = await openMany(t.url, 300, true);
    const notices: number[] = [];
    const codes = new Map<string, number>();
    let closed = 0;
    flooders.forEach((s, i) => {
      s.on('server:notice', (n) => (n as { kind: string }).kind === 'kicked' && notices.push(i));
      s.onClose(() => closed++);
      // Chat into a room the socket is not in, its payload broken: 5 refused from the name, then the limit, then
      // out. More than one read holds (the rest unread when it is kicked), yet the notice must reach it.
      s.writeFrames(
        RawSocket.frames(
          Array.from({ length: 1_500 }, () =>
            s.rawFrame(`["room:chat",{"roomId":"${roomId}","text":`, (ack) => codes.set(String(ack.code), (codes.get(String(ack.code)) ?? 0) + 1)),
          ),
        ),
      );
    });
    await until(() => closed === 300, 'every flooder closed', 60_000);
    expect(acks).toEqual([{ ok: false, code: 'not-identified', message: "Say 'hello' first" }]);
    expect(stranger.open).toBe(true);
    // Their first 5 (the hello took one of 6) answered room-not-found, the next 4 rate-limited (the 4th kicks).
    expect(Object.fromEntries(codes)).toEqual({ 'room-not-found': 300 * 5, 'rate-limited': 300 * 4 });
    // Every one of them answered from its frame's head, below ws (the stranger's too).
    expect(await metric(t, 'vroyale_admission_refused_unparsed_total')).toBe(300 * 9 + 1);
    expect(notices.length).toBe(300);
    expect(t.server.game.floodStats.kicks).toBe(300);
    // The match and its managers were not touched; the server forgot every flooder.
    expect(t.server.game.connections).toBe(3);
    expect(await a.emit('room:chat', { roomId, text: 'still here' })).toMatchObject({ ok: true });
  }, 120_000);
});

describe('admission control over long-polling and an upgrade', () => {
  it("queues a long-polling socket's packets in order, and gates its reads once it upgrades to a WebSocket", async () => {
    const t = await startTestServer({
      rateLimit: { capacity: 1_000, refillPerSec: 1_000 },
      admission: { turnMessages: 4, turnMs: 60_000, shares: { seated: 1, watching: 1, identified: 1, new: 1 } },
    });
    servers.push(t);
    const { io } = await import('socket.io-client');
    for (const transports of [['polling'], ['polling', 'websocket']]) {
      const s = io(t.url, { transports, forceNew: true, reconnection: false });
      await new Promise<void>((resolve, reject) => (s.once('connect', () => resolve()), s.once('connect_error', reject)));
      expect(await s.timeout(5_000).emitWithAck('hello', { name: 'Poller' })).toMatchObject({ ok: true });
      if (transports.length > 1) await until(() => s.io.engine.transport.name === 'websocket', 'the upgrade', 10_000);
      // 40 at once, 4 a turn: every one answered, in the order sent (acks leave in the order messages are handled).
      const order: number[] = [];
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          s
            .timeout(5_000)
            .emitWithAck('lobby:subscribe', {})
            .then((a: { ok: boolean }) => a.ok && order.push(i)),
        ),
      );
      expect(order).toEqual(Array.from({ length: 40 }, (_, i) => i));
      s.disconnect();
    }
    expect(await metric(t, 'vroyale_admission_deferred_total', { class: 'identified' })).toBeGreaterThan(0);
  }, 60_000);
});

describe('earned burst (issue 36)', () => {
  it('gives a new socket a handful of messages, more as it behaves, and the full burst once it is in a room', async () => {
    const clock = new ManualClock();
    const t = await startTestServer(
      { rateLimit: { capacity: 40, refillPerSec: 20 }, flood: { ...NO_FLOOD_LIMITS, newSocket: { capacity: 5, refillPerSec: 2.5, growPerSec: 0.1 } } },
      clock,
    );
    servers.push(t);
    const host = await TestClient.connect(t.url, 'Host');
    clients.push(host);
    const created = await host.emit('room:create', { visibility: 'public' });
    if (!created.ok) throw new Error(created.message);
    const s = (await openMany(t.url, 1, false))[0]!;
    const burst = async (event: string, payload: unknown, n: number) => {
      const acks = await Promise.all(Array.from({ length: n }, () => s.emitWithAck(event, payload)));
      return acks.map((x) => (x.ok ? 'ok' : String(x.code)));
    };
    const count = (xs: string[], what: string) => xs.filter((x) => x === what).length;
    // Before hello: 5 answered (not identified), the rest refused by the limit.
    const before = await burst('lobby:subscribe', {}, 8);
    expect([count(before, 'not-identified'), count(before, 'rate-limited')]).toEqual([5, 3]);
    clock.advance(1_000); // refilled at 2.5 a second
    expect(await s.emitWithAck('hello', { name: 'Newcomer' })).toMatchObject({ ok: true });
    // 100 s later its burst has grown from 5 to 15.
    clock.advance(100_000);
    const grown = await burst('lobby:subscribe', {}, 20);
    expect([count(grown, 'ok'), count(grown, 'rate-limited')]).toEqual([15, 5]);
    // The refusals started its growth again (5 a burst); watching a room gives it the full 40 (refilled at 20/s).
    clock.advance(1_000);
    expect(await s.emitWithAck('room:spectate', { roomId: created.roomId })).toMatchObject({ ok: true });
    clock.advance(2_000);
    const inRoom = await burst('lobby:subscribe', {}, 45);
    expect([count(inRoom, 'ok'), count(inRoom, 'rate-limited')]).toEqual([40, 5]);
  }, 60_000);
});
