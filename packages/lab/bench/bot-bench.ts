/**
 * Bot against bot: `npm run bench:bots [-- --match hard:normal] [--games 400] [--workers 2] [--seed bots]
 * [--iterations hard=16,expert=48] [--minutes 30] [--paired] [--log games.jsonl] [--with fan-club-frenzy]`. Default match: normal:random. With `--minutes`, no game starts after
 * that much wall time and the summary covers the games played (always the schedule's first n games: every started game finishes);
 * Ctrl-C does the same at once.
 *
 * Games follow bot-match-game.ts's schedule (every starter pairing, seats and first player alternating)
 * and run on `--workers` child processes (default 2: the machines have two cores), each taking the next
 * game as it finishes one; results are gathered by game index, so the summary does not depend on timing.
 * `--with <starter>` keeps only the schedule's games where that starter plays (same game indices and seeds).
 * `--log` writes each game's result as a JSON line as it finishes (a run's per-pairing breakdown).
 * `--paired` plays duplicate pairs (bot-match-game.ts): the same shuffles with the bots swapped, scored per pair.
 * Prints X's win rate with a 95% (Wilson) interval (draws and failures count as not won), X's and Y's mean
 * and p95 decision time (process CPU ms, and wall ms), and one JSON object as the last line.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { CardDef, Roster } from '@vroyale/engine';
import { playGame, startersOf, type GameOutcome, type GameSpec } from './bot-match-game.js';
import { flag } from './pools.js';
import { wilson } from './stats.js';

const pool = cardPool as Record<string, CardDef>;
const rosters = starterRosters as unknown as (Roster & { id?: string })[];

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function parseIterations(s: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (s ?? '').split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    if (!k || !Number.isInteger(Number(v)) || Number(v) < 1) throw new Error(`--iterations: '${part}' is not level=count`);
    out[k] = Number(v);
  }
  return out;
}

/**
 * Duplicate pairs scored as units: a pair is worth 1, ½ or 0 to X, and the pair scores' normal interval is
 * the honest one here (the two games of a pair are not independent draws, so a binomial interval over games
 * would be the wrong width). Incomplete pairs (a time limit) are left out.
 */
function pairScores(out: GameOutcome[]) {
  const byPair = new Map<number, GameOutcome[]>();
  for (const r of out) byPair.set(r.g >> 1, [...(byPair.get(r.g >> 1) ?? []), r]);
  const scores = [...byPair.values()].filter((p) => p.length === 2).map((p) => p.filter((r) => r.result === 'x').length / 2);
  const m = mean(scores);
  const sd = Math.sqrt(scores.reduce((a, s) => a + (s - m) ** 2, 0) / Math.max(1, scores.length - 1));
  const half = (1.96 * sd) / Math.sqrt(Math.max(1, scores.length));
  return {
    pairs: scores.length,
    both: scores.filter((s) => s === 1).length,
    split: scores.filter((s) => s === 0.5).length,
    neither: scores.filter((s) => s === 0).length,
    score: m,
    interval: [Math.max(0, m - half), Math.min(1, m + half)] as [number, number],
  };
}

function worker(): void {
  // Ctrl-C reaches the whole process group: a worker finishes its game and the main process stops feeding it.
  process.on('SIGINT', () => {});
  process.on('message', (spec: GameSpec) => process.send!(playGame(spec, pool, rosters)));
}

async function main(): Promise<void> {
  const [x, y] = (flag('match') ?? 'normal:random').split(':');
  if (!x || !y) throw new Error('--match must be X:Y, e.g. hard:normal');
  const planned = Number(flag('games') ?? 40);
  const minutes = Number(flag('minutes') ?? Infinity);
  const workers = Number(flag('workers') ?? 2);
  const seed = flag('seed') ?? 'bots';
  const iterations = parseIterations(flag('iterations'));
  const paired = process.argv.includes('--paired');
  const log = flag('log');
  if (log) writeFileSync(log, '');
  if (!Number.isInteger(planned) || planned < 1 || (paired && planned % 2 !== 0)) throw new Error('--games must be a positive integer (even with --paired)');
  // `--with <starter>`: only the schedule's games where that starter plays (on either side), same indices and seeds.
  const only = flag('with');
  if (only !== undefined && !rosters.some((r) => r.id === only)) throw new Error(`--with: '${only}' is not a starter (${rosters.map((r) => r.id).join(', ')})`);
  const schedule: number[] = [];
  for (let g = 0; schedule.length < planned; g++) if (only === undefined || startersOf(g, rosters).some((r) => r.id === only)) schedule.push(g);
  console.log(
    `${x} v ${y}: ${planned} games${minutes < Infinity ? ` (or ${minutes} min)` : ''}, seed '${seed}', ${workers} worker processes, starters ${rosters.map((r) => r.id).join(', ')}${only ? ` (only games with ${only})` : ''}, iterations ${JSON.stringify(iterations)}`,
  );
  const t0 = performance.now();
  const out: GameOutcome[] = [];
  // Ctrl-C (SIGINT): no new game starts; the games under way finish and the summary covers the schedule's first n games.
  let stopAsked = false;
  process.on('SIGINT', () => {
    stopAsked = true;
    console.log('  stopping: the games under way finish, then the summary');
  });
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    let live = 0;
    const feed = (c: ChildProcess) => {
      if (next >= schedule.length || stopAsked || performance.now() - t0 > minutes * 60_000) {
        c.kill();
        if (--live === 0) resolve();
        return;
      }
      c.send({ g: schedule[next++]!, seed, x, y, iterations, paired } satisfies GameSpec);
    };
    for (let i = 0; i < Math.min(workers, planned); i++) {
      const c = fork(process.argv[1]!, ['--worker']);
      live++;
      c.on('message', (r: GameOutcome) => {
        out.push(r);
        if (log)
          appendFileSync(log, `${JSON.stringify({ g: r.g, result: r.result, pairing: r.pairing, xFirst: r.xFirst, turns: r.turns, failure: r.failure })}\n`);
        if (out.length % 20 === 0)
          console.log(`  ${out.length} games, ${((performance.now() - t0) / 1000).toFixed(0)} s, X won ${out.filter((r) => r.result === 'x').length}`);
        feed(c);
      });
      c.on('error', reject);
      c.on('exit', (code) => code && code !== 0 && reject(new Error(`worker exited ${code}`)));
      feed(c);
    }
  });
  out.sort((a, b) => a.g - b.g);
  const seconds = (performance.now() - t0) / 1000;
  const games = out.length;
  const count = (k: GameOutcome['result']) => out.filter((r) => r.result === k).length;
  const wins = count('x');
  const [lo, hi] = wilson(wins, games);
  const times = (side: 'x' | 'y', kind: 'cpu' | 'wall') => out.flatMap((r) => r[kind][side]).sort((a, b) => a - b);
  const timing = (side: 'x' | 'y') => ({
    meanDecisionMs: mean(times(side, 'cpu')),
    p95DecisionMs: percentile(times(side, 'cpu'), 0.95),
    maxDecisionMs: times(side, 'cpu').at(-1) ?? 0,
    meanDecisionWallMs: mean(times(side, 'wall')),
    p95DecisionWallMs: percentile(times(side, 'wall'), 0.95),
    decisions: times(side, 'cpu').length,
  });
  const byFirst = (first: boolean) => {
    const gs = out.filter((r) => r.xFirst === first);
    return gs.filter((r) => r.result === 'x').length / Math.max(1, gs.length);
  };
  for (const r of out) if (r.failure) console.log(`game ${r.g}: FAILURE ${r.failure}`);
  const pairs = paired ? pairScores(out) : null;
  const summary = {
    match: `${x}:${y}`,
    games,
    seed,
    iterations,
    wins,
    losses: count('y'),
    draws: count('draw'),
    failures: count('failed'),
    winRate: wins / games,
    winRate95: [lo, hi],
    ...timing('x'),
    opponent: timing('y'),
    ...(pairs ? { paired: pairs } : {}),
    winRateGoingFirst: byFirst(true),
    winRateGoingSecond: byFirst(false),
    meanTurns: mean(out.map((r) => r.turns)),
    seconds,
    gamesPerMinute: (60 * games) / seconds,
    timing: 'process.cpuUsage() around each decision of the worker process (ms of CPU); wall: performance.now()',
  };
  const x1 = timing('x');
  const y1 = summary.opponent;
  console.log('');
  console.log(
    `${x} beats ${y}: ${pct(summary.winRate)} (${wins}/${games}; 95% CI ${pct(lo)}–${pct(hi)}); ${summary.losses} lost, ${summary.draws} drawn, ${summary.failures} failed`,
  );
  if (pairs)
    console.log(
      `  duplicate pairs (same shuffles, bots swapped): ${pairs.pairs}; X won both ${pairs.both}, split ${pairs.split}, lost both ${pairs.neither}; pair-score 95% interval ${pct(pairs.interval[0])}–${pct(pairs.interval[1])}`,
    );
  console.log(`  going first ${pct(summary.winRateGoingFirst)}, going second ${pct(summary.winRateGoingSecond)}`);
  console.log(
    `  ${x} decision: mean ${x1.meanDecisionMs.toFixed(1)} ms, p95 ${x1.p95DecisionMs.toFixed(1)} ms, max ${x1.maxDecisionMs.toFixed(0)} ms CPU (wall mean ${x1.meanDecisionWallMs.toFixed(1)}, p95 ${x1.p95DecisionWallMs.toFixed(1)}) over ${x1.decisions}`,
  );
  console.log(`  ${y} decision: mean ${y1.meanDecisionMs.toFixed(1)} ms, p95 ${y1.p95DecisionMs.toFixed(1)} ms CPU over ${y1.decisions}`);
  console.log(`${games} games in ${seconds.toFixed(0)} s (${summary.gamesPerMinute.toFixed(1)} games/min)`);
  console.log(JSON.stringify(summary));
}

if (process.argv.includes('--worker')) worker();
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
