/**
 * Property (c): the state is plain JSON and the engine is deterministic.
 * - The games run through `stepInPlace` (the bots' door). At a sample of steps: the state is plain JSON (no
 *   undefined, NaN, Map, class...), survives a JSON round trip with the same hashState, and stepping the
 *   round-tripped copy through `step` with the same action gives the same hash and events as the original.
 * - Full replay on a subset of games: createGame with the same config and the recorded actions, through the
 *   public door `step` this time, reproduces the hash (and the events) after every single action, so the two
 *   doors agree hash for hash. Hashing every step costs about 0.2 ms a hash (~600 actions a game, twice), so
 *   the full replay runs on the first REPLAYED games of each pool (100 in all) rather than on all of them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, hashState, step, type GameState } from '../../src/index.js';
import { checkPlainJson, fail, playRandomGame, POOLS, type GameRecord, FC_SEED, gamesPerPool } from './harness.js';

/** Games per pool with sampled JSON round trips. */
const GAMES = gamesPerPool(400);
/** Of which this many (the first ones) are replayed in full, hash by hash. */
const REPLAYED = gamesPerPool(100);
const SAMPLE_RATE = 0.05;

let roundTrips = 0;
let replayed = 0;

function replay(rec: GameRecord, events: string[]): void {
  const created = createGame(rec.cfg);
  if (!created.ok) fail(created.message);
  let s: GameState = created.state;
  if (hashState(s) !== rec.initialHash) fail('createGame with the same config gave a different initial hash');
  rec.actions.forEach((a, i) => {
    const r = step(s, a);
    if (!r.ok) fail(`replay: action ${i} was rejected: ${r.code}: ${r.message}`, a);
    s = r.state;
    if (hashState(s) !== rec.hashes[i]) fail(`the replay through step diverged from the stepInPlace game after action ${i}`, a);
    if (JSON.stringify(r.events) !== events[i]) fail(`the replay through step gave different events at action ${i}`, a);
  });
  replayed++;
}

describe('property (c): JSON round trip and replay determinism', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games (${REPLAYED} replayed in full); plain JSON, round trips and replays give equal hashes`, () => {
      let run = 0;
      fc.assert(
        fc.property(fc.nat(), (gameSeed) => {
          const full = run++ < REPLAYED;
          const events: string[] = [];
          let expected: { hash: string; events: string } | null = null;
          const at = (what: string, f: () => void) => {
            try {
              f();
            } catch (e) {
              throw new Error(`[game ${spec.name}/${gameSeed}, ${what}] ${(e as Error).message}`);
            }
          };
          const rec = playRandomGame(spec, gameSeed, {
            door: 'inPlace',
            concedeRate: 0.03,
            recordHashes: full,
            onStart: (s) => at('setup', () => checkPlainJson(s)),
            onDecide: ({ state, action, rng, index }) => {
              if (rng() >= SAMPLE_RATE) return;
              roundTrips++;
              at(`step ${index}`, () => {
                checkPlainJson(state);
                const copy = JSON.parse(JSON.stringify(state)) as GameState;
                const h = hashState(state);
                if (hashState(copy) !== h) fail('the JSON round trip changed the hash');
                const r = step(copy, action);
                if (!r.ok) fail(`the round-tripped state rejected the action: ${r.code}: ${r.message}`, action);
                if (hashState(copy) !== h) fail('step changed its input state');
                expected = { hash: hashState(r.state), events: JSON.stringify(r.events) };
              });
            },
            onStep: ({ after, events: ev, index, action }) => {
              if (full) events.push(JSON.stringify(ev));
              if (!expected) return;
              const x: { hash: string; events: string } = expected;
              expected = null;
              at(`step ${index}`, () => {
                if (hashState(after) !== x.hash) fail('stepping the round-tripped state gave a different hash', action);
                if (JSON.stringify(ev) !== x.events) fail('stepping the round-tripped state gave different events', action);
              });
            },
          });
          if (full) at('full replay', () => replay(rec, events));
        }),
        { seed: FC_SEED, numRuns: GAMES, endOnFailure: true },
      );
      expect(replayed).toBeGreaterThanOrEqual(REPLAYED);
      expect(roundTrips).toBeGreaterThan(GAMES * 5);
    }, 600_000);
  }
});
