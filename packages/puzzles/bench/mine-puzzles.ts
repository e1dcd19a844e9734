/**
 * `npm run puzzles:mine [-- --games 200] [--seed puzzles] [--budget 600] [--final-budget 2000] [--cpu-minutes 10] [--write]`
 * Plays self-play games (self-play.ts), mines each (mine.ts: candidates, prefilter, solver), deduplicates by
 * the canonical hash and, with --write, writes each new puzzle to cards/puzzles/<id>.json. Stops at the CPU
 * budget (process CPU time: the machine is shared). Prints one line per game, then a JSON summary last.
 *
 * Finished matches instead of self-play: `--replays <dir|file...>` (a directory: each *.json in it) or
 * `--server <url> --match <id>[,<id>...]` (each fetched from `/api/matches/:id/replay`), replayed (replay.ts)
 * and mined the same way; their puzzles' source is `{ kind: "match", matchId }`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cardPool } from '@vroyale/cards';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GOALS, type Goal } from '../src/format.js';
import { PUZZLE_DIR } from '../src/loader.js';
import { mineGame } from '../src/mine.js';
import type { MadePuzzle } from '../src/make-puzzle.js';
import { parseReplay, replayStates, type MatchReplay } from '../src/replay.js';
import { selfPlayGame } from './self-play.js';

const { values, positionals } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    from: { type: 'string', default: '0' },
    seed: { type: 'string', default: 'puzzles' },
    budget: { type: 'string', default: '600' },
    'final-budget': { type: 'string', default: '2000' },
    'cpu-minutes': { type: 'string', default: '10' },
    goals: { type: 'string', default: GOALS.join(',') },
    write: { type: 'boolean', default: false },
    replays: { type: 'boolean', default: false },
    server: { type: 'string' },
    match: { type: 'string' },
  },
  allowPositionals: true,
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
/** Keeps the new puzzles of one game and, with --write, writes each not already in cards/puzzles/. */
function keep(made: MadePuzzle[]): { fresh: MadePuzzle[]; shipped: Set<string> } {
  const fresh = made.filter((m) => !found.has(m.hash));
  const shipped = new Set<string>();
  for (const m of fresh) {
    found.set(m.hash, m);
    // Written as found, so a run stopped early keeps what it mined.
    const file = join(PUZZLE_DIR, `${m.puzzle.id}.json`);
    if (existsSync(file)) shipped.add(m.puzzle.id);
    else if (values.write) {
      writeFileSync(file, JSON.stringify(m.puzzle, null, 2) + '\n');
      written++;
    }
  }
  return { fresh, shipped };
}

/** The replays the flags name, each with where it came from (a file or a URL). */
async function replays(): Promise<{ where: string; json: unknown }[]> {
  const out: { where: string; json: unknown }[] = [];
  if (values.replays) {
    if (!positionals.length) throw new Error('--replays needs a directory or files');
    for (const p of positionals) {
      const files = statSync(p).isDirectory()
        ? readdirSync(p)
            .filter((f) => f.endsWith('.json'))
            .sort()
            .map((f) => join(p, f))
        : [p];
      for (const f of files) out.push({ where: f, json: JSON.parse(readFileSync(f, 'utf8')) });
    }
  }
  if (values.server || values.match) {
    if (!values.server || !values.match) throw new Error('--server <url> and --match <id>[,<id>...] go together');
    for (const id of values.match.split(',').filter(Boolean)) {
      const url = `${values.server.replace(/\/$/, '')}/api/matches/${encodeURIComponent(id)}/replay`;
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
      out.push({ where: url, json: await res.json() });
    }
  }
  return out;
}

const fromMatches = values.replays || values.server !== undefined || values.match !== undefined;
if (fromMatches) {
  for (const { where, json } of await replays()) {
    if (cpuMs() > cap) break;
    const t0 = cpuMs();
    let replay: MatchReplay;
    let states;
    try {
      replay = parseReplay(json, where);
      states = replayStates(replay, cardPool);
    } catch (e) {
      // A replay that does not replay is reported and skipped; the others are still mined.
      console.log(`${where}: refused: ${(e as Error).message}`);
      continue;
    }
    const t1 = cpuMs();
    const made = mineGame(states, {
      budget: Number(values.budget),
      finalBudget: Number(values['final-budget']),
      goals,
      source: { kind: 'match', matchId: replay.matchId },
    });
    const t2 = cpuMs();
    playMs += t1 - t0;
    mineMs += t2 - t1;
    games++;
    const { fresh, shipped } = keep(made);
    console.log(
      `match ${replay.matchId} (${where}): ${states.length} states, ${fresh.length} new (${fresh.map((m) => `${m.puzzle.id}${shipped.has(m.puzzle.id) ? ' shipped' : ''} ${m.puzzle.goal} turn ${m.puzzle.source.turn} [${m.puzzle.tags}] ${m.result.winningFirstMoves}/${m.result.firstMoves.length}`).join(', ')}) replay ${(t1 - t0).toFixed(0)} ms mine ${(t2 - t1).toFixed(0)} ms`,
    );
  }
}
for (let g = Number(values.from); !fromMatches && g < Number(values.from) + Number(values.games); g++) {
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
  const { fresh } = keep(made);
  console.log(
    `game ${g} ${game.bots}: ${game.states.length} states, ${fresh.length} new (${fresh.map((m) => `${m.puzzle.id} [${m.puzzle.tags}] ${m.result.winningFirstMoves}/${m.result.firstMoves.length}`).join(', ')}) play ${(t1 - t0).toFixed(0)} ms mine ${(t2 - t1).toFixed(0)} ms`,
  );
}
const byGoal = Object.fromEntries(GOALS.map((g) => [g, [...found.values()].filter((m) => m.puzzle.goal === g).length]));
console.log(
  JSON.stringify({
    ...(fromMatches ? { source: 'match' } : {}),
    games,
    found: found.size,
    byGoal,
    perThousandGames: Math.round((found.size / Math.max(1, games)) * 1000),
    playCpuMs: Math.round(playMs),
    mineCpuMs: Math.round(mineMs),
    written,
  }),
);
