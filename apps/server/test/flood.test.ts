/**
 * Floods (issue 15 §1) with real sockets. Loopback has a whole /8: clients bind to their own 127.0.0.x, so the
 * per-address limits see different addresses as they would on the internet.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { Ack } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const FLOOD = {
  perSession: { capacity: 15, refillPerSec: 1 },
  perAddress: { capacity: 1000, refillPerSec: 1000 },
  strikes: { refusals: 20, windowSec: 10 },
  penaltyMs: 1_500,
  socketsPerAddress: 3,
  connectsPerAddress: { capacity: 8, refillPerSec: 0.5 },
  // The earned burst (issue 36) is as large as the per-socket one here: test/admission.test.ts tests it.
  newSocket: { capacity: 10, refillPerSec: 1, growPerSec: 0 },
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 10, refillPerSec: 1 }, flood: FLOOD });
});
afterAll(async () => {
  await t.close();
});

const open: Socket[] = [];
function connectFrom(address: string): Promise<Socket> {
  const s = io(t.url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: address } as Parameters<typeof io>[1]);
  open.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });
}
/**
 * Why a new connection from `address` is refused, or null. A refused WebSocket upgrade shows a client no
 * reason (browsers hide the response), so this asks the way polling does: the handshake's 403 carries it.
 */
function refusal(address: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}/socket.io/?EIO=4&transport=polling`, { localAddress: address }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        if (res.statusCode === 200) return resolve(null);
        resolve(String((JSON.parse(body) as { context?: { message?: string } | string }).context ?? body));
      });
    });
    // Closed at accept, before a byte is read (an address in the penalty box, or one with far too many).
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? resolve('dropped') : reject(e)));
    req.end();
  });
}
const emit = (s: Socket, event: string, payload: unknown): Promise<Ack<Record<string, unknown>>> => s.timeout(5_000).emitWithAck(event, payload);
async function hello(s: Socket, name: string, token?: string): Promise<string> {
  const ack = await emit(s, 'hello', token ? { name, token } : { name });
  if (!ack.ok) throw new Error(ack.message);
  return String(ack.token);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closeAll = () => {
  for (const s of open.splice(0)) s.disconnect();
};

describe('floods (issue 15 §1)', () => {
  it('disconnects a socket that keeps flooding, tells it why, and refuses its address for a while; others play on', async () => {
    const flooder = await connectFrom('127.0.0.5');
    await hello(flooder, 'Flooder');
    const honest = await connectFrom('127.0.0.6');
    await hello(honest, 'Honest');
    const notices: { kind: string; message: string }[] = [];
    flooder.on('server:notice', (n) => notices.push(n));
    const gone = new Promise<string>((r) => flooder.once('disconnect', (reason) => r(reason)));
    // The per-socket window is 10 (hello took one): 9 pass.
    const first = await Promise.all(Array.from({ length: 9 }, () => emit(flooder, 'lobby:subscribe', {})));
    expect(first.filter((a) => a.ok).length).toBe(9);
    // Then fire without waiting: refused, and the 21st refusal kicks. (No count of oks here: what refilled
    // meanwhile may pass, and a message passed in the same read as the kick is dropped with the socket.)
    const acks = Array.from({ length: 200 }, () => emit(flooder, 'lobby:subscribe', {}).catch(() => null));
    expect(await gone).toBe('io server disconnect');
    const all = await Promise.all(acks);
    const answered = all.filter((a): a is Ack<Record<string, unknown>> => a !== null);
    expect(answered.filter((a) => a.ok).length).toBeLessThanOrEqual(2);
    expect(answered.filter((a) => !a.ok && a.code === 'rate-limited').length).toBeGreaterThanOrEqual(21);
    expect(notices).toEqual([
      { kind: 'kicked', message: expect.stringMatching(/disconnected for sending too many messages; your address may reconnect in 2 s/) },
    ]);
    expect(answered.find((a) => !a.ok)).toMatchObject({ message: 'Too many messages from this connection; slow down' });
    // Its address is in the penalty box (closed at TCP accept: it was told why); another address is not.
    const dropped = t.server.game.floodStats.droppedTcp;
    expect(await refusal('127.0.0.5')).toBe('dropped');
    expect(t.server.game.floodStats.droppedTcp).toBe(dropped + 1);
    expect(await emit(honest, 'lobby:subscribe', {})).toMatchObject({ ok: true });
    expect(await refusal('127.0.0.7')).toBeNull();
    expect(t.server.game.connections).toBe(1); // the honest socket; the flooder is gone
    // After the penalty the address may connect again; a second offence within the hour doubles it.
    await sleep(1_600);
    const again = await connectFrom('127.0.0.5');
    await hello(again, 'Flooder');
    const notice = new Promise<{ message: string }>((r) => again.once('server:notice', r));
    for (let i = 0; i < 60; i++) void emit(again, 'lobby:subscribe', {}).catch(() => null);
    expect((await notice).message).toMatch(/reconnect in 3 s/);
    closeAll();
  });

  it('caps the connections of one address and refuses ones opened too often', async () => {
    const three = await Promise.all([connectFrom('127.0.0.8'), connectFrom('127.0.0.8'), connectFrom('127.0.0.8')]);
    expect(await refusal('127.0.0.8')).toMatch(/already has 3 connections, the most one address may have/);
    // Refused before the upgrade: the server never saw a fourth socket from that address.
    expect(three.every((s) => s.connected)).toBe(true);
    three[0]!.disconnect();
    await sleep(100);
    expect(await refusal('127.0.0.8')).toBeNull();
    closeAll();
    await sleep(100);
    // 8 connections per 16-second window per address: one connecting and leaving in a loop is stopped.
    let failed = false;
    for (let i = 0; i < 12 && !failed; i++) {
      failed = await connectFrom('127.0.0.9').then(
        () => false,
        () => true,
      );
      closeAll();
    }
    expect(failed).toBe(true);
    expect(await refusal('127.0.0.9')).toMatch(/opening connections too often/);
  });

  it('limits a session across its tabs', async () => {
    const tab1 = await connectFrom('127.0.0.10');
    const token = await hello(tab1, 'Tabs');
    const tab2 = await connectFrom('127.0.0.10');
    await hello(tab2, 'Tabs', token);
    const acks: Ack<Record<string, unknown>>[] = [];
    // 9 + 9 messages: each tab is under its own limit of 10, the session's 15 (two hellos counted) is not.
    for (let i = 0; i < 9; i++) acks.push(await emit(tab1, 'lobby:subscribe', {}), await emit(tab2, 'lobby:subscribe', {}));
    const refused = acks.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ code: 'rate-limited', message: 'Too many messages from your session (all its tabs together); slow down' });
    closeAll();
  });
});
