/**
 * The engine's bot internals the review builds on, imported from their files because the engine's index does not
 * export them (the lab does the same for `evaluationTerms`). One place, so an export added to the engine later
 * changes one file: determinise (a playable copy of one manager's view), the evaluation's terms, the search's
 * strongBot rollout and its candidate keys, the RNG's seeding, strongBot's work counter (the tests' measure of a look).
 */
export { determinise } from '../../engine/src/bots/determinise.js';
export { evaluationTerms, EVAL_TERMS, DEFAULT_WEIGHTS } from '../../engine/src/bots/evaluate.js';
export { rollout } from '../../engine/src/bots/search/rollout.js';
export { keyOf } from '../../engine/src/bots/search/candidates.js';
export { seedRng } from '../../engine/src/core/rng.js';
export { strongBotWork } from '../../engine/src/bots/sim-work.js';
