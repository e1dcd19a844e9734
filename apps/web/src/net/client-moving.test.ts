/**
 * The page's client when a match moves to another server (issue 19 §3), against a real Socket.IO server that
 * scripts the cluster's answers: a `moved` refusal is resent with the same clientActionId and acked, without a
 * toast; a `moving` notice followed by the connection closing (a node handing over) shows nothing, the client
 * reconnects and says hello by itself, and the action lost with the connection is resent and acked once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server, type Socket } from 'socket.io';
import { noticeEffect, sendSettled, SILENT_RETRY } from './resend';

function memory(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}
Object.assign(globalThis, { localStorage: memory({ 'vroyale.name': 'Ann' }), sessionStorage: memory() });

const client = { ...(await import('./session')), ...(await import('./calls')) };
const { store } = await import('../store');

type ActionPayload = { roomId: string; clientActionId: string; seenSeq: number };
type Answer = (p: ActionPayload, ack: (a: object) => void, sock: Socket) => void;

const http = createServer();
const io = new Server(http);
const actions: string[] = [];
let hellos = 0;
let answer: Answer = (_p, ack) => ack({ ok: true, seq: 1 });

beforeAll(async () => {
  io.on('connection', (sock) => {
    sock.on('hello', (_p: unknown, ack: (a: object) => void) => {
      hellos++;
      ack({ ok: true, token: 'tok', userId: 'u1', name: 'Ann', username: null, seats: [] });
    });
    sock.on('settings', (p: { stops: object }, ack: (a: object) => void) => ack({ ok: true, stops: p.stops }));
    sock.on('match:action', (p: ActionPayload, ack: (a: object) => void) => {
      actions.push(p.clientActionId);
      answer(p, ack, sock);
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  client.connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  await until(() => store.getState().me !== null && hellos === 1, 'the first hello');
  store.setState({ views: { r1: { seq: 3 } as never } });
});

afterAll(async () => {
  client.disconnect();
  await new Promise<void>((r) => io.close(() => r()));
});

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a match moving to another server, as the page sees it', () => {
  it("resends an action refused 'moved' with the same clientActionId; no toast", async () => {
    actions.length = 0;
    let calls = 0;
    answer = (_p, ack) =>
      ack(++calls === 1 ? { ok: false, code: 'moved', message: 'This match moved to another server; send it again' } : { ok: true, seq: 4 });
    expect(await client.act('r1', { type: 'pass' } as never)).toBe(true);
    expect(actions).toHaveLength(2);
    expect(actions[1]).toBe(actions[0]);
    expect(store.getState().toasts).toEqual([]);
    expect(store.getState().busy).toBe(false);
  });

  it("'moving' then the connection closing: nothing shown, reconnected with hello, the lost action resent once", async () => {
    actions.length = 0;
    const before = hellos;
    let calls = 0;
    answer = (_p, ack, sock) => {
      if (++calls > 1) return ack({ ok: true, seq: 5 });
      // A node handing over: the notice, then its connections close at the transport level (no ack for this one).
      sock.emit('server:notice', { kind: 'moving', message: 'Moving you to another server' });
      setTimeout(() => sock.conn.close(), 20);
    };
    expect(await client.act('r1', { type: 'pass' } as never)).toBe(true);
    expect(hellos).toBe(before + 1);
    expect(actions).toHaveLength(2);
    expect(actions[1]).toBe(actions[0]);
    expect(store.getState().toasts).toEqual([]);
    expect(store.getState().notice).toBeNull();
    expect(store.getState().conn).toBe('online');
  });

  it("'shutting-down' is silent too; any other refusal is shown", async () => {
    actions.length = 0;
    let calls = 0;
    answer = (_p, ack) =>
      ack(
        ++calls === 1
          ? { ok: false, code: 'shutting-down', message: 'The server is restarting' }
          : { ok: false, code: 'wrong-phase', message: 'That cannot be done in this phase' },
      );
    expect(await client.act('r1', { type: 'pass' } as never)).toBe(false);
    expect(actions).toHaveLength(2);
    expect(store.getState().toasts.map((t) => t.text)).toEqual(['That cannot be done in this phase']);
  });
});

describe('resend rules (net/resend.ts)', () => {
  const instant = { ready: async () => {}, sleep: async () => {} };

  it('silent refusals are resent; a message lost with the connection only when it is safe twice', async () => {
    expect([...SILENT_RETRY].sort()).toEqual(['moved', 'shutting-down']);
    let n = 0;
    const lostOnce = async () => (++n === 1 ? ('lost' as const) : { ok: true as const });
    expect(await sendSettled(lostOnce, { ...instant, idempotent: true })).toEqual({ ok: true });
    n = 0;
    expect(await sendSettled(lostOnce, { ...instant, idempotent: false })).toBe('lost');
    expect(n).toBe(1);
  });

  it('gives up after its delays, or once its time is up', async () => {
    let n = 0;
    const moved = async () => (n++, { ok: false as const, code: 'moved' as const, message: 'm' });
    expect(await sendSettled(moved, { ...instant, idempotent: true, delaysMs: [1, 1, 1] })).toMatchObject({ code: 'moved' });
    expect(n).toBe(4);
    let t = 0;
    n = 0;
    const slow = async () => (n++, (t += 6_000), { ok: false as const, code: 'moved' as const, message: 'm' });
    expect(await sendSettled(slow, { ...instant, idempotent: true, now: () => t, withinMs: 10_000 })).toMatchObject({ code: 'moved' });
    expect(n).toBe(2);
  });

  it("a 'moving' notice is quiet; 'signed-out' ends the session; the rest is shown", () => {
    expect(noticeEffect('moving')).toBe('quiet');
    expect(noticeEffect('signed-out')).toBe('session-ended');
    expect(noticeEffect('shutdown')).toBe('show');
    expect(noticeEffect('kicked')).toBe('show');
  });
});
