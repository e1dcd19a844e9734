export type * from './types.js';
export { standings, byeResult, PERCENT_FLOOR, type Standing } from './standings.js';
export {
  pairEntrants,
  pairKey,
  MAX_PLAYERS,
  type PairingEntrant,
  type PairingInput,
  type PairingOutput,
  type PairingOptions,
  type PairingResult,
} from './pairing.js';
export { activeIn, openMatches, resultProblem } from './results.js';
export { createTournament, pairingInput, pairNextRound, reportResult, fixResult, dropPlayer, standardRounds } from './tournament.js';
export { startTopCut, reportCutResult, champion, bracketOrder } from './top-cut.js';
export {
  matchScore,
  matchDecided,
  nextChooser,
  resultAtTime,
  extraTurnsLeft,
  nextGameStarts,
  gamesToWin,
  EXTRA_TURNS,
  type GameRecord,
  type Seat,
} from './match.js';
