/**
 * Two engines in one process, in turn: `tsx packages/lab/bench/engine-vs.ts ROOT_A ROOT_B [rounds=4]`. Each
 * round plays the same fixed work on A then B (random legal games in place, the same games through the door
 * `step`, and `hard`'s root search on fixed positions) and times each in CPU milliseconds of this process
 * (`process.cpuUsage`), so a shared machine's load weighs on both alike. Prints the per-round ratios A/B and
 * their medians; the last line is JSON.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Engine = typeof import('@vroyale/engine');
type Pool = Awaited<ReturnType<(typeof import('./pools.js'))['loadPool']>>;
type Cards = typeof import('@vroyale/cards');

const roots = [resolve(process.argv[2] ?? '.'), resolve(process.argv[3] ?? '.')];
const rounds = Number(process.argv[4] ?? 4);
const GAMES_IN_PLACE = Number(process.env.VS_IN_PLACE ?? 200);
const GAMES_DOOR = Number(process.env.VS_DOOR ?? 60);
const SEARCHES = Number(process.env.VS_SEARCHES ?? 60);

async function load(root: string) {
  const at = (p: string) => pathToFileURL(`${root}/${p}`).href;
  const e = (await import(at('packages/engine/src/index.ts'))) as Engine;
  const pool = await ((await import(at('packages/lab/bench/pools.ts'))) as typeof import('./pools.js')).loadPool('cards');
  const cards = (await import(at('cards/index.ts'))) as Cards;
  return { e, pool, cards, positions: positions(e, cards) };
}

function positions(e: Engine, cards: Cards) {
  const c = e.createGame({ seed: 'bench-search', pool: cards.cardPool, rosters: { A: cards.starterRosters[0]!, B: cards.starterRosters[1]! } });
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
  return ps;
}

function games(e: Engine, p: Pool, n: number, door: boolean): number {
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  let actions = 0;
  for (let g = 0; g < n; g++) {
    const r = p.rosters;
    const cr = e.createGame({ seed: `fx-${g}`, pool: p.pool, rosters: { A: r[g % r.length]!, B: r[(g * 7 + 3) % r.length]! } });
    if (!cr.ok) throw new Error(cr.message);
    let s = cr.state;
    for (let i = 0; i < 20000 && s.phase !== 'game-over'; i++) {
      const all = e.legalActions(s, e.deciders(s)[0]!).filter((l) => l.type !== 'concede' && l.type !== 'tilt-star');
      const a = e.realise(all[Math.floor(rand() * all.length)]!, rand);
      if (door) {
        const res = e.step(s, a);
        if (!res.ok) throw new Error(res.message);
        s = res.state;
      } else {
        const res = e.stepInPlace(s, a);
        if (!res.ok) throw new Error(res.message);
      }
      actions++;
    }
  }
  return actions;
}

function search(e: Engine, ps: Awaited<ReturnType<typeof load>>['positions'], n: number): number {
  let it = 0;
  for (let i = 0; i < n; i++)
    it += e.searchRoot(ps[i % ps.length]!.input, ps[i % ps.length]!.candidates, { iterations: 8, horizon: e.LEVEL_HORIZON.hard }, i).iterations;
  return it;
}

function cpu<T>(f: () => T): { ms: number; out: T } {
  const t0 = process.cpuUsage();
  const out = f();
  const d = process.cpuUsage(t0);
  return { ms: (d.user + d.system) / 1000, out };
}

const engines = [await load(roots[0]!), await load(roots[1]!)];
const kinds = ['inPlace', 'door', 'search'] as const;
const ms: Record<string, number[][]> = { inPlace: [[], []], door: [[], []], search: [[], []] };
const work: Record<string, number[]> = { inPlace: [], door: [], search: [] };
for (let r = -1; r < rounds; r++) {
  for (const i of [0, 1]) {
    const { e, pool, positions: ps } = engines[i]!;
    const a = cpu(() => games(e, pool, GAMES_IN_PLACE, false));
    const d = cpu(() => games(e, pool, GAMES_DOOR, true));
    const s = cpu(() => search(e, ps, SEARCHES));
    if (r < 0) continue; // warm-up round
    ms.inPlace![i]!.push(a.ms);
    ms.door![i]!.push(d.ms);
    ms.search![i]!.push(s.ms);
    work.inPlace![i] = a.out;
    work.door![i] = d.out;
    work.search![i] = s.out;
  }
}
const median = (xs: number[]) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const out: Record<string, unknown> = { roots, rounds, work };
for (const k of kinds) {
  const ratios = ms[k]![0]!.map((x, j) => x / ms[k]![1]![j]!);
  out[k] = {
    msA: median(ms[k]![0]!),
    msB: median(ms[k]![1]!),
    ratioAOverB: Math.round(median(ratios) * 1000) / 1000,
    ratios: ratios.map((x) => Math.round(x * 1000) / 1000),
  };
  console.log(`${k}: A ${median(ms[k]![0]!).toFixed(0)} ms, B ${median(ms[k]![1]!).toFixed(0)} ms CPU; A/B ${ratios.map((x) => x.toFixed(3)).join(' ')}`);
}
console.log(JSON.stringify(out));
