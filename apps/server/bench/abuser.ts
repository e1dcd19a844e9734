/**
 * The hostile side of `npm run bench:abuse`, in its own process so its busy loops do not slow the honest
 * clients' process: `tsx apps/server/bench/abuser.ts <url> <case>`. Runs until SIGTERM, then prints one JSON
 * line of what it did. Every socket binds to a loopback address of its own (the /8 is all loopback), so
 * the server's per-address limits see the abuser as one address and the honest clients as others.
 *
 * Cases (as the issue measured them before):
 * - `ack-flood`: one socket sends small messages with acks as fast as it can (up to 2,000 unanswered).
 * - `many-sockets`: 300 such sockets from one address.
 * - `spectators`: 500 spectators on one match (50 addresses × 10; they join before the abuse starts, and the
 *   time they took is reported), then 20 more (another address) joining and leaving 18 times a second each.
 * - `room-fill`: one address creates sessions, rooms and bot matches as fast as it may, then sends `settings`
 *   at just under the per-socket rate.
 * - `crowded`: 1,980 addresses (a botnet: one address cannot any more) fill the server with 19,800 waiting rooms
 *   (before the abuse starts; timed), then one client sends `settings`, which used to walk every room, at just
 *   under the per-socket rate, timing each answer.
 * A socket the server disconnects comes back after a second, like a script that retries (socket.io-client's
 * own reconnection waits 1–5 s; it does not reconnect at all after a server-side disconnect).
 */
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_STOP_SETTINGS, type Ack } from '@vroyale/protocol';

const [url, mode, roomId] = process.argv.slice(2) as [string, string, string | undefined];
const stats = {
  connects: 0,
  refusedConnects: 0,
  kicked: 0,
  sent: 0,
  ok: 0,
  rateLimited: 0,
  otherRefusals: 0,
  roomsCreated: 0,
  botMatches: 0,
  sessions: 0,
  lastRefusal: '',
};
let stopping = false;

function open(address: string, onUp: (s: Socket) => void): void {
  if (stopping) return;
  const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: address } as Parameters<typeof io>[1]);
  s.once('connect', () => {
    stats.connects++;
    onUp(s);
  });
  s.once('connect_error', () => {
    stats.refusedConnects++;
    s.close();
    setTimeout(() => open(address, onUp), 1_000);
  });
  s.on('server:notice', (n: { kind: string }) => {
    if (n.kind === 'kicked') stats.kicked++;
  });
  s.once('disconnect', () => setTimeout(() => open(address, onUp), 1_000));
}

function count(a: Ack<Record<string, unknown>>): void {
  if (a.ok) stats.ok++;
  else if (a.code === 'rate-limited') stats.rateLimited++;
  else {
    stats.otherRefusals++;
    stats.lastRefusal = a.message;
  }
}

const emit = (s: Socket, event: string, payload: unknown) => {
  stats.sent++;
  return (s.timeout(10_000).emitWithAck(event, payload) as Promise<Ack<Record<string, unknown>>>).then(count, () => {});
};

/** Sends as fast as the socket takes them, keeping at most 2,000 unanswered. */
function flood(s: Socket): void {
  let inFlight = 0;
  const pump = () => {
    if (!s.connected || stopping) return;
    for (let i = 0; i < 200 && inFlight < 2_000; i++) {
      inFlight++;
      stats.sent++;
      s.timeout(10_000).emit('lobby:subscribe', {}, (err: Error | null, a: Ack<Record<string, unknown>>) => {
        inFlight--;
        if (!err) count(a);
      });
    }
    setImmediate(pump);
  };
  void emit(s, 'hello', { name: 'Flooder' }).then(pump);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let watching = 0;
async function spectate(s: Socket, name: string, room: string): Promise<void> {
  await emit(s, 'hello', { name });
  const before = stats.ok;
  await emit(s, 'room:spectate', { roomId: room });
  if (stats.ok > before) watching++;
}

function churn(s: Socket, room: string): void {
  let watching = false;
  void emit(s, 'hello', { name: 'Churner' }).then(() => {
    const timer = setInterval(() => {
      if (!s.connected || stopping) return clearInterval(timer);
      void emit(s, watching ? 'room:leave' : 'room:spectate', { roomId: room });
      watching = !watching;
    }, 1000 / 18);
  });
}

async function roomFill(s: Socket): Promise<void> {
  try {
    await fillRooms(s);
  } catch {
    // Kicked or closed while an ack was awaited: this filler is done (a kick is counted by the server's side).
    return;
  }
  // Then `settings`, which used to walk every room, at just under the per-socket rate.
  const stops = DEFAULT_STOP_SETTINGS;
  while (s.connected && !stopping) {
    void s
      .timeout(10_000)
      .emitWithAck('settings', { stops })
      .catch(() => {});
    await sleep(55);
  }
}

/** As many rooms and bot matches as the server lets one session have, a new session each round. */
async function fillRooms(s: Socket): Promise<void> {
  for (;;) {
    if (!s.connected || stopping) return;
    // A new session each round (no token), as many rooms and bot matches as it is let have.
    const hello = (await s.timeout(10_000).emitWithAck('hello', { name: `Filler ${stats.sessions}` })) as Ack<Record<string, unknown>>;
    if (!hello.ok) {
      count(hello);
      break;
    }
    stats.sessions++;
    let got = 0;
    for (let i = 0; i < 5; i++) {
      const a = (await s.timeout(10_000).emitWithAck('room:create', { visibility: 'public' })) as Ack<Record<string, unknown>>;
      count(a);
      if (a.ok) {
        stats.roomsCreated++;
        got++;
      }
      const b = (await s.timeout(10_000).emitWithAck('room:play-bot', { roster: 'raid-night' })) as Ack<Record<string, unknown>>;
      count(b);
      if (b.ok) {
        stats.botMatches++;
        got++;
      }
      await sleep(60);
    }
    if (got === 0) break;
  }
}

/** A socket from `address` that does not come back when closed (the crowd's fillers). */
function once(address: string): Promise<Socket> {
  const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: address } as Parameters<typeof io>[1]);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

async function crowd(addresses: number, perAddress: number): Promise<number> {
  let next = 0;
  let rooms = 0;
  const worker = async () => {
    while (next < addresses) {
      const a = next++;
      const s = await once(`127.5.${a >> 8}.${a & 255}`);
      let here = 0;
      // Three rooms per session, ten per address: the caps are what make a crowd take many addresses.
      while (here < perAddress) {
        const hello = (await s.timeout(10_000).emitWithAck('hello', { name: `Crowd ${a}` })) as Ack<Record<string, unknown>>;
        if (!hello.ok) break;
        for (let k = 0; k < 3 && here < perAddress; k++) {
          const r = (await s.timeout(10_000).emitWithAck('room:create', { visibility: 'public' })) as Ack<Record<string, unknown>>;
          if (!r.ok) break;
          here++;
        }
      }
      rooms += here;
      s.disconnect();
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return rooms;
}

async function timedSettings(s: Socket): Promise<void> {
  const times: number[] = [];
  Object.assign(stats, { settingsAckMs: times });
  await emit(s, 'hello', { name: 'Tuner' });
  while (s.connected && !stopping) {
    const t0 = performance.now();
    void (s.timeout(10_000).emitWithAck('settings', { stops: DEFAULT_STOP_SETTINGS }) as Promise<Ack<Record<string, unknown>>>).then((a) => {
      if (a.ok) times.push(Math.round((performance.now() - t0) * 100) / 100);
    });
    await sleep(55);
  }
}

switch (mode) {
  case 'ack-flood':
    open('127.2.0.1', flood);
    break;
  case 'many-sockets':
    for (let i = 0; i < 300; i++) open('127.2.0.2', flood);
    break;
  case 'spectators': {
    if (!roomId) throw new Error('spectators needs a room id');
    // The 500 arrive first (a raid: timed, reported, not in the window); the churn is the abuse.
    const t0 = performance.now();
    for (let a = 0; a < 50; a++) for (let i = 0; i < 10; i++) open(`127.3.${a}.1`, (s) => void spectate(s, `Viewer ${a}-${i}`, roomId));
    while (watching < 500) await sleep(20);
    Object.assign(stats, { spectators: watching, joinMs: Math.round(performance.now() - t0) });
    for (let i = 0; i < 20; i++) open('127.2.0.3', (s) => churn(s, roomId));
    break;
  }
  case 'room-fill':
    open('127.2.0.4', (s) => void roomFill(s));
    break;
  case 'crowded': {
    const t0 = performance.now();
    const rooms = await crowd(1_980, 10);
    Object.assign(stats, { roomsFilled: rooms, fillMs: Math.round(performance.now() - t0) });
    open('127.2.0.5', (s) => void timedSettings(s));
    break;
  }
  default:
    throw new Error(`unknown case '${mode}'`);
}

console.log('started');
process.once('SIGTERM', () => {
  stopping = true;
  const times = (stats as { settingsAckMs?: number[] }).settingsAckMs;
  if (times) {
    const sorted = [...times].sort((a, b) => a - b);
    Object.assign(stats, {
      settingsAckMs: {
        count: sorted.length,
        p50: sorted[Math.floor(sorted.length / 2)] ?? null,
        p99: sorted[Math.floor(sorted.length * 0.99)] ?? null,
        max: sorted.at(-1) ?? null,
      },
    });
  }
  console.log(JSON.stringify(stats));
  process.exit(0);
});
