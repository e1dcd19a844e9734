/**
 * Tunes strongBot's evaluation weights by the games they play: `npm run bench:eval-tune [-- --games 400]
 * [--seed tune] [--sweeps 3]`. A coordinate search: from the shipped weights, each term's weight (EVAL_TERMS
 * order) is halved and doubled in turn, and a change is kept when `normal@w(...)` then beats `normal` in
 * duplicate games (bench:bots `--paired`, every starter pairing, the same `--seed` for every trial so trials
 * differ only by the weights) by more than one point of pair score over the best so far. Sweeps repeat until
 * one keeps nothing. It exists because weights fitted to outcomes (eval-fit.ts) predict winners better and play
 * worse; the result is to be checked on another seed, since the search picks the trials that did best on this
 * one. Each trial runs bench:bots in a child process. Last line: JSON.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEIGHTS, EVAL_TERMS, type EvalWeights } from '../../engine/src/bots/evaluate.js';
import { flag } from './pools.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const FACTORS = [0.5, 2];
/** Pair score a change must add to be kept: about half a standard error at 400 games. */
const MARGIN = 0.01;

/** The bench:bots name of strongBot playing by these weights (only the changed ones are named). */
export function tunedName(w: EvalWeights): string {
  const changed = EVAL_TERMS.filter((k) => w[k] !== DEFAULT_WEIGHTS[k]);
  return changed.length ? `normal@w(${changed.map((k) => `${k}=${Number(w[k].toFixed(4))}`).join(';')})` : 'normal';
}

function pairScore(w: EvalWeights, games: number, seed: string): number {
  const name = tunedName(w);
  if (name === 'normal') return 0.5;
  const out = execFileSync(
    'npx',
    ['tsx', 'packages/lab/bench/bot-bench.ts', '--match', `${name}:normal`, '--games', String(games), '--paired', '--seed', seed],
    { cwd: repo, encoding: 'utf8' },
  );
  const last = JSON.parse(out.trim().split('\n').at(-1)!) as { paired?: { score: number } };
  if (!last.paired) throw new Error('bench:bots gave no pair score');
  return last.paired.score;
}

function main(): void {
  const games = Number(flag('games') ?? 400);
  const seed = flag('seed') ?? 'tune';
  const sweeps = Number(flag('sweeps') ?? 3);
  if (!Number.isInteger(games) || games < 4 || games % 2 !== 0) throw new Error('--games must be an even whole number, at least 4');
  if (!Number.isInteger(sweeps) || sweeps < 1) throw new Error('--sweeps must be a whole number, at least 1');
  let best = { ...DEFAULT_WEIGHTS };
  let score = 0.5;
  const trials: { term: string; factor: number; score: number; kept: boolean }[] = [];
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let kept = false;
    for (const term of EVAL_TERMS)
      for (const factor of FACTORS) {
        const w = { ...best, [term]: best[term] * factor };
        const s = pairScore(w, games, seed);
        const keep = s > score + MARGIN;
        trials.push({ term, factor, score: s, kept: keep });
        console.log(`sweep ${sweep + 1}: ${term} ×${factor} → pair score ${(s * 100).toFixed(2)}%${keep ? ' (kept)' : ''}`);
        if (keep) [best, score, kept] = [w, s, true];
      }
    if (!kept) break;
  }
  console.log(`best: ${tunedName(best)} at ${(score * 100).toFixed(2)}% pair score against normal (${games} games, seed '${seed}'); check it on another seed`);
  console.log(JSON.stringify({ games, seed, name: tunedName(best), score, weights: Object.fromEntries(EVAL_TERMS.map((k) => [k, best[k]])), trials }));
}

main();
