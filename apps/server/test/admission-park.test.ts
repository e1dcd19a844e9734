/**
 * Read parking (issue 36, transport/read-park.ts) in the real server, with real sockets, each flooder from its
 * own loopback address. What is read is seen on the server's side of each connection (`bytesRead`, a `data`
 * listener beside the read gate's); timings are never asserted: rotations are counted in ticks.
 */
import type { Socket } from 'node:net';
import { makeRng } from '@vroyale/engine';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.js';
import { parsePromText, sampleSum } from '../src/metrics/prom-text.js';
import { DEFAULT_PARK, type ReadPark } from '../src/transport/read-park.js';
import { twoManagers } from './helpers/match-setup.js';
import { RawSocket } from './helpers/raw-socket.js';
import { pickRandom, TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { until } from './helpers/until.js';

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

/** Socket i's own address: 127.0.40.1 and up. */
const addressOf = (i: number) => `127.0.${40 + Math.floor(i / 250)}.${(i % 250) + 1}`;

async function openMany(url: string, n: number, from = 0): Promise<RawSocket[]> {
  const out: RawSocket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < n) {
        const i = from + next++;
        const s = await RawSocket.open(url, addressOf(i));
        sockets.push(s);
        expect(await s.emitWithAck('hello', { name: `Lobby ${i}` })).toMatchObject({ ok: true });
        out.push(s);
      }
    }),
  );
  return out;
}

/** The server's side of the connection from `address` (each test socket has its own). */
function serverSide(park: ReadPark, address: string): Socket {
  const found = [...park.sockets()].filter((s) => s.remoteAddress === address && !s.destroyed);
  expect(found.length).toBe(1);
  return found[0]!;
}

async function metric(t: TestServer, name: string): Promise<number> {
  return sampleSum(parsePromText(await t.server.metrics.registry.metrics()), name, {});
}

const park = (t: TestServer): ReadPark => t.server.park!;

describe('read parking (issue 36)', () => {
  it("does not read a lobby socket's bytes until it is granted a read, answers it then, and lets it go once it is in a room", async () => {
    const t = await startTestServer({ admission: { ...defaultConfig().admission, park: { grantsPerTick: 100, tickMs: 4, rotationMs: 200 } } });
    servers.push(t);
    const host = await TestClient.connect(t.url, 'Host');
    clients.push(host);
    const created = await host.emit('room:create', { visibility: 'public' });
    if (!created.ok) throw new Error(created.message);
    const [s] = await openMany(t.url, 1);
    const sock = serverSide(park(t), addressOf(0));
    const reads = { n: 0, parked: 0 };
    sock.on('data', () => {
      const st = park(t).state(sock)!;
      if (st.parked && !st.granted) reads.parked++;
      reads.n++;
    });
    expect(park(t).state(sock)!.parked).toBe(true);
    expect(await metric(t, 'vroyale_admission_parked_sockets')).toBeGreaterThanOrEqual(1);
    const used = await metric(t, 'vroyale_admission_read_grants_used_total');
    for (let i = 0; i < 5; i++) expect(await s!.emitWithAck('lobby:subscribe', {})).toMatchObject({ ok: true });
    expect(reads.n).toBeGreaterThanOrEqual(5);
    expect(reads.parked).toBe(0);
    expect(await metric(t, 'vroyale_admission_read_grants_used_total')).toBeGreaterThanOrEqual(used + 5);
    // Watching a room: read as soon as it has bytes from then on (let go at its next grant at the latest).
    expect(await s!.emitWithAck('room:spectate', { roomId: created.roomId })).toMatchObject({ ok: true });
    await until(() => !park(t).state(sock)!.parked, 'let go', 10_000);
    const grants = park(t).state(sock)!.grants;
    for (let i = 0; i < 5; i++) expect(await s!.emitWithAck('lobby:subscribe', {})).toMatchObject({ ok: true });
    expect(park(t).state(sock)!.grants).toBe(grants);
    // Back in no room: parked again after its next read.
    expect(await s!.emitWithAck('room:leave', { roomId: created.roomId })).toMatchObject({ ok: true });
    expect(await s!.emitWithAck('lobby:subscribe', {})).toMatchObject({ ok: true });
    await until(() => park(t).state(sock)!.parked, 'parked again', 10_000);
  }, 60_000);

  it("reads an honest seated manager's action at once while 300 flooders' bytes wait for their grants", async () => {
    const t = await startTestServer({ rateLimit: { capacity: 1_000, refillPerSec: 1_000 }, admission: { ...defaultConfig().admission, park: DEFAULT_PARK } });
    servers.push(t);
    const { a, b, roomId } = await twoManagers(t.url);
    clients.push(a, b);
    await a.fullControl();
    await b.fullControl();
    const flooders = await openMany(t.url, 300, 1_000);
    const floodSide = flooders.map((_, i) => serverSide(park(t), addressOf(1_000 + i)));
    for (const f of floodSide) expect(park(t).state(f)!.parked).toBe(true);
    // The managers are seated in a live match: let go (at their first grant after the match started), never parked.
    const unparked = () => [...park(t).sockets()].filter((s) => !s.destroyed && park(t).state(s)!.parked === false);
    await until(() => unparked().length === 2, 'the managers let go', 10_000);
    const managers = unparked();
    expect(await metric(t, 'vroyale_admission_parked_sockets')).toBeGreaterThanOrEqual(300);
    const before = floodSide.map((f) => f.bytesRead);
    const floodRead = () => floodSide.filter((f, i) => f.bytesRead !== before[i]).length;
    // When the managers' side reads the action, how many flooders had been read.
    let readAtAction = -1;
    for (const m of managers) m.on('data', () => readAtAction < 0 && (readAtAction = floodRead()));
    let answered = 0;
    const PER = 20;
    const bursts = flooders.map((s) => RawSocket.frames(Array.from({ length: PER }, () => s.frame('lobby:subscribe', {}, () => answered++))));
    const actor = (a.view(roomId)!.legal.length > 0 ? a : b)!;
    const v = actor.view(roomId)!;
    flooders.forEach((s, i) => s.writeFrames(bursts[i]!));
    const ack = await actor.emit('match:action', { roomId, clientActionId: 'honest-1', seenSeq: v.seq, action: pickRandom(v.legal, makeRng('park')) });
    expect(ack).toMatchObject({ ok: true });
    // Without parking every flooder, written first, was read in the same poll phase as the action (300).
    expect(readAtAction).toBeGreaterThanOrEqual(0);
    expect(readAtAction).toBeLessThanOrEqual(DEFAULT_PARK.grantsPerTick);
    await until(() => answered === 300 * PER, 'every flood message answered in the end', 60_000);
    expect(floodRead()).toBe(300);
  }, 120_000);

  it('serves a lobby click within a rotation while 300 idle lobby sockets are parked', async () => {
    const cfg = { grantsPerTick: 100, tickMs: 4, rotationMs: 25 };
    const t = await startTestServer({ admission: { ...defaultConfig().admission, park: cfg } });
    servers.push(t);
    await openMany(t.url, 300, 2_000);
    const [s] = await openMany(t.url, 1, 2_500);
    const parked = park(t).parkedNow;
    expect(parked).toBeGreaterThanOrEqual(301);
    // One rotation is ceil(parked / grantsPerTick) ticks; a click waits at most that, plus the tick it missed.
    const bound = Math.ceil(parked / cfg.grantsPerTick) + 1;
    const waited: number[] = [];
    for (let i = 0; i < 10; i++) {
      const ticks = park(t).stats.ticks;
      expect(await s!.emitWithAck('lobby:subscribe', {})).toMatchObject({ ok: true });
      waited.push(park(t).stats.ticks - ticks);
    }
    for (const w of waited) expect(w).toBeLessThanOrEqual(bound);
  }, 60_000);
});
