/** @vroyale/engine: the pure, deterministic VRoyale rules engine. */
export * from './cards/schema.js';
export * from './cards/card-files.js';
export type * from './core/types.js';
export { MANAGERS, other } from './core/types.js';
export type { GameEvent } from './core/events.js';
export { hashState, cyrb53 } from './core/hash.js';
export { makeRng } from './core/rng.js';
export { cloneState } from './core/clone.js';
export { visibleTo, cardVisibleTo } from './core/visibility.js';
export { makeCard, counterBatch } from './core/card-instance.js';
export { countersOf, counterTotals } from './zones/counters.js';
export { Action, actionKey, type ActionInput, type ActionType } from './actions/schema.js';
export { REJECT_CODES, type RejectCode, type Rejection } from './core/rejections.js';
export { step, stepParsed, stepInPlace, parseAction, type StepResult, type Accepted } from './actions/step.js';
export { deciders } from './actions/deciders.js';
export { legalActions, candidateActions } from './actions/legal-actions.js';
export { checkAction } from './actions/dispatch.js';
export { createGame, blankState, collectDefs, emptyManager, STARTING_SANITY, type MatchConfig, type CreateResult } from './setup/create-game.js';
export { validateRoster, lookupFrom, ROSTER_SIZE, type Roster, type RosterProblem, type RosterProblemSay, type CardLookup } from './deck/validate-roster.js';
export { project, type GameView, type ManagerView, type CardView, type PendingView, type Viewer } from './view/projection.js';
export { projectTurn, type TurnView } from './view/turn-view.js';
export { projectEvent, projectEvents } from './view/project-events.js';
export { isLegalTarget, candidatesFor, targetCombos, targetsLegal } from './effects/targets.js';
export {
  aLegalAssignment,
  blockOffer,
  blockProblems,
  maxCalloutBlocked,
  type BlockOffer,
  type BlockProblem,
  type AttackerFacts,
  type BlockerFacts,
} from './combat/blockers.js';
export { attackOffer, attackProblems, type AttackOffer, type AttackBar, type DeclarationProblem } from './combat/attackers.js';
export { randomAttackers, randomBlocks } from './actions/random-declaration.js';
export { isOffer, permits, realise, simplest, type Legal, type Offer } from './actions/offers.js';
export { sameNameLabels } from './core/labels.js';
export { statsOf } from './effects/stats.js';
export { CUSTOM_HANDLERS } from './effects/custom-handlers.js';
export { rulesText, NO_ABILITIES, type RulesTextLookup, type RulesLanguage } from './cards/rules-text.js';
export { rulesTextJa, NO_ABILITIES_JA } from './cards/rules-text-ja.js';
export { counterNameJa } from './cards/rules-text-ja-words.js';
export {
  encodeDeckCode,
  decodeDeckCode,
  cardIdHash,
  deckCodeTable,
  DECK_CODE_VERSION,
  type DecodeResult,
  type DeckCodeError,
  type DeckList,
} from './deck/deck-code.js';
export {
  validateSideDeck,
  validateSwap,
  applySwap,
  swapSummary,
  SIDE_DECK_MAX,
  type Swap,
  type SwapSummary,
  type SideDeckProblem,
  type SideDeckProblemSay,
} from './deck/side-deck.js';
export type { Bot, BotInput } from './bots/types.js';
export { randomBot } from './bots/random-bot.js';
export { strongBot, createStrongBot, type StrongBotOptions } from './bots/strong-bot.js';
export { createEasyBot, easyBot, type EasyBotOptions } from './bots/easy-bot.js';
export {
  BOT_LEVELS,
  LEVEL_DEALS,
  LEVEL_HORIZON,
  LEVEL_ITERATIONS,
  LEVEL_MS,
  botForLevel,
  isBotLevel,
  type BotKnowledge,
  type BotLevel,
  type LevelOptions,
} from './bots/levels.js';
export { dealHidden, hiddenCards, type HiddenCards, type KnownDeck } from './bots/search/hidden-deal.js';
export { createSearchBot, searchCandidates, type SearchBotOptions } from './bots/search/search-bot.js';
export { mergeRoots, pickRoot, searchRoot, type RootStats, type SearchOptions } from './bots/search/root-search.js';
export { playMatch, withTurnOrder, type MatchOptions, type MatchResult } from './bots/play-match.js';
