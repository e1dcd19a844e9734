/**
 * Fits the evaluation's weights to game outcomes: `npm run bench:eval-fit [-- --games 1000] [--seed fit]
 * [--bot normal] [--holdout 5]`. `evaluate` is a weighted sum of its terms (evaluate.ts `evaluationTerms`), so
 * a position's features are those terms. The bench plays `--bot` against itself over every ordered starter
 * pairing (first player alternating), takes the position at the start of every turn (where the search's
 * rollouts stop and score), labels it with who went on to win, and fits a logistic regression of the outcome on
 * the features and whose turn it is. Every `--holdout`-th game is kept
 * out of the fit to compare, on unseen games, the fitted evaluation with the default one (whose scale is fitted
 * too). The fitted weights are printed in the default evaluation's units (one unit of either predicts the same
 * odds), so the search's squashing sees scores of the same size, as a `@w(...)` bot name for bench:bots.
 * Last line: JSON.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { DEFAULT_WEIGHTS, EVAL_TERMS as TERMS, evaluate, evaluationTerms, type EvalWeights } from '../../engine/src/bots/evaluate.js';
import { botForLevel, isBotLevel, playMatch, withTurnOrder, type BotLevel, type CardDef, type GameState, type Roster } from '@vroyale/engine';
import { startersOf } from './bot-match-game.js';
import { fitLogistic, logLoss, predict } from '@vroyale/review';
import { flag } from './pools.js';

const pool = cardPool as Record<string, CardDef>;
const rosters = starterRosters as unknown as (Roster & { id?: string })[];

interface Position {
  /** The evaluation's terms for A (evaluationTerms), then +1 if A is to move (−1 if B). */
  features: number[];
  /** The default evaluation for A. */
  shipped: number;
}

function positionsOf(g: number, seed: string, level: BotLevel): { positions: Position[]; aWon: boolean | null } {
  const [a, b] = startersOf(g, rosters);
  const aFirst = g % 2 === 0;
  const positions: Position[] = [];
  let turn = -1;
  const observe = (s: GameState): void => {
    if (s.phase === 'game-over' || s.turn === turn) return;
    turn = s.turn;
    const features = evaluationTerms(s, 'A');
    features.push(s.active === 'A' ? 1 : -1);
    positions.push({ features, shipped: evaluate(s, 'A') });
  };
  const r = playMatch({
    seed: `${seed}-${g}`,
    pool,
    rosters: { A: a, B: b },
    bots: { A: withTurnOrder(botForLevel(level, { goFirst: aFirst }), aFirst), B: withTurnOrder(botForLevel(level, { goFirst: !aFirst }), !aFirst) },
    observe,
  });
  const aWon = r.failure || r.winner === null || r.winner === 'draw' ? null : r.winner === 'A';
  return { positions, aWon };
}

const accuracy = (X: number[][], y: number[], w: number[]): number => X.filter((x, i) => predict(x, w) > 0.5 === (y[i] === 1)).length / Math.max(1, X.length);

function main(): void {
  const games = Number(flag('games') ?? 1000);
  const seed = flag('seed') ?? 'fit';
  const bot = flag('bot') ?? 'normal';
  const holdout = Number(flag('holdout') ?? 5);
  if (!isBotLevel(bot) || bot === 'hard' || bot === 'expert')
    throw new Error(`--bot: '${bot}' must be easy or normal (the searching levels are too slow to fill a fit)`);
  if (!Number.isInteger(games) || !Number.isInteger(holdout) || !(games >= holdout && holdout >= 2))
    throw new Error('--games and --holdout must be whole numbers, --holdout at least 2 and --games at least --holdout');
  const t0 = performance.now();
  const train: { X: number[][]; S: number[][]; y: number[] } = { X: [], S: [], y: [] };
  const test: typeof train = { X: [], S: [], y: [] };
  let decided = 0;
  for (let g = 0; g < games; g++) {
    const { positions, aWon } = positionsOf(g, seed, bot);
    if (aWon === null) continue;
    decided++;
    const into = g % holdout === holdout - 1 ? test : train;
    for (const p of positions) {
      into.X.push(p.features);
      into.S.push([p.shipped, p.features[p.features.length - 1]!]);
      into.y.push(aWon ? 1 : 0);
    }
  }
  const fitted = fitLogistic(train.X, train.y);
  const shipped = fitLogistic(train.S, train.y);
  // One unit of the default evaluation is worth shipped[0] in log-odds; the fitted terms in the same units:
  const scale = shipped[0]!;
  const weights = Object.fromEntries(TERMS.map((k, i) => [k, Number((fitted[i]! / scale).toPrecision(3))])) as Partial<EvalWeights>;
  const report = {
    games,
    decided,
    positions: { train: train.X.length, test: test.X.length },
    seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    logLoss: {
      shipped: { train: logLoss(train.S, train.y, shipped), test: logLoss(test.S, test.y, shipped) },
      fitted: { train: logLoss(train.X, train.y, fitted), test: logLoss(test.X, test.y, fitted) },
    },
    accuracy: { shipped: accuracy(test.S, test.y, shipped), fitted: accuracy(test.X, test.y, fitted) },
    logOddsPerUnit: scale,
    tempo: { shipped: shipped[1], fitted: fitted[fitted.length - 1] },
    weights,
    shippedWeights: Object.fromEntries(TERMS.map((k) => [k, DEFAULT_WEIGHTS[k]])),
  };
  console.log(
    `${bot} v ${bot}: ${decided} decided games of ${games}, ${train.X.length} turn-start positions fitted, ${test.X.length} held out (every ${holdout}th game)`,
  );
  console.log(`held-out log loss: shipped weights ${report.logLoss.shipped.test.toFixed(4)}, fitted ${report.logLoss.fitted.test.toFixed(4)} (a coin: 0.6931)`);
  console.log(`held-out accuracy: shipped ${(report.accuracy.shipped * 100).toFixed(1)}%, fitted ${(report.accuracy.fitted * 100).toFixed(1)}%`);
  for (const k of TERMS) console.log(`  ${k.padEnd(14)} shipped ${String(DEFAULT_WEIGHTS[k]).padStart(6)}  fitted ${String(weights[k]).padStart(8)}`);
  console.log(`bench:bots name: expert@w(${TERMS.map((k) => `${k}=${weights[k]}`).join(';')})`);
  console.log(JSON.stringify(report));
}

main();
