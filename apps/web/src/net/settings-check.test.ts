/**
 * The written-out checks of net/settings-check.ts against the protocol's own zod schemas: on the defaults, on every
 * one-step damage of them (a window dropped, added, renamed or not a boolean, a switch of the wrong type, an extra
 * key) and on random JSON-like values built around them, both accept or both refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STOP_SETTINGS, OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, SettingsBody, StopSettings } from '@vroyale/protocol';
import { isSettingsBody, isStopSettings } from './settings-check';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const agreeStops = (x: unknown) => expect(isStopSettings(x), JSON.stringify(x)).toBe(StopSettings.safeParse(x).success);
const agreeBody = (x: unknown) => expect(isSettingsBody(x), JSON.stringify(x)).toBe(SettingsBody.safeParse(x).success);

/** Every way of breaking the defaults in one place, and the defaults themselves. */
function damaged(): unknown[] {
  const out: unknown[] = [clone(DEFAULT_STOP_SETTINGS)];
  for (const [turn, windows] of [
    ['own', OWN_TURN_WINDOWS],
    ['opponent', OPPONENT_TURN_WINDOWS],
  ] as const) {
    for (const w of windows) {
      const drop = clone(DEFAULT_STOP_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
      delete drop[turn]![w];
      const wrong = clone(DEFAULT_STOP_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
      wrong[turn]![w] = 1;
      out.push(drop, wrong);
    }
    // The window the other turn has and this one has not (declare-blocks / declare-attackers), and a made-up one.
    for (const extra of ['declare-blocks', 'declare-attackers', 'lunch']) {
      const s = clone(DEFAULT_STOP_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
      s[turn]![extra] = true;
      out.push(s);
    }
    const gone = clone(DEFAULT_STOP_SETTINGS) as unknown as Record<string, unknown>;
    delete gone[turn];
    out.push(gone, { ...clone(DEFAULT_STOP_SETTINGS), [turn]: null }, { ...clone(DEFAULT_STOP_SETTINGS), [turn]: [] });
  }
  for (const key of ['opponentStack', 'fullControl']) {
    const gone = clone(DEFAULT_STOP_SETTINGS) as unknown as Record<string, unknown>;
    delete gone[key];
    out.push(gone, { ...clone(DEFAULT_STOP_SETTINGS), [key]: 'true' }, { ...clone(DEFAULT_STOP_SETTINGS), [key]: false });
  }
  out.push({ ...clone(DEFAULT_STOP_SETTINGS), extra: true }, null, [], 'stops', 1, {});
  return out;
}

describe('the stop settings read back at start-up', () => {
  it('agree with the protocol schema on the defaults and on every one-step damage of them', () => {
    const cases = damaged();
    expect(cases.filter((c) => isStopSettings(c)).length).toBeGreaterThan(1); // some are still valid (a flipped switch)
    expect(cases.filter((c) => !isStopSettings(c)).length).toBeGreaterThan(20);
    for (const c of cases) agreeStops(c);
  });

  it('agree on random stop settings, valid or nearly so', () => {
    const turn = (windows: readonly string[]) => fc.record(Object.fromEntries(windows.map((w) => [w, fc.boolean()])));
    const valid = fc.record({ own: turn(OWN_TURN_WINDOWS), opponent: turn(OPPONENT_TURN_WINDOWS), opponentStack: fc.boolean(), fullControl: fc.boolean() });
    // A change somewhere: a key set to a value (undefined deletes it), in a turn or at the top.
    const key = fc.constantFrom(...OWN_TURN_WINDOWS, 'declare-blocks', 'x', 'opponentStack', 'own');
    const value = fc.oneof(fc.boolean(), fc.constantFrom(undefined, 0, 'true', null, {}));
    const change = fc.record({ where: fc.constantFrom('own', 'opponent', 'top'), key, value });
    let accepted = 0;
    fc.assert(
      fc.property(valid, fc.array(change, { maxLength: 2 }), (stops, changes) => {
        const x = clone(stops) as unknown as Record<string, unknown>;
        for (const c of changes) {
          const target = c.where === 'top' ? x : (x[c.where] as Record<string, unknown>);
          if (typeof target !== 'object' || target === null) continue;
          if (c.value === undefined) delete target[c.key];
          // A fresh copy: fast-check hands out the same `{}` every time, and a change that put it inside itself
          // (x.own = {}, then x.own.resolution = that {}) would make it cyclic for every later run.
          else target[c.key] = structuredClone(c.value);
        }
        agreeStops(x);
        if (isStopSettings(x)) accepted++;
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
  });
});

describe('a settings change kept in this browser until the server has it', () => {
  it('agrees with the protocol schema', () => {
    const ui = { v: 1, animations: 'off', volume: 0.5, muted: false, clockWarnSeconds: 30 };
    const cases: unknown[] = [
      {},
      { stops: clone(DEFAULT_STOP_SETTINGS) },
      { ui },
      { stops: clone(DEFAULT_STOP_SETTINGS), ui },
      { stops: { ...clone(DEFAULT_STOP_SETTINGS), extra: 1 } },
      { ui: [] },
      { ui: null },
      { ui: { ['k'.repeat(40)]: 1 } },
      { ui: { ['k'.repeat(41)]: 1 } },
      { ui: { big: 'x'.repeat(4086) } },
      { ui: { big: 'x'.repeat(4087) } },
      { stops: null },
      { language: 'ja' },
      null,
      [],
    ];
    expect(cases.filter((c) => isSettingsBody(c)).length).toBe(6);
    for (const c of cases) agreeBody(c);
  });

  it('agrees on random bodies', () => {
    const body = fc.record(
      {
        stops: fc.oneof(fc.constant(clone(DEFAULT_STOP_SETTINGS)), fc.jsonValue()),
        ui: fc.oneof(fc.dictionary(fc.string({ maxLength: 45 }), fc.jsonValue({ maxDepth: 2 })), fc.jsonValue()),
        other: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (x) => {
        agreeBody(JSON.parse(JSON.stringify(x)));
      }),
      { numRuns: 2000 },
    );
  });
});
