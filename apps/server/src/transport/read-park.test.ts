/**
 * ReadPark with real TCP sockets: what libuv reads, seen through `bytesRead` (no timing is asserted: only that
 * nothing is read outside a grant, and that what is granted or let go is read).
 */
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SocketClass } from '../net/socket-class.js';
import { ReadPark } from './read-park.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

async function until(f: () => boolean, what: string, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!f()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** A server whose accepted sockets are parked; returns its side of each client connection, in order. */
async function parkedServer(park: ReadPark, make: (onSocket: (s: Socket) => void) => Server = (f) => createServer(f)) {
  const accepted: Socket[] = [];
  const srv = make((s) => {
    park.add(s);
    accepted.push(s);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  closers.push(() => srv.close());
  const port = (srv.address() as { port: number }).port;
  const open = async (): Promise<{ client: Socket; server: Socket }> => {
    const n = accepted.length;
    const client = connect({ port, host: '127.0.0.1' });
    closers.push(() => client.destroy());
    await until(() => accepted.length > n, 'the accept');
    return { client, server: accepted[n]! };
  };
  return { srv, open };
}

/** Counts a read of `sock` (called from it: a data event, a request), and one while it was parked and not granted. */
function assertGranted(park: ReadPark, sock: Socket, reads: { n: number; parked: number }): void {
  const st = park.state(sock)!;
  if (st.parked && !st.granted) reads.parked++;
  reads.n++;
}

describe('ReadPark', () => {
  it("does not read a parked socket's bytes until it is granted a read, then reads them", async () => {
    // One grant a tick, a rotation at most every 300 ms: plenty of turns in between to catch a stray read.
    const park = new ReadPark({ grantsPerTick: 1, tickMs: 1, rotationMs: 300 });
    const { open } = await parkedServer(park);
    const { client, server } = await open();
    let got = 0;
    const reads = { n: 0, parked: 0 };
    server.on('data', (d: Buffer) => {
      assertGranted(park, server, reads);
      got += d.length;
    });
    await until(() => park.state(server)!.grants >= 1 && !park.state(server)!.granted, 'the first grant, over');
    // What the stream above does must not start libuv reading: net.Socket's _read calls the handle's readStart
    // whenever Node's `reading` flag is off (after backpressure) and the stream wants data.
    server.pause();
    server.resume();
    (server as unknown as { _handle: { reading: boolean } })._handle.reading = false;
    (server as unknown as { _read(n: number): void })._read(16_384);
    client.write(Buffer.alloc(5_000, 1));
    await until(() => got === 5_000, 'all of it');
    expect(park.state(server)!.parked).toBe(true);
    // Read again only on a later grant.
    client.write(Buffer.alloc(100, 2));
    await until(() => got === 5_100, 'the second write');
    expect(reads.n).toBeGreaterThanOrEqual(2);
    expect(reads.parked).toBe(0);
  });

  it('lets go of a socket whose class is seated or in a room, and parks it again when it leaves', async () => {
    const park = new ReadPark({ grantsPerTick: 1, tickMs: 1, rotationMs: 60_000 });
    const { open } = await parkedServer(park);
    const { client, server } = await open();
    let cls: SocketClass = 'identified';
    let got = 0;
    server.on('data', (d: Buffer) => {
      got += d.length;
      park.touch(server);
    });
    park.classify(server, () => cls);
    await until(() => park.state(server)!.grants >= 1, 'the first grant');
    const grants = park.stats.grants;
    cls = 'seated';
    park.classify(server, () => cls);
    expect(park.state(server)!.parked).toBe(false);
    client.write('a');
    await until(() => got === 1, 'the seated socket read without a grant');
    expect(park.stats.grants).toBe(grants);
    // It left its room: parked after its next read, then not read before a grant (the next is a minute away).
    cls = 'identified';
    client.write('b');
    await until(() => got === 2, 'the read that parks it');
    expect(park.state(server)!.parked).toBe(true);
    client.write('c');
    await sleep(200);
    expect(got).toBe(2);
    expect(park.parkedNow).toBe(1);
  });

  it('grants every parked socket once a rotation: neither lane starves the other', async () => {
    // Two a tick: 3 ticks a rotation of five. Idle sockets that said hello once took every grant.
    const park = new ReadPark({ grantsPerTick: 2, tickMs: 1, rotationMs: 30 });
    const { open } = await parkedServer(park);
    const sockets: Socket[] = [];
    for (const hello of [false, false, true, false, true]) {
      const { server } = await open();
      if (hello) park.classify(server, () => 'identified');
      sockets.push(server);
    }
    const before = sockets.map((s) => park.state(s)!.grants);
    const ticks = park.stats.ticks;
    await until(() => park.stats.ticks >= ticks + 6, 'two rotations');
    const got = sockets.map((s, i) => park.state(s)!.grants - before[i]!);
    for (const g of got) expect(g).toBeGreaterThanOrEqual(1);
    for (const g of got) expect(g).toBeLessThanOrEqual(3);
  });

  it("keeps an HTTP server's connection parked (its own resume listener cannot start reading) until granted", async () => {
    const park = new ReadPark({ grantsPerTick: 1, tickMs: 1, rotationMs: 300 });
    const reads = { n: 0, parked: 0 };
    let serverSide: Socket | null = null;
    const { open } = await parkedServer(park, (f) => {
      const srv = createHttpServer((_req, res) => {
        assertGranted(park, serverSide!, reads);
        res.end('ok');
      });
      srv.on('connection', f);
      return srv;
    });
    const { client, server } = await open();
    serverSide = server;
    await until(() => park.state(server)!.grants >= 1 && !park.state(server)!.granted, 'the first grant, over');
    // The HTTP server's own 'resume' listener calls the handle's readStart when its flag is off.
    (server as unknown as { _handle: { reading: boolean } })._handle.reading = false;
    server.emit('resume');
    let answer = '';
    client.on('data', (d: Buffer) => (answer += d.toString()));
    for (let i = 0; i < 3; i++) {
      client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await until(() => answer.split('\r\n\r\nok').length === i + 2, 'the answer');
    }
    expect(reads).toEqual({ n: 3, parked: 0 });
  });

  it('forgets a socket once it closes', async () => {
    const park = new ReadPark({ grantsPerTick: 10, tickMs: 1, rotationMs: 20 });
    const { open } = await parkedServer(park);
    const { client, server } = await open();
    server.on('data', () => {});
    expect(park.tracked).toBe(1);
    client.end();
    await until(() => park.tracked === 0, 'the close seen on a grant');
    expect(park.parkedNow).toBe(0);
    expect(server.destroyed).toBe(true);
  });
});
