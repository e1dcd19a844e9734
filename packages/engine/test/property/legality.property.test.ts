/**
 * Property (a): the door and the legal-action list agree.
 * - Random full games never throw and never hit 'internal-error'; every chosen listed action is accepted
 *   (the games run through `stepInPlace` for speed; every check below goes through `step`).
 * - At a sample of steps, EVERY listed action of the deciding manager (and of the other manager) is accepted,
 *   and the input state is unchanged afterwards (step copies; hash before = hash after).
 * - The manager who is not deciding is offered only 'concede' (and their mulligan during mulligans).
 * - Near-miss and random actions (wrong manager, any card id including hidden and stale ones, other action
 *   types, random targets, abilities, options) are accepted exactly when they are listed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aLegalAssignment, actionKey, blockProblems, hashState, legalActions, other, parseAction, step, type Action, type GameState, type ManagerId } from '../../src/index.js';
import { fail, idPool, keySet, mutateAction, pick, playRandomGame, POOLS, type DecideInfo, FC_SEED, gamesPerPool } from './harness.js';

/** Games per pool (the fixture always; the real card set too once cards/index.ts exists). */
const GAMES = gamesPerPool(400);
const SAMPLE_RATE = 0.06;
const MUTANTS_PER_SAMPLE = 30;

let sampled = 0;
let mutantsTried = 0;
let mutantsUnlisted = 0;
let conceded = 0;
let assignmentsChecked = 0;

/**
 * RUL-COMBAT-3: whenever the defender is assigning blocks, `aLegalAssignment` has no Callout, Clout or
 * Moderator problem; at sampled steps it is also played through the door (cancel the current blocks, add
 * its blocks, confirm) and every step is accepted.
 */
function checkAssignment(before: GameState, who: ManagerId, viaDoor: boolean): void {
  if (before.phase !== 'combat-block' || !before.combat || who === before.active) return;
  const blocks = aLegalAssignment(before);
  const problems = blockProblems(before, blocks);
  if (problems.length) fail(`aLegalAssignment has problems: ${problems.map((p) => p.message).join('; ')}`, blocks);
  assignmentsChecked++;
  if (!viaDoor) return;
  let s = before;
  const actions: Action[] = [
    ...before.combat.blocks.map((b): Action => ({ type: 'cancel-block', manager: who, blocker: b.blocker, attacker: b.attacker })),
    ...blocks.map((b): Action => ({ type: 'block', manager: who, blocker: b.blocker, attacker: b.attacker })),
    { type: 'confirm-block', manager: who },
  ];
  for (const a of actions) {
    const r = step(s, a);
    if (!r.ok) fail(`aLegalAssignment via the door: ${a.type} rejected: ${r.code}: ${r.message}`, a);
    s = r.state;
  }
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
  checkAssignment(before, who, false);
  if (rng() >= SAMPLE_RATE) return;
  sampled++;
  checkAssignment(before, who, true);
  const h0 = hashState(before);
  const listed: Record<ManagerId, Action[]> = { [who]: legal, [other(who)]: legalActions(before, other(who)) } as Record<ManagerId, Action[]>;
  const keys = { A: keySet(listed.A), B: keySet(listed.B) };
  for (const m of ['A', 'B'] as const)
    for (const a of listed[m]) {
      const r = step(before, a);
      if (!r.ok) fail(`listed action rejected at step ${info.index}: ${r.code}: ${r.message}`, a);
    }
  const pool = idPool(before, stale);
  const bases = [...listed.A, ...listed.B];
  for (let k = 0; k < MUTANTS_PER_SAMPLE; k++) {
    const mutant = mutateAction(rng, bases.length ? pick(rng, bases) : undefined, pool);
    mutantsTried++;
    const parsed = parseAction(mutant);
    const r = step(before, mutant);
    if (!parsed.ok) {
      if (r.ok || r.code !== 'malformed') fail('a malformed action was not rejected as malformed', { mutant, r });
      continue;
    }
    const isListed = keys[parsed.action.manager].has(actionKey(parsed.action));
    if (isListed) {
      if (!r.ok) fail(`a listed action was rejected: ${r.code}: ${r.message}`, mutant);
    } else {
      mutantsUnlisted++;
      if (r.ok) fail(`an unlisted action was accepted at step ${info.index} (phase ${before.phase}, turn ${before.turn})`, { mutant, card: before.cards[(mutant as { card?: string }).card ?? ''] ?? null });
      if (r.code === 'internal-error') fail(`internal error: ${r.message}`, mutant);
    }
  }
  if (hashState(before) !== h0) fail(`step changed its input state at step ${info.index}`);
}

describe('property (a): legal actions and the door agree', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games; listed actions apply, unlisted ones are rejected, the input is never changed; RUL-COMBAT-3: aLegalAssignment is accepted`, () => {
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
    }, 600_000);
  }
});
