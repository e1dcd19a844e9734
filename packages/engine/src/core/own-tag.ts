/**
 * The hidden tag of copy-on-write ownership (core/own.ts): the epoch an object was made in. Kept apart so the
 * record builders can tag what they build without importing the copiers built on them.
 */

/** Non-enumerable and a symbol, so JSON, hashes, `for…in` and deep equality never see it. */
const OWN = Symbol('own');
type Tagged = { [OWN]?: number };

/** The epoch being written (0: none; objects made outside a write are owned by no state). */
let current = 0;

export function currentEpoch(): number {
  return current;
}

export function setCurrentEpoch(e: number): void {
  current = e;
}

/** Marks a new object as owned by the state being written. */
export function tag<T extends object>(x: T): T {
  Object.defineProperty(x, OWN, { value: current });
  return x;
}

/** Whether the state being written owns `x` (may change it in place). */
export function owned(x: object): boolean {
  return (x as Tagged)[OWN] === current;
}
