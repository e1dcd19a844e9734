/**
 * What read parking (issue 36, transport/read-park.ts) costs the lobby: `tsx apps/server/bench/abuse-park-lobby.ts
 * [--levels 0,300,3000] [--clicks 60]`. Starts the real server (production defaults) in a child process, then
 * for each level opens that many idle lobby sockets (said hello, in no room: parked; each from its own loopback
 * address 127.13.x.y) and measures, over `--clicks` messages each 550–800 ms apart (a socket in no room refills 2 a second):
 * - a lobby click (`lobby:subscribe`) from a socket in no room (parked: read when granted) send → ack;
 * - the same from a socket watching a room (never parked): the same path without the wait for a grant;
 * - the server's CPU while the sockets idle (10 s; the grants' syscalls), and its event-loop delay.
 * Prints one line per level and a JSON line last.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RawSocket } from '../test/helpers/raw-socket.js';
import { cpuPressure, flag, metrics, pct, round, startBenchServer } from './bench-kit.js';

const LEVELS = flag('levels', '0,300,3000').split(',').map(Number);
const CLICKS = Number(flag('clicks', '30'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const addressOf = (i: number) => `127.13.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function open(url: string, i: number): Promise<RawSocket> {
  const s = await RawSocket.open(url, addressOf(i), 60_000);
  const ack = await s.emitWithAck('hello', { name: `Idle ${i}` });
  if (!ack.ok) throw new Error(`hello refused: ${JSON.stringify(ack)}`);
  return s;
}

async function clicks(s: RawSocket): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    // A socket in no room refills 2 messages a second (flood.newSocket).
    await sleep(550 + Math.random() * 250);
    const t0 = performance.now();
    const ack = await s.emitWithAck('lobby:subscribe', {});
    if (!ack.ok) throw new Error(JSON.stringify(ack));
    out.push(performance.now() - t0);
  }
  return out;
}

const summary = (xs: number[]) => ({ p50: round(pct(xs, 50)), p99: round(pct(xs, 99)), max: round(pct(xs, 100)) });

const dir = mkdtempSync(join(tmpdir(), 'vroyale-park-'));
const { child, url, metricsUrl } = await startBenchServer(dir);
const rows: Record<string, unknown>[] = [];
try {
  // The lobby socket and the watcher: 127.13.200.x, away from the idle ones.
  const lobby = await RawSocket.open(url, '127.13.200.1');
  const watcher = await RawSocket.open(url, '127.13.200.2');
  for (const s of [lobby, watcher]) await s.emitWithAck('hello', { name: 'Clicker' });
  const created = await watcher.emitWithAck('room:create', { visibility: 'public' });
  if (!created.ok) throw new Error(JSON.stringify(created));
  const idle: RawSocket[] = [];
  for (const level of LEVELS) {
    const t0 = performance.now();
    let next = idle.length;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (next < level) idle.push(await open(url, next++));
      }),
    );
    const openMs = Math.round(performance.now() - t0);
    await sleep(1_000);
    await metrics(metricsUrl);
    await sleep(10_000);
    const quiet = await metrics(metricsUrl);
    const pressure = cpuPressure();
    const [parked, inRoom] = await Promise.all([clicks(lobby), clicks(watcher)]);
    const row = {
      idleSockets: idle.length,
      openMs,
      lobbyClickMs: summary(parked),
      watcherClickMs: summary(inRoom),
      idleServerCpuShareOfOneCore: quiet.cpu.shareOfOneCore,
      idleServerLoopDelayMaxMs: quiet.eventLoopDelayMs.max,
      cpuPressure: pressure,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  for (const s of [...idle, lobby, watcher]) s.close();
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ levels: rows }));
process.exit(0);
