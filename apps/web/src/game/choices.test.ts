import { describe, expect, it } from 'vitest';
import type { Action, Legal } from '@vroyale/engine';
import { actionsByCard, autoPick, complete, menuFor, narrow, primaryAction } from './choices';
import { parseRoute } from '../ui/route';

const play = (card: string, targets: string[]): Action => ({ type: 'play', manager: 'A', card, targets });
const act = (card: string, targets: string[], costCards: string[]): Action => ({ type: 'activate', manager: 'A', card, ability: 0, targets, costCards });

describe('choices from legal actions', () => {
  it('groups actions by the card they concern; a declaration offer belongs to no card menu', () => {
    const legal: Legal[] = [
      { type: 'pass', manager: 'A' },
      play('c1', []),
      { type: 'place-star', manager: 'A', card: 'c1' },
      { type: 'choose-attackers', manager: 'A', eligible: [{ id: 'c2', label: 'X' }], barred: [] },
    ];
    const m = actionsByCard(legal);
    expect(m.get('c1')?.map((a) => a.type)).toEqual(['play', 'place-star']);
    expect(m.has('c2')).toBe(false);
  });

  it('one menu entry per play, whatever its targets', () => {
    const entries = menuFor([play('c1', ['x']), play('c1', ['y']), { type: 'discard', manager: 'A', card: 'c1' }], undefined);
    expect(entries.map((e) => [e.key, e.actions.length])).toEqual([
      ['play', 2],
      ['discard', 1],
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

  it('space declares the declaration being built when it is legal, else passes', () => {
    const p: Action = { type: 'pass', manager: 'A' };
    expect(primaryAction([p], null, 3)).toBe(p);
    expect(primaryAction([{ type: 'concede', manager: 'A' }], null, 3)).toBeNull();
    const offer: Legal = {
      type: 'choose-blocks',
      manager: 'A',
      attackers: [{ id: 'x', label: 'X', atk: 2, callout: true, clout: false }],
      blockers: [{ id: 'd', label: 'D', atk: 1, capacity: 1, moderator: false }],
    };
    // Callout: no blocks is refused, so Space does nothing until the draft blocks X.
    expect(primaryAction([offer], null, 3)).toBeNull();
    const draft = { seq: 3, attackers: [], blocks: [{ blocker: 'd', attacker: 'x' }], selected: null };
    expect(primaryAction([offer], draft, 3)).toEqual({ type: 'declare-blocks', manager: 'A', blocks: [{ blocker: 'd', attacker: 'x' }] });
    // A draft of an older decision (another seq) is not used.
    expect(primaryAction([offer], draft, 4)).toBeNull();
  });

  it('routes invite and replay links', () => {
    expect(parseRoute('#/room/AbC-_1')).toEqual({ name: 'room', id: 'AbC-_1' });
    expect(parseRoute('', '/room/xyz')).toEqual({ name: 'room', id: 'xyz' });
    expect(parseRoute('#/replay/m1')).toEqual({ name: 'replay', id: 'm1' });
    expect(parseRoute('#/decks')).toEqual({ name: 'decks' });
    expect(parseRoute('#/about')).toEqual({ name: 'about' });
    expect(parseRoute('', '/about')).toEqual({ name: 'about' });
    expect(parseRoute('#/puzzles')).toEqual({ name: 'puzzles' });
    expect(parseRoute('', '/puzzles')).toEqual({ name: 'puzzles' });
    expect(parseRoute('')).toEqual({ name: 'lobby' });
  });
});
