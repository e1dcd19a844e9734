/**
 * The floor under the many-address cases (issue 36): how long a bare Node server's event loop is held when
 * `sockets` connections, each from its own loopback address, all become readable with `bytes` each at once,
 * and its only work is to read them (a `data` listener that pauses the socket). No parsing, no answers: what
 * any Node server on this machine pays for the read itself. `abuse-burst.ts` runs it beside a burst's figures.
 *
 * `tsx apps/server/bench/abuse-read-floor.ts <sockets> <bytes> [park]` prints one JSON line: the longest gap
 * between 1 ms timer ticks while the data arrives, and the CPU it took. The writers are another process
 * (`... client <port> <sockets> <bytes>`), as the swarm is. With `park`, the sockets are parked as the server
 * parks its sockets before hello (transport/read-park.ts, its defaults) and read only when granted: the floor
 * under the server with the same parking.
 */
import { spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { DEFAULT_PARK, ReadPark } from '../src/transport/read-park.js';

const [mode, ...rest] = process.argv.slice(2);

async function client(port: number, n: number, bytes: number): Promise<void> {
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i++)
    sockets.push(
      await new Promise<Socket>((resolve, reject) => {
        const s = connect({ port, host: '127.0.0.1', localAddress: `127.30.${Math.floor(i / 250)}.${(i % 250) + 1}` }, () => resolve(s));
        s.once('error', reject);
      }),
    );
  console.log('ready');
  createInterface({ input: process.stdin }).once('line', () => {
    const buf = Buffer.alloc(bytes, 97);
    for (const s of sockets) s.write(buf);
  });
  setTimeout(() => process.exit(0), 10_000).unref();
}

async function server(n: number, bytes: number, parked: boolean): Promise<void> {
  let read = 0;
  const park = parked ? new ReadPark(DEFAULT_PARK) : null;
  const srv = createServer((s) => {
    park?.add(s);
    s.on('data', (d) => {
      read += d.length;
      // Parked sockets are read when granted: no pause, or the rest of a burst split in two reads is never read.
      if (!park) s.pause();
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/abuse-read-floor.ts', 'client', String(port), String(n), String(bytes)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((r) => createInterface({ input: child.stdout! }).once('line', () => r()));
  await new Promise((r) => setTimeout(r, 300));
  let last = performance.now();
  let maxGap = 0;
  const ticker = setInterval(() => {
    const t = performance.now();
    maxGap = Math.max(maxGap, t - last);
    last = t;
  }, 1);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  child.stdin!.write('go\n');
  while (read < n * bytes && performance.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  clearInterval(ticker);
  const cpu = process.cpuUsage(c0);
  console.log(
    JSON.stringify({
      sockets: n,
      bytes,
      parked,
      readAllMs: Math.round(ms),
      loopMaxMs: Math.round(maxGap),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      ...(park ? { grants: park.stats.grants, ticks: park.stats.ticks } : {}),
    }),
  );
  child.kill();
  process.exit(0);
}

if (mode === 'client') await client(Number(rest[0]), Number(rest[1]), Number(rest[2]));
else await server(Number(mode ?? 3000), Number(rest[0] ?? 24_000), rest[1] === 'park');
