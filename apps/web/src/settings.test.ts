import { describe, expect, it } from 'vitest';
import { changeSettings, DEFAULT_SETTINGS, parseSettings, settings } from './settings';

describe('saved settings', () => {
  it('reads what was saved', () => {
    const s = { v: 1, animations: 'off', volume: 0.25, muted: true, clockWarnSeconds: 45 };
    expect(parseSettings(JSON.stringify(s))).toEqual(s);
  });
  it('gives the defaults for nothing, broken JSON, a wrong shape or another version', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{oops')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ ...DEFAULT_SETTINGS, volume: 3 }))).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ ...DEFAULT_SETTINGS, animations: 'sometimes' }))).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ ...DEFAULT_SETTINGS, v: 2 }))).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('null')).toEqual(DEFAULT_SETTINGS);
  });
  it('refuses each field out of its range or of the wrong type, and drops keys it does not know', () => {
    const bad: Record<string, unknown>[] = [
      { volume: -0.1 },
      { volume: 1.01 },
      { volume: '0.5' },
      { volume: null },
      { muted: 'yes' },
      { clockWarnSeconds: 2.5 },
      { clockWarnSeconds: -1 },
      { clockWarnSeconds: 601 },
      { clockWarnSeconds: '30' },
      { animations: undefined },
    ];
    for (const b of bad) expect(parseSettings(JSON.stringify({ ...DEFAULT_SETTINGS, muted: true, ...b })), JSON.stringify(b)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify([DEFAULT_SETTINGS]))).toEqual(DEFAULT_SETTINGS);
    const edges = { v: 1, animations: 'on', volume: 0, muted: false, clockWarnSeconds: 600 };
    expect(parseSettings(JSON.stringify({ ...edges, language: 'ja' }))).toEqual(edges);
  });
  it('a change out of range is a programming error and changes nothing', () => {
    const before = settings.getState();
    expect(() => changeSettings({ volume: 2 })).toThrow(/out of range/);
    expect(settings.getState()).toBe(before);
  });
});
