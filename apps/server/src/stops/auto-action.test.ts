/**
 * The pass decision depends only on settings and public information (docs/auto-pass.md), as a property:
 * positions from random playouts of every starter pairing are dealt again with the hidden cards changed
 * (hands and rosters shuffled together, some hidden cards given other definitions), and the server must
 * decide alike for both, under many settings and one-shots. A control checks that the same pairs do tell a
 * hand-reading rule apart, so this test fails if the decision starts to read a hand.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, createGame, deciders, legalActions, makeRng, project, realise, step, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { DEFAULT_STOP_SETTINGS, OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, type PassUntilMode, type StopSettings } from '@vroyale/protocol';
import { autoAction } from './auto-action.js';

type Rnd = () => number;

function shuffle<T>(xs: T[], rnd: Rnd): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** Positions of one random game (one in `every`), each a state some manager is asked to decide in. */
function playout(seed: string, a: number, b: number, every: number): GameState[] {
  const rnd = makeRng(seed);
  const created = createGame({ seed, pool: cardPool, rosters: { A: starterRosters[a]!, B: starterRosters[b]! } });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const out: GameState[] = [];
  for (let n = 0; n < 600 && s.phase !== 'game-over'; n++) {
    if (n % every === 0) out.push(s);
    const who = deciders(s)[0]!;
    const legal = legalActions(s, who).filter((x) => x.type !== 'concede' && x.type !== 'tilt-star');
    const r = step(s, realise(legal[Math.floor(rnd() * legal.length)]!, rnd));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

/**
 * The same public position with other hidden facts: each manager's hand and roster are shuffled together
 * and dealt again (same sizes), and some hidden cards become other cards of the match. Stage, stack, counts
 * and everything else public stay as they were.
 */
function redeal(s: GameState, rnd: Rnd): GameState {
  const v = cloneState(s);
  const defIds = Object.keys(v.defs).filter((d) => !cardPool[d]!.token);
  for (const m of ['A', 'B'] as const) {
    const ms = v.managers[m];
    const hidden = shuffle([...ms.hand, ...ms.roster], rnd);
    ms.hand = hidden.slice(0, ms.hand.length);
    ms.roster = hidden.slice(ms.hand.length);
    for (const id of ms.hand) v.cards[id]!.zone = 'hand';
    for (const id of ms.roster) v.cards[id]!.zone = 'roster';
    for (const id of hidden) if (rnd() < 0.3) v.cards[id]!.def = defIds[Math.floor(rnd() * defIds.length)]!;
  }
  v.rng = [rnd() * 2 ** 32, rnd() * 2 ** 32, rnd() * 2 ** 32, rnd() * 2 ** 32].map((x) => x >>> 0) as GameState['rng'];
  return v;
}

function randomStops(rnd: Rnd): StopSettings {
  const flags = <W extends string>(ws: readonly W[]) => Object.fromEntries(ws.map((w) => [w, rnd() < 0.5])) as Record<W, boolean>;
  return { own: flags(OWN_TURN_WINDOWS), opponent: flags(OPPONENT_TURN_WINDOWS), opponentStack: rnd() < 0.5, fullControl: rnd() < 0.1 };
}

const ALL_OFF: StopSettings = {
  own: Object.fromEntries(OWN_TURN_WINDOWS.map((w) => [w, false])) as StopSettings['own'],
  opponent: Object.fromEntries(OPPONENT_TURN_WINDOWS.map((w) => [w, false])) as StopSettings['opponent'],
  opponentStack: false,
  fullControl: false,
};

/** The old rule (pass when passing is all one can do): it reads the hand, and must be caught. */
function handReading(s: GameState, seat: ManagerId): Action | null {
  const legal = legalActions(s, seat);
  const only = legal.some((x) => x.type === 'pass') && legal.every((x) => x.type === 'pass' || x.type === 'concede' || x.type === 'tilt-star');
  return only ? { type: 'pass', manager: seat } : null;
}

function positions(): GameState[] {
  const out: GameState[] = [];
  let g = 0;
  for (let a = 0; a < starterRosters.length; a++)
    for (let b = 0; b < starterRosters.length; b++) if (a !== b || a === 0) out.push(...playout(`stops-${g++}`, a, b, 3));
  return out;
}

describe('the pass decision reads no hidden fact', () => {
  const states = positions();
  const rnd = makeRng('stops-property');
  const pairs = states.map((s) => [s, redeal(s, rnd)] as const);

  it('the generated pairs share every public fact and differ in hidden ones', () => {
    expect(pairs.length).toBeGreaterThan(1_000);
    let handsDiffer = 0;
    for (const [s, v] of pairs) {
      expect(project(v, 'spectator')).toEqual(project(s, 'spectator'));
      if (JSON.stringify(s.managers.A.hand.map((id) => s.cards[id]!.def)) !== JSON.stringify(v.managers.A.hand.map((id) => v.cards[id]!.def))) handsDiffer++;
    }
    expect(handsDiffer).toBeGreaterThan(pairs.length / 2);
  });

  it('decides identically for both states of every pair, under every kind of settings and one-shot', () => {
    const modes: PassUntilMode[] = [null, 'my-turn', 'something-happens'];
    const counts = { compared: 0, acted: 0, asked: 0, declarations: 0 };
    for (const [s, v] of pairs) {
      for (const seat of deciders(s)) {
        for (const stops of [DEFAULT_STOP_SETTINGS, ALL_OFF, randomStops(rnd)])
          for (const mode of modes) {
            const x = autoAction(s, seat, stops, mode);
            expect(autoAction(v, seat, stops, mode)).toEqual(x);
            counts.compared++;
            if (!x) counts.asked++;
            else if (x.type === 'pass') counts.acted++;
            else counts.declarations++;
          }
      }
    }
    // The comparison covered passes, questions and declarations alike.
    expect(counts.acted).toBeGreaterThan(1_000);
    expect(counts.asked).toBeGreaterThan(1_000);
    expect(counts.declarations).toBeGreaterThan(50);
  });

  it('control: the same pairs catch a rule that reads the hand', () => {
    let differ = 0;
    for (const [s, v] of pairs) for (const seat of deciders(s)) if (JSON.stringify(handReading(s, seat)) !== JSON.stringify(handReading(v, seat))) differ++;
    expect(differ).toBeGreaterThan(20);
  });
});
