/**
 * @vroyale/puzzles: the puzzle format, the goals, the solver and the miner. Pure (no clock, no Math.random);
 * the loader of the shipped set (`cards/puzzles/`) is the one module with I/O: `@vroyale/puzzles/loader`.
 */
export { GOALS, Goal, LineStep, Puzzle, PuzzleError, PUZZLE_ID, Solution, Source, parsePuzzle, type PuzzleInput } from './format.js';
export { boardClear, goalFrame, goalStatus, type GoalFrame, type GoalStatus } from './goal.js';
export { cardSignature, choiceKey, choicesOf, MAX_DECLARATIONS, TooManyChoices } from './moves.js';
export { bestDefence, solve, type FirstMove, type LineMove, type SolveOptions, type SolveResult, type Verdict } from './solver.js';
export { buildPuzzle, lineToSteps, replaySteps, resolveStep, refFor, toStep, type BuiltPuzzle } from './build.js';
export { positionFromState, type Written } from './from-state.js';
export { canonicalHash, canonicalKey } from './canonical.js';
export { lineTags } from './tags.js';
export { ratingSeed, type RatingFacts } from './rating.js';
export { makePuzzle, statesAlong, MAX_WINNING_FIRST_MOVES, type MadePuzzle, type Provenance } from './make-puzzle.js';
export { candidatesOf, mineGame, type Candidate, type GameSource, type MineOptions } from './mine.js';
export { parseReplay, replayStates, ReplayError, type MatchReplay } from './replay.js';
export { attackThreatens, mightWinThisTurn } from './prefilter.js';
export { playPuzzle, type PlayOutcome } from './play.js';
