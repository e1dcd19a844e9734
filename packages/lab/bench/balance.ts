/**
 * The balance report: `npm run balance [-- --games N] [--seed S] [--out docs/balance.md] [--workers K] [--mirrors]`.
 *
 * Plays the strong bot against itself for every unordered pair of distinct starter rosters (and, with
 * `--mirrors`, every roster against itself), N games per pair. Within a pair, each block of four games plays
 * the two rosters from both seats, once with each roster going first (the turn-order answer is forced for both
 * bots, as in bot-bench.ts), so first player and seat are balanced. Every game's seed is derived from the
 * run's seed, the pair and the game's index, and the results are merged in that order: the same seed and N
 * give the same report whatever the number of workers.
 *
 * The default N is the smallest sample whose 95% interval on a win rate is at most ±3 points in the worst
 * case (p = 0.5, normal approximation): n = ceil(z² · p(1−p) / E²) = ceil(1.96² · 0.25 / 0.03²) = 1,068.
 *
 * `--only a,b` keeps the matchups involving those starters and `--dump file.json` writes every game's result
 * (both for tuning runs); `--checkpoint file` appends each result as it arrives and, on a rerun, skips the
 * games already in the file whose matchup's cards are unchanged (same seed; see card-set.ts matchupHash), so
 * an interrupted long run resumes and a change to one roster replays only that roster's matchups.
 *
 * Games run in K child processes (`child_process.fork` of this script with `--worker`, tsx inherited through
 * execArgv), fed chunks of game indices on demand. Writes the Markdown report (`--out`) and prints a summary
 * whose last line is one JSON object.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playMatch, strongBot, withTurnOrder, type Bot, type ManagerId, type Roster } from '@vroyale/engine';
import { flag } from './pools.js';
import { wilson, Z95 } from './stats.js';
import { loadCardSet, matchupHash, type CardSet } from './card-set.js';

const MARGIN = 0.03;
/** ceil(z² · 0.25 / E²): ±3 points at 95% for any win rate. */
const DEFAULT_GAMES = Math.ceil((Z95 * Z95 * 0.25) / (MARGIN * MARGIN));
const MAX_ACTIONS = 20_000;
const CHUNK = 8;
const FIRST_BAR: [number, number] = [0.45, 0.55];
const PAIR_BAR = 0.65;

/** The matchups: unordered pairs of distinct rosters (i < j), then mirrors (i, i) if asked. */
function matchups(n: number, mirrors: boolean): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out.push([i, j]);
  if (mirrors) for (let i = 0; i < n; i++) out.push([i, i]);
  return out;
}

/** One game's result, from the point of view of the matchup's first roster ("row", index i). */
interface GameResult {
  /** 'row' | 'col' won, 'draw', or null (failure / no result). */
  won: 'row' | 'col' | 'draw' | null;
  /** Whether the manager who went first won (null on draw or failure). */
  firstWon: boolean | null;
  rowFirst: boolean;
  rowSeat: ManagerId;
  turns: number;
  actions: number;
  reason: string | null;
  failure: string | null;
  ms: number;
}

/** Game g of a matchup: seats alternate every game, who goes first every two games. */
function playOne(set: CardSet, seed: string, pair: [number, number], g: number): GameResult {
  const [i, j] = pair;
  const rowSeat: ManagerId = g % 2 === 0 ? 'A' : 'B';
  const colSeat: ManagerId = rowSeat === 'A' ? 'B' : 'A';
  const rowFirst = Math.floor(g / 2) % 2 === 0;
  const rosters = { [rowSeat]: set.rosters[i]!, [colSeat]: set.rosters[j]! } as unknown as Record<ManagerId, Roster>;
  const bots = { [rowSeat]: withTurnOrder(strongBot, rowFirst), [colSeat]: withTurnOrder(strongBot, !rowFirst) } as Record<ManagerId, Bot>;
  const t0 = performance.now();
  const r = playMatch({ seed: `${seed}:${set.rosters[i]!.id}~${set.rosters[j]!.id}:${g}`, pool: set.pool, rosters, bots, maxActions: MAX_ACTIONS });
  const ms = performance.now() - t0;
  const firstSeat: ManagerId = rowFirst ? rowSeat : colSeat;
  if (r.first !== null && r.first !== firstSeat) throw new Error(`game ${g}: turn order not forced (${r.first} went first, expected ${firstSeat})`);
  let won: GameResult['won'] = null;
  if (!r.failure) won = r.winner === 'draw' ? 'draw' : r.winner === rowSeat ? 'row' : r.winner === colSeat ? 'col' : null;
  const firstWon = won === 'row' || won === 'col' ? r.winner === firstSeat : null;
  return { won, firstWon, rowFirst, rowSeat, turns: r.turns, actions: r.actions, reason: r.reason, failure: r.failure, ms };
}

// ---------------------------------------------------------------------------------------------------------
// Worker side: receive { seed, pairs, jobs: [matchup, g][] }, answer { results: [index, GameResult][] }.

interface Job {
  index: number;
  m: number;
  g: number;
}

async function workerMain(): Promise<void> {
  const set = await loadCardSet();
  let seed = '';
  let pairs: [number, number][] = [];
  process.on('message', (msg: { seed?: string; pairs?: [number, number][]; jobs?: Job[]; done?: boolean }) => {
    if (msg.done) process.exit(0);
    if (msg.seed !== undefined) seed = msg.seed;
    if (msg.pairs) pairs = msg.pairs;
    if (msg.jobs) {
      const results = msg.jobs.map((j) => [j.index, playOne(set, seed, pairs[j.m]!, j.g)] as const);
      process.send!({ results, hash: set.hash });
    }
  });
  process.on('disconnect', () => process.exit(1)); // the parent is gone: stop
  process.send!({ ready: true, hash: set.hash });
}

// ---------------------------------------------------------------------------------------------------------
// Statistics

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = ([lo, hi]: [number, number]) => `${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}`;
/** Draws count half a win for the rates (there are normally none). */
const rate = (w: number, d: number, n: number) => (n === 0 ? 0 : (w + d / 2) / n);

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Tally {
  games: number;
  decided: number;
  rowWins: number;
  colWins: number;
  draws: number;
  failures: number;
  firstWins: number;
  turns: number[];
}

const tally = (): Tally => ({ games: 0, decided: 0, rowWins: 0, colWins: 0, draws: 0, failures: 0, firstWins: 0, turns: [] });

function add(t: Tally, r: GameResult): void {
  t.games++;
  if (r.failure || r.won === null) {
    t.failures++;
    return;
  }
  t.turns.push(r.turns);
  if (r.won === 'draw') {
    t.draws++;
    return;
  }
  t.decided++;
  if (r.won === 'row') t.rowWins++;
  else t.colWins++;
  if (r.firstWon) t.firstWins++;
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const games = Number(flag('games') ?? DEFAULT_GAMES);
  const seed = flag('seed') ?? 'balance';
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const out = resolve(root, flag('out') ?? 'docs/balance.md');
  const mirrors = process.argv.includes('--mirrors');
  const workers = Math.max(1, Number(flag('workers') ?? Math.min(2, availableParallelism())));
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  if (!Number.isInteger(workers)) throw new Error('--workers must be a positive integer');

  const set = await loadCardSet();
  const names = set.rosters.map((r) => r.id);
  // --only a,b: just the matchups involving one of these starters (quick tuning runs).
  const only = flag('only')?.split(',').filter(Boolean);
  for (const id of only ?? []) if (!names.includes(id)) throw new Error(`--only: no starter '${id}' (${names.join(', ')})`);
  const pairs = matchups(set.rosters.length, mirrors).filter(([i, j]) => !only || only.includes(names[i]!) || only.includes(names[j]!));
  const jobs: Job[] = [];
  pairs.forEach((_, m) => {
    for (let g = 0; g < games; g++) jobs.push({ index: jobs.length, m, g });
  });
  console.log(
    `balance: strongBot v strongBot, ${games} games per matchup, ${pairs.length} matchups (${jobs.length} games), seed '${seed}', ${workers} worker(s), card set ${set.hash}`,
  );

  const results: (GameResult | undefined)[] = new Array(jobs.length);
  // --checkpoint file: every result is appended as it arrives; a rerun with the same file and seed plays only
  // the games still missing or whose matchup's cards changed (matchupHash): an interrupted run resumes where it
  // stopped, and after a change to one roster only that roster's matchups are played again.
  const checkpoint = flag('checkpoint') ? resolve(flag('checkpoint')!) : null;
  const pairHashes = pairs.map(([i, j]) => matchupHash(set, i, j));
  const gameKey = (j: Job) => `${names[pairs[j.m]![0]]}~${names[pairs[j.m]![1]]}:${j.g}`;
  if (checkpoint && existsSync(checkpoint)) {
    const saved = new Map<string, { pair: string; r: GameResult }>();
    for (const line of readFileSync(checkpoint, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const e = JSON.parse(line) as { pair?: string; seed: string; key: string; r: GameResult };
      if (e.seed === seed && e.pair) saved.set(e.key, { pair: e.pair, r: e.r });
    }
    for (const j of jobs) {
      const e = saved.get(gameKey(j));
      if (e && e.pair === pairHashes[j.m]) results[j.index] = e.r;
    }
    console.log(`  checkpoint ${relative(process.cwd(), checkpoint)}: ${results.filter(Boolean).length} games already played`);
  }
  const todo = jobs.filter((j) => !results[j.index]);
  const t0 = performance.now();
  let next = 0;
  let doneCount = jobs.length - todo.length;
  let lastLog = 0;

  await new Promise<void>((resolveAll, reject) => {
    const children: ChildProcess[] = [];
    let failed = false;
    // Stop every worker on the first problem, so that a failed run ends instead of waiting for ever.
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      for (const c of children) c.kill();
      reject(e);
    };
    const feed = (c: ChildProcess) => {
      if (next >= todo.length) {
        c.send({ done: true });
        return;
      }
      const chunk = todo.slice(next, next + CHUNK);
      next += chunk.length;
      c.send({ jobs: chunk });
    };
    let exited = 0;
    if (todo.length === 0) resolveAll();
    for (let w = 0; w < Math.min(workers, todo.length); w++) {
      const c = fork(fileURLToPath(import.meta.url), ['--worker'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(c);
      c.on('message', (msg: { ready?: boolean; hash?: string; results?: [number, GameResult][] }) => {
        if (msg.hash && msg.hash !== set.hash) {
          fail(new Error(`worker loaded card set ${msg.hash}, parent ${set.hash} (card files changed during the run?)`));
          return;
        }
        if (msg.ready) c.send({ seed, pairs });
        for (const [index, r] of msg.results ?? []) {
          results[index] = r;
          if (checkpoint) appendFileSync(checkpoint, JSON.stringify({ pair: pairHashes[jobs[index]!.m], seed, key: gameKey(jobs[index]!), r }) + '\n');
          doneCount++;
          if (r.failure)
            console.log(`  FAILURE ${names[pairs[jobs[index]!.m]![0]]} v ${names[pairs[jobs[index]!.m]![1]]} game ${jobs[index]!.g}: ${r.failure}`);
        }
        const s = (performance.now() - t0) / 1000;
        if (s - lastLog >= 30) {
          lastLog = s;
          console.log(`  ${doneCount}/${jobs.length} games, ${s.toFixed(0)} s`);
        }
        feed(c);
      });
      c.on('exit', (code) => {
        exited++;
        if (code !== 0) fail(new Error(`worker exited with code ${code}`));
        else if (exited === children.length) resolveAll();
      });
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  if (results.some((r) => !r)) throw new Error('some games have no result');
  const all = results as GameResult[];
  const dump = flag('dump');
  if (dump)
    writeFileSync(
      resolve(dump),
      JSON.stringify(all.map((r, k) => ({ ...r, row: names[pairs[jobs[k]!.m]![0]], col: names[pairs[jobs[k]!.m]![1]], g: jobs[k]!.g }))),
    );

  // Per matchup and overall.
  const perPair = pairs.map(() => tally());
  const overall = tally();
  const reasons: Record<string, number> = {};
  const byRoster = names.map(() => ({ wins: 0, draws: 0, games: 0 }));
  /** Per starter: end reason of its wins and of its losses (mirrors excluded). */
  const endsByRoster = names.map(() => ({ won: {} as Record<string, number>, lost: {} as Record<string, number> }));
  const firstByRoster = names.map(() => ({ first: { w: 0, n: 0 }, second: { w: 0, n: 0 } }));
  let cpuMs = 0;
  let actions = 0;
  all.forEach((r, k) => {
    const m = jobs[k]!.m;
    const [i, j] = pairs[m]!;
    add(perPair[m]!, r);
    add(overall, r);
    cpuMs += r.ms;
    actions += r.actions;
    const key = r.failure ? 'failure' : r.won === 'draw' ? `draw (${r.reason ?? 'none'})` : (r.reason ?? 'none');
    reasons[key] = (reasons[key] ?? 0) + 1;
    if (i !== j && !r.failure && r.won !== null) {
      for (const [side, idx] of [
        ['row', i],
        ['col', j],
      ] as const) {
        const b = byRoster[idx]!;
        if (r.won !== 'draw') {
          const e = endsByRoster[idx]![r.won === side ? 'won' : 'lost'];
          e[r.reason ?? 'none'] = (e[r.reason ?? 'none'] ?? 0) + 1;
        }
        b.games++;
        if (r.won === side) b.wins++;
        if (r.won === 'draw') b.draws++;
        const wentFirst = side === 'row' ? r.rowFirst : !r.rowFirst;
        const f = wentFirst ? firstByRoster[idx]!.first : firstByRoster[idx]!.second;
        if (r.won !== 'draw') {
          f.n++;
          if (r.won === side) f.w++;
        }
      }
    }
  });

  const firstRate = overall.decided ? overall.firstWins / overall.decided : 0;
  const firstCI = wilson(overall.firstWins, overall.decided);
  // The matrix: row roster's win rate against the column roster (draws half).
  const n = names.length;
  const matrix: (null | { rate: number; ci: [number, number]; n: number })[][] = names.map(() => names.map(() => null));
  let maxPair = { rate: 0, row: '', col: '', ci: [0, 1] as [number, number] };
  pairs.forEach(([i, j], m) => {
    const t = perPair[m]!;
    const nn = t.decided + t.draws;
    const rowRate = rate(t.rowWins, t.draws, nn);
    matrix[i]![j] = { rate: rowRate, ci: wilson(t.rowWins + t.draws / 2, nn), n: nn };
    if (i !== j) {
      const colRate = rate(t.colWins, t.draws, nn);
      matrix[j]![i] = { rate: colRate, ci: wilson(t.colWins + t.draws / 2, nn), n: nn };
      for (const [r, a, b] of [
        [rowRate, i, j],
        [colRate, j, i],
      ] as const)
        if (r > maxPair.rate) maxPair = { rate: r, row: names[a]!, col: names[b]!, ci: matrix[a]![b]!.ci };
    }
  });
  const firstPass = firstRate >= FIRST_BAR[0] && firstRate <= FIRST_BAR[1];
  const pairPass = maxPair.rate <= PAIR_BAR;
  const meanTurns = overall.turns.reduce((a, b) => a + b, 0) / Math.max(1, overall.turns.length);
  const medTurns = median(overall.turns);

  // ---- Report
  const cmd =
    `npm run balance --${games === DEFAULT_GAMES ? '' : ` --games ${games}`}${seed === 'balance' ? '' : ` --seed ${seed}`}${mirrors ? ' --mirrors' : ''}`.replace(
      / --$/,
      '',
    );
  const L: string[] = [];
  L.push('# Balance report');
  L.push('');
  L.push(`<!-- Generated by packages/lab/bench/balance.ts: do not edit by hand. Rerun \`${cmd}\` to reproduce. -->`);
  L.push('');
  L.push(`- Command: \`${cmd}\` (workers do not change the results)`);
  L.push(`- Seed: \`${seed}\`; games per matchup: ${games}${games === DEFAULT_GAMES ? ' (the default)' : ''}; matchups: ${pairs.length}; games: ${all.length}`);
  L.push(`- Card set: \`${set.hash}\` (sha256 of the card pool and starter rosters, first 12 hex digits)`);
  L.push(
    '- Players: the strong bot on both sides. Within each matchup, every block of four games plays both rosters from both seats, each going first once (the turn-order answer is forced).',
  );
  L.push(
    `- Sample size: the default N = ⌈z²·p(1−p)/E²⌉ with z = 1.96, p = 0.5 (worst case), E = 0.03, i.e. ⌈1.96²·0.25/0.03²⌉ = ${DEFAULT_GAMES} games per matchup: ` +
      "a 95% interval of at most ±3 points on each matchup's win rate. Intervals below are Wilson score intervals (95%). Draws count as half a win.",
  );
  L.push('');
  L.push('## Verdict');
  L.push('');
  L.push(`- First-player win rate ${pct(firstRate)} (95% CI ${ci(firstCI)}), bar 45–55%: **${firstPass ? 'PASS' : 'FAIL'}**`);
  L.push(
    `- Highest matchup win rate ${pct(maxPair.rate)} (${maxPair.row} v ${maxPair.col}, 95% CI ${ci(maxPair.ci)}), bar ≤ 65%: **${pairPass ? 'PASS' : 'FAIL'}**`,
  );
  L.push(`- Failures (illegal bot actions, action cap of ${MAX_ACTIONS}): ${overall.failures}`);
  L.push('');
  L.push(`**${firstPass && pairPass ? 'PASS' : 'FAIL'}** (bars judged on the point estimates).`);
  L.push('');
  L.push('## Win-rate matrix');
  L.push('');
  L.push("Row roster's win rate against the column roster, with the 95% interval.");
  L.push('');
  L.push(`| | ${names.join(' | ')} |`);
  L.push(`|---|${names.map(() => '---').join('|')}|`);
  for (let i = 0; i < n; i++) {
    const cells = names.map((_, j) => {
      const c = matrix[i]![j];
      if (!c) return i === j ? '—' : '';
      return `${pct(c.rate)} (${ci(c.ci)})`;
    });
    L.push(`| **${names[i]}** | ${cells.join(' | ')} |`);
  }
  L.push('');
  L.push('## Starters overall');
  L.push('');
  L.push('Against the other starters (mirrors excluded).');
  L.push('');
  L.push('| Starter | Games | Win rate (95% CI) | Going first | Going second |');
  L.push('|---|---|---|---|---|');
  names.forEach((name, i) => {
    const b = byRoster[i]!;
    const f = firstByRoster[i]!;
    L.push(
      `| ${name} (${set.rosters[i]!.name}) | ${b.games} | ${pct(rate(b.wins, b.draws, b.games))} (${ci(wilson(b.wins + b.draws / 2, b.games))}) | ${pct(f.first.w / Math.max(1, f.first.n))} | ${pct(f.second.w / Math.max(1, f.second.n))} |`,
    );
  });
  L.push('');
  L.push('## First player');
  L.push('');
  L.push(`Overall: the manager going first won ${overall.firstWins} of ${overall.decided} decided games, ${pct(firstRate)} (95% CI ${ci(firstCI)}).`);
  L.push('');
  L.push('| Matchup | Games | First-player win rate (95% CI) | Mean turns | Median turns | Draws | Failures |');
  L.push('|---|---|---|---|---|---|---|');
  pairs.forEach(([i, j], m) => {
    const t = perPair[m]!;
    const mt = t.turns.reduce((a, b) => a + b, 0) / Math.max(1, t.turns.length);
    L.push(
      `| ${names[i]} v ${names[j]} | ${t.games} | ${pct(t.firstWins / Math.max(1, t.decided))} (${ci(wilson(t.firstWins, t.decided))}) | ${mt.toFixed(1)} | ${median(t.turns)} | ${t.draws} | ${t.failures} |`,
    );
  });
  L.push('');
  L.push('## Match length');
  L.push('');
  L.push(
    `Turns (both managers' turns counted; the turn the match ended on): mean ${meanTurns.toFixed(1)}, median ${medTurns}, min ${Math.min(...overall.turns)}, max ${Math.max(...overall.turns)}. Mean actions per game: ${(actions / all.length).toFixed(0)}.`,
  );
  L.push('');
  L.push('## How matches end');
  L.push('');
  L.push('| End | Games | Share |');
  L.push('|---|---|---|');
  const label: Record<string, string> = {
    sanity: 'sanity (a manager reached 0)',
    'deck-out': 'deck-out (sanity lost to an empty roster)',
    card: "card condition (a card's win or loss condition or effect)",
    concede: 'concede',
    'double-ko': 'double KO',
    failure: 'failure (illegal action or action cap)',
  };
  for (const k of [
    'sanity',
    'deck-out',
    'card',
    'concede',
    'double-ko',
    'failure',
    ...Object.keys(reasons).filter((k) => k.startsWith('draw') || k === 'none'),
  ]) {
    if (!(k in reasons) && !['sanity', 'deck-out', 'card', 'failure'].includes(k)) continue;
    const c = reasons[k] ?? 0;
    L.push(`| ${label[k] ?? k} | ${c} | ${pct(c / all.length)} |`);
  }
  L.push('');
  L.push('By starter (against the other starters): how its wins and its losses came about.');
  L.push('');
  const kinds = ['sanity', 'deck-out', 'card'];
  for (const e of endsByRoster) for (const k of [...Object.keys(e.won), ...Object.keys(e.lost)]) if (!kinds.includes(k)) kinds.push(k);
  L.push(`| Starter | ${kinds.map((k) => `won: ${k}`).join(' | ')} | ${kinds.map((k) => `lost: ${k}`).join(' | ')} |`);
  L.push(`|---|${kinds.map(() => '---|---').join('|')}|`);
  names.forEach((name, i) => {
    const e = endsByRoster[i]!;
    L.push(`| ${name} | ${kinds.map((k) => e.won[k] ?? 0).join(' | ')} | ${kinds.map((k) => e.lost[k] ?? 0).join(' | ')} |`);
  });
  L.push('');
  const extra = tuningLog();
  if (extra) L.push(extra.trim(), '');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, L.join('\n'));

  // ---- Stdout summary
  console.log('');
  console.log(`first player won ${pct(firstRate)} (95% CI ${ci(firstCI)}): ${firstPass ? 'PASS' : 'FAIL'} (45–55%)`);
  console.log(`highest matchup ${pct(maxPair.rate)} (${maxPair.row} v ${maxPair.col}, CI ${ci(maxPair.ci)}): ${pairPass ? 'PASS' : 'FAIL'} (≤ 65%)`);
  pairs.forEach(([i, j], m) => {
    const t = perPair[m]!;
    const nn = t.decided + t.draws;
    console.log(
      `  ${names[i]} v ${names[j]}: ${pct(rate(t.rowWins, t.draws, nn))} (first ${pct(t.firstWins / Math.max(1, t.decided))}, failures ${t.failures})`,
    );
  });
  console.log(`  overall: ${names.map((nm, i) => `${nm} ${pct(rate(byRoster[i]!.wins, byRoster[i]!.draws, byRoster[i]!.games))}`).join(', ')}`);
  console.log(`  turns mean ${meanTurns.toFixed(1)} median ${medTurns}; ends ${JSON.stringify(reasons)}`);
  console.log(
    `${all.length} games in ${seconds.toFixed(1)} s (${(cpuMs / all.length).toFixed(0)} ms per game per worker); report: ${relative(process.cwd(), out)}`,
  );
  console.log(
    JSON.stringify({
      firstPlayerWinRate: firstRate,
      firstPlayerWinRate95: firstCI,
      maxPairWinRate: maxPair.rate,
      maxPair: `${maxPair.row} v ${maxPair.col}`,
      pass: firstPass && pairPass,
      games: all.length,
      gamesPerMatchup: games,
      seed,
      cardSet: set.hash,
      failures: overall.failures,
      draws: overall.draws,
      meanTurns,
      medianTurns: medTurns,
      ends: reasons,
      endsByStarter: Object.fromEntries(names.map((nm, i) => [nm, endsByRoster[i]])),
      starterWinRates: Object.fromEntries(names.map((nm, i) => [nm, rate(byRoster[i]!.wins, byRoster[i]!.draws, byRoster[i]!.games)])),
      matrix: Object.fromEntries(
        pairs.map(([i, j], m) => [`${names[i]}~${names[j]}`, rate(perPair[m]!.rowWins, perPair[m]!.draws, perPair[m]!.decided + perPair[m]!.draws)]),
      ),
      seconds,
      workers,
    }),
  );
}

/** The hand-written tuning log (packages/lab/bench/balance-tuning-log.md), appended to the report. */
function tuningLog(): string | null {
  const path = fileURLToPath(new URL('./balance-tuning-log.md', import.meta.url));
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

if (process.argv.includes('--worker')) {
  workerMain().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
