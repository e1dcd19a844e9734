/** One-shot passes end on public events only: which ones end which (docs/auto-pass.md). */
import { describe, expect, it } from 'vitest';
import type { GameEvent, ManagerId } from '@vroyale/engine';
import { OneShots } from './one-shots.js';

const push = (controller: ManagerId): GameEvent => ({
  t: 'stack-push',
  item: { id: 's1', controller, source: 'c1', sourceDef: 'x', kind: 'highlight', ability: 0, targets: [] },
});

describe('one-shots', () => {
  it("'my-turn' ends when this manager's turn begins, and only then", () => {
    const o = new OneShots();
    o.set('A', 'my-turn');
    o.afterEvents([push('B'), { t: 'attackers', attackers: ['x'] }, { t: 'turn', turn: 3, active: 'B' }], 'A');
    expect(o.of('A')).toBe('my-turn');
    o.afterEvents([{ t: 'turn', turn: 4, active: 'A' }], 'B');
    expect(o.of('A')).toBeNull();
  });

  it("'something-happens' ends on the opponent's stack item, their attack, or the turn's end; not on one's own", () => {
    const o = new OneShots();
    const again = (events: GameEvent[], active: ManagerId) => {
      o.set('A', 'something-happens');
      o.afterEvents(events, active);
      return o.of('A');
    };
    expect(again([push('A')], 'A')).toBe('something-happens');
    expect(again([{ t: 'attackers', attackers: ['x'] }], 'A')).toBe('something-happens');
    expect(again([{ t: 'attackers', attackers: [] }], 'B')).toBe('something-happens');
    expect(again([{ t: 'pass', manager: 'B' }], 'B')).toBe('something-happens');
    expect(again([push('B')], 'A')).toBeNull();
    expect(again([{ t: 'attackers', attackers: ['x'] }], 'B')).toBeNull();
    expect(again([{ t: 'turn', turn: 2, active: 'B' }], 'A')).toBeNull();
  });

  it('each seat has its own', () => {
    const o = new OneShots();
    o.set('A', 'something-happens');
    o.set('B', 'something-happens');
    o.afterEvents([push('A')], 'A');
    expect(o.of('A')).toBe('something-happens');
    expect(o.of('B')).toBeNull();
  });
});
