/**
 * The pipeline after the gate (connections.ts) with its services faked: schema and hello checks, which events a
 * cluster forwards to the room's node (the protocol's traits, as a typed request) or to a tournament's, and failures
 * as acks.
 */
import { describe, expect, it } from 'vitest';
import type { Ack } from '@vroyale/protocol';
import type { ClusterRooms } from '../cluster/cluster-rooms.js';
import type { NodeRequest } from '../cluster/node-messages.js';
import { createLogger } from '../logger.js';
import type { Conn } from '../net/conn.js';
import { Connections } from './connections.js';
import type { HandlerTable } from './handler-table.js';

function setup(opts: { clustered: boolean; held?: string[]; failing?: boolean }) {
  const handled: string[] = [];
  const forwarded: { request: NodeRequest; roomId: string }[] = [];
  const handlers = new Proxy({} as HandlerTable, {
    get: (_t, event: string) => (_conn: unknown, _p: unknown, reply: (a: Ack<object>) => void) => {
      handled.push(event);
      if (opts.failing) return Promise.reject(new Error('boom'));
      reply({ ok: true });
    },
  });
  const cluster = {
    forward: (_conn: unknown, request: NodeRequest, roomId: string, reply: (a: Ack<object>) => void) => {
      forwarded.push({ request, roomId });
      reply({ ok: true });
    },
  } as unknown as ClusterRooms;
  const conns = new Map<string, Conn>();
  const c = new Connections({
    log: createLogger('silent'),
    conns,
    gateway: () => {
      throw new Error('not used');
    },
    handlers,
    hello: async () => {},
    holds: (roomId) => (opts.held ?? []).includes(roomId),
    holdsTournament: (id) => (opts.held ?? []).includes(id),
    cluster: () => (opts.clustered ? cluster : null),
    shuttingDown: () => false,
    closed: (conn) => void conns.delete(conn.id),
  });
  const conn: Conn = { id: 's1', userId: 'u1', address: '127.0.0.1', handshakeToken: null, sessionHash: null, rooms: new Set() };
  conns.set(conn.id, conn);
  const send = async (event: string, payload: unknown, as: Conn = conn) => {
    const acks: Ack<object>[] = [];
    c.dispatch(as, event, payload, (a) => acks.push(a));
    await new Promise((r) => setImmediate(r));
    return acks;
  };
  return { c, conn, handled, forwarded, send };
}

describe('connections: the pipeline after the gate', () => {
  it('refuses an unknown event, a bad payload and anything before hello, handling none', async () => {
    const t = setup({ clustered: false });
    expect((await t.send('room:explode', {}))[0]).toMatchObject({ ok: false, code: 'bad-request' });
    expect((await t.send('room:chat', { roomId: 'r1' }))[0]).toMatchObject({ ok: false, code: 'bad-request' });
    const stranger: Conn = { ...t.conn, id: 's2', userId: null };
    expect((await t.send('room:chat', { roomId: 'r1', text: 'hi' }, stranger))[0]).toMatchObject({ ok: false, code: 'not-identified' });
    expect(t.handled).toEqual([]);
  });

  it('in a cluster, forwards a room event about a room held elsewhere as a typed request, and handles the rest here', async () => {
    const t = setup({ clustered: true, held: ['here'] });
    await t.send('room:chat', { roomId: 'there', text: 'hi' });
    await t.send('match:pass-until', { roomId: 'there', mode: 'my-turn' });
    await t.send('room:chat', { roomId: 'here', text: 'hi' });
    await t.send('room:create', { visibility: 'public' });
    expect(t.forwarded).toEqual([
      { request: { event: 'room:chat', payload: { roomId: 'there', text: 'hi' } }, roomId: 'there' },
      { request: { event: 'match:pass-until', payload: { roomId: 'there', mode: 'my-turn' } }, roomId: 'there' },
    ]);
    expect(t.handled).toEqual(['room:chat', 'room:create']);
    // What the room's node accepted decides the socket's class here.
    expect([...(t.conn.elsewhere ?? [])]).toEqual([['there', 'seated']]);
  });

  it("in a cluster, forwards a tournament's event to the node running it; the list and a creation stay here", async () => {
    const t = setup({ clustered: true, held: ['t_hereAAAAAAAA'] });
    await t.send('tournament:ready', { tournamentId: 't_thereAAAAAAA' });
    await t.send('tournament:manage', { op: 'start', tournamentId: 't_thereAAAAAAA' });
    await t.send('tournament:ready', { tournamentId: 't_hereAAAAAAAA' });
    await t.send('tournament:list', {});
    expect(t.forwarded.map((f) => [f.request.event, f.roomId])).toEqual([
      ['tournament:ready', 't_thereAAAAAAA'],
      ['tournament:manage', 't_thereAAAAAAA'],
    ]);
    expect(t.handled).toEqual(['tournament:ready', 'tournament:list']);
  });

  it('a single node forwards nothing', async () => {
    const t = setup({ clustered: false });
    await t.send('room:chat', { roomId: 'there', text: 'hi' });
    expect(t.forwarded).toEqual([]);
    expect(t.handled).toEqual(['room:chat']);
  });

  it("answers a failing async handler 'internal'", async () => {
    const t = setup({ clustered: false, failing: true });
    expect(await t.send('lobby:subscribe', {})).toEqual([{ ok: false, code: 'internal', message: 'The server failed to handle that message' }]);
  });
});
