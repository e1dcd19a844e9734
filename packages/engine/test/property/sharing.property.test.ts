/**
 * Property (f): the door shares what an action leaves alone (copy-on-write, core/own.ts) and still never lets
 * a caller see a state it holds change.
 * - Every game here runs through the public door `step` with its input deep-frozen first: the frozen state
 *   shares its unchanged parts with its successor, so any write that skips the copy-on-write barrier throws
 *   (strict mode) and the step comes back as an internal error, which fails the game. The game must also
 *   give, hash for hash, the game the same seed gives through `stepInPlace` unfrozen (replays identical).
 * - At a sample of steps, a state and its successor are driven apart by the engine: the successor (or the
 *   old state) plays on in place for a few random actions while the other side is deep-frozen; nothing may
 *   throw and the frozen side's hash may not move. Siblings stepped from one frozen state must not see each
 *   other either.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciders, hashState, legalActions, realise, step, stepInPlace, type Action, type GameState } from '../../src/index.js';
import { fail, FC_SEED, gamesPerPool, pick, playRandomGame, POOLS, type Rng } from './harness.js';

const GAMES = gamesPerPool(60);
const SAMPLE_RATE = 0.04;
/** Random actions each side plays on in place. */
const PLAY_ON = 6;

/** Freezes everything reachable from `x` (definitions included). An object already frozen is skipped. */
function deepFreeze(x: unknown): void {
  if (x === null || typeof x !== 'object' || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const k of Object.keys(x)) deepFreeze((x as Record<string, unknown>)[k]);
}

/** A few random legal actions on `s` itself; stops at the end of the match. */
function playOn(s: GameState, rng: Rng): void {
  for (let i = 0; i < PLAY_ON && s.phase !== 'game-over'; i++) {
    const who = deciders(s)[0]!;
    const choices = legalActions(s, who).filter((a) => a.type !== 'concede');
    const r = stepInPlace(s, realise(pick(rng, choices), rng));
    if (!r.ok) fail(`playing on in place was refused: ${r.code}: ${r.message}`);
  }
}

/** A state with objects of its own only, never frozen: the JSON round trip. */
const own = (s: GameState): GameState => JSON.parse(JSON.stringify(s)) as GameState;

function drivenApart(before: GameState, action: Action, rng: Rng): void {
  // The successor plays on; the old state, frozen, must not see it (and the successor must not write to it).
  const s0 = own(before);
  const a = step(s0, action);
  if (!a.ok) fail(`the copy refused the action: ${a.code}`, action);
  const h0 = hashState(s0);
  deepFreeze(s0);
  playOn(a.state, rng);
  if (hashState(s0) !== h0) fail('playing on from the successor changed the state before it');
  // The old state plays on; its successor, frozen, must not see it.
  const t0 = own(before);
  const b = step(t0, action);
  if (!b.ok) fail(`the copy refused the action: ${b.code}`, action);
  const h1 = hashState(b.state);
  deepFreeze(b.state);
  playOn(t0, rng);
  if (hashState(b.state) !== h1) fail('playing on from the old state changed its successor');
  // Siblings: two actions from one frozen state, each successor played on.
  const u0 = own(before);
  deepFreeze(u0);
  const who = deciders(u0)[0]!;
  const other = realise(pick(rng, legalActions(u0, who)), rng);
  const x = step(u0, action);
  const y = step(u0, other);
  if (!x.ok || !y.ok) fail('a frozen state refused a listed action', [action, other]);
  const hx = hashState(x.state);
  playOn(y.state, rng);
  if (hashState(x.state) !== hx) fail('a sibling playing on changed the other sibling');
}

describe('property (f): copy-on-write at the door, no aliasing between a state and its successor', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games through step on deep-frozen inputs; replays identical; states driven apart stay apart`, () => {
      let apart = 0;
      fc.assert(
        fc.property(fc.nat(), (gameSeed) => {
          const at = (what: string, f: () => void) => {
            try {
              f();
            } catch (e) {
              throw new Error(`[game ${spec.name}/${gameSeed}, ${what}] ${(e as Error).message}`);
            }
          };
          const frozen = playRandomGame(spec, gameSeed, {
            door: 'step',
            concedeRate: 0.03,
            recordHashes: true,
            onStart: (s) => deepFreeze(s),
            onDecide: ({ state, action, rng, index }) => {
              if (rng() < SAMPLE_RATE) {
                apart++;
                at(`step ${index}`, () => drivenApart(state, action, rng));
              }
              deepFreeze(state);
            },
          });
          const inPlace = playRandomGame(spec, gameSeed, { door: 'inPlace', concedeRate: 0.03, recordHashes: true });
          if (frozen.initialHash !== inPlace.initialHash) fail('the two runs began differently');
          const n = Math.max(frozen.hashes.length, inPlace.hashes.length);
          for (let i = 0; i < n; i++)
            if (frozen.hashes[i] !== inPlace.hashes[i])
              fail(`[game ${spec.name}/${gameSeed}] the frozen run through step and the run in place differ after action ${i}`);
        }),
        { seed: FC_SEED, numRuns: GAMES, endOnFailure: true },
      );
      expect(apart).toBeGreaterThan(GAMES * 5);
    }, 600_000);
  }
});
