/**
 * Random legal playouts on one core for a fixed wall time: `npm run bench [-- --seconds 10] [--door-seconds 3]
 * [--search-seconds 3] [--pool fixture] [--seed bench]`. Then the bots' search rate (search-rate.ts).
 *
 * Two runs, same policy:
 * 1. `stepInPlace`, the door without the copy (what bots' simulations use): the headline figures;
 * 2. `step`, the public door that copies the state first: a shorter run, for the cost of the copy.
 * Policy: the deciding manager (`deciders(state)[0]`) picks uniformly among `legalActions(state, who)`,
 * leaving out 'concede' and manual 'tilt-star' (star payment is automatic, PR-5); an offered declaration is
 * answered by a uniformly random legal one (`realise`). The time spent listing
 * legal actions is measured separately (mean µs per call, timed on one call in 16). The last line is one JSON
 * object.
 */
import {
  createGame,
  deciders,
  legalActions,
  makeRng,
  realise,
  step,
  stepInPlace,
  type Action,
  type GameState,
  type Legal,
  type MatchConfig,
} from '@vroyale/engine';
import { flag, loadPool, type BenchPool } from './pools.js';
import { searchRate } from './search-rate.js';

const POLICY =
  "who = deciders(state)[0]; uniform over legalActions(state, who) minus 'concede' and 'tilt-star' (payment is automatic); declarations uniformly random legal";
const MAX_ACTIONS = 20_000;

interface RunResult {
  door: 'stepInPlace' | 'step';
  seconds: number;
  games: number;
  actions: number;
  turns: number;
  legalCalls: number;
  /** Listings timed (one in TIME_EVERY) and the time they took. */
  legalTimed: number;
  legalMs: number;
  endReasons: Record<string, number>;
}

function configFor(p: BenchPool, seed: string, g: number, pick: () => number): MatchConfig {
  const r = p.rosters;
  return { seed: `${seed}-${g}`, pool: p.pool, rosters: { A: r[Math.floor(pick() * r.length)]!, B: r[Math.floor(pick() * r.length)]! } };
}

/**
 * Listing is timed on one call in TIME_EVERY: a clock read costs about 80 ns on these machines, so two reads
 * on every action (about 3.5 µs in all) would weigh on the headline by some 4%. The sampled mean stands for
 * all calls.
 */
const TIME_EVERY = 16;

function choose(s: GameState, rnd: () => number, timing: { calls: number; timed: number; ms: number }): Action {
  const who = deciders(s)[0]!;
  let all: Legal[];
  if (timing.calls++ % TIME_EVERY === 0) {
    const t0 = performance.now();
    all = legalActions(s, who);
    timing.ms += performance.now() - t0;
    timing.timed++;
  } else all = legalActions(s, who);
  // The policy's options, as indices into the listing (one reused array: the harness should not weigh on the
  // figures). Same pick as filtering the list and indexing it.
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!.type;
    if (t !== 'concede' && t !== 'tilt-star') options[n++] = i;
  }
  if (n === 0) throw new Error(`no action for ${who} in phase ${s.phase} (seed ${s.seed})`);
  return realise(all[options[Math.floor(rnd() * n)]!]!, rnd);
}

const options: number[] = [];

function run(p: BenchPool, door: RunResult['door'], seconds: number, seed: string): RunResult {
  const rnd = makeRng(`${seed}-${door}`);
  const timing = { calls: 0, timed: 0, ms: 0 };
  const res: RunResult = { door, seconds: 0, games: 0, actions: 0, turns: 0, legalCalls: 0, legalTimed: 0, legalMs: 0, endReasons: {} };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    const created = createGame(configFor(p, seed, res.games, rnd));
    if (!created.ok) throw new Error(created.message);
    let s = created.state;
    let n = 0;
    for (; s.phase !== 'game-over' && n < MAX_ACTIONS; n++) {
      const a = choose(s, rnd, timing);
      if (door === 'stepInPlace') {
        const r = stepInPlace(s, a);
        if (!r.ok) throw new Error(`listed action rejected: ${r.code}: ${r.message} (seed ${s.seed})`);
      } else {
        const r = step(s, a);
        if (!r.ok) throw new Error(`listed action rejected: ${r.code}: ${r.message} (seed ${s.seed})`);
        s = r.state;
      }
    }
    const reason = s.phase === 'game-over' ? (s.endReason ?? '?') : `unfinished after ${MAX_ACTIONS} actions`;
    res.endReasons[reason] = (res.endReasons[reason] ?? 0) + 1;
    res.games++;
    res.actions += n;
    res.turns += s.turn;
  }
  res.seconds = (performance.now() - start) / 1000;
  res.legalCalls = timing.calls;
  res.legalTimed = timing.timed;
  res.legalMs = timing.ms;
  return res;
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function report(r: RunResult): Record<string, unknown> {
  return {
    seconds: round(r.seconds, 2),
    games: r.games,
    actions: r.actions,
    gamesPerSecond: round(r.games / r.seconds),
    actionsPerSecond: Math.round(r.actions / r.seconds),
    meanActionsPerGame: round(r.actions / r.games),
    meanTurnsPerGame: round(r.turns / r.games),
    legalActionsMeanUs: round((r.legalMs * 1000) / r.legalTimed, 2),
    legalActionsShare: round(((r.legalMs / r.legalTimed) * r.legalCalls) / 1000 / r.seconds, 3),
    endReasons: r.endReasons,
  };
}

async function main(): Promise<void> {
  const seconds = Number(flag('seconds') ?? 10);
  const doorSeconds = Number(flag('door-seconds') ?? round(Math.max(1, Math.min(5, seconds / 3))));
  const seed = flag('seed') ?? 'bench';
  const searchSeconds = Number(flag('search-seconds') ?? 3);
  const pool = await loadPool(flag('pool') === 'fixture' ? 'fixture' : 'cards');
  if (!(seconds > 0) || !(doorSeconds > 0)) throw new Error('--seconds and --door-seconds must be positive numbers');

  console.log('VRoyale engine playout benchmark (one core)');
  console.log(`  pool:   ${pool.name}`);
  console.log(`  policy: ${POLICY}`);
  console.log(`  node ${process.version}; runs: stepInPlace ${seconds}s, step ${doorSeconds}s; seed '${seed}'`);
  // A short warm-up so the JIT has compiled the hot paths before the clock starts.
  run(pool, 'stepInPlace', Math.min(1, seconds / 5), `${seed}-warmup`);
  run(pool, 'step', Math.min(0.5, doorSeconds / 5), `${seed}-warmup`);

  const inPlace = run(pool, 'stepInPlace', seconds, seed);
  const door = run(pool, 'step', doorSeconds, seed);
  for (const r of [inPlace, door]) {
    const x = report(r);
    console.log(`\n${r.door === 'stepInPlace' ? 'stepInPlace (no copy; bots)' : 'step (public door, copies the state)'}:`);
    console.log(`  ${x.games} full games in ${x.seconds}s: ${x.gamesPerSecond} games/s, ${x.actionsPerSecond} actions/s`);
    console.log(`  per game: ${x.meanActionsPerGame} actions, ${x.meanTurnsPerGame} turns`);
    console.log(
      `  legalActions: ${x.legalActionsMeanUs} µs per call (${round((x.legalActionsShare as number) * 100)}% of the time; timed on 1 call in ${TIME_EVERY})`,
    );
    console.log(
      `  end reasons: ${Object.entries(r.endReasons)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  const search = searchRate(searchSeconds, seed);
  console.log(
    `\nsearch (hard's rollouts, strongBot for both managers to the end of the next turn): ${round(search.iterationsPerSecond)} iterations/s over ${search.positions} positions`,
  );
  const a = report(inPlace);
  const d = report(door);
  console.log(`\nthe copy at the door costs ${round(100 * (1 - (d.actionsPerSecond as number) / (a.actionsPerSecond as number)))}% of the action rate`);
  console.log(
    JSON.stringify({
      pool: pool.name.split(' ')[0],
      policy: POLICY,
      ...a,
      doorGamesPerSecond: d.gamesPerSecond,
      doorActionsPerSecond: d.actionsPerSecond,
      door: d,
      searchIterationsPerSecond: round(search.iterationsPerSecond),
    }),
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
