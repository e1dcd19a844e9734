/** The stop settings schema: whole, strict, and refusing what does not exist with a message that says why. */
import { describe, expect, it } from 'vitest';
import type { Phase } from '@vroyale/engine';
import { DEFAULT_STOP_SETTINGS, OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, STOP_WINDOWS, StopSettings, stopWindowOf } from '../src/index.js';

const firstIssue = (input: unknown) => {
  const r = StopSettings.safeParse(input);
  if (r.success) throw new Error('accepted');
  const i = r.error.issues[0]!;
  return `${i.path.join('.')}: ${i.message}`;
};

describe('stop settings', () => {
  it('the defaults parse and are the MTG Arena-like ones the docs describe', () => {
    expect(StopSettings.parse(DEFAULT_STOP_SETTINGS)).toEqual(DEFAULT_STOP_SETTINGS);
    const on = (flags: Record<string, boolean>) => Object.keys(flags).filter((k) => flags[k]);
    expect(on(DEFAULT_STOP_SETTINGS.own)).toEqual(['resource', 'main', 'declare-attackers']);
    expect(on(DEFAULT_STOP_SETTINGS.opponent)).toEqual(['after-attackers', 'declare-blocks']);
    expect(DEFAULT_STOP_SETTINGS.opponentStack).toBe(true);
    expect(DEFAULT_STOP_SETTINGS.fullControl).toBe(false);
    expect(Object.isFrozen(DEFAULT_STOP_SETTINGS.own)).toBe(true);
  });

  it('declaring attackers is an own-turn stop, declaring blocks an opponent-turn stop', () => {
    expect(OWN_TURN_WINDOWS).not.toContain('declare-blocks');
    expect(OPPONENT_TURN_WINDOWS).not.toContain('declare-attackers');
    expect(new Set([...OWN_TURN_WINDOWS, ...OPPONENT_TURN_WINDOWS])).toEqual(new Set(STOP_WINDOWS));
  });

  it('refuses unknown windows and fields, naming them and the windows that exist', () => {
    const own = { ...DEFAULT_STOP_SETTINGS.own, 'declare-blocks': true };
    expect(firstIssue({ ...DEFAULT_STOP_SETTINGS, own })).toBe(
      "own: no such stop on one's own turn: 'declare-blocks' (the windows are start, resource, main, declare-attackers, after-attackers, after-blocks, resolution)",
    );
    expect(firstIssue({ ...DEFAULT_STOP_SETTINGS, autoPass: true })).toMatch(/autoPass/);
  });

  it('refuses missing windows and non-boolean values', () => {
    const { main: _main, ...noMain } = DEFAULT_STOP_SETTINGS.opponent;
    expect(firstIssue({ ...DEFAULT_STOP_SETTINGS, opponent: noMain })).toMatch(/^opponent\.main: /);
    expect(firstIssue({ ...DEFAULT_STOP_SETTINGS, fullControl: 'yes' })).toMatch(/^fullControl: /);
    expect(firstIssue({ ...DEFAULT_STOP_SETTINGS, own: { ...DEFAULT_STOP_SETTINGS.own, main: 1 } })).toMatch(/^own\.main: /);
  });

  it('every phase where play happens has a window; the setup phases have none', () => {
    const phases: Phase[] = [
      'mulligan',
      'turn-order',
      'start',
      'resource',
      'main',
      'combat-attack',
      'combat-attack-window',
      'combat-block',
      'combat-block-window',
      'resolution',
      'end',
      'game-over',
    ];
    expect(phases.map(stopWindowOf)).toEqual([
      null,
      null,
      'start',
      'resource',
      'main',
      'declare-attackers',
      'after-attackers',
      'declare-blocks',
      'after-blocks',
      'resolution',
      'resolution',
      null,
    ]);
  });
});
