import { describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, makeRng, realise, step, type GameEvent } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { stepTurn, turnIndexAt, turnStarts, type TurnStart } from './turns';

const turn = (n: number, active: 'A' | 'B'): GameEvent => ({ t: 'turn', turn: n, active });

describe('turns of a replay', () => {
  it('finds the frame where each turn begins', () => {
    const evs: GameEvent[][] = [[], [{ t: 'coin', winner: 'A' }], [turn(1, 'A')], [], [{ t: 'phase', phase: 'main' }, turn(2, 'B')], []];
    expect(turnStarts(evs)).toEqual([
      { turn: 1, active: 'A', at: 2 },
      { turn: 2, active: 'B', at: 4 },
    ]);
  });

  const starts: TurnStart[] = [
    { turn: 1, active: 'A', at: 3 },
    { turn: 2, active: 'B', at: 10 },
    { turn: 3, active: 'A', at: 20 },
  ];

  it('says which turn a frame is in (-1: setup)', () => {
    expect([0, 2, 3, 9, 10, 19, 20, 99].map((i) => turnIndexAt(starts, i))).toEqual([-1, -1, 0, 0, 1, 1, 2, 2]);
    expect(turnIndexAt([], 5)).toBe(-1);
  });

  it('steps to the previous and next turn', () => {
    expect(stepTurn(starts, 0, 1)).toBe(3);
    expect(stepTurn(starts, 5, 1)).toBe(10);
    expect(stepTurn(starts, 25, 1)).toBe(25); // no later turn: stay
    expect(stepTurn(starts, 15, -1)).toBe(10); // inside turn 2: its start
    expect(stepTurn(starts, 10, -1)).toBe(3); // at its start: the turn before
    expect(stepTurn(starts, 3, -1)).toBe(0); // the first turn: back to setup
    expect(stepTurn(starts, 1, -1)).toBe(0);
  });

  it('agrees with a real match: each start is the first frame of its turn', () => {
    const created = createGame({ seed: 'turns-test', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
    if (!created.ok) throw new Error(created.message);
    const states = [created.state];
    const events: GameEvent[][] = [[]];
    const rnd = makeRng('turns-play');
    while (states[states.length - 1]!.turn < 5) {
      const s = states[states.length - 1]!;
      const legal = legalActions(s, deciders(s)[0]!).filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
      const r = step(s, realise(legal[Math.floor(rnd() * legal.length)]!, rnd));
      if (!r.ok) throw new Error(r.message);
      states.push(r.state);
      events.push(r.events);
    }
    const found = turnStarts(events);
    expect(found.map((t) => t.turn)).toEqual([1, 2, 3, 4, 5]);
    for (const t of found) {
      expect(states[t.at]!.turn).toBe(t.turn);
      expect(states[t.at]!.active).toBe(t.active);
      expect(states[t.at - 1]!.turn).toBeLessThan(t.turn);
    }
  });
});
