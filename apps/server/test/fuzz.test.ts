/**
 * Hostile traffic: thousands of generated messages (fast-check, fixed seed) against a live match —
 * malformed payloads, unknown events, actions from spectators, outsiders and unidentified sockets, actions
 * naming the other seat, out-of-turn and stale actions, and duplicates of accepted clientActionIds. Every
 * one gets an error ack (a duplicate: its original ack) and the match's seq and state hash never move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { io } from 'socket.io-client';
import { makeRng, simplest, type Action } from '@vroyale/engine';
import { CLIENT_PAYLOADS, type Ack } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 100_000 } });
});
afterAll(async () => {
  await t.close();
});

type Who = 'a' | 'b' | 'spec' | 'outsider' | 'anon';
interface Probe {
  kind: string;
  who: Who;
  event: string;
  payload: unknown;
  /** For duplicates: the seq of the original ack. */
  dupSeq?: number;
}

const RESERVED = new Set(['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener']);
const SEED = 20_251_122;
const ACTION_TYPES: Action['type'][] = [
  'mulligan',
  'choose-order',
  'pass',
  'place-star',
  'tilt-star',
  'play',
  'activate',
  'declare-attackers',
  'declare-blocks',
  'discard',
  'choose',
];

/** What the server receives: Socket.IO encodes with JSON.stringify (undefined fields vanish, NaN → null). */
function onTheWire(payload: unknown): unknown {
  const text = JSON.stringify(payload);
  return text === undefined ? undefined : JSON.parse(text);
}

function schemaAccepts(event: string, payload: unknown): boolean {
  const schema = (CLIENT_PAYLOADS as Record<string, { safeParse(p: unknown): { success: boolean } }>)[event];
  return schema !== undefined && schema.safeParse(onTheWire(payload)).success;
}

describe('hostile and broken messages', () => {
  it('≥ 5,000 generated bad messages each get an error ack and change no state', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    await a.fullControl();
    a.startAutoplay(roomId, makeRng('fz-a'), (v) => v.seq >= 20 && v.deciders.includes('A'));
    b.startAutoplay(roomId, makeRng('fz-b'));
    await a.waitFor(() => a.stopped, 30_000, 'pause with A to act');
    b.autoplay = null;
    const spec = await TestClient.connect(t.url, 'Watcher');
    await spec.emit('room:spectate', { roomId });
    const outsider = await TestClient.connect(t.url, 'Outsider');
    const anon = io(t.url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((r) => anon.once('connect', () => r()));

    const master = t.server.game.room(roomId)!.master!;
    const seq = master.seq;
    const hash = master.stateHash;
    const legalA = a
      .view(roomId)!
      .legal.filter((x) => x.type !== 'concede')
      .map((x) => simplest(x));
    expect(legalA.length).toBeGreaterThan(0);
    const dups = [...a.accepted].map(([id, s]) => ({ id, s }));
    expect(dups.length).toBeGreaterThan(3);

    const roomIdArb = fc.oneof(fc.constant(roomId), fc.string({ maxLength: 40 }));
    const legal = fc.constantFrom(...legalA);
    const anyAction = fc.oneof(
      legal,
      fc.record({
        type: fc.constantFrom(...ACTION_TYPES),
        card: fc.string({ maxLength: 6 }),
        targets: fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }),
      }),
      fc.anything(),
    );
    const gen = (n: number, arb: fc.Arbitrary<Probe>, seed: number) => fc.sample(arb, { numRuns: n, seed });

    const malformedAction = fc
      .oneof(
        fc.anything(),
        fc.record({
          roomId: roomIdArb,
          clientActionId: fc.oneof(fc.string({ maxLength: 80 }), fc.integer()),
          seenSeq: fc.oneof(fc.integer(), fc.double(), fc.string()),
          action: anyAction,
        }),
        fc.record({ roomId: fc.constant(roomId), clientActionId: fc.constant('x'), seenSeq: fc.constant(seq), action: legal, extra: fc.anything() }),
        fc.record({ roomId: fc.constant(roomId), clientActionId: fc.constant(''), seenSeq: fc.constant(seq), action: legal }),
        fc.record({ roomId: fc.constant(roomId), clientActionId: fc.constant('y'), seenSeq: fc.constant(-1), action: legal }),
      )
      .filter((p) => !schemaAccepts('match:action', p))
      .map((payload): Probe => ({ kind: 'malformed-action', who: 'a', event: 'match:action', payload }));
    const otherEvents = fc
      .tuple(fc.constantFrom(...Object.keys(CLIENT_PAYLOADS)), fc.anything(), fc.constantFrom<Who>('a', 'b', 'spec', 'outsider'))
      .filter(([e, p]) => !schemaAccepts(e, p))
      .map(([event, payload, who]): Probe => ({ kind: 'malformed-other', who, event, payload }));
    const unknownEvents = fc
      .tuple(fc.string({ minLength: 1, maxLength: 30 }), fc.anything())
      .filter(([e]) => !RESERVED.has(e) && !(e in CLIENT_PAYLOADS))
      .map(([event, payload]): Probe => ({ kind: 'unknown-event', who: 'b', event, payload }));
    const validShape = (action: unknown, seenSeq: number, id: string) => ({ roomId, clientActionId: id, seenSeq, action });
    const foreign = fc
      .tuple(legal, fc.constantFrom<Who>('spec', 'outsider', 'anon'), fc.string({ minLength: 1, maxLength: 20 }))
      .map(([action, who, id]): Probe => ({ kind: 'foreign', who, event: 'match:action', payload: validShape(action, seq, id) }));
    const wrongSeat = fc.tuple(legal, fc.string({ minLength: 1, maxLength: 20 })).map(([action, id]): Probe => ({
      kind: 'wrong-seat',
      who: 'a',
      event: 'match:action',
      payload: validShape({ ...action, manager: 'B' }, seq, `ws-${id}`),
    }));
    const outOfTurn = fc
      .tuple(
        fc.oneof(
          legal.map((x) => ({ ...x, manager: undefined }) as unknown),
          fc.record({
            type: fc.constantFrom('pass', 'declare-attackers', 'declare-blocks', 'tilt-star', 'place-star', 'play') as fc.Arbitrary<string>,
            card: fc.constantFrom('c1', 'c2', 'c3', 'c10', 'c1z'),
          }),
        ),
        fc.string({ minLength: 1, maxLength: 20 }),
      )
      .map(([action, id]): Probe => {
        const { manager: _m, ...rest } = action as Record<string, unknown>;
        const clean = Object.fromEntries(
          Object.entries(rest).filter(
            ([k]) =>
              k === 'type' ||
              k === 'card' ||
              k === 'targets' ||
              k === 'ability' ||
              k === 'costCards' ||
              k === 'blocker' ||
              k === 'attacker' ||
              k === 'option' ||
              k === 'redraw' ||
              k === 'goFirst',
          ),
        );
        return { kind: 'out-of-turn', who: 'b', event: 'match:action', payload: validShape(clean, seq, `oot-${id}`) };
      });
    const stale = fc
      .tuple(legal, fc.integer({ min: 0, max: seq - 1 }), fc.string({ minLength: 1, maxLength: 20 }))
      .map(([action, s, id]): Probe => ({ kind: 'stale', who: 'a', event: 'match:action', payload: validShape(action, s, `st-${id}`) }));
    const duplicate = fc
      .tuple(fc.constantFrom(...dups), anyAction, fc.integer({ min: 0, max: seq + 5 }))
      .map(([d, action, s]): Probe => ({ kind: 'duplicate', who: 'a', event: 'match:action', payload: validShape(action, s, d.id), dupSeq: d.s }))
      .filter((p) => schemaAccepts('match:action', p.payload));

    const probes = [
      ...gen(1400, malformedAction, SEED),
      ...gen(900, otherEvents, SEED + 1),
      ...gen(400, unknownEvents, SEED + 2),
      ...gen(800, foreign, SEED + 3),
      ...gen(400, wrongSeat, SEED + 4),
      ...gen(800, outOfTurn, SEED + 5),
      ...gen(400, stale, SEED + 6),
      ...gen(600, duplicate, SEED + 7),
    ];
    expect(probes.length).toBeGreaterThanOrEqual(5_000);

    const sockets = { a, b, spec, outsider };
    const send = (p: Probe): Promise<Ack<object>> =>
      p.who === 'anon' ? (anon.timeout(10_000).emitWithAck(p.event, p.payload) as Promise<Ack<object>>) : sockets[p.who].emitRaw(p.event, p.payload);
    const byKind: Record<string, number> = {};
    const codes: Record<string, number> = {};
    const BATCH = 100;
    for (let i = 0; i < probes.length; i += BATCH) {
      const batch = probes.slice(i, i + BATCH);
      const acks = await Promise.all(batch.map(send));
      acks.forEach((ack, j) => {
        const p = batch[j]!;
        byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
        if (p.dupSeq !== undefined) {
          if (!ack.ok || (ack as { seq?: number }).seq !== p.dupSeq)
            throw new Error(`duplicate not answered with its original ack: ${JSON.stringify({ p, ack })}`);
          return;
        }
        if (ack.ok) throw new Error(`accepted a bad message: ${JSON.stringify(p).slice(0, 400)}`);
        codes[ack.code] = (codes[ack.code] ?? 0) + 1;
      });
      // Nothing moved: same seq, same hash, after every batch.
      expect(master.seq).toBe(seq);
      expect(master.stateHash).toBe(hash);
    }
    expect(byKind['foreign']).toBe(800);
    expect(codes['not-a-manager']).toBeGreaterThan(0);
    expect(codes['not-identified']).toBeGreaterThan(0);
    expect(codes['wrong-seat']).toBe(400);
    expect(codes['stale']).toBeGreaterThan(0);
    expect(codes['bad-request']).toBeGreaterThan(2_000);

    // The match is still playable after all that: A's legal action is accepted.
    const ok = await a.emit('match:action', { roomId, clientActionId: 'after-fuzz', seenSeq: seq, action: legalA[0]! });
    expect(ok).toEqual({ ok: true, seq: seq + 1 });
    for (const c of [a, b, spec, outsider]) c.close();
    anon.disconnect();
  });

  it('a handler that throws (or rejects) is answered internal and harms no other match', async () => {
    const one = await twoManagers(t.url);
    const two = await twoManagers(t.url);
    const master = t.server.game.room(one.roomId)!.master!;
    const submit = master.submit.bind(master);
    const mulligan = (roomId: string, id: string, seenSeq: number) =>
      ({ roomId, clientActionId: id, seenSeq, action: { type: 'mulligan', redraw: false } }) as const;
    try {
      master.submit = () => {
        throw new Error('a bug (test)');
      };
      expect(await one.a.emit('match:action', mulligan(one.roomId, 'boom-1', 0))).toMatchObject({ ok: false, code: 'internal' });
      master.submit = () => Promise.reject(new Error('an async bug (test)'));
      expect(await one.a.emit('match:action', mulligan(one.roomId, 'boom-2', 0))).toMatchObject({ ok: false, code: 'internal' });
    } finally {
      master.submit = submit;
    }
    // The other match, and this one, carry on.
    expect(await two.a.emit('match:action', mulligan(two.roomId, 'fine', 0))).toEqual({ ok: true, seq: 1 });
    expect(await one.a.emit('match:action', mulligan(one.roomId, 'boom-1', 0))).toEqual({ ok: true, seq: 1 });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    for (const c of [one.a, one.b, two.a, two.b]) c.close();
  });

  it('a message over 64 KB closes that socket and nothing else', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const hash = t.server.game.room(roomId)!.master!.stateHash;
    const gone = new Promise<string>((r) => a.socket.once('disconnect', (reason) => r(reason)));
    a.socket.emit('room:chat', { roomId, text: 'x'.repeat(70 * 1024) }, () => {});
    expect(await gone).toBe('transport close');
    expect(t.server.game.room(roomId)!.master!.stateHash).toBe(hash);
    expect(await b.emit('room:chat', { roomId, text: 'still here' })).toEqual({ ok: true });
    a.socket.io.opts.reconnection = false;
    for (const c of [a, b]) c.close();
  });
});
