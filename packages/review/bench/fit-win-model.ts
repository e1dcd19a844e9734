/**
 * Fits the review's win-chance model (src/win-model.ts) to bot games and writes it to src/win-model.generated.ts:
 * `npm run review:fit [-- --normal 200] [--hard 16] [--seed review-fit] [--holdout 5] [--dry]`.
 * `--normal` games of normal v normal and `--hard` of normal v hard (bot-games.ts, fixed seeds); at every
 * decision the deciding manager's projection gives the features (src/features.ts) and the label is whether that
 * manager won (draws and failed games are left out). Every `--holdout`-th game of each kind is kept out of the
 * fit; the calibration printed (reliability by decile, Brier score against always saying 50%) is on those games
 * only. The weights are then scaled by a temperature chosen by cross-validation over the fitted games (`temperature`). `--dry` prints without writing. Last line: JSON.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { project, type BotLevel } from '@vroyale/engine';
import { calibration } from '../src/calibration.js';
import { FEATURES, viewFeatures } from '../src/features.js';
import { fitLogistic } from '../src/logistic.js';
import { positions } from '../src/replay.js';
import { chanceOf, type WinModel } from '../src/win-model.js';
import { botGame, POOL } from './bot-games.js';
import { count, cpuSeconds, flag } from './flags.js';
import { printCalibration } from './print-calibration.js';

interface Rows {
  X: number[][];
  y: number[];
  /** The game each row comes from (folds are whole games: a game's positions share one outcome). */
  game: number[];
}

const FOLDS = 5;

/**
 * The temperature: one factor on w·f chosen on predictions the weights did not see. The training games are cut
 * into folds by game; each fold's positions are scored by weights fitted on the other folds; the factor is the
 * one-feature logistic fit of the outcomes on those scores. A factor below 1 says the full fit is overconfident.
 */
function temperature(train: Rows): number {
  const z: number[][] = [];
  const y: number[] = [];
  const idx = train.X.map((_, i) => i);
  for (let k = 0; k < FOLDS; k++) {
    const rest = idx.filter((i) => train.game[i]! % FOLDS !== k);
    const w = fitLogistic(
      rest.map((i) => train.X[i]!),
      rest.map((i) => train.y[i]!),
    );
    for (const i of idx.filter((i) => train.game[i]! % FOLDS === k)) {
      z.push([train.X[i]!.reduce((s, x, j) => s + x * w[j]!, 0)]);
      y.push(train.y[i]!);
    }
  }
  return fitLogistic(z, y)[0]!;
}

function main(): void {
  const normal = count('normal', 200);
  const hard = count('hard', 16);
  const seed = flag('seed') ?? 'review-fit';
  const holdout = count('holdout', 5);
  if (holdout < 2) throw new Error('--holdout must be at least 2');
  const t0 = cpuSeconds();
  const train: Rows = { X: [], y: [], game: [] };
  const test: Rows = { X: [], y: [], game: [] };
  let used = 0;
  const kinds: [string, number, [BotLevel, BotLevel]][] = [
    ['nn', normal, ['normal', 'normal']],
    ['nh', hard, ['normal', 'hard']],
  ];
  for (const [kind, games, levels] of kinds)
    for (let g = 0; g < games; g++) {
      const game = botGame(`${seed}-${kind}`, g, levels);
      if (g % 20 === 19) console.error(`${kind}: ${g + 1} of ${games} games, ${(cpuSeconds() - t0).toFixed(0)} s CPU`);
      if (game.winner === null || game.winner === 'draw') continue;
      used++;
      const into = g % holdout === holdout - 1 ? test : train;
      for (const { state, action } of positions(game.match, POOL)) {
        into.X.push(viewFeatures(project(state, action.manager)));
        into.y.push(game.winner === action.manager ? 1 : 0);
        into.game.push(used);
      }
    }
  const raw = fitLogistic(train.X, train.y);
  const scale = temperature(train);
  const coefficients = raw.map((w) => Number((w * scale).toPrecision(6)));
  const fit = {
    command: 'npm run review:fit',
    normal,
    hard,
    seed,
    holdout,
    games: used,
    positions: { train: train.X.length, test: test.X.length },
    temperature: { folds: FOLDS, scale: Number(scale.toPrecision(6)) },
  };
  const model: WinModel = { features: FEATURES, coefficients, fit };
  const unscaled = calibration(
    test.X.map((x) => chanceOf(x, { features: FEATURES, coefficients: raw })),
    test.y,
  );
  const held = calibration(
    test.X.map((x) => chanceOf(x, model)),
    test.y,
  );
  const seen = calibration(
    train.X.map((x) => chanceOf(x, model)),
    train.y,
  );
  console.log(`${used} decided games (${normal} normal v normal, ${hard} normal v hard), ${train.X.length} positions fitted, ${test.X.length} held out`);
  FEATURES.forEach((f, i) => console.log(`  ${f.padEnd(14)} ${coefficients[i]}`));
  console.log(`temperature (${FOLDS} folds by game): ×${scale.toFixed(4)} on w·f`);
  console.log(`held-out games, unscaled: Brier ${unscaled.brier.toFixed(4)}`);
  console.log('held-out games, scaled:');
  printCalibration(held);
  console.log(`fitted games: Brier ${seen.brier.toFixed(4)}`);
  if (flag('dry') === undefined && !process.argv.includes('--dry')) {
    const file = fileURLToPath(new URL('../src/win-model.generated.ts', import.meta.url));
    writeFileSync(
      file,
      `// Written by packages/review/bench/fit-win-model.ts (npm run review:fit): do not edit by hand.\n` +
        `export const FITTED = ${JSON.stringify({ features: FEATURES, coefficients, fit }, null, 2)};\n`,
    );
    console.log(`wrote ${file}`);
  }
  console.log(
    JSON.stringify({
      ...fit,
      cpuSeconds: Number((cpuSeconds() - t0).toFixed(1)),
      coefficients,
      heldOut: held,
      heldOutUnscaled: { brier: unscaled.brier },
      fitted: { brier: seen.brier },
    }),
  );
}

main();
