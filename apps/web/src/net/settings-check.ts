/**
 * The protocol's `StopSettings` and `SettingsBody` checks, for what the web app reads back at start-up (its saved
 * stops, the account's settings, a change not yet saved), written out instead of importing the schemas: any zod
 * on the lobby's first page costs its core (16 KB gzip even through zod/mini, since the lazy chunks' classic zod
 * shares it), and the whole budget is 150 KB (docs/performance.md, "The first page"). Built from the protocol's
 * own window lists; `settings-check.test.ts` checks that these and the protocol's schemas accept and refuse the
 * same inputs. The server still parses everything it is sent with the schemas.
 */
import { OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, type SettingsBody, type StopSettings } from '@vroyale/protocol';

/** A plain object (zod's `isPlainObject`: not an array, not a class instance). */
export function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A strict object: no key but these (a missing one is for `ok` to judge). */
const onlyKeys = (o: Record<string, unknown>, keys: readonly string[]): boolean => Object.keys(o).every((k) => keys.includes(k));

const flags = (x: unknown, windows: readonly string[]): boolean => isPlainObject(x) && onlyKeys(x, windows) && windows.every((w) => typeof x[w] === 'boolean');

/** The protocol's `StopSettings`: every window of each turn a boolean, the two switches, nothing else. */
export function isStopSettings(x: unknown): x is StopSettings {
  return (
    isPlainObject(x) &&
    onlyKeys(x, ['own', 'opponent', 'opponentStack', 'fullControl']) &&
    flags(x.own, OWN_TURN_WINDOWS) &&
    flags(x.opponent, OPPONENT_TURN_WINDOWS) &&
    typeof x.opponentStack === 'boolean' &&
    typeof x.fullControl === 'boolean'
  );
}

/** The protocol's `UiSettings`: an opaque object, keys of at most 40 characters, at most 4 KB of JSON. */
function isUiSettings(x: unknown): boolean {
  return isPlainObject(x) && Object.keys(x).every((k) => k.length <= 40) && JSON.stringify(x).length <= 4096;
}

/** The protocol's `SettingsBody`: stops, interface settings, either or both, nothing else. */
export function isSettingsBody(x: unknown): x is SettingsBody {
  return isPlainObject(x) && onlyKeys(x, ['stops', 'ui']) && (x.stops === undefined || isStopSettings(x.stops)) && (x.ui === undefined || isUiSettings(x.ui));
}
