/**
 * Search iterations per second, for `npm run bench` (issue 18): positions from a strongBot match on the
 * card set, searched as `hard` searches them (strongBot's candidates, rollouts to its horizon), round robin
 * for a fixed wall time. One iteration is one determinisation, one root move and one rollout.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import {
  createGame,
  deciders,
  LEVEL_HORIZON,
  legalActions,
  project,
  searchCandidates,
  searchRoot,
  step,
  strongBot,
  type Action,
  type BotInput,
} from '@vroyale/engine';

function positions(seed: string, limit: number): { input: BotInput; candidates: Action[] }[] {
  const c = createGame({ seed, pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
  if (!c.ok) throw new Error(c.message);
  let s = c.state;
  const out: { input: BotInput; candidates: Action[] }[] = [];
  for (let n = 0; n < 3000 && s.phase !== 'game-over' && out.length < limit; n++) {
    const who = deciders(s)[0]!;
    const input: BotInput = { view: project(s, who), legal: legalActions(s, who), seed: `${seed}:${n}` };
    const { candidates } = searchCandidates(input);
    if (candidates) out.push({ input, candidates });
    const r = step(s, strongBot(input));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

export function searchRate(seconds: number, seed: string): { positions: number; iterations: number; seconds: number; iterationsPerSecond: number } {
  const ps = positions(`${seed}-search`, 60);
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let iterations = 0;
  for (let i = 0; performance.now() < deadline; i++) {
    const p = ps[i % ps.length]!;
    iterations += searchRoot(p.input, p.candidates, { iterations: 8, horizon: LEVEL_HORIZON.hard }, i).iterations;
  }
  const s = (performance.now() - start) / 1000;
  return { positions: ps.length, iterations, seconds: s, iterationsPerSecond: iterations / s };
}
