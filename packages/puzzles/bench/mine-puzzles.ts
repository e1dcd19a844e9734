/**
 * `npm run puzzles:mine [-- --games 200] [--seed puzzles] [--budget 600] [--final-budget 2000] [--cpu-minutes 10] [--write]`
 * Plays self-play games (self-play.ts), mines each (mine.ts: candidates, prefilter, solver), deduplicates by
 * the canonical hash and, with --write, writes each new puzzle to cards/puzzles/<id>.json. Stops at the CPU
 * budget (process CPU time: the machine is shared). Prints one line per game, then a JSON summary last.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GOALS, type Goal } from '../src/format.js';
import { PUZZLE_DIR } from '../src/loader.js';
import { mineGame } from '../src/mine.js';
import type { MadePuzzle } from '../src/make-puzzle.js';
import { selfPlayGame } from './self-play.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    from: { type: 'string', default: '0' },
    seed: { type: 'string', default: 'puzzles' },
    budget: { type: 'string', default: '600' },
    'final-budget': { type: 'string', default: '2000' },
    'cpu-minutes': { type: 'string', default: '10' },
    goals: { type: 'string', default: GOALS.join(',') },
    write: { type: 'boolean', default: false },
  },
});
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const goals = values.goals.split(',') as Goal[];
const found = new Map<string, MadePuzzle>();
const cap = Number(values['cpu-minutes']) * 60_000;
let games = 0;
let written = 0;
let playMs = 0;
let mineMs = 0;
for (let g = Number(values.from); g < Number(values.from) + Number(values.games); g++) {
  if (cpuMs() > cap) break;
  const t0 = cpuMs();
  const game = selfPlayGame(values.seed, g);
  const t1 = cpuMs();
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
  mineMs += t2 - t1;
  games++;
  const fresh = made.filter((m) => !found.has(m.hash));
  for (const m of fresh) {
    found.set(m.hash, m);
    // Written as found, so a run stopped early keeps what it mined.
    const file = join(PUZZLE_DIR, `${m.puzzle.id}.json`);
    if (values.write && !existsSync(file)) {
      writeFileSync(file, JSON.stringify(m.puzzle, null, 2) + '\n');
      written++;
    }
  }
  console.log(
    `game ${g} ${game.bots}: ${game.states.length} states, ${fresh.length} new (${fresh.map((m) => `${m.puzzle.id} [${m.puzzle.tags}] ${m.result.winningFirstMoves}/${m.result.firstMoves.length}`).join(', ')}) play ${(t1 - t0).toFixed(0)} ms mine ${(t2 - t1).toFixed(0)} ms`,
  );
}
const byGoal = Object.fromEntries(GOALS.map((g) => [g, [...found.values()].filter((m) => m.puzzle.goal === g).length]));
console.log(
  JSON.stringify({
    games,
    found: found.size,
    byGoal,
    perThousandGames: Math.round((found.size / Math.max(1, games)) * 1000),
    playCpuMs: Math.round(playMs),
    mineCpuMs: Math.round(mineMs),
    written,
  }),
);
