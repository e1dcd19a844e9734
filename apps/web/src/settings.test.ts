import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settings';

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
});
