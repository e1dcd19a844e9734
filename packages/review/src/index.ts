/** @vroyale/review: the game review's analysis (issue 35 §1). Pure: no I/O, no clock, no Math.random. */
export { FEATURES, stateFeatures, viewFeatures, terminalChance } from './features.js';
export { chanceOf, sigmoid, viewWinChance, winModel, type WinModel } from './win-model.js';
export { fitLogistic, logLoss, predict, type FitOptions } from './logistic.js';
export { calibration, type Calibration, type ReliabilityRow } from './calibration.js';
export { markOf, THRESHOLDS, type Mark } from './marks.js';
export { gameAccuracy, harmonicMean, moveAccuracy, standardDeviation, volatilityWeights, type Judged } from './accuracy.js';
export { publicSeed } from './public-seed.js';
export {
  DEFAULT_BUDGET,
  isForced,
  judgeDecision,
  type DecisionInput,
  type DecisionVerdict,
  type Judgement,
  type NotJudged,
  type ReviewBudget,
} from './judge.js';
export { positions, type Position, type RecordedMatch } from './replay.js';
export { reviewMatch, type DecisionReview, type ManagerSummary, type MatchReview, type ReviewOptions } from './review-match.js';
export { wireReview } from './wire-review.js';
