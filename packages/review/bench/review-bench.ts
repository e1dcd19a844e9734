/**
 * The review's cost and calibration: `npm run bench:review [-- --matches 50] [--seed review-bench]
 * [--levels normal:hard] [--deals 4] [--verify 8] [--candidates 10] [--max-steps 400] [--step-work 240 --narrow-steps 20] [--selection 40] [--verify-top 8]
 * [--horizon 2] [--look-steps 60] [--full] [--stability 10] [--games 5,6] [--cache dir]
 * [--verdicts file]`. Plays `--matches` bot games from fixed seeds
 * (bot-games.ts; seats alternate), reviews each with the given budget and prints per match CPU seconds (process
 * CPU time around `reviewMatch`, one thread), the mean and p95, CPU seconds per turn (×30 for the 30-turn target),
 * decisions reviewed per second, each level's accuracy and marks, and the calibration of both figures the review
 * shows on these games (none was in the fit: another seed): the graph's win chance (the model on each decider's
 * projection) and the judged moves' chance (the chosen move's rollouts). Stability: every `--stability`-th judged
 * decision is judged again on other determinisations (a salted seed; 0: none), and the share of unchanged marks
 * and suggestions is printed (its time is not counted in the review's). Last line: JSON.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { legalActions, project, type BotLevel, type ManagerId } from '@vroyale/engine';
import { calibration } from '../src/calibration.js';
import { FULL_BUDGET, type ReviewBudget } from '../src/judge.js';
import { judgeDecision } from '../src/judge.js';
import { markOf } from '../src/marks.js';
import { positions } from '../src/replay.js';
import { reviewMatch } from '../src/review-match.js';
import { botGame, KNOWLEDGE, POOL, type BotGame } from './bot-games.js';
import { count, cpuSeconds, flag } from './flags.js';
import { printCalibration } from './print-calibration.js';

const quantile = (xs: number[], q: number): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};
const round = (x: number, d = 3): number => Number(x.toFixed(d));

function main(): void {
  const matches = count('matches', 50);
  const seed = flag('seed') ?? 'review-bench';
  const levels = (flag('levels') ?? 'normal:hard').split(':') as [BotLevel, BotLevel];
  // `--full`: the budget before the cost bound (judge.ts FULL_BUDGET), for before/after runs on the same games.
  const budget: Partial<ReviewBudget> = {
    ...(process.argv.includes('--full') ? FULL_BUDGET : {}),
    ...(flag('deals') ? { deals: count('deals', 4) } : {}),
    ...(flag('verify') ? { verify: count('verify', 8) } : {}),
    ...(flag('candidates') ? { maxCandidates: count('candidates', 10) } : {}),
    ...(flag('max-steps') ? { maxSteps: count('max-steps', 400) } : {}),
    ...(flag('step-work') ? { stepWork: count('step-work', 0) } : {}),
    ...(flag('narrow-steps') ? { narrowSteps: count('narrow-steps', 12) } : {}),
    ...(flag('selection') ? { selection: count('selection', 40) } : {}),
    ...(flag('verify-top') ? { verifyTop: count('verify-top', 8) } : {}),
    ...(flag('horizon') ? { horizon: count('horizon', 2) } : {}),
    ...(flag('look-steps') ? { lookSteps: count('look-steps', 60) } : {}),
  };
  // `--games 5,6` reviews those games of the seed only (e.g. the long ones); `--cache dir` keeps the recorded bot
  // games there, so a before/after comparison reviews the very same logs without playing them again.
  const games = flag('games')?.split(',').map(Number) ?? Array.from({ length: matches }, (_, g) => g);
  const cache = flag('cache');
  const rows: { turns: number; decisions: number; judged: number; rollouts: number; cpu: number }[] = [];
  const byLevel = new Map<string, { accuracy: number[]; inaccuracy: number; mistake: number; blunder: number; judged: number }>();
  const graph = { p: [] as number[], won: [] as number[] };
  const judged = { p: [] as number[], won: [] as number[] };
  // Stability: every `--stability`-th judged decision judged again on other determinisations (another salt).
  const every = count('stability', 10);
  const again = { n: 0, sameMark: 0, absLoss: 0, sameBest: 0 };
  // `--verdicts file`: every judged decision's loss, mark and suggestion, one JSON line each (verdict-diff.ts compares two runs).
  const verdicts = flag('verdicts');
  if (verdicts) writeFileSync(verdicts, '');
  for (const g of games) {
    const game = cachedGame(cache, seed, g, levels);
    const t0 = cpuSeconds();
    const review = reviewMatch(game.match, { pool: POOL, knowledge: KNOWLEDGE, budget });
    const cpu = cpuSeconds() - t0;
    const row = {
      turns: review.turns,
      decisions: review.decisions.length,
      judged: review.decisions.filter((d) => d.judgement).length,
      rollouts: review.rollouts,
      cpu,
    };
    rows.push(row);
    if (verdicts)
      for (const d of review.decisions)
        if (d.judgement) {
          const { loss, mark, bestAction } = d.judgement;
          const line = { game: g, index: d.index, level: game.levels[d.manager], loss, mark, best: JSON.stringify(bestAction) };
          appendFileSync(verdicts, `${JSON.stringify(line)}\n`);
        }
    const a = review.managers.A;
    const b = review.managers.B;
    console.log(
      `match ${g} (${game.levels.A} v ${game.levels.B}, winner ${game.winner}): ${row.turns} turns, ${row.decisions} decisions, ${row.judged} judged, ${row.rollouts} rollouts, ${cpu.toFixed(2)} s CPU; accuracy A ${a.accuracy?.toFixed(1)} B ${b.accuracy?.toFixed(1)}; marks A ${a.marks.inaccuracy}/${a.marks.mistake}/${a.marks.blunder} B ${b.marks.inaccuracy}/${b.marks.mistake}/${b.marks.blunder}`,
    );
    for (const m of ['A', 'B'] as ManagerId[]) {
      const s = review.managers[m];
      const l = byLevel.get(game.levels[m]) ?? { accuracy: [], inaccuracy: 0, mistake: 0, blunder: 0, judged: 0 };
      if (s.accuracy !== null) l.accuracy.push(s.accuracy);
      l.inaccuracy += s.marks.inaccuracy;
      l.mistake += s.marks.mistake;
      l.blunder += s.marks.blunder;
      l.judged += s.judged;
      byLevel.set(game.levels[m], l);
    }
    if (every > 0) {
      const judgedAt = new Set(
        review.decisions
          .filter((d) => d.judgement)
          .map((d) => d.index)
          .filter((_, i) => i % every === 0),
      );
      for (const { index, state, action } of positions(game.match, POOL)) {
        if (!judgedAt.has(index)) continue;
        const first = review.decisions[index]!.judgement!;
        const v = judgeDecision({
          view: project(state, action.manager),
          legal: legalActions(state, action.manager),
          chosen: action,
          knowledge: KNOWLEDGE,
          budget,
          salt: 'again',
        });
        if (!v.judged) continue;
        again.n++;
        again.absLoss += Math.abs(v.judgement.loss - first.loss);
        if (markOf(v.judgement.loss) === first.mark) again.sameMark++;
        if (JSON.stringify(v.judgement.bestAction) === JSON.stringify(first.bestAction)) again.sameBest++;
      }
    }
    if (game.winner === 'A' || game.winner === 'B')
      for (const d of review.decisions) {
        const won = game.winner === d.manager ? 1 : 0;
        graph.p.push(d.chance[d.manager] / 100);
        graph.won.push(won);
        if (d.judgement) {
          judged.p.push(d.judgement.chosen / 100);
          judged.won.push(won);
        }
      }
  }
  const cpus = rows.map((r) => r.cpu);
  const totalCpu = cpus.reduce((s, x) => s + x, 0);
  const totalTurns = rows.reduce((s, r) => s + r.turns, 0);
  const longest = rows.reduce((x, r) => (r.turns > x.turns ? r : x), rows[0]!);
  const summary = {
    matches: rows.length,
    games: flag('games') ?? null,
    seed,
    levels: levels.join(':'),
    budget,
    cpuPerMatch: { mean: round(totalCpu / rows.length), p95: round(quantile(cpus, 0.95)), max: round(Math.max(...cpus)) },
    cpuPer30Turns: round((30 * totalCpu) / totalTurns),
    longest: { turns: longest.turns, cpu: round(longest.cpu) },
    decisionsPerSecond: round(rows.reduce((s, r) => s + r.decisions, 0) / totalCpu, 1),
    judgedPerSecond: round(rows.reduce((s, r) => s + r.judged, 0) / totalCpu, 1),
    rolloutsPerSecond: round(rows.reduce((s, r) => s + r.rollouts, 0) / totalCpu, 1),
    turns: { mean: round(totalTurns / rows.length, 1), max: Math.max(...rows.map((r) => r.turns)) },
    perMatch: rows.map((r) => ({ turns: r.turns, judged: r.judged, rollouts: r.rollouts, cpu: round(r.cpu, 2) })),
    byLevel: Object.fromEntries(
      [...byLevel].map(([k, l]) => [
        k,
        {
          accuracy: round(l.accuracy.reduce((s, x) => s + x, 0) / Math.max(1, l.accuracy.length), 1),
          judged: l.judged,
          per100Judged: {
            inaccuracy: round((100 * l.inaccuracy) / l.judged, 2),
            mistake: round((100 * l.mistake) / l.judged, 2),
            blunder: round((100 * l.blunder) / l.judged, 2),
          },
        },
      ]),
    ),
    stability: {
      decisions: again.n,
      sameMark: round(again.sameMark / Math.max(1, again.n)),
      sameSuggestion: round(again.sameBest / Math.max(1, again.n)),
      meanAbsLossChange: round(again.absLoss / Math.max(1, again.n), 2),
    },
    calibration: { graph: calibration(graph.p, graph.won), judged: calibration(judged.p, judged.won) },
    pressure: process.platform === 'linux' ? readPressure() : null,
  };
  console.log(`CPU per match: mean ${summary.cpuPerMatch.mean} s, p95 ${summary.cpuPerMatch.p95} s, max ${summary.cpuPerMatch.max} s (one thread)`);
  console.log(`CPU per 30 turns: ${summary.cpuPer30Turns} s (target ≤ 20); longest match ${longest.turns} turns in ${longest.cpu.toFixed(2)} s`);
  console.log(`${summary.decisionsPerSecond} decisions/s reviewed (${summary.judgedPerSecond} judged/s, ${summary.rolloutsPerSecond} rollouts/s)`);
  for (const [k, l] of Object.entries(summary.byLevel))
    console.log(
      `${k}: accuracy ${l.accuracy}, per 100 judged decisions ${l.per100Judged.inaccuracy} inaccuracies, ${l.per100Judged.mistake} mistakes, ${l.per100Judged.blunder} blunders`,
    );
  console.log(
    `stability (${again.n} judged decisions judged again on other deals): same mark ${summary.stability.sameMark}, same suggestion ${summary.stability.sameSuggestion}, mean |Δ loss| ${summary.stability.meanAbsLossChange} points`,
  );
  console.log("calibration of the graph's win chance (each decider's projection, the model):");
  printCalibration(summary.calibration.graph);
  console.log("calibration of the judged moves' win chance (the chosen move's rollouts):");
  printCalibration(summary.calibration.judged);
  console.log(JSON.stringify(summary));
}

function cachedGame(dir: string | undefined, seed: string, g: number, levels: readonly [BotLevel, BotLevel]): BotGame {
  if (!dir) return botGame(seed, g, levels);
  const file = join(dir, `${seed}-${levels.join('-')}-${g}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as BotGame;
  const game = botGame(seed, g, levels);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(game));
  return game;
}

function readPressure(): string | null {
  try {
    return readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? null;
  } catch {
    return null;
  }
}

main();
