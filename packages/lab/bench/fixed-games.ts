/**
 * Fixed work for comparing two engines (wall time on a shared machine swings too much for games/s):
 * `tsx packages/lab/bench/fixed-games.ts [ROOT] [GAMES=1500] [inplace|door|search]`. ROOT is a checkout (default:
 * this one); its engine and card set play the same seeded random legal games, and the last line (JSON) gives
 * the action count and a checksum (turns summed, and the final states' hashes folded) that must match
 * between the engines compared. Time it from outside (whole-process CPU seconds, alternating runs).
 * `search` instead runs `hard`'s root search on the bench's positions for a fixed number of iterations.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? new URL('../../..', import.meta.url).pathname);
const G = Number(process.argv[3] ?? 1500);
const door = process.argv[4] ?? 'inplace';
const at = (p: string) => pathToFileURL(`${root}/${p}`).href;
const e = (await import(at('packages/engine/src/index.ts'))) as typeof import('@vroyale/engine');
const { loadPool } = (await import(at('packages/lab/bench/pools.ts'))) as typeof import('./pools.js');

async function games(): Promise<void> {
  const p = await loadPool('cards');
  // A fixed LCG for the policy, so both engines make the same choices whatever their own RNG does.
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  let actions = 0;
  let check = 0;
  let fold = '';
  for (let g = 0; g < G; g++) {
    const r = p.rosters;
    const cr = e.createGame({ seed: `fx-${g}`, pool: p.pool, rosters: { A: r[g % r.length]!, B: r[(g * 7 + 3) % r.length]! } });
    if (!cr.ok) throw new Error(cr.message);
    let s = cr.state;
    for (let i = 0; i < 20000 && s.phase !== 'game-over'; i++) {
      const who = e.deciders(s)[0]!;
      const all = e.legalActions(s, who).filter((l) => l.type !== 'concede' && l.type !== 'tilt-star');
      const a = e.realise(all[Math.floor(rand() * all.length)]!, rand);
      if (door === 'inplace') {
        const res = e.stepInPlace(s, a);
        if (!res.ok) throw new Error(res.message);
      } else {
        const res = e.step(s, a);
        if (!res.ok) throw new Error(res.message);
        s = res.state;
      }
      actions++;
    }
    check += s.turn;
    if (g % 50 === 0) fold = e.cyrb53(fold + e.hashState(s));
  }
  console.log(JSON.stringify({ games: G, door, actions, check, fold }));
}

/** The bench's search positions (search-rate.ts), built here from ROOT's engine and card set. */
async function search(): Promise<void> {
  const { cardPool, starterRosters } = (await import(at('cards/index.ts'))) as typeof import('@vroyale/cards');
  const c = e.createGame({ seed: 'bench-search', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
  if (!c.ok) throw new Error(c.message);
  let s = c.state;
  const ps: { input: import('@vroyale/engine').BotInput; candidates: import('@vroyale/engine').Action[] }[] = [];
  for (let n = 0; n < 3000 && s.phase !== 'game-over' && ps.length < 60; n++) {
    const who = e.deciders(s)[0]!;
    const input = { view: e.project(s, who), legal: e.legalActions(s, who), seed: `bench-search:${n}` };
    const { candidates } = e.searchCandidates(input);
    if (candidates) ps.push({ input, candidates });
    const r = e.step(s, e.strongBot(input));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  let iterations = 0;
  let picks = '';
  for (let i = 0; i < G; i++) {
    const p = ps[i % ps.length]!;
    const r = e.searchRoot(p.input, p.candidates, { iterations: 8, horizon: e.LEVEL_HORIZON.hard }, i);
    iterations += r.iterations;
    picks = e.cyrb53(picks + JSON.stringify(r));
  }
  console.log(JSON.stringify({ searches: G, iterations, picks }));
}

await (door === 'search' ? search() : games());
