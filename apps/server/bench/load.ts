/**
 * Load benchmark: `npm run bench:server [-- --levels 100,250,500 --hold 20 --think 1000 --vsbot 0.1 --max-pressure 30]`.
 *
 * Starts the real server in a child process (its own temporary database, default settings: group commit,
 * WAL checkpoints and server bots on worker threads) and, from this process, N concurrent matches over real
 * Socket.IO connections on loopback, ramping through the levels. Finished matches are replaced at once.
 *
 * The clients model people, not scripts:
 * - **Think time.** Before each decision a client waits uniformly between 0.5× and 1.5× `--think` (default
 *   1000 ms, so 0.5–1.5 s), then plays a random legal action (never concede, never a manual star tilt; a
 *   declaration offer answered by a random legal declaration).
 *   People take longer than that on most decisions (mulligans, main-step plays, attacks: several seconds),
 *   so one action per second per match is a pessimistic rate: 500 matches make ~500 actions/s.
 * - **Some matches are against the server's bot** (`--vsbot`, default 0.1 of the slots): one human client
 *   and a "play vs bot" room, so strongBot decisions run on the server during the measurement
 *   (VROYALE_BOT_DELAY_MS, default 600 ms, before each bot move).
 *
 * Per level, over the `hold` seconds after the level is reached: concurrent matches, actions/s,
 * action-to-broadcast latency (emit → the acting socket receives the view with that action's seq: p50/p99;
 * also the server's own share of it, the action taken off its match queue → last view handed to the socket
 * layer, from the `vroyale_action_to_broadcast_seconds` buckets), the server's
 * event-loop delay (p50/p99/max, scraped from its Prometheus listener), the server's CPU use (share of one core, all its
 * threads), actions per SQLite commit (group commit) and commit times (an append as the master awaits it,
 * call → COMMIT, from `vroyale_commit_seconds`), server memory per match (live heap
 * after a full collection, and RSS, over the idle baseline ÷ matches), this process's own event-loop delay
 * (a busy load generator inflates latencies, so it is reported too), and the machine's load average and
 * CPU pressure over the window
 * (Linux PSI: the share of time some task waited for a CPU). The machine is shared: when other work makes
 * tasks wait for a CPU more than `--max-pressure` % of a window (default 30; this benchmark's own processes
 * stay near 10% at 500 matches), that window is measured again, at most three times, and every try's
 * pressure is reported. The last line is one JSON object.
 *
 * `--reviews N` (issue 35 §1): N game reviews of finished matches are kept queued or running on the server's
 * review process through the whole run (review-load.ts); each level's line says how many were open and done, and
 * the JSON's `reviews` whether they ran throughout. Compare a level's p99 with and without it. The reviews run in
 * the server's child processes, outside its CPU figures: `reviewCpuShareOfOneCore` is theirs (/proc; a review
 * process killed within the window loses what it used in it).
 * `--reviews-ab S` pairs the comparison within each window: reviews run S seconds, are stopped S seconds
 * (SIGSTOP, no request), and so on; `reviewsAB` gives p50/p99 of each kind of phase and the p99 ratio, and
 * `--ab-samples FILE` appends the window's two lists of latencies to FILE to pool runs (ab-pool.ts).
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { makeRng } from '@vroyale/engine';
import { cpuPressure, flag, latencyFigures, metrics, newWindow, pinLoop, round, Slot, startBenchServer, threadCpu, type Recorder } from './bench-kit.js';
import { measureWindow, rampTo } from './bench-window.js';
import { cpuByPhase, pinReviewProcesses, ReviewLoad, reviewProcessesCpu, ReviewToggle, splitByPhase } from './review-load.js';
const LEVELS = flag('levels', '50,100,200,300,400,500').split(',').map(Number);
const HOLD_S = Number(flag('hold', '20'));
const THINK_MS = Number(flag('think', '1000'));
const RAMP_PER_SEC = Number(flag('ramp', '100'));
const VS_BOT = Math.min(1, Math.max(0, Number(flag('vsbot', '0.1'))));
/** A window during which tasks waited for a CPU more than this share of the time is measured again (0: never). */
const MAX_PRESSURE = Number(flag('max-pressure', '30'));
const TRIES = 3;
/** Game reviews kept queued or running (0: none), and the finished matches played for them before the load. */
const REVIEWS = Math.max(0, Math.floor(Number(flag('reviews', '0'))));
const REVIEW_MATCHES = Number(flag('review-matches', String(Math.max(10, REVIEWS * 5))));
/** With --reviews: seconds of each phase of reviews running and stopped within every window (0: always running). */
const REVIEWS_AB_S = Number(flag('reviews-ab', '0'));
/** A phase's first moments are left out of its split (a fifth of it, at most a second): they carry the last phase's queue. */
const AB_SETTLE_MS = Math.min(1_000, REVIEWS_AB_S * 200);
/** With --reviews-ab: a file each window's split latencies are appended to (a JSON line), to pool runs afterwards. */
const AB_SAMPLES = flag('ab-samples', '');
/** The issue's bar: p99 with reviews running at most this many times the p99 without. */
const AB_MAX_RATIO = 1.1;
/**
 * `--pin-loop on` (Linux, 2+ cores, taskset; bench-kit's `pinLoop`, as bench:abuse has it): the server's event loop
 * alone on core 0; its other threads (the bots), its review processes and this process on the others.
 */
const PIN_LOOP = flag('pin-loop', 'off') === 'on';
const rnd = makeRng('load-bench');

const rec: Recorder = { win: newWindow(), finishedMatches: 0, thinkMs: THINK_MS, rnd };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-bench-'));
  // Every review request comes from 127.0.0.1: its per-address limit is lifted.
  const { child, url, metricsUrl } = await startBenchServer(dir, REVIEWS > 0 ? { VROYALE_REVIEWS_PER_ADDRESS: '1000000' } : {});
  const reviews = REVIEWS > 0 ? new ReviewLoad(url, join(dir, 'bench.db'), REVIEWS) : null;
  const toggle = reviews && REVIEWS_AB_S > 0 ? new ReviewToggle(reviews, child.pid!, REVIEWS_AB_S, metricsUrl, PIN_LOOP ? restCpus() : undefined) : null;
  const own = monitorEventLoopDelay({ resolution: 5 });
  own.enable();
  const slots: Slot[] = [];
  const results: Record<string, unknown>[] = [];
  let idle: { loadAvg1m: number; cpuPressureSome10sPct: number | null } | null = null;
  try {
    if (reviews) {
      const t0 = performance.now();
      const how = await reviews.prepare(REVIEW_MATCHES);
      console.log(
        `${REVIEW_MATCHES} finished matches played for the reviews in ${((performance.now() - t0) / 1000).toFixed(1)} s (${how}); keeping ${REVIEWS} reviews asked for`,
      );
      reviews.start();
    }
    await new Promise((r) => setTimeout(r, 500));
    (global as { gc?: () => void }).gc?.();
    const base = await metrics(metricsUrl, true);
    idle = { loadAvg1m: round(loadavg()[0]!), cpuPressureSome10sPct: cpuPressure() };
    console.log(
      `server ${url}; ${cpus().length} cores; think ${THINK_MS} ms (uniform ×0.5–1.5); ${Math.round(VS_BOT * 100)}% of slots vs the server bot; hold ${HOLD_S} s per level; baseline heap ${(base.memory.heapUsed / 1e6).toFixed(1)} MB; before the load: load avg ${round(loadavg()[0]!)}, cpu pressure ${cpuPressure() ?? '-'}%`,
    );
    type Metrics = Awaited<ReturnType<typeof metrics>>;
    const makeRow = (
      m0: Metrics,
      m: Metrics,
      mem: Metrics['memory'],
      seconds: number,
      benchCpu: number,
      pressure: number | null,
      pressures: number[],
      threads: { main: number; others: number } | null,
      reviewCpuSeconds: number | null,
      serverAB: Awaited<ReturnType<ReviewToggle['serverByPhase']>>,
    ) => ({
      matches: m.activeMatches,
      actionsPerSec: round(rec.win.actions / seconds),
      latencyMs: latencyFigures(rec.win.latencies),
      serverLoopDelayMs: m.eventLoopDelayMs,
      serverSideActionMs: m.serverActionMs,
      serverCpuShareOfOneCore: m.cpu.shareOfOneCore,
      // The server process's CPU time (all threads) over the window ÷ the player actions it applied in it.
      serverCpuMsPerPlayerAction: round((m.cpu.seconds * 1000) / Math.max(1, m.actionsByOrigin.player! - m0.actionsByOrigin.player!)),
      // The same split by thread (/proc): the event loop, and the rest (the server bots' worker threads above all).
      serverCpuMsPerPlayerActionByThread: threads && {
        main: round((threads.main * 1000) / Math.max(1, m.actionsByOrigin.player! - m0.actionsByOrigin.player!)),
        others: round((threads.others * 1000) / Math.max(1, m.actionsByOrigin.player! - m0.actionsByOrigin.player!)),
      },
      // The review processes' CPU over the window (not in the server's figures above).
      reviewCpuShareOfOneCore: reviews && reviewCpuSeconds !== null ? round(reviewCpuSeconds / seconds) : null,
      appliedInWindow: Object.fromEntries(Object.entries(m.actionsByOrigin).map(([o, n]) => [o, n - (m0.actionsByOrigin[o] ?? 0)])),
      commitMs: m.storage.commitMs,
      actionsPerCommit: round((m.storage.appends - m0.storage.appends) / Math.max(1, m.storage.commits - m0.storage.commits)),
      heapPerMatchKB: round((mem.heapUsed - base.memory.heapUsed) / 1024 / Math.max(1, m.activeMatches)),
      rssPerMatchKB: round((mem.rss - base.memory.rss) / 1024 / Math.max(1, m.activeMatches)),
      serverRssMB: round(mem.rss / 1e6),
      benchLoopDelayMs: { p99: round(own.percentile(99) / 1e6), max: round(own.max / 1e6) },
      benchCpuShareOfOneCore: benchCpu,
      staleRefusals: rec.win.stale,
      otherErrors: rec.win.errors,
      machineLoadAvg1m: round(loadavg()[0]!),
      cpuPressurePct: pressure,
      windowTries: pressures.length || 1,
      pressureOfEachTryPct: [...pressures],
      // --reviews-ab: the window's latencies with reviews running and stopped, phase against phase.
      reviewsAB: toggle && abSplit(toggle, serverAB),
      // Cumulative at the window's end: reviews open (queued or running), done and failed so far.
      reviews: reviews && { open: reviews.running, done: reviews.figures.done, failed: reviews.figures.failed, decisions: reviews.figures.decisionsReviewed },
    });
    for (const level of LEVELS) {
      try {
        await rampTo(slots, level, { urls: () => url, rampPerSec: RAMP_PER_SEC, vsBot: VS_BOT, rec });
      } catch (e) {
        // A level the server (or this machine) cannot reach is a result, not a crash: report it and stop climbing.
        const reason = e instanceof Error ? e.message : String(e);
        results.push({ matches: slots.length, target: level, reached: false, reason });
        console.log(`${String(level).padStart(4)} matches: not reached (${slots.length} open; ${reason})`);
        break;
      }
      // Let the new matches get past their openings, then measure a clean window (again when the machine was
      // too busy: measureWindow).
      await new Promise((r) => setTimeout(r, Math.min(5_000, THINK_MS * 3)));
      let m!: Metrics;
      const row = await measureWindow({
        holdS: HOLD_S,
        maxPressure: MAX_PRESSURE,
        tries: TRIES,
        rec,
        own,
        begin: async () => {
          // Threads started since (the bots' workers) and review processes inherit the loop's core: pinned again.
          if (PIN_LOOP && !pinLoop(child.pid!)) throw new Error('--pin-loop on needs two cores and taskset');
          if (PIN_LOOP) pinReviewProcesses(child.pid!, restCpus());
          toggle?.start();
          return { ...(await metrics(metricsUrl)), threads: threadCpu(child.pid!), reviewers: reviewProcessesCpu(child.pid!) };
        },
        end: async (m0, w) => {
          toggle?.stop();
          const serverAB = toggle ? await toggle.serverByPhase() : null;
          m = await metrics(metricsUrl);
          const t1 = threadCpu(child.pid!);
          const threads = m0.threads && t1 ? { main: t1.main - m0.threads.main, others: t1.others - m0.threads.others } : null;
          const c1 = reviewProcessesCpu(child.pid!);
          const reviewCpu = m0.reviewers && c1 ? [...c1].reduce((sum, [pid, s]) => sum + s - (m0.reviewers!.get(pid) ?? 0), 0) : null;
          // Memory after a full collection (live data only), taken right after the window.
          const mem = (await metrics(metricsUrl, true)).memory;
          return makeRow(m0, m, mem, w.seconds, w.benchCpu, w.pressure, w.pressures, threads, reviewCpu, serverAB);
        },
        label: (r) => `${r.matches} matches`,
      });
      results.push(row);
      console.log(
        `${String(row.matches).padStart(4)} matches | ${String(row.actionsPerSec).padStart(7)} actions/s | latency p50 ${row.latencyMs.p50} ms p99 ${row.latencyMs.p99} ms max ${row.latencyMs.max} ms | in-server p99 ${m.serverActionMs.p99} ms | server loop p99 ${m.eventLoopDelayMs.p99} ms max ${m.eventLoopDelayMs.max} ms | server cpu ${Math.round(row.serverCpuShareOfOneCore * 100)}%, ${row.serverCpuMsPerPlayerAction} ms/player action (event loop ${row.serverCpuMsPerPlayerActionByThread?.main ?? '-'}, other threads ${row.serverCpuMsPerPlayerActionByThread?.others ?? '-'}) | ${row.actionsPerCommit} actions/commit (p99 ${m.storage.commitMs.p99} ms max ${m.storage.commitMs.max} ms) | heap/match ${row.heapPerMatchKB} KB rss/match ${row.rssPerMatchKB} KB | bench loop p99 ${row.benchLoopDelayMs.p99} ms, cpu ${Math.round(row.benchCpuShareOfOneCore * 100)}% | load avg ${row.machineLoadAvg1m}, cpu pressure ${row.cpuPressurePct ?? '-'}%${row.windowTries > 1 ? ` (try ${row.windowTries})` : ''}${row.reviews ? ` | reviews open ${row.reviews.open}, done ${row.reviews.done}, failed ${row.reviews.failed}, ${row.reviews.decisions} decisions reviewed, review cpu ${row.reviewCpuShareOfOneCore === null ? '-' : `${Math.round(row.reviewCpuShareOfOneCore * 100)}%`}` : ''}${row.reviewsAB ? ` | A/B: p99 ${row.reviewsAB.off.p99} ms stopped, ${row.reviewsAB.on.p99} ms running (x${row.reviewsAB.p99Ratio}), p50 ${row.reviewsAB.off.p50} / ${row.reviewsAB.on.p50} ms, ${row.reviewsAB.off.samples} / ${row.reviewsAB.on.samples} samples, server event loop ${row.reviewsAB.cpuMsPerAction.off?.main ?? '-'} / ${row.reviewsAB.cpuMsPerAction.on?.main ?? '-'} ms per action${row.reviewsAB.server ? `, in-server p99 ${row.reviewsAB.server.off.action.p99} / ${row.reviewsAB.server.on.action.p99} ms, read wait p99 ${row.reviewsAB.server.off.readWait.p99} / ${row.reviewsAB.server.on.readWait.p99} ms` : ''}` : ''}`,
      );
    }
  } finally {
    reviews?.stop();
    for (const s of slots) s.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
  if (reviews) {
    const f = reviews.figures;
    console.log(
      `reviews: ${f.kept} kept asked for; ${f.asked} asked, ${f.done} done, ${f.failed} failed, ${f.decisionsReviewed} decisions reviewed; ${f.shortChecks === 0 ? 'never fewer open than kept' : `fewer open than kept at ${f.shortChecks} of ${f.checks} checks (no finished match left to review)`}${f.firstError ? `; first error: ${f.firstError}` : ''}; the load's reads of the bench database: ${f.pollReadMs.count}, max ${f.pollReadMs.max} ms, ${f.pollReadMs.total} ms in all`,
    );
  }
  const last = results[results.length - 1] as { matches: number; reached?: boolean; latencyMs?: { p99: number } } | undefined;
  console.log(
    JSON.stringify({
      thinkMs: THINK_MS,
      maxPressurePct: MAX_PRESSURE,
      idleMachine: idle,
      thinkModel: 'uniform [0.5, 1.5] x thinkMs per decision',
      vsBotShare: VS_BOT,
      pinLoop: PIN_LOOP,
      holdSeconds: HOLD_S,
      finishedMatches: rec.finishedMatches,
      levels: results,
      bar: { matches: 500, p99Ms: 50, met: !!last?.latencyMs && last.matches >= 500 && last.latencyMs.p99 <= 50 },
      issue33: issue33Bars(results),
      // Did reviews run through every window (never fewer open than asked), and how many finished?
      reviews: reviews && { ...reviews.figures, ranThroughout: reviews.figures.asked > 0 && reviews.figures.shortChecks === 0 },
    }),
  );
}

/** The cores other than the event loop's under --pin-loop on. */
function restCpus(): string {
  return `1-${cpus().length - 1}`;
}

/** --reviews-ab: p50/p99 of the phases with reviews stopped and running, and the p99 ratio (running ÷ stopped). */
function abSplit(toggle: ReviewToggle, server: Awaited<ReturnType<ReviewToggle['serverByPhase']>>) {
  const { on, off } = splitByPhase(rec.win.latencies, rec.win.at, toggle.phases, AB_SETTLE_MS);
  const f = { off: latencyFigures(off), on: latencyFigures(on) };
  if (AB_SAMPLES)
    appendFileSync(
      AB_SAMPLES,
      `${JSON.stringify({ at: new Date().toISOString(), phaseSeconds: REVIEWS_AB_S, on, off, phases: toggle.phases.map((p) => ({ mono: p.mono, on: p.on })) })}\n`,
    );
  const ratio = round(f.on.p99 / Math.max(1e-9, f.off.p99));
  const cpu = cpuByPhase(rec.win.at, toggle.phases);
  const ms = (c: (typeof cpu)['on']) => c && { main: round(c.main), others: round(c.others), bench: round(c.bench) };
  return {
    phaseSeconds: REVIEWS_AB_S,
    phases: toggle.phases.length - 1,
    ...f,
    cpuMsPerAction: { off: ms(cpu.off), on: ms(cpu.on) },
    // The server's own histograms by phase: in-server time (queue → last view handed over) and the read wait.
    server,
    p99Ratio: ratio,
    bar: { maxP99Ratio: AB_MAX_RATIO, met: ratio <= AB_MAX_RATIO },
  };
}

/** Issue 33 §1's bars over the levels measured: CPU per player action, 2,000 matches at p99 ≤ 30 ms, heap per match. */
function issue33Bars(rows: Record<string, unknown>[]) {
  const measured = rows.filter((r) => r.reached !== false) as {
    matches: number;
    latencyMs: { p99: number };
    serverCpuMsPerPlayerAction: number;
    heapPerMatchKB: number;
  }[];
  const worst = (f: (r: (typeof measured)[number]) => number) => (measured.length ? Math.max(...measured.map(f)) : null);
  const cpu = worst((r) => r.serverCpuMsPerPlayerAction);
  const heap = worst((r) => r.heapPerMatchKB);
  const at2000 = measured.find((r) => r.matches >= 2000);
  return {
    cpuMsPerPlayerAction: { max: 0.4, worst: cpu, met: cpu !== null && cpu <= 0.4 },
    matches2000: { p99Ms: 30, p99: at2000?.latencyMs.p99 ?? null, met: !!at2000 && at2000.latencyMs.p99 <= 30 },
    heapPerMatchKB: { max: 100, worst: heap, met: heap !== null && heap <= 100 },
  };
}

await main();
process.exit(0);
