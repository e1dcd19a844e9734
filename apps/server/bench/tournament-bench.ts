/**
 * `npm run bench:tournament [-- --players 256 --actions 30 --think 300 --honest 20 --format bo1]` (issue 34 §3): a
 * Swiss tournament of scripted players against the real server in a child process (its own temporary SQLite
 * database), beside `--honest` ordinary matches (bench-kit's honest players). Every tournament player is an account
 * with one socket; they confirm each ready check, and in their match play random legal actions after `--think` ms
 * (×0.5–1.5), conceding after `--actions` of their own so a round lasts seconds (a fast clock for a benchmark).
 * Prints per round: the time to pair it (the server's own figure, from its log), to open its rooms, the round's
 * wall time, the database rows it added, the tournament players' send → ack p50 / p99, and the honest matches'
 * ack p99 during the round against a window before the event; JSON last.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { io, type Socket } from 'socket.io-client';
import { makeRng, realise, type Legal } from '@vroyale/engine';
import type { Ack, TournamentView, TournamentYou, ViewMessage } from '@vroyale/protocol';
import { api } from '../test/helpers/auth-http.js';
import { flag, newWindow, Slot, type Recorder } from './bench-kit.js';
import { startSoakServer } from './soak-server.js';

const PLAYERS = Number(flag('players', '256'));
const ACTIONS = Number(flag('actions', '30'));
const FORMAT = flag('format', 'bo1') as 'bo1' | 'bo3';
const THINK_MS = Number(flag('think', '300'));
const HONEST = Number(flag('honest', '20'));
const rnd = makeRng(`tournament-bench-${PLAYERS}`);
const q = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 100) / 100;
};

interface Player {
  i: number;
  socket: Socket;
  username: string;
  /** send → ack of this player's match actions, with when the ack came. */
  acks: { ms: number; at: number }[];
  /** Own actions per room (conceding after ACTIONS). */
  acted: Map<string, number>;
  pending: boolean;
  /** The latest view of each room (a refused action is chosen again from it). */
  last: Map<string, ViewMessage>;
  /** This player's own part of the event's view. */
  you: TournamentView['you'];
}

/** Letters no look-alike folding of usernames touches (auth-http.ts's SAFE): distinct numbers, distinct names. */
const SAFE = 'abcdefghjkpqstxyz';
const safe = (n: number): string => (n < SAFE.length ? SAFE[n]! : safe(Math.floor(n / SAFE.length)) + SAFE[n % SAFE.length]!);
const RUN = safe(Date.now() % 83521);

const emitAck = (s: Socket, event: string, payload: unknown): Promise<Ack<Record<string, unknown>>> => s.timeout(60_000).emitWithAck(event, payload);

/** Each player connects from a loopback address of its own (127.2.x.y), a household of its own to the per-address limits. */
async function connect(url: string, name: string, localAddress?: string): Promise<{ socket: Socket; token: string }> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress } as Parameters<typeof io>[1]);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await emitAck(socket, 'hello', { name });
  if (!ack.ok) throw new Error(`hello: ${ack.message}`);
  return { socket, token: String(ack.token) };
}

/** A guest says hello and registers over HTTP: the session rotates and the open socket follows it (an account now). */
async function account(url: string, i: number): Promise<Player> {
  const username = `tb${safe(i)}x${RUN}`;
  const { socket, token } = await connect(url, username, `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  const r = await api(url, '/api/auth/register', { body: { username, password: `${username} plays a Swiss` }, bearer: token });
  if (r.status !== 201 || !r.cookie) throw new Error(`register ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return { i, socket, username, acks: [], acted: new Map(), pending: false, last: new Map(), you: null };
}

function play(p: Player, v: ViewMessage): void {
  p.last.set(v.roomId, v);
  if (v.result || v.legal.length === 0 || p.pending) return;
  const n = p.acted.get(v.roomId) ?? 0;
  const useful = v.legal.filter((a: Legal) => a.type !== 'concede' && a.type !== 'tilt-star');
  const action = n >= ACTIONS ? { type: 'concede' as const } : realise(useful[Math.floor(rnd() * useful.length)] ?? v.legal[0]!, rnd);
  p.acted.set(v.roomId, n + 1);
  p.pending = true;
  const think = THINK_MS * (0.5 + rnd());
  setTimeout(() => send(p, v, action, n), think);
}

function send(p: Player, v: ViewMessage, action: object, n: number): void {
  const t0 = performance.now();
  p.socket
    .timeout(60_000)
    .emit(
      'match:action',
      { roomId: v.roomId, clientActionId: `${p.username}-${n}-${v.seq}`, seenSeq: v.seq, action },
      (err: Error | null, ack: Ack<object>) => {
        p.pending = false;
        if (!err && ack.ok) return void p.acks.push({ ms: performance.now() - t0, at: performance.now() });
        // Refused (stale: a view came while this was on its way): choose again from the latest view.
        const latest = p.last.get(v.roomId);
        if (latest) setImmediate(() => play(p, latest));
      },
    );
}

const dir = mkdtempSync(join(tmpdir(), 'vroyale-tournament-bench-'));
const server = await startSoakServer(dir, {
  LOG_LEVEL: 'info',
  VROYALE_TOURNAMENT_READY_MS: '30000',
  VROYALE_REGISTRATIONS_PER_ADDRESS: '100000',
  VROYALE_MAX_NEW_SESSIONS_PER_ADDRESS: '100000',
  VROYALE_SOCKETS_PER_ADDRESS: '100000',
  VROYALE_MAX_ROOMS_PER_ADDRESS: '100000',
  VROYALE_RATE_ADDRESS_CAPACITY: '1000000',
  VROYALE_RATE_ADDRESS_PER_SEC: '1000000',
  VROYALE_RATE_SESSION_CAPACITY: '100000',
  VROYALE_RATE_SESSION_PER_SEC: '100000',
  VROYALE_RATE_CAPACITY: '100000',
  VROYALE_RATE_PER_SEC: '100000',
  VROYALE_RATE_NEW_CAPACITY: '100000',
  VROYALE_RATE_NEW_PER_SEC: '100000',
  VROYALE_READ_PARK: 'off',
});
const rowsNow = () => {
  const db = new Database(server.dbPath, { readonly: true, fileMustExist: true });
  try {
    const n = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { actions: n('actions'), matches: n('matches'), rooms: n('rooms') };
  } finally {
    db.close();
  }
};

const rec: Recorder = { win: newWindow(), finishedMatches: 0, thinkMs: THINK_MS, rnd: makeRng('tournament-bench-honest') };
const honestAcks = (from: number, to: number) => rec.win.acks.filter((_, k) => rec.win.ackAt[k]! >= from && rec.win.ackAt[k]! <= to);
const slots: Slot[] = [];
try {
  const t0 = performance.now();
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i += 16)
    players.push(...(await Promise.all(Array.from({ length: Math.min(16, PLAYERS - i) }, (_, k) => account(server.url, i + k)))));
  const setupMs = Math.round(performance.now() - t0);
  // Honest matches beside the event (from addresses of their own, 127.1.x.y), and a window of them before it.
  for (let i = 0; i < HONEST; i++) slots.push(await Slot.open(server.url, i, false, rec));
  await Promise.all(slots.map((s) => s.start()));
  await new Promise((r) => setTimeout(r, 5_000));
  const b0 = performance.now();
  await new Promise((r) => setTimeout(r, 10_000));
  const baseline = honestAcks(b0, performance.now());
  const org = players[0]!;
  const created = await emitAck(org.socket, 'tournament:create', { name: `Bench Swiss ${PLAYERS}`, format: FORMAT, registrationMinutes: 60, roundMinutes: 60 });
  if (!created.ok) throw new Error(`create: ${created.message}`);
  const id = String(created.tournamentId);
  for (const p of players) {
    p.socket.on('match:view', (v: ViewMessage) => play(p, v));
    // The update is the same for every watcher; this player's own part comes with acks and `tournament:you`.
    p.socket.on('tournament:you', (m: TournamentYou) => {
      if (m.tournamentId === id) p.you = m.you;
    });
    p.socket.on('tournament:update', (v: TournamentView) => {
      if (v.id === id && v.phase.kind === 'ready-check' && p.you && !p.you.ready && !p.you.dropped)
        void emitAck(p.socket, 'tournament:ready', { tournamentId: id }).then((r) => {
          if (r.ok) p.you = (r as unknown as TournamentView).you;
        });
    });
  }
  for (let i = 0; i < players.length; i += 32)
    await Promise.all(
      players.slice(i, i + 32).map(async (p) => {
        const r = await emitAck(p.socket, 'tournament:register', { tournamentId: id, roster: p.i % 2 ? 'mod-squad' : 'raid-night' });
        if (!r.ok) throw new Error(`register: ${r.message}`);
        p.you = (r as unknown as TournamentView).you;
      }),
    );
  const watcher = await connect(server.url, 'Bench watcher');
  let last: TournamentView | null = null;
  const changes: ((v: TournamentView) => void)[] = [];
  watcher.socket.on('tournament:update', (v: TournamentView) => {
    last = v;
    for (const f of changes.splice(0)) f(v);
  });
  await emitAck(watcher.socket, 'tournament:watch', { tournamentId: id });
  const until = (ok: (v: TournamentView) => boolean) =>
    new Promise<TournamentView>((resolve) => {
      const check = (v: TournamentView) => (ok(v) ? resolve(v) : changes.push(check));
      if (last && ok(last)) resolve(last);
      else changes.push(check);
    });

  const started = await emitAck(org.socket, 'tournament:manage', { op: 'start', tournamentId: id });
  if (!started.ok) throw new Error(`start: ${started.message}`);
  const rounds: Record<string, unknown>[] = [];
  const total = Number(started.rounds);
  let rows = rowsNow();
  for (let n = 1; n <= total; n++) {
    const tr = performance.now();
    await until((v) => v.phase.kind === 'ready-check' && v.phase.round === n);
    const readyAt = performance.now();
    await until((v) => v.phase.kind === 'playing' && v.phase.round === n);
    const pairedAt = performance.now();
    const done = await until((v) => v.status === 'finished' || (v.phase.kind === 'ready-check' && v.phase.round === n + 1) || v.phase.kind === 'paused');
    const t1 = performance.now();
    const acks = players.flatMap((p) => p.acks.filter((a) => a.at >= pairedAt && a.at <= t1).map((a) => a.ms));
    const now = rowsNow();
    const round = done.history.find((r) => r.stage === 'swiss' && r.number === n)!;
    const line = {
      round: n,
      tables: round.pairings.length,
      readyCheckMs: Math.round(pairedAt - readyAt),
      roundMs: Math.round(t1 - pairedAt),
      wallMs: Math.round(t1 - tr),
      actions: acks.length,
      ackP50Ms: q(acks, 0.5),
      ackP99Ms: q(acks, 0.99),
      honestAckP99Ms: q(honestAcks(pairedAt, t1), 0.99),
      honestSamples: honestAcks(pairedAt, t1).length,
      rows: { actions: now.actions - rows.actions, matches: now.matches - rows.matches, rooms: now.rooms - rows.rooms },
    };
    rows = now;
    rounds.push(line);
    console.log(JSON.stringify(line));
    if (done.status === 'finished') break;
  }
  // The server's own figures per round: pairing (pure, the event loop) and opening the rooms.
  const logged = readFileSync(join(dir, 'server.log'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"tournament round paired"'))
    .map((l) => JSON.parse(l) as { round: number; stage: string; pairMs: number; openMs: number; tables: number });
  for (const r of rounds) {
    const s = logged.find((l) => l.stage === 'swiss' && l.round === r.round);
    Object.assign(r, { pairMs: s?.pairMs ?? null, openRoomsMs: s?.openMs ?? null });
  }
  const all = players.flatMap((p) => p.acks.map((a) => a.ms));
  const summary = {
    players: PLAYERS,
    format: FORMAT,
    actionsBeforeConcede: ACTIONS,
    thinkMs: THINK_MS,
    honestMatches: HONEST,
    honestBaselineAckP99Ms: q(baseline, 0.99),
    honestDuringAckP99Ms: q(honestAcks(b0 + 10_000, performance.now()), 0.99),
    setupMs,
    rounds,
    pairMsMax: Math.max(...rounds.map((r) => Number(r.pairMs ?? 0))),
    roundMsMean: Math.round(rounds.reduce((a, r) => a + Number(r.roundMs), 0) / rounds.length),
    ackP99Ms: q(all, 0.99),
    serverErrors: server.log.errors,
    firstErrors: server.log.firstErrors.slice(0, 3),
  };
  for (const p of players) p.socket.disconnect();
  for (const sl of slots) sl.close();
  watcher.socket.disconnect();
  console.log(JSON.stringify(summary));
} finally {
  await server.stop();
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  else console.error(dir);
}
