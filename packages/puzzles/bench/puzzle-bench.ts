/**
 * `npm run bench:puzzles [-- --games 100] [--seed bench] [--budget 600] [--final-budget 2000] (the miner's defaults) [--levels easy,normal,hard] [--limit N]`
 * 1. Mines and verifies puzzles from N self-play games (self-play.ts, mine.ts): puzzles found per 1,000 games
 *    and the CPU time verification took (per candidate position and per puzzle found).
 * 2. Each bot level's solve rate on the shipped set (cards/puzzles/): the level plays the puzzle's side, the
 *    solver defends (play.ts); solved = the goal was reached.
 * Times are process CPU time (the machine is shared). Prints lines for people, then one JSON line last.
 */
import { parseArgs } from 'node:util';
import { botForLevel, KEYWORDS, type BotLevel } from '@vroyale/engine';
import { buildPuzzle } from '../src/build.js';
import { GOALS, type Goal } from '../src/format.js';
import { loadPuzzles } from '../src/loader.js';
import { candidatesOf, mineGame } from '../src/mine.js';
import { playPuzzle } from '../src/play.js';
import { selfPlayGame } from './self-play.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '100' },
    seed: { type: 'string', default: 'bench' },
    budget: { type: 'string', default: '600' },
    'final-budget': { type: 'string', default: '2000' },
    goals: { type: 'string', default: 'win-this-turn,survive' },
    levels: { type: 'string', default: 'easy,normal,hard' },
    limit: { type: 'string', default: '1000' },
  },
});
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const goals = values.goals.split(',') as Goal[];

let candidates = 0;
let found = 0;
let verifyMs = 0;
let playMs = 0;
const hashes = new Set<string>();
const byGoal: Record<string, number> = Object.fromEntries(GOALS.map((g) => [g, 0]));
const games = Number(values.games);
for (let g = 0; g < games; g++) {
  const t0 = cpuMs();
  const game = selfPlayGame(values.seed, g);
  const t1 = cpuMs();
  candidates += candidatesOf(game.states, goals).length;
  const made = game.failure
    ? []
    : mineGame(game.states, {
        budget: Number(values.budget),
        finalBudget: Number(values['final-budget']),
        goals,
        source: { kind: 'self-play', seed: game.seed, bots: game.bots },
      });
  const t2 = cpuMs();
  playMs += t1 - t0;
  verifyMs += t2 - t1;
  for (const m of made)
    if (!hashes.has(m.hash)) {
      hashes.add(m.hash);
      found++;
      byGoal[m.puzzle.goal]!++;
    }
}
const mining = {
  games,
  candidates,
  found,
  byGoal,
  perThousandGames: Math.round((found / Math.max(1, games)) * 1000),
  verifyCpuMsPerCandidate: Math.round(verifyMs / Math.max(1, candidates)),
  verifyCpuMsPerPuzzle: Math.round(verifyMs / Math.max(1, found)),
  selfPlayCpuMsPerGame: Math.round(playMs / Math.max(1, games)),
};
console.log(
  `mining: ${found} puzzles from ${games} games (${mining.perThousandGames} per 1,000), ${candidates} candidates verified in ${Math.round(verifyMs)} ms CPU`,
);

const all = loadPuzzles();
const coverage = {
  byGoal: Object.fromEntries(GOALS.map((g) => [g, all.filter((p) => p.puzzle.goal === g).length])),
  byKeyword: Object.fromEntries(KEYWORDS.map((k) => [k, all.filter((p) => p.puzzle.tags.includes(k)).length])),
  uniqueSolution: all.filter((p) => p.puzzle.solution.winningFirstMoves === 1).length,
};
console.log(
  `shipped: ${all.length} puzzles; by goal ${JSON.stringify(coverage.byGoal)}; by keyword ${JSON.stringify(coverage.byKeyword)}; ${coverage.uniqueSolution} with one winning first move`,
);
const shipped = all.slice(0, Number(values.limit));
const solveRates: Record<string, { solved: number; of: number; rate: number; cpuMsPerPuzzle: number; failures: number }> = {};
for (const level of values.levels.split(',') as BotLevel[]) {
  let solved = 0;
  let failures = 0;
  const t0 = cpuMs();
  for (const { file, puzzle } of shipped) {
    const start = buildPuzzle(file, puzzle).state;
    const bot = botForLevel(level, { goFirst: true });
    const r = playPuzzle(start, puzzle.goal, puzzle.toMove, bot, { seed: `${puzzle.id}:${level}` });
    if (r.solved) solved++;
    if (r.failure) failures++;
  }
  const ms = cpuMs() - t0;
  solveRates[level] = {
    solved,
    of: shipped.length,
    rate: Math.round((solved / Math.max(1, shipped.length)) * 1000) / 1000,
    cpuMsPerPuzzle: Math.round(ms / Math.max(1, shipped.length)),
    failures,
  };
  console.log(`${level}: solved ${solved} of ${shipped.length} shipped puzzles (${(solveRates[level].rate * 100).toFixed(1)}%)`);
}
console.log(JSON.stringify({ mining, shipped: all.length, coverage, solveRates }));
