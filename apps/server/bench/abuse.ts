/**
 * Abuse benchmark: `npm run bench:abuse [-- --matches 20 --think 300 --window 20 --repeats 3 --min-burst-samples 200 --max-repeats 13 --pin-loop off --cases ack-flood,many-sockets,spectators,room-fill,swarm-300-hello,swarm-300-new,swarm-3000-hello,swarm-3000-new,wave-3000,crowded]`.
 *
 * Starts the real server in a child process with its production defaults (limits, caps, penalties: nothing
 * raised for the benchmark), keeps `--matches` honest human-vs-human matches playing from this process (think
 * 0.5–1.5 × `--think` ms, then a random legal action; each match from its own loopback address), and measures
 * their action-to-broadcast latency and throughput, for each case, over a window without abuse (its baseline)
 * and then over a window under the case, which `abuser.ts` plays from another process (so its busy loops cost the
 * machine, as an attacker's traffic would, but not this process's event loop; at the lowest priority, as the swarm:
 * `yieldAsAttacker` in abuse-burst.ts). The window starts as the
 * abuse starts: the first seconds, before the server has told the abuser off, are the worst and are counted.
 *
 * Bar (issue 15): under every case, honest p99 ≤ 2 × the baseline's and actions/s ≥ 90% of the baseline's.
 * Also printed per case: the server's event-loop delay and CPU, its flood counters (sockets disconnected,
 * handshakes and messages refused) and what the abuser got. The last line is one JSON object.
 *
 * The many-address cases (issue 36: `swarm-<300|3000>-<hello|new>`, `wave-<300|3000>`; abuse-swarm.ts plays them,
 * abuse-burst.ts measures them) report the burst itself as well (attack start → last flooder refused or kicked):
 * bars there are honest send → ack p99 ≤ 5 × the baseline's and the server's event loop ≤ 50 ms in one turn, and
 * after the burst today's bars. Each row carries the machine's load and CPU pressure (`/proc/pressure/cpu`): on a
 * shared machine the figures are only as good as the quiet they were taken in.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRng } from '@vroyale/engine';
import { BURST_BARS, machine, measureBurst, poolBursts, yieldAsAttacker, type BaselineRow, type BurstRun } from './abuse-burst.js';
import { connect, emit, flag, metrics, newWindow, pct, pinLoop, round, Slot, startBenchServer, type Recorder } from './bench-kit.js';

const MATCHES = Number(flag('matches', '20'));
const THINK_MS = Number(flag('think', '300'));
const WINDOW_S = Number(flag('window', '20'));
/** Bursts per many-address case, each after its own baseline window, judged pooled (abuse-burst.ts `poolBursts`). */
const REPEATS = Number(flag('repeats', '3'));
/**
 * More bursts, up to `--max-repeats`, until the pooled bursts hold this many honest acks: a 300-address burst
 * lasts a third of a second (about 25 honest acks), and the p99 of 70 samples is their worst one, which a single
 * collection pause decides. With 200 it is the third worst.
 */
const MIN_BURST_SAMPLES = Number(flag('min-burst-samples', '200'));
// 13 at most: each burst of a case binds addresses of its own, 127.<case + 20 × repeat>.x.y (abuse-swarm.ts), and
// the second octet stops at 255. With bursts of 200–450 ms (15–30 honest acks) ten could fall short of 200.
const MAX_REPEATS = Number(flag('max-repeats', '13'));
if (!(MAX_REPEATS >= 1 && MAX_REPEATS <= 13)) throw new Error('--max-repeats: 1 to 13 (the swarm loopback addresses run out after that)');
/** The server's event loop alone on a core, the rest (its other threads, the honest players, the abusers) on the others: bench-kit's `pinLoop`. */
const PIN_LOOP = flag('pin-loop', 'off') === 'on';
// `crowded` leaves 19,800 rooms behind: it goes last.
const CASES = flag(
  'cases',
  'ack-flood,many-sockets,spectators,room-fill,swarm-300-hello,swarm-300-new,swarm-3000-hello,swarm-3000-new,wave-3000,crowded',
).split(',');
const isBurst = (name: string) => /^(swarm|wave)-/.test(name);
const rec: Recorder = { win: newWindow(), finishedMatches: 0, thinkMs: THINK_MS, rnd: makeRng('abuse-bench') };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Metrics = Awaited<ReturnType<typeof metrics>>;

async function measure(
  metricsUrl: string,
  name: string,
  during?: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown> & BaselineRow & { case: string }> {
  const atStart = machine();
  const m0: Metrics = await metrics(metricsUrl);
  rec.win = newWindow();
  const t0 = performance.now();
  await sleep(WINDOW_S * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const win = rec.win;
  if (process.env.ABUSE_TIMELINE)
    console.log(name, JSON.stringify(win.at.map((t, i) => [Math.round((t - t0) / 100) / 10, Math.round(win.latencies[i]!)]).filter(([, l]) => l! > 8)));
  const m: Metrics = await metrics(metricsUrl);
  const abuser = during ? await during() : null;
  const f0 = m0.flood ?? { kicks: 0, refusedConnections: 0, refusedMessages: 0, droppedTcp: 0 };
  const f1 = m.flood ?? f0;
  return {
    case: name,
    actionsPerSec: round(win.actions / seconds),
    p50: round(pct(win.latencies, 50)),
    p99: round(pct(win.latencies, 99)),
    ackP99: win.acks.length > 0 ? round(pct(win.acks, 99)) : null,
    max: round(pct(win.latencies, 100)),
    samples: win.latencies.length,
    errors: win.errors,
    serverLoopDelayMs: m.eventLoopDelayMs,
    serverCpuShareOfOneCore: m.cpu.shareOfOneCore,
    connectionsAtEnd: m.connections,
    flood: {
      kicks: f1.kicks - f0.kicks,
      refusedConnections: f1.refusedConnections - f0.refusedConnections,
      refusedMessages: f1.refusedMessages - f0.refusedMessages,
      droppedTcp: f1.droppedTcp - f0.droppedTcp,
    },
    abuser,
    machine: atStart,
    // Copies: the recorder keeps filling this window until the next one starts (a swarm's set-up, a wave's first flood).
    raw: { latencies: win.latencies.slice(), acks: win.acks.slice() },
  };
}

/** Starts `abuser.ts <case>` and returns its stop (SIGTERM → its JSON line). */
async function startAbuser(url: string, name: string, roomId: string | null): Promise<() => Promise<Record<string, unknown>>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/abuser.ts', url, name, ...(roomId ? [roomId] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  yieldAsAttacker(child.pid);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!out.includes('started')) {
    if (child.exitCode !== null) throw new Error(`abuser ${name} exited with ${child.exitCode}`);
    await sleep(20);
  }
  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    const last = out.trim().split('\n').pop() ?? '{}';
    try {
      return JSON.parse(last) as Record<string, unknown>;
    } catch {
      return { output: last };
    }
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-abuse-'));
  const { child, url, metricsUrl } = await startBenchServer(dir);
  const slots: Slot[] = [];
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  const bursts: ReturnType<typeof poolBursts>[] = [];
  let honestCanCreate: boolean | null = null;
  try {
    for (let i = 0; i < MATCHES; i++) slots.push(await Slot.open(url, i, false, rec));
    await Promise.all(slots.map((s) => s.start()));
    console.log(
      `server ${url}; ${cpus().length} cores; ${MATCHES} honest matches, think ${THINK_MS} ms (×0.5–1.5); windows of ${WINDOW_S} s; server limits at their defaults${PIN_LOOP ? "; the server's event loop alone on core 0" : ''}`,
    );
    // Past the openings (mulligans, first turns) and the server's warm-up (JIT), before any window.
    await sleep(10_000);
    const show = (r: (typeof rows)[number]) =>
      console.log(
        `${r.case.padEnd(13)} | ${String(r.actionsPerSec).padStart(6)} actions/s | p50 ${r.p50} ms p99 ${r.p99} ms max ${r.max} ms (${r.samples}) | server loop p99 ${(r.serverLoopDelayMs as { p99: number }).p99} ms max ${(r.serverLoopDelayMs as { max: number }).max} ms | cpu ${Math.round((r.serverCpuShareOfOneCore as number) * 100)}% | kicked ${(r.flood as { kicks: number }).kicks}, refused ${(r.flood as { refusedConnections: number }).refusedConnections} handshakes, ${(r.flood as { refusedMessages: number }).refusedMessages} messages, dropped ${(r.flood as { droppedTcp: number }).droppedTcp} TCP${r.abuser ? ` | abuser ${JSON.stringify(r.abuser)}` : ''}`,
      );
    for (const name of CASES) {
      if (PIN_LOOP && !pinLoop(child.pid!)) throw new Error('--pin-loop on needs two cores and taskset');
      // Each case is compared with a window without abuse just before it: the machine drifts over minutes
      // (other work, the matches' phases), a ratio of neighbouring windows does not.
      const before = await measure(metricsUrl, `(no abuse)`);
      show(before);
      if (isBurst(name)) {
        const runs: BurstRun[] = [];
        const baselines: BaselineRow[] = [];
        const enough = () => runs.length >= REPEATS && (runs.reduce((n, r) => n + r.burst.samples, 0) >= MIN_BURST_SAMPLES || runs.length >= MAX_REPEATS);
        for (let repeat = 0; !enough(); repeat++) {
          const base = repeat === 0 ? before : await measure(metricsUrl, `(no abuse)`);
          if (repeat > 0) show(base);
          baselines.push(base);
          const b = await measureBurst({
            url,
            metricsUrl,
            name,
            roomId: slots[0]!.roomId ?? 'none',
            rec,
            windowS: WINDOW_S,
            baseline: base,
            repeat,
            floors: repeat === REPEATS - 1,
          });
          runs.push(b);
          console.log(
            `${`${name} #${repeat + 1}`.padEnd(19)} | burst ${b.burst.ms} ms: honest ack p99 ${b.burst.honestAckP99} ms (${b.burst.samples}) vs ${base.ackP99} ms, loop max ${b.burst.serverLoopMaxMs} ms, server action p99 ${b.burst.serverActionP99Ms} ms, seated read wait p99 ${b.burst.seatedReadWaitP99Ms} ms (max ${b.burst.seatedReadWaitMaxMs}), commit p99 ${b.burst.commitP99Ms} ms | after: p99 ${b.after.p99} ms vs ${base.p99} ms, ${b.after.actionsPerSec} actions/s vs ${base.actionsPerSec} | kicked ${b.window.flood.kicks} | load ${b.machineAtStart.loadavg.join(' ')}, cpu pressure ${b.window.cpuPressurePct}% | alone ${b.met ? 'within the bars' : 'over a bar'} ${JSON.stringify(b.burst.swarm)}`,
          );
          await sleep(5_000);
        }
        bursts.push(poolBursts(name, runs, baselines));
        continue;
      }
      // Spectators watch the match with the most left to play.
      const target = name === 'spectators' ? [...slots].sort((x, y) => x.seq - y.seq)[0]!.roomId : null;
      const stop = await startAbuser(url, name, target);
      const row = await measure(metricsUrl, name, stop);
      show(row);
      rows.push(before, row);
      if (name === 'room-fill') {
        // The global room table is still open to someone else.
        const other = await connect(url, 'Newcomer', '127.4.0.1');
        honestCanCreate = (await emit(other, 'room:create', { visibility: 'public' })).ok;
        other.disconnect();
      }
      // The abuser's sockets closing (500 spectators leaving at once) is part of its case, not the next baseline.
      await sleep(5_000);
    }
  } finally {
    for (const s of slots) s.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
  const cases = [];
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const [base, r] = [rows[i]!, rows[i + 1]!];
    const { raw: _b, ...baseline } = base;
    const { raw: _r, ...abused } = r;
    cases.push({
      case: r.case,
      baseline,
      abused,
      p99Ratio: round(r.p99 / base.p99),
      throughputRatio: round(r.actionsPerSec / base.actionsPerSec),
      met: r.p99 <= 2 * base.p99 && r.actionsPerSec >= 0.9 * base.actionsPerSec,
    });
  }
  for (const c of cases)
    console.log(
      `${c.case.padEnd(13)} p99 ${c.abused.p99} ms vs ${c.baseline.p99} ms without abuse (×${c.p99Ratio}), throughput ×${c.throughputRatio}: ${c.met ? 'within the bar' : 'OVER THE BAR'}`,
    );
  for (const b of bursts)
    console.log(
      `${b.case.padEnd(16)} ${b.repeats} bursts pooled: ack p99 ×${b.bars.burstAckP99Ratio} (${b.pooled.burstAckP99} vs ${b.pooled.baselineAckP99} ms, ${b.pooled.burstSamples} samples; alone ${b.runs.map((r) => `×${r.bars.burstAckP99Ratio}`).join(' ')}), loop max ${b.bars.burstLoopMaxMs} ms (a bare read of as much: ${b.readFloor?.loopMaxMs} ms, parked: ${b.parkedFloor?.loopMaxMs} ms); after: p99 ×${b.bars.afterP99Ratio}, throughput ×${b.bars.afterThroughputRatio}: ${b.met ? 'within the bars' : 'OVER A BAR'}`,
    );
  const expected = CASES.filter((c) => !isBurst(c)).length;
  const met =
    cases.length === expected &&
    cases.every((c) => c.met) &&
    bursts.length === CASES.length - expected &&
    bursts.every((b) => b.met) &&
    honestCanCreate !== false;
  console.log(
    JSON.stringify({
      matches: MATCHES,
      thinkMs: THINK_MS,
      windowSeconds: WINDOW_S,
      pinnedLoop: PIN_LOOP,
      cases,
      bursts,
      honestCanCreateAfterRoomFill: honestCanCreate,
      bar: { p99Ratio: 2, throughputRatio: 0.9, ...BURST_BARS, met },
    }),
  );
}

await main();
process.exit(0);
