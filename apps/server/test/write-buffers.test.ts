/**
 * engine.io drops each write buffer it flushed for a new one. The transport empties the dropped buffer once the
 * WebSocket has sent it (src/transport/socket-io-transport.ts), so that a buffer which outlived its messages no
 * longer keeps them alive until the next full collection (docs/performance.md). Nothing sent may be lost by it.
 */
import type { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

describe('write buffers', () => {
  it('are emptied once their WebSocket sent them, and every ack and message still arrives', async () => {
    // The transport keeps the Socket.IO server to itself: the test listens to engine.io's own events on it, which
    // come after the transport's (the socket's "flush" and "drain" first, then the server's).
    const io = (t.server.transport as unknown as { io: Server }).io;
    // Connected first: engine.io's and Socket.IO's handshakes go out before the transport sees the socket.
    const a = await TestClient.connect(t.url);
    const b = await TestClient.connect(t.url);
    const flushed: { over: string; buffer: unknown[] }[] = [];
    const leftAtDrain: { over: string; left: number }[] = [];
    let current: { over: string; buffer: unknown[] } | null = null;
    io.engine.on('flush', (socket: { transport: { name: string } }, buffer: unknown[]) => {
      current = { over: socket.transport.name, buffer };
      flushed.push(current);
    });
    io.engine.on('drain', () => {
      if (current) leftAtDrain.push({ over: current.over, left: current.buffer.length });
      current = null;
    });
    const created = await a.emit('room:create', { visibility: 'private' });
    expect(created.ok).toBe(true);
    const joined = await b.emit('room:join', { roomId: String((created as { roomId?: string }).roomId), roster: 'mod-squad', seat: 'B' });
    expect(joined.ok).toBe(true);
    expect(leftAtDrain).toHaveLength(flushed.length);
    // Long polling (a client's first requests, before the upgrade) keeps engine.io's own way.
    const overWs = leftAtDrain.filter((d) => d.over === 'websocket');
    expect(overWs.length).toBeGreaterThanOrEqual(2);
    expect(overWs.map((d) => d.left)).toEqual(overWs.map(() => 0));
    a.close();
    b.close();
  });
});
