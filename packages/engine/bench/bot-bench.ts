/**
 * The strong bot against the random bot: `npm run bench:bots [-- --games 1000] [--seed bots]`.
 *
 * Games rotate through every pairing of the card set's rosters (starterRosters when the card set has them,
 * else demoRosters): in each block of four games the strong bot plays the same two rosters from both seats,
 * once going first and once second (the turn-order answer is forced for both bots, so "first player
 * alternating" holds whoever wins the coin flip). Decision time is measured around the strong bot's call
 * only, as process CPU time (process.cpuUsage: robust on a busy machine) and as wall time.
 * Prints the strong bot's win rate with a 95% (Wilson) interval, mean and p95 ms per decision and games per
 * second; the last line is one JSON object with at least `winRate`, `meanDecisionMs`, `p95DecisionMs`.
 */
import { other, playMatch, randomBot, strongBot, withTurnOrder, type Bot, type CardDef, type ManagerId, type Roster } from '../src/index.js';
import { flag } from './pools.js';
import { wilson } from './stats.js';

/** The random bot can wander a long time between Moderator and Callout blocks before it happens on a legal set. */
const MAX_ACTIONS = 20_000;

interface NamedRoster extends Roster {
  id?: string;
  name?: string;
}

async function loadCardSet(): Promise<{ pool: Record<string, CardDef>; rosters: NamedRoster[]; source: string }> {
  const mod = (await import('@vroyale/cards')) as Record<string, unknown>;
  const pool = mod.cardPool as Record<string, CardDef> | undefined;
  const starters = mod.starterRosters as NamedRoster[] | undefined;
  const demos = mod.demoRosters as NamedRoster[] | undefined;
  const rosters = starters?.length ? starters : (demos ?? []);
  if (!pool || rosters.length === 0) throw new Error('@vroyale/cards must export cardPool and starterRosters or demoRosters');
  return { pool, rosters, source: starters?.length ? 'starterRosters' : 'demoRosters' };
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  const games = Number(flag('games') ?? 1000);
  const seed = flag('seed') ?? 'bots';
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  const { pool, rosters, source } = await loadCardSet();
  const n = rosters.length;
  const label = (r: NamedRoster) => r.id ?? r.name ?? r.centre;
  console.log(`strongBot v randomBot: ${games} games, seed '${seed}', ${n} rosters from @vroyale/cards ${source} (${rosters.map(label).join(', ')})`);

  const cpu: number[] = [];
  const wall: number[] = [];
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let failures = 0;
  let turns = 0;
  let actions = 0;
  const byOrder = { first: { wins: 0, games: 0 }, second: { wins: 0, games: 0 } };
  const byRoster = new Map<string, { wins: number; games: number }>();
  const reasons: Record<string, number> = {};
  const lost: string[] = [];
  const t0 = performance.now();

  for (let g = 0; g < games; g++) {
    const block = Math.floor(g / 4);
    const pairingIndex = block % (n * n);
    const strongRoster = rosters[pairingIndex % n]!;
    const randomRoster = rosters[Math.floor(pairingIndex / n) % n]!;
    const seat: ManagerId = g % 2 === 0 ? 'A' : 'B';
    const strongFirst = g % 4 < 2;
    const timedStrong: Bot = (input) => {
      const w = performance.now();
      const a = strongBot(input);
      wall.push(performance.now() - w);
      return a;
    };
    const bots = { [seat]: withTurnOrder(timedStrong, strongFirst), [other(seat)]: withTurnOrder(randomBot, !strongFirst) } as Record<ManagerId, Bot>;
    const rostersBySeat = { [seat]: strongRoster, [other(seat)]: randomRoster } as Record<ManagerId, Roster>;
    const r = playMatch({ seed: `${seed}-${g}`, pool, rosters: rostersBySeat, bots, clock: cpuMs, maxActions: MAX_ACTIONS });
    cpu.push(...r.timings[seat]);
    turns += r.turns;
    actions += r.actions;
    const key = `${r.winner === seat ? 'won' : r.winner === 'draw' ? 'draw' : r.failure ? 'failed' : 'lost'}:${r.reason ?? 'none'}`;
    reasons[key] = (reasons[key] ?? 0) + 1;
    if (r.failure) {
      failures++;
      console.log(`game ${g}: FAILURE ${r.failure}`);
    }
    const won = r.winner === seat;
    if (won) wins++;
    else if (r.winner === 'draw') draws++;
    else {
      losses++;
      lost.push(`${g} (${label(strongRoster)} v ${label(randomRoster)}, strong ${strongFirst ? 'first' : 'second'}, ${r.reason}, turn ${r.turns})`);
    }
    const o = strongFirst ? byOrder.first : byOrder.second;
    o.games++;
    if (won) o.wins++;
    const br = byRoster.get(label(strongRoster)) ?? { wins: 0, games: 0 };
    br.games++;
    if (won) br.wins++;
    byRoster.set(label(strongRoster), br);
    if ((g + 1) % 100 === 0) console.log(`  ${g + 1} games: ${wins} won (${pct(wins / (g + 1))}), ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  const seconds = (performance.now() - t0) / 1000;
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  const wallSorted = [...wall].sort((a, b) => a - b);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const winRate = wins / games;
  const [lo, hi] = wilson(wins, games);
  const summary = {
    games,
    wins,
    losses,
    draws,
    failures,
    winRate,
    winRate95: [lo, hi],
    meanDecisionMs: mean(cpu),
    p95DecisionMs: percentile(cpuSorted, 0.95),
    maxDecisionMs: cpuSorted[cpuSorted.length - 1] ?? 0,
    meanDecisionWallMs: mean(wall),
    p95DecisionWallMs: percentile(wallSorted, 0.95),
    decisions: cpu.length,
    decisionsPerGame: cpu.length / games,
    meanTurns: turns / games,
    meanActions: actions / games,
    gamesPerSecond: games / seconds,
    seconds,
    winRateGoingFirst: byOrder.first.wins / Math.max(1, byOrder.first.games),
    winRateGoingSecond: byOrder.second.wins / Math.max(1, byOrder.second.games),
    winRateByStrongRoster: Object.fromEntries([...byRoster].map(([k, v]) => [k, v.wins / v.games])),
    outcomes: reasons,
    timing: 'process.cpuUsage() around the strong bot call (ms of process CPU); wall: performance.now()',
  };
  console.log('');
  console.log(`strong bot win rate: ${pct(winRate)} (${wins}/${games}; 95% CI ${pct(lo)}–${pct(hi)}); ${losses} lost, ${draws} drawn, ${failures} failed`);
  console.log(`  going first ${pct(summary.winRateGoingFirst)}, going second ${pct(summary.winRateGoingSecond)}`);
  console.log(`  by the strong bot's roster: ${[...byRoster].map(([k, v]) => `${k} ${pct(v.wins / v.games)}`).join(', ')}`);
  if (lost.length) console.log(`  lost: ${lost.slice(0, 20).join('; ')}${lost.length > 20 ? ' …' : ''}`);
  console.log(
    `strong bot decision time: mean ${summary.meanDecisionMs.toFixed(3)} ms, p95 ${summary.p95DecisionMs.toFixed(3)} ms, max ${summary.maxDecisionMs.toFixed(1)} ms CPU ` +
      `(wall: mean ${summary.meanDecisionWallMs.toFixed(3)} ms, p95 ${summary.p95DecisionWallMs.toFixed(3)} ms) over ${cpu.length} decisions`,
  );
  console.log(`${games} games in ${seconds.toFixed(1)} s: ${summary.gamesPerSecond.toFixed(2)} games/s, ${summary.meanTurns.toFixed(1)} turns and ${summary.meanActions.toFixed(0)} actions per game`);
  console.log(JSON.stringify(summary));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
