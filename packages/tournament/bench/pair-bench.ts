/**
 * Time to pair a Swiss round: a simulated 256-player event of 8 rounds (bo3, seeded random results, about
 * 2% of the field dropping each round), paired by the blossom pairer. Prints a line per round, then JSON.
 * Usage: npx tsx packages/tournament/bench/pair-bench.ts [players=256] [seed=1]
 */
import { performance } from 'node:perf_hooks';
import { inconsistencies, simulate } from '../test/simulate.js';

const players = Number(process.argv[2] ?? 256);
const seed = Number(process.argv[3] ?? 1);
const t0 = performance.now();
const sim = simulate(players, seed, 0.02, () => performance.now());
const totalMs = performance.now() - t0;
// The same event again, untimed, to say which graph answered each round (asking during the timed run would warm it).
const labels = simulate(players, seed, 0.02, () => 0, true).graphs;
const problems = inconsistencies(sim);
sim.pairMs.forEach((ms, i) => console.log(`round ${i + 1}: ${sim.state.rounds[i]!.pairings.length} tables paired in ${ms.toFixed(1)} ms (${labels[i]} graph)`));
if (problems.length) console.log(`INCONSISTENT STANDINGS:\n${problems.join('\n')}`);
const sorted = [...sim.pairMs].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    bench: 'tournament-pair',
    players,
    rounds: sim.pairMs.length,
    pairMsPerRound: sim.pairMs.map((x) => Math.round(x * 10) / 10),
    graphs: labels,
    pairMsMedian: Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10,
    pairMsMax: Math.round(sorted[sorted.length - 1]! * 10) / 10,
    totalMs: Math.round(totalMs),
    drops: sim.drops,
    rematches: sim.rematches,
    consistent: problems.length === 0,
    leader: sim.final[0]!.id,
  }),
);
if (problems.length) process.exitCode = 1;
