/** A simulated Swiss event with seeded random results and drops, shared by the bench and its test. */
import { mulberry32 } from '../src/rng.js';
import { pairKey } from '../src/pairing.js';
import { standings, type Standing } from '../src/standings.js';
import { createTournament, dropPlayer, pairingInput, pairNextRound, reportResult, standardRounds } from '../src/tournament.js';
import { pairEntrants } from '../src/pairing.js';
import type { MatchResult, Outcome, TournamentState } from '../src/types.js';

const BO3: MatchResult[] = [
  { winsA: 2, winsB: 0, draws: 0 },
  { winsA: 2, winsB: 1, draws: 0 },
  { winsA: 0, winsB: 2, draws: 0 },
  { winsA: 1, winsB: 2, draws: 0 },
  { winsA: 1, winsB: 1, draws: 1 },
  { winsA: 1, winsB: 0, draws: 1 },
];

const ok = <T>(o: Outcome<T>): T => {
  if (!o.ok) throw new Error(`refused: ${o.message}`);
  return o.state;
};

export interface Simulation {
  state: TournamentState;
  final: Standing[];
  /** Milliseconds to pair each round (pairNextRound, standings included). */
  pairMs: number[];
  /** Which graph answered each round (only with `labelGraphs`: asked again, which would bias a timing). */
  graphs: ('sparse' | 'complete')[];
  rematches: number;
  drops: number;
}

/** Runs an event of `players` for the standard number of rounds; about `dropRate` of the field drops each round. */
export function simulate(players: number, seed: number, dropRate = 0.02, now: () => number = () => 0, labelGraphs = false): Simulation {
  const rnd = mulberry32(seed);
  const ids = Array.from({ length: players }, (_, i) => `player-${String(i + 1).padStart(3, '0')}`);
  let state = ok(createTournament({ format: 'bo3', rounds: standardRounds(players), topCut: 8, seed }, ids));
  const pairMs: number[] = [];
  const graphs: ('sparse' | 'complete')[] = [];
  const met = new Set<string>();
  let rematches = 0;
  let drops = 0;
  for (let r = 1; r <= state.config.rounds; r++) {
    if (labelGraphs) graphs.push(pairEntrants(pairingInput(state)).graph);
    const t0 = now();
    state = ok(pairNextRound(state));
    pairMs.push(now() - t0);
    // A trip through JSON each round, as through the database.
    state = JSON.parse(JSON.stringify(state)) as TournamentState;
    for (const m of state.rounds[r - 1]!.pairings) {
      if (m.b === null) continue;
      const k = pairKey(m.a, m.b);
      if (met.has(k)) rematches++;
      met.add(k);
      state = ok(reportResult(state, r, m.table, BO3[Math.floor(rnd() * BO3.length)]!));
    }
    for (const p of state.players)
      if (p.droppedAfterRound === undefined && rnd() < dropRate) {
        state = ok(dropPlayer(state, p.id));
        drops++;
      }
  }
  return { state, final: standings(state), pairMs, graphs, rematches, drops };
}

/** Problems with the final standings, found by recounting from the rounds (empty when consistent). */
export function inconsistencies(sim: Simulation): string[] {
  const out: string[] = [];
  const { state, final } = sim;
  if (final.length !== state.players.length) out.push('not every player is in the standings');
  const points = new Map<string, number>(final.map((s) => [s.id, 0]));
  const played = new Map<string, number>(final.map((s) => [s.id, 0]));
  for (const r of state.rounds)
    for (const m of r.pairings) {
      played.set(m.a, played.get(m.a)! + 1);
      if (m.b === null) {
        points.set(m.a, points.get(m.a)! + 3);
        continue;
      }
      played.set(m.b, played.get(m.b)! + 1);
      const res = m.result!;
      const [pa, pb] = res.winsA > res.winsB ? [3, 0] : res.winsA < res.winsB ? [0, 3] : [1, 1];
      points.set(m.a, points.get(m.a)! + pa);
      points.set(m.b, points.get(m.b)! + pb);
    }
  for (const s of final) {
    if (s.matchPoints !== points.get(s.id)) out.push(`${s.id}: ${s.matchPoints} match points, recount ${points.get(s.id)}`);
    if (s.roundsPlayed !== played.get(s.id)) out.push(`${s.id}: ${s.roundsPlayed} rounds, recount ${played.get(s.id)}`);
    for (const x of [s.matchWinPct, s.gameWinPct, s.oppMatchWinPct, s.oppGameWinPct])
      if (!(x >= 0.33 && x <= 1)) out.push(`${s.id}: a percentage out of [0.33, 1]: ${x}`);
    if (s.byes > 1) out.push(`${s.id}: ${s.byes} byes`);
  }
  for (let i = 1; i < final.length; i++) if (final[i]!.matchPoints > final[i - 1]!.matchPoints) out.push(`rank ${i + 1} has more points than rank ${i}`);
  if (final.map((s) => s.rank).join() !== final.map((_, i) => i + 1).join()) out.push('ranks are not 1..n');
  return out;
}
