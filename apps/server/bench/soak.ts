/**
 * Soak benchmark (issue 31 §3): `npm run bench:soak -- --minutes 60 [--matches 300 --plot docs/soak-60min.svg]`.
 *
 * One real server in a child process (soak-server.ts: its own temporary database, `--expose-gc`, metrics on a
 * loopback listener of its own) and, from this process over loopback sockets, `--matches` live matches for
 * `--minutes` after the ramp: people-like think times (log-normal, median `--think` ms), `--vsbot` of them against
 * the server's bot, `--queue` of the two-player ones paired by the casual queue, the rest in private rooms; each
 * match followed by another a few seconds later; players dropping their connection and coming back
 * (`--reconnect-every` minutes on average), a few chat lines, `--leave-share` of players pressing Leave on a
 * finished match (the others just move on, as most web users do), `--account-share` of players registering an account
 * first; `--spectators` watching live matches and moving on; `--churn` accounts signing in and out in a loop
 * (signed in `--churn-hold` 20,90 seconds, out `--churn-pause` 5,30).
 *
 * Every `--sample` minutes (and at the start) it records the server's live heap after full collections, RSS,
 * open handles, event-loop p99 and max, the database's size, live matches, sockets and the machine's CPU pressure.
 * It prints the slope of heap and RSS per hour over the samples after `--warmup` minutes (default 20: finished
 * rooms stay in memory 10 minutes and a match's memory grows with its length, so memory rises until the first
 * finished rooms leave and the matches' ages spread out), as a share of their level at the window's start.
 * At the end the clients close, the server stops (SIGTERM), and its database is checked against every action the
 * clients were acknowledged. The bar: heap and RSS slopes under 5% of the baseline per hour, no error in the
 * server's log (level error or fatal, or anything on stderr), no acknowledged action missing. JSON last.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { makeRng } from '@vroyale/engine';
import { cpuPressure, flag, psi, round, slotAddress } from './bench-kit.js';
import { isVsBotSlot } from './bench-window.js';
import { botSlot, pairSlot, queuePlayer, type Player } from './soak-players.js';
import { checkDatabase, sampleServer, startSoakServer, type ServerSample } from './soak-server.js';
import { plotSvg, slopePerHour } from './soak-stats.js';
import { signInAndOut, spectator } from './soak-visitors.js';
import { World } from './soak-world.js';

const num = (name: string, fallback: number) => {
  const v = Number(flag(name, String(fallback)));
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a non-negative number`);
  return v;
};
const MINUTES = num('minutes', 60);
const MATCHES = Math.round(num('matches', 300));
const SAMPLE_MIN = num('sample', 5);
const WARMUP_MIN = num('warmup', Math.min(20, MINUTES / 3));
const THINK_MS = num('think', 2_500);
const VS_BOT = Math.min(1, num('vsbot', 0.1));
const QUEUE = Math.min(1, num('queue', 0.2));
const SPECTATORS = Math.round(num('spectators', Math.round(MATCHES / 5)));
const CHURN = Math.round(num('churn', Math.max(2, Math.round(MATCHES / 15))));
const RECONNECT_MIN = num('reconnect-every', 10);
const ACCOUNT_SHARE = Math.min(1, num('account-share', 0.2));
const LEAVE_SHARE = Math.min(1, num('leave-share', 0.5));
const RAMP_PER_SEC = Math.max(1, num('ramp', 20));
/** How long a signed-in account stays before signing out, and pauses before signing in again: [min, max] seconds. */
const range = (name: string, fallback: string): [number, number] => {
  const [a, b] = flag(name, fallback).split(',').map(Number);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a! < 0 || b! < a!) throw new Error(`--${name} must be 'min,max' seconds`);
  return [a! * 1000, b! * 1000];
};
const CHURN_HOLD = range('churn-hold', '20,90');
const CHURN_PAUSE = range('churn-pause', '5,30');
const PLOT = flag('plot', '');
const SLOPE_BAR_PCT = 5;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-soak-'));
  // Many accounts register from this one machine: lift the per-address registration limit for this server only.
  const server = await startSoakServer(dir, { VROYALE_REGISTRATIONS_PER_ADDRESS: '100000' });
  const rnd = makeRng('soak');
  // Fewer, slower matches per minute between matches than between decisions: people read the result, chat, queue.
  const w = new World(
    server.url,
    { thinkMedianMs: THINK_MS, betweenMatchesMs: [THINK_MS, THINK_MS * 4], reconnectEveryMin: RECONNECT_MIN, chatShare: 0.03 },
    rnd,
  );
  const players: Player[] = [];
  const visitors: Promise<void>[] = [];
  const samples: ServerSample[] = [];
  const pressures: number[] = [];
  const t0 = performance.now();
  let loadAt = 0;
  const minutes = () => (performance.now() - loadAt) / 60_000;
  const sample = async () => {
    const p = cpuPressure();
    if (p !== null) pressures.push(p);
    const s = await sampleServer(server, minutes(), p);
    samples.push(s);
    console.log(
      `${s.minute.toFixed(1).padStart(5)} min | heap ${(s.heapBytes / 1e6).toFixed(1)} MB | rss ${(s.rssBytes / 1e6).toFixed(1)} MB | handles ${s.openHandles} | loop p99 ${s.loopP99Ms} ms max ${s.loopMaxMs} ms | db ${(s.dbBytes / 1e6).toFixed(1)} MB | ${s.liveMatches} live matches, ${s.sockets} sockets, ${s.roomsInMemory} rooms | ${w.tally.actions} actions acked, ${w.tally.matchesFinished} matches finished | cpu pressure ${s.cpuPressurePct ?? '-'}%`,
    );
  };
  let exitCode: number | string = 'not stopped';
  let db: ReturnType<typeof checkDatabase> | null = null;
  try {
    console.log(
      `server ${server.url}; ${cpus().length} cores; ${MATCHES} matches (${Math.round(VS_BOT * 100)}% vs bot, ${Math.round(QUEUE * 100)}% of the others by the queue), ${SPECTATORS} spectators, ${CHURN} accounts signing in and out; think median ${THINK_MS} ms; ${MINUTES} min, a sample every ${SAMPLE_MIN} min, warm-up ${WARMUP_MIN} min; load avg ${round(loadavg()[0]!)}`,
    );
    // Ramp: RAMP_PER_SEC slots a second, each connecting, registering (some) and starting its first match.
    const accountFor = () => rnd() < ACCOUNT_SHARE;
    const leaves = () => rnd() < LEAVE_SHARE;
    let queueN = 0;
    const step = Math.max(1, Math.round(RAMP_PER_SEC / 10));
    for (let i = 0; i < MATCHES; i += step) {
      const batch = [];
      for (let k = i; k < Math.min(MATCHES, i + step); k++) {
        const at = slotAddress(k);
        if (isVsBotSlot(k, VS_BOT)) batch.push(botSlot(w, k, at, accountFor(), leaves()));
        else if (isVsBotSlot(queueN++, QUEUE))
          batch.push(queuePlayer(w, `q${k}a`, at, accountFor(), leaves()), queuePlayer(w, `q${k}b`, at, accountFor(), leaves()));
        else batch.push(pairSlot(w, k, at, accountFor, leaves));
      }
      await Promise.all(batch.flatMap((s) => s.players.map((p) => p.connect())));
      for (const s of batch) {
        players.push(...s.players);
        for (const p of s.players) p.scheduleDrops();
        void s.start();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < SPECTATORS; i++) visitors.push(spectator(w, `s${i}`, `127.2.${i >> 8}.${i & 255}`));
    for (let i = 0; i < CHURN; i++) visitors.push(signInAndOut(w, `c${i}`, `127.3.${i >> 8}.${i & 255}`, CHURN_HOLD, CHURN_PAUSE));
    loadAt = performance.now();
    console.log(`ramp done in ${round((loadAt - t0) / 1000)} s`);
    await sample();
    for (let next = SAMPLE_MIN; next <= MINUTES + 1e-9; next += SAMPLE_MIN) {
      await new Promise((r) => setTimeout(r, Math.max(0, loadAt + next * 60_000 - performance.now())));
      await sample();
    }
  } finally {
    w.stop();
    for (const p of players) p.close();
    await Promise.all(visitors);
    exitCode = await server.stop();
  }
  db = checkDatabase(server.dbPath, w.acked);
  const stalled = players.filter((p) => p.stalled(5 * 60_000)).length;

  const window = samples.filter((s) => s.minute >= WARMUP_MIN - 1e-9);
  const heap = slopePerHour(window.map((s) => ({ minute: s.minute, value: s.heapBytes })));
  const rss = slopePerHour(window.map((s) => ({ minute: s.minute, value: s.rssBytes })));
  const all = {
    heap: slopePerHour(samples.map((s) => ({ minute: s.minute, value: s.heapBytes }))),
    rss: slopePerHour(samples.map((s) => ({ minute: s.minute, value: s.rssBytes }))),
  };
  const pct = (x: number) => round(x);
  const flat = (s: typeof heap) => Number.isFinite(s.pctOfBaselinePerHour) && s.pctOfBaselinePerHour < SLOPE_BAR_PCT;
  if (PLOT) {
    const path = resolve(process.env.INIT_CWD ?? process.cwd(), PLOT);
    mkdirSync(dirname(path), { recursive: true });
    const avgPressure = pressures.length ? Math.round(pressures.reduce((a, b) => a + b, 0) / pressures.length) : null;
    writeFileSync(
      path,
      plotSvg(
        `Soak: ${MATCHES} matches for ${MINUTES} min, server memory after full GC`,
        [
          {
            label: 'heap (live, after GC)',
            colour: '#1f6fd1',
            points: samples.map((s) => ({ minute: s.minute, value: s.heapBytes })),
            fit: { fromMinute: window[0]?.minute ?? 0, slope: heap },
          },
          {
            label: 'RSS',
            colour: '#d1561f',
            points: samples.map((s) => ({ minute: s.minute, value: s.rssBytes })),
            fit: { fromMinute: window[0]?.minute ?? 0, slope: rss },
          },
        ],
        WARMUP_MIN,
        `${cpus().length} cores; mean CPU pressure ${avgPressure ?? '-'}%`,
      ),
    );
    console.log(`plot: ${path}`);
  }
  const slope = (s: typeof heap) => ({
    perHourMB: round(s.perHour / 1e6),
    baselineMB: round(s.baseline / 1e6),
    pctOfBaselinePerHour: pct(s.pctOfBaselinePerHour),
    r2: round(s.r2),
    samples: s.samples,
  });
  const bar = {
    slopeUnderPct: SLOPE_BAR_PCT,
    heapFlat: flat(heap),
    rssFlat: flat(rss),
    noServerErrors: server.log.errors === 0,
    noAckedActionLost: db.lost === 0 && db.mismatched === 0,
  };
  console.log(
    `slopes after ${WARMUP_MIN} min: heap ${slope(heap).perHourMB} MB/h (${slope(heap).pctOfBaselinePerHour}% of ${slope(heap).baselineMB} MB), rss ${slope(rss).perHourMB} MB/h (${slope(rss).pctOfBaselinePerHour}% of ${slope(rss).baselineMB} MB) | server log: ${server.log.errors} errors, ${server.log.warnings} warnings | ${db.acked} acked actions, ${db.lost} lost, ${db.mismatched} mismatched | exit ${exitCode}`,
  );
  for (const e of server.log.firstErrors) console.log(`server error: ${e}`);
  for (const e of db.examples) console.log(`database: ${e}`);
  console.log(
    JSON.stringify({
      config: {
        minutes: MINUTES,
        matches: MATCHES,
        sampleMinutes: SAMPLE_MIN,
        warmupMinutes: WARMUP_MIN,
        thinkMedianMs: THINK_MS,
        vsBotShare: VS_BOT,
        queueShare: QUEUE,
        spectators: SPECTATORS,
        churnAccounts: CHURN,
        reconnectEveryMin: RECONNECT_MIN,
        accountShare: ACCOUNT_SHARE,
        leaveShare: LEAVE_SHARE,
      },
      machine: {
        cores: cpus().length,
        loadAvg1m: round(loadavg()[0]!),
        cpuPressureMeanPct: pressures.length ? round(pressures.reduce((a, b) => a + b, 0) / pressures.length) : null,
        cpuPressureMaxPct: pressures.length ? Math.max(...pressures) : null,
        psiAvailable: psi() !== null,
      },
      samples,
      slopes: { afterWarmup: { heap: slope(heap), rss: slope(rss) }, whole: { heap: slope(all.heap), rss: slope(all.rss) } },
      server: {
        exit: exitCode,
        errors: server.log.errors,
        warnings: server.log.warnings,
        warningsByMsg: server.log.warningsByMsg,
        firstErrors: server.log.firstErrors,
      },
      database: db,
      clients: { ...w.tally, players: players.length, stalledMatches: stalled },
      bar: { ...bar, met: bar.heapFlat && bar.rssFlat && bar.noServerErrors && bar.noAckedActionLost },
    }),
  );
  // The server's log is kept when it holds errors (the path is printed); otherwise the whole folder goes.
  if (server.log.errors > 0) console.log(`server log kept: ${join(dir, 'server.log')}`);
  else rmSync(dir, { recursive: true, force: true });
}

await main();
process.exit(0);
