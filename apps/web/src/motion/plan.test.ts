import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@vroyale/engine';
import { intoPile, MAX_MOTIONS, planMotion } from './plan';

const move = (card: string, newId: string, from: string, to: string, owner: 'A' | 'B' = 'A'): GameEvent =>
  ({ t: 'move', owner, from, to, card, def: 'd', newId }) as GameEvent;

describe('planMotion: which animations a batch of events produces', () => {
  it('a card played from hand: one move, old id to new id', () => {
    expect(planMotion([move('c1', 'c2', 'hand', 'main')])).toEqual([{ kind: 'move', from: 'c1', to: 'c2', owner: 'A', fromZone: 'hand', toZone: 'main' }]);
  });

  it('joins a card moving twice in one batch (hand → stack → stage) into one move, with the stack in and out', () => {
    const item = { id: 's1', controller: 'A', source: 'c2', sourceDef: 'd', kind: 'highlight', ability: 0, targets: [] };
    const plan = planMotion([
      move('c1', 'c2', 'hand', 'stack'),
      { t: 'stack-push', item } as GameEvent,
      { t: 'stack-resolve', item: 's1', fizzled: false },
      move('c2', 'c3', 'stack', 'graduation'),
    ]);
    expect(plan).toEqual([
      { kind: 'move', from: 'c1', to: 'c3', owner: 'A', fromZone: 'hand', toZone: 'graduation' },
      { kind: 'stack-on', item: 's1', highlight: true },
      { kind: 'stack-off', item: 's1' },
    ]);
    expect(intoPile(plan[0] as never)).toBe(true);
  });

  it('follows a card from a hidden hand by its zone, and skips moves hidden at both ends', () => {
    expect(planMotion([move('', 'c9', 'hand', 'main', 'B'), move('', '', 'roster', 'hand', 'B')])).toEqual([
      { kind: 'move', from: '', to: 'c9', owner: 'B', fromZone: 'hand', toZone: 'main' },
    ]);
  });

  it('attacks nudge, blocks nudge toward their attacker, damage and sanity float numbers', () => {
    const plan = planMotion([
      { t: 'attackers', attackers: ['a1', 'a2'] },
      { t: 'blockers', blocks: [{ blocker: 'b1', attacker: 'a1' }] },
      { t: 'damage', card: 'b1', amount: 3, combat: true },
      { t: 'damage', card: 'a1', amount: 0, combat: true },
      { t: 'sanity', manager: 'B', delta: -2, now: 8, reason: 'combat' },
      { t: 'phase', phase: 'end' } as GameEvent,
    ]);
    expect(plan).toEqual([
      { kind: 'attack', card: 'a1' },
      { kind: 'attack', card: 'a2' },
      { kind: 'block', card: 'b1', attacker: 'a1' },
      { kind: 'damage', card: 'b1', amount: 3 },
      { kind: 'sanity', manager: 'B', amount: -2 },
    ]);
  });

  it('a moved card that lands on the stage is not a pile; a draw into my hand is a move from the roster', () => {
    const [m] = planMotion([move('', 'h1', 'roster', 'hand')]);
    expect(m).toEqual({ kind: 'move', from: '', to: 'h1', owner: 'A', fromZone: 'roster', toZone: 'hand' });
    expect(intoPile(m as never)).toBe(false);
  });

  it('caps a big batch', () => {
    const many = Array.from({ length: 40 }, (_, i) => move(`x${i}`, `y${i}`, 'hand', 'roster'));
    expect(planMotion(many)).toHaveLength(MAX_MOTIONS);
  });
});
