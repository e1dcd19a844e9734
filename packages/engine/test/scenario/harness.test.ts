/**
 * The harness must be able to fail: deliberately wrong scenarios (fixtures/, never in scenarios/) are
 * run and each planted mistake must be reported, with the file and field named for malformed ones.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from './discover.js';
import { runScenario, runScenarioFile } from './run-scenario.js';

const fixture = (n: string) => runScenarioFile(join(FIXTURES_DIR, n));

describe('scenario harness self-test', () => {
  it('reports every false expectation', async () => {
    const r = await fixture('wrong-expectations.json');
    expect(r.passed).toBe(false);
    const text = r.failures.join('\n');
    expect(text).toContain('expectAfter.phase: expected "main", got "resource"');
    expect(text).toContain("expected rejection 'play-limit', got 'star-already-placed'");
    expect(text).toContain('expect.A.sanity: expected 19, got 20');
    expect(text).toContain('expect.A.starPool: expected [g2] in this order, got [g1]');
    expect(text).toContain('expect.A.hand: expected [g1] in any order, got [g2]');
    expect(text).toContain('expect.cards.g1.zone: expected "hand", got "star-pool"');
    expect(text).toContain('expect.cards.g1.atk: expected 5, got 2');
  });

  it('fails and stops when an action expected to be rejected is accepted', async () => {
    const r = await fixture('accepted-but-should-reject.json');
    expect(r.passed).toBe(false);
    expect(r.failures[0]).toContain("expected rejection 'wrong-phase', but the engine accepted it");
    expect(r.failures.join('\n')).toContain('were not run');
  });

  it('names the file and field of a malformed scenario', async () => {
    const r = await fixture('malformed.json');
    expect(r.passed).toBe(false);
    expect(r.failures[0]).toMatch(/scenario error: .*malformed\.json: position\.A: .*hnad/);
  });

  it('names the card and field of a malformed inline card', async () => {
    const r = await fixture('bad-card.json');
    expect(r.failures[0]).toMatch(/bad-card\.json: cards\[0\] \(grunt\)\.hp: /);
  });

  it('reports an unknown alias', async () => {
    const r = await fixture('unknown-alias.json');
    expect(r.failures[0]).toContain("unknown alias 'g9'");
  });

  it('follows an alias through several zone changes', async () => {
    const grunt = { id: 'grunt', name: 'Grunt', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 2, hp: 2 };
    const r = await runScenario('inline', {
      name: 'RUL-TURN-5: alias tracking',
      rules: ['RUL-TURN-5'],
      description: 'g1 goes hand → star pool; g2 hand → main; ids change each time.',
      cards: [grunt],
      position: {
        turn: 3,
        phase: 'resource',
        A: {
          hand: [
            { def: 'grunt', as: 'g1' },
            { def: 'grunt', as: 'g2' },
          ],
        },
      },
      actions: [{ manager: 'A', action: { type: 'place-star', card: 'g1' } }, { passUntil: 'main' }, { manager: 'A', action: { type: 'play', card: 'g2' } }],
      expect: { A: { main: ['g2'], starPool: ['g1'], hand: [] }, cards: { g1: { zone: 'star-pool', tilted: true }, g2: { zone: 'main', burnout: true } } },
    });
    expect(r.failures).toEqual([]);
  });

  it('builds a stack and a combat from a position', async () => {
    const zap = {
      id: 'zap',
      name: 'Zap',
      types: ['highlight'],
      rarity: 'C',
      cost: 1,
      stars: 1,
      abilities: [{ kind: 'play', targets: [{ kind: 'character', side: 'any' }], effects: [{ kind: 'damage', to: { ref: 'target', index: 0 }, amount: 2 }] }],
    };
    const tough = { id: 'tough', name: 'Tough', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 1, hp: 5 };
    const r = await runScenario('inline', {
      name: 'RUL-STACK-1: position with a stack item and a combat',
      rules: ['RUL-STACK-1'],
      description: 'A zap on the stack targets the blocker; both pass; it resolves; then combat damage.',
      cards: [zap, tough],
      position: {
        turn: 3,
        phase: 'combat-block-window',
        active: 'A',
        priority: 'A',
        A: { main: [{ def: 'tough', as: 'att', tilted: true }], roster: ['tough', 'tough'] },
        B: { main: [{ def: 'tough', as: 'blk' }], roster: ['tough'] },
        stack: [{ controller: 'B', kind: 'highlight', card: { def: 'zap', as: 'z1' }, targets: ['blk'] }],
        combat: { attackers: ['att'], blocks: [{ blocker: 'blk', attacker: 'att' }] },
      },
      actions: [
        { manager: 'A', action: { type: 'pass' }, expectAfter: { stackSize: 1, priority: 'B', cards: { z1: { zone: 'stack' } } } },
        {
          manager: 'B',
          action: { type: 'pass' },
          expectAfter: { stackSize: 0, cards: { blk: { damage: 2 }, z1: { zone: 'graduation' } }, B: { graduation: ['z1'] } },
        },
        { manager: 'A', action: { type: 'pass' } },
        {
          manager: 'B',
          action: { type: 'pass' },
          events: [
            { t: 'damage', amount: 1, combat: true },
            { t: 'damage', amount: 1, combat: true },
          ],
        },
        { passUntil: { phase: 'start', turn: 4 } },
      ],
      expect: { turn: 4, active: 'B', A: { main: ['att'] }, B: { main: ['blk'], sanity: 20 } },
    });
    expect(r.failures).toEqual([]);
  });

  it('rejects a position that breaks the rules of the board', async () => {
    const lead = { id: 'lead', name: 'Lead', types: ['leader'], rarity: 'R', cost: 3, stars: 2, atk: 3, hp: 5 };
    const r = await runScenario('inline.json', {
      name: 'RUL-ZONE-5: bad position',
      rules: ['RUL-ZONE-5'],
      description: 'A leader in main.',
      cards: [lead],
      position: { A: { main: ['lead'] } },
      expect: { phase: 'main' },
    });
    expect(r.failures[0]).toContain('inline.json: position.A.main[0]: lead is a Leader; on stage it belongs in "centre"');
  });
});
