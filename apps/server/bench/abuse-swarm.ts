/**
 * The hostile side of `npm run bench:abuse`'s many-address cases (issue 36), in its own process:
 * `tsx apps/server/bench/abuse-swarm.ts <url> <case> <roomId>`. Every socket binds a loopback address of its own
 * (127.<case>.x.y: the whole /8 is local), as a botnet of that many machines would, and is a raw WebSocket
 * (test/helpers/raw-socket.ts): thousands of socket.io-clients would cost this process more than the server.
 *
 * Cases (`swarm-<addresses>-<hello|new>`, `wave-<addresses>`):
 * - `hello`: the sockets said hello before the attack; each then sends 400 `room:chat` into a room it is not in
 *   (the honest match's room), all in one write.
 * - `new`: the sockets only connected; each sends `hello` and 399 `room:chat` in one write.
 * - `wave`: as `hello`, once before the measurement (its sockets are kicked and their addresses put in the
 *   penalty box); when the penalty ends (the kick notice says when) every address reconnects at once and sends
 *   `hello` and 399 `room:chat` in one write: the measured burst.
 * Protocol: prints `ready {...}` once set up, starts the burst on a `go` line on stdin, prints `burst-end {...}`
 * once every socket of the burst was refused or kicked (closed, or all its messages answered), and on SIGTERM
 * one JSON line of totals.
 */
import { createInterface } from 'node:readline';
import { RawSocket } from '../test/helpers/raw-socket.js';

const [url, mode, roomId, repeatArg] = process.argv.slice(2) as [string, string, string, string | undefined];
const m = /^(swarm|wave)-(\d+)(?:-(hello|new))?$/.exec(mode ?? '');
if (!m || !roomId) throw new Error(`usage: abuse-swarm.ts <url> swarm-<n>-<hello|new>|wave-<n> <roomId> [repeat]`);
const WAVE = m[1] === 'wave';
const N = Number(m[2]);
const HELLO_FIRST = WAVE || m[3] === 'hello';
const PER = 400;
/** Each case its own /16, so one case's penalty box does not reach the next. */
// A repeat of a case gets addresses of its own too (the previous repeat's are in the penalty box).
const OCTET =
  ({ 'swarm-300-hello': 6, 'swarm-300-new': 7, 'swarm-3000-hello': 8, 'swarm-3000-new': 9, 'wave-300': 10, 'wave-3000': 11 }[mode] ?? 12) +
  20 * Number(repeatArg ?? 0);
const addressOf = (i: number) => `127.${OCTET}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const totals = { sockets: N, connects: 0, refusedConnects: 0, sent: 0, answered: 0, kicked: 0, codes: {} as Record<string, number>, setupMs: 0 };

/** One attacker machine's socket and how its burst went. */
interface Bot {
  i: number;
  s: RawSocket | null;
  answered: number;
  /** Resolves once the burst is over for this socket: closed, refused at the handshake, or all of it answered. */
  done: Promise<void>;
  finish: () => void;
  /** When the kick notice says its address may come back (ms, this process's clock). */
  backAt: number;
}

function newBot(i: number): Bot {
  let finish = () => {};
  const done = new Promise<void>((r) => (finish = r));
  return { i, s: null, answered: 0, done, finish, backAt: 0 };
}

/** Connects bot `b` (and says hello when asked); false when the server refused the connection. */
async function connect(b: Bot, hello: boolean): Promise<boolean> {
  try {
    b.s = await RawSocket.open(url, addressOf(b.i));
  } catch {
    totals.refusedConnects++;
    return false;
  }
  totals.connects++;
  b.s.on('server:notice', (n) => {
    const notice = n as { kind: string; message: string };
    if (notice.kind !== 'kicked') return;
    totals.kicked++;
    const secs = /reconnect in (\d+) s/.exec(notice.message);
    b.backAt = performance.now() + (secs ? Number(secs[1]) : 30) * 1000;
  });
  if (hello) {
    const ack = await b.s.emitWithAck('hello', { name: `Swarm ${OCTET}.${b.i}` }).catch(() => ({ ok: false, code: 'closed' }));
    if (!ack.ok) throw new Error(`hello refused: ${JSON.stringify(ack)}`);
  }
  return true;
}

/**
 * A burst's bytes, built before the attack (as an attacker's machines would have them ready, and so that this
 * process's CPU is not spent at the attack's moment on two cores it shares with the server): the 400 packets'
 * frames with ack ids from `firstId`, hello first when `hello` names the bot. The chat part is the same bytes for
 * every bot that starts at the same id, so it is built once.
 */
const chatFrames = new Map<string, Buffer>();
function prepared(b: Bot, hello: boolean, firstId: number): Buffer {
  const chats = PER - (hello ? 1 : 0);
  const from = firstId + (hello ? 1 : 0);
  const key = `${from}:${chats}`;
  let chat = chatFrames.get(key);
  if (!chat) {
    chat = RawSocket.frames(Array.from({ length: chats }, (_, k) => RawSocket.packet('room:chat', { roomId, text: 'spam' }, from + k)));
    chatFrames.set(key, chat);
  }
  if (!hello) return chat;
  return Buffer.concat([RawSocket.frames([RawSocket.packet('hello', { name: `Swarm ${OCTET}.${b.i}` }, firstId)]), chat]);
}

/** Counts bot `b`'s acks of a prepared burst whose packets start at `firstId`. */
function expect(b: Bot, firstId: number): void {
  const s = b.s!;
  s.expectAcks(firstId, PER, (ack) => {
    totals.answered++;
    const code = ack.ok ? 'ok' : String(ack.code);
    totals.codes[code] = (totals.codes[code] ?? 0) + 1;
    if (++b.answered === PER) b.finish();
  });
  totals.sent += PER;
  s.onClose(() => b.finish());
}

/** Opens every bot, `parallel` at a time. */
async function connectAll(bots: Bot[], hello: boolean, parallel: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < bots.length) await connect(bots[next++]!, hello);
    }),
  );
}

/** The burst: every socket writes its frames at once; resolves when every one was refused or kicked. */
async function attack(bots: Bot[], frames: Map<Bot, Buffer>): Promise<{ ms: number }> {
  const t0 = performance.now();
  const ready = bots.filter((b) => b.s?.open);
  for (const b of ready) expect(b, HELLO_FIRST ? 1 : 0);
  for (const b of ready) b.s!.writeFrames(frames.get(b)!);
  for (const b of bots) if (!b.s?.open) b.finish();
  await Promise.all(bots.map((b) => b.done));
  return { ms: Math.round(performance.now() - t0) };
}

/** The wave: every address reconnects at once, then sends hello and 399 messages in one write. */
async function wave(bots: Bot[], frames: Map<Bot, Buffer>): Promise<{ ms: number }> {
  const t0 = performance.now();
  await Promise.all(
    bots.map(async (b) => {
      b.answered = 0;
      const fresh = newBot(b.i);
      b.done = fresh.done;
      b.finish = fresh.finish;
      if (!(await connect(b, false))) return b.finish();
      expect(b, 0);
      b.s!.writeFrames(frames.get(b)!);
    }),
  );
  await Promise.all(bots.map((b) => b.done));
  return { ms: Math.round(performance.now() - t0) };
}

const bots = Array.from({ length: N }, (_, i) => newBot(i));
const t0 = performance.now();
await connectAll(bots, HELLO_FIRST, 100);
// The measured burst's bytes: a wave's sockets are new when they send (hello first, ids from 0); a swarm's said
// hello (id 0) when HELLO_FIRST, or send it first.
const measured = new Map(bots.map((b) => [b, WAVE ? prepared(b, true, 0) : prepared(b, !HELLO_FIRST, HELLO_FIRST ? 1 : 0)]));
if (WAVE) {
  // The first flood (not measured): every address is kicked and put in the penalty box.
  await attack(bots, new Map(bots.map((b) => [b, prepared(b, false, 1)])));
  const back = Math.max(...bots.map((b) => b.backAt));
  totals.setupMs = Math.round(performance.now() - t0);
  await sleep(Math.max(0, back - performance.now()) + 1_000);
} else totals.setupMs = Math.round(performance.now() - t0);
// What one socket's burst weighs on the wire (the read floor is measured with as much).
const burstBytes = RawSocket.frames(Array.from({ length: PER }, (_, k) => `42${k}${JSON.stringify(['room:chat', { roomId, text: 'spam' }])}`)).length;
console.log(`ready ${JSON.stringify({ connected: bots.filter((b) => b.s?.open).length, setupMs: totals.setupMs, burstBytes })}`);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() !== 'go') return;
  const before = { ...totals, codes: { ...totals.codes } };
  const cpu0 = process.cpuUsage();
  void (WAVE ? wave(bots, measured) : attack(bots, measured)).then(({ ms }) => {
    const cpu = process.cpuUsage(cpu0);
    const codes = Object.fromEntries(Object.entries(totals.codes).map(([k, v]) => [k, v - (before.codes[k] ?? 0)]));
    console.log(
      `burst-end ${JSON.stringify({ ms, answered: totals.answered - before.answered, kicked: totals.kicked - before.kicked, refusedConnects: totals.refusedConnects - before.refusedConnects, codes, cpuShareOfOneCore: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, ms)) * 100) / 100 })}`,
    );
  });
});

process.once('SIGTERM', () => {
  for (const b of bots) b.s?.close();
  console.log(JSON.stringify(totals));
  process.exit(0);
});
