/**
 * Property (a): the door and the legal-action list agree.
 * - Random full games never throw and never hit 'internal-error'; every chosen listed action is accepted
 *   (the games run through `stepInPlace` for speed; every check below goes through `step`).
 * - At a sample of steps, EVERY listed action of the deciding manager (and of the other manager) is accepted,
 *   and the input state is unchanged afterwards (step copies; hash before = hash after).
 * - The manager who is not deciding is offered only 'concede' (and their mulligan during mulligans).
 * - Near-miss and random actions (wrong manager, any card id including hidden and stale ones, other action
 *   types, random targets, abilities, options) are accepted exactly when the listing permits them.
 * - Declarations (RUL-COMBAT-1/2): a declaration is listed as an offer. Every declaration the offer's
 *   legality function (`attackProblems`, `blockProblems`) accepts applies; every one it refuses is rejected
 *   with exactly those problems' messages. Tried on uniformly random legal declarations and on near misses
 *   (random subsets and pairs over the offer's cards, barred cards, hidden, stale and made-up ids).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aLegalAssignment,
  actionKey,
  attackProblems,
  blockProblems,
  hashState,
  isOffer,
  legalActions,
  other,
  parseAction,
  permits,
  realise,
  step,
  type Action,
  type GameState,
  type Legal,
  type ManagerId,
  type Offer,
} from '../../src/index.js';
import { fail, idPool, keySet, mutateAction, pick, playRandomGame, POOLS, randInt, type DecideInfo, type Rng, FC_SEED, gamesPerPool } from './harness.js';

/** Games per pool (the fixture always; the real card set too once cards/index.ts exists). */
const GAMES = gamesPerPool(400);
const SAMPLE_RATE = 0.06;
const MUTANTS_PER_SAMPLE = 30;
const DECLARATIONS_PER_OFFER = 12;

let sampled = 0;
let mutantsTried = 0;
let mutantsUnlisted = 0;
let conceded = 0;
let assignmentsChecked = 0;
let declarationsAccepted = 0;
let declarationsRefused = 0;

/** A declaration near the offer: random subsets or pairs of its cards, barred ones, and ids from anywhere. */
function nearDeclaration(rng: Rng, offer: Offer, pool: readonly string[]): Action {
  const some = <T>(xs: readonly T[], max: number): T[] => Array.from({ length: randInt(rng, max + 1) }, () => pick(rng, xs));
  if (offer.type === 'choose-attackers') {
    const ids = [...offer.eligible.map((e) => e.id), ...offer.barred.map((b) => b.id)];
    const mixed = rng() < 0.2 ? [...ids, ...pool] : ids.length ? ids : pool;
    return { type: 'declare-attackers', manager: offer.manager, attackers: some(mixed, 4) };
  }
  const blockers = offer.blockers.map((b) => b.id);
  const attackers = offer.attackers.map((a) => a.id);
  const from = (xs: string[]) => (xs.length && rng() >= 0.1 ? pick(rng, xs) : pick(rng, pool));
  return {
    type: 'declare-blocks',
    manager: offer.manager,
    blocks: Array.from({ length: randInt(rng, 5) }, () => ({ blocker: from(blockers), attacker: from(attackers) })),
  };
}

/** The offer's legality function, as the engine must apply it. */
function problemsOf(offer: Offer, a: Action): string[] {
  if (offer.type === 'choose-attackers' && a.type === 'declare-attackers') return attackProblems(offer, a.attackers).map((p) => p.message);
  if (offer.type === 'choose-blocks' && a.type === 'declare-blocks') return blockProblems(offer, a.blocks).map((p) => p.message);
  throw new Error('declaration does not match its offer');
}

function checkDeclarations(before: GameState, offer: Offer, rng: Rng, pool: readonly string[]): void {
  for (let k = 0; k < DECLARATIONS_PER_OFFER; k++) {
    const a = k % 3 === 0 ? realise(offer, rng) : nearDeclaration(rng, offer, pool);
    const problems = problemsOf(offer, a);
    const r = step(before, a);
    if (problems.length === 0) {
      if (!r.ok) fail(`a declaration its offer accepts was rejected: ${r.code}: ${r.message}`, a);
      declarationsAccepted++;
    } else {
      if (r.ok) fail(`a declaration its offer refuses was accepted (${problems.join('; ')})`, a);
      const code = offer.type === 'choose-attackers' ? 'illegal-attackers' : 'illegal-blocks';
      if (r.code !== code || r.message !== problems.join('; ')) fail(`refused with other problems than the offer's: ${r.code}: ${r.message}`, { a, problems });
      declarationsRefused++;
    }
    if (k % 3 === 0 && problems.length) fail('realise produced a declaration its offer refuses', { a, problems });
  }
}

/**
 * RUL-COMBAT-3: whenever the defender is assigning blocks, `aLegalAssignment` has no Callout, Clout or
 * Moderator problem; at sampled steps it is also declared through the door and accepted.
 */
function checkAssignment(before: GameState, legal: readonly Legal[], viaDoor: boolean): void {
  const offer = legal.find(isOffer);
  if (offer?.type !== 'choose-blocks') return;
  const blocks = aLegalAssignment(offer);
  const problems = blockProblems(offer, blocks);
  if (problems.length) fail(`aLegalAssignment has problems: ${problems.map((p) => p.message).join('; ')}`, blocks);
  assignmentsChecked++;
  if (!viaDoor) return;
  const r = step(before, { type: 'declare-blocks', manager: offer.manager, blocks });
  if (!r.ok) fail(`aLegalAssignment via the door rejected: ${r.code}: ${r.message}`, blocks);
}

function checkStep(info: DecideInfo, stale: string[]): void {
  const { state: before, who, legal, rng } = info;
  // The manager who is not deciding may only concede (or mulligan, during mulligans).
  if (before.phase !== 'mulligan') {
    const rest = legalActions(before, other(who));
    if (rest.length !== 1 || rest[0]!.type !== 'concede') fail(`non-deciding manager ${other(who)} is offered more than concede in ${before.phase}`, rest);
  } else {
    for (const a of legalActions(before, other(who)))
      if (a.type !== 'concede' && a.type !== 'mulligan') fail(`during mulligans ${other(who)} is offered ${a.type}`);
  }
  checkAssignment(before, legal, false);
  if (rng() >= SAMPLE_RATE) return;
  sampled++;
  checkAssignment(before, legal, true);
  const h0 = hashState(before);
  const listed: Record<ManagerId, Legal[]> = { [who]: legal, [other(who)]: legalActions(before, other(who)) } as Record<ManagerId, Legal[]>;
  const keys = { A: keySet(listed.A), B: keySet(listed.B) };
  const pool = idPool(before, stale);
  for (const m of ['A', 'B'] as const)
    for (const l of listed[m]) {
      if (isOffer(l)) {
        checkDeclarations(before, l, rng, pool);
        continue;
      }
      const r = step(before, l);
      if (!r.ok) fail(`listed action rejected at step ${info.index}: ${r.code}: ${r.message}`, l);
    }
  const bases = [...listed.A, ...listed.B].map((l) => realise(l, rng));
  for (let k = 0; k < MUTANTS_PER_SAMPLE; k++) {
    const mutant = mutateAction(rng, bases.length ? pick(rng, bases) : undefined, pool);
    mutantsTried++;
    const parsed = parseAction(mutant);
    const r = step(before, mutant);
    if (!parsed.ok) {
      if (r.ok || r.code !== 'malformed') fail('a malformed action was not rejected as malformed', { mutant, r });
      continue;
    }
    const isListed = keys[parsed.action.manager].has(actionKey(parsed.action)) || permits(listed[parsed.action.manager], parsed.action);
    if (isListed) {
      if (!r.ok) fail(`a listed action was rejected: ${r.code}: ${r.message}`, mutant);
    } else {
      mutantsUnlisted++;
      if (r.ok)
        fail(`an unlisted action was accepted at step ${info.index} (phase ${before.phase}, turn ${before.turn})`, {
          mutant,
          card: before.cards[(mutant as { card?: string }).card ?? ''] ?? null,
        });
      if (r.code === 'internal-error') fail(`internal error: ${r.message}`, mutant);
    }
  }
  if (hashState(before) !== h0) fail(`step changed its input state at step ${info.index}`);
}

describe('property (a): legal actions and the door agree', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games; listed actions apply, unlisted ones are rejected, the input is never changed; RUL-COMBAT-1/2: declarations are judged by their offer's legality function; RUL-COMBAT-3: aLegalAssignment is accepted`, () => {
      fc.assert(
        fc.property(fc.nat(), (gameSeed) => {
          const stale: string[] = [];
          const rec = playRandomGame(spec, gameSeed, {
            door: 'inPlace', // the main line; every sampled check goes through the public door, `step`
            concedeRate: 0.03,
            onDecide: (info) => {
              try {
                checkStep(info, stale);
              } catch (e) {
                throw new Error(`[game ${spec.name}/${gameSeed}] ${(e as Error).message}`);
              }
            },
            onStep: (info) => {
              for (const e of info.events) if (e.t === 'move' && e.card && stale.length < 200) stale.push(e.card);
            },
          });
          if (rec.conceded) conceded++;
        }),
        { seed: FC_SEED, numRuns: GAMES, endOnFailure: true },
      );
      expect(sampled).toBeGreaterThan(GAMES * 5);
      expect(mutantsUnlisted).toBeGreaterThan(mutantsTried / 2);
      expect(conceded).toBeGreaterThan(0);
      expect(assignmentsChecked).toBeGreaterThan(GAMES);
      expect(declarationsAccepted).toBeGreaterThan(GAMES);
      expect(declarationsRefused).toBeGreaterThan(GAMES);
    }, 600_000);
  }
});
