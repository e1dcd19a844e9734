import { describe, expect, it } from 'vitest';
import type { Action } from '@vroyale/engine';
import { actionsByCard, autoPick, complete, menuFor, narrow, primaryAction } from './choices';
import { parseRoute } from '../ui/route';

const play = (card: string, targets: string[]): Action => ({ type: 'play', manager: 'A', card, targets });
const act = (card: string, targets: string[], costCards: string[]): Action => ({ type: 'activate', manager: 'A', card, ability: 0, targets, costCards });

describe('choices from legal actions', () => {
  it('groups actions by the card they concern, blockers included', () => {
    const legal: Action[] = [
      { type: 'pass', manager: 'A' },
      play('c1', []),
      { type: 'place-star', manager: 'A', card: 'c1' },
      { type: 'block', manager: 'A', blocker: 'c2', attacker: 'c9' },
    ];
    const m = actionsByCard(legal);
    expect(m.get('c1')?.map((a) => a.type)).toEqual(['play', 'place-star']);
    expect(m.get('c2')?.map((a) => a.type)).toEqual(['block']);
    expect(m.has('c9')).toBe(false);
  });

  it('one menu entry per play, whatever its targets', () => {
    const entries = menuFor([play('c1', ['x']), play('c1', ['y']), { type: 'discard', manager: 'A', card: 'c1' }], undefined, (id) => id);
    expect(entries.map((e) => [e.key, e.actions.length])).toEqual([
      ['play', 2],
      ['discard', 1],
    ]);
  });

  it('names each attacker a block entry means, and points at it', () => {
    const name = (id: string) => ({ x1: 'Chat Regular (1)', x2: 'Chat Regular (2)' })[id] ?? id;
    const entries = menuFor(
      [
        { type: 'block', manager: 'A', blocker: 'b', attacker: 'x1' },
        { type: 'block', manager: 'A', blocker: 'b', attacker: 'x2' },
        { type: 'tilt-star', manager: 'A', card: 'b' },
      ],
      undefined,
      name,
    );
    expect(entries.map((e) => [e.label, e.point])).toEqual([
      ['Block Chat Regular (1)', 'x1'],
      ['Block Chat Regular (2)', 'x2'],
      ['Tilt for stars', undefined],
    ]);
  });

  it('walks targets then cost cards, offering only values some legal action has', () => {
    const cands = [act('s', ['t1'], ['k1']), act('s', ['t1'], ['k2']), act('s', ['t2'], ['k1'])];
    expect(narrow(cands, []).next).toEqual(['t1', 't2']);
    expect(narrow(cands, []).kind).toBe('target');
    expect(narrow(cands, ['t2']).next).toEqual(['k1']);
    expect(narrow(cands, ['t1']).kind).toBe('cost');
    // t2 leaves one cost card: picked automatically, and the action is complete.
    const picked = autoPick(cands, ['t2']);
    expect(picked).toEqual(['t2', 'k1']);
    expect(complete(cands, picked)).toEqual(cands[2]);
    expect(complete(cands, ['t1'])).toBeNull();
  });

  it('never offers a value no legal action has', () => {
    const cands = [play('h', ['a', 'b']), play('h', ['b', 'a'])];
    expect(narrow(cands, ['a']).next).toEqual(['b']);
    expect(narrow(cands, ['c']).remaining).toEqual([]);
  });

  it('space confirms combat declarations before it passes', () => {
    const p: Action = { type: 'pass', manager: 'A' };
    const c: Action = { type: 'confirm-block', manager: 'A' };
    expect(primaryAction([p, c])).toBe(c);
    expect(primaryAction([p])).toBe(p);
    expect(primaryAction([{ type: 'concede', manager: 'A' }])).toBeNull();
  });

  it('routes invite and replay links', () => {
    expect(parseRoute('#/room/AbC-_1')).toEqual({ name: 'room', id: 'AbC-_1' });
    expect(parseRoute('', '/room/xyz')).toEqual({ name: 'room', id: 'xyz' });
    expect(parseRoute('#/replay/m1')).toEqual({ name: 'replay', id: 'm1' });
    expect(parseRoute('#/decks')).toEqual({ name: 'decks' });
    expect(parseRoute('')).toEqual({ name: 'lobby' });
  });
});
