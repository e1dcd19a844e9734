/**
 * The hidden tag of copy-on-write ownership (core/own.ts): the epoch an object was made in, and each state's
 * own epoch. Kept apart so the record builders can tag what they build without importing the copiers built
 * on them.
 *
 * Both are private class fields stamped onto plain objects (a base constructor that returns its argument
 * lets a subclass's field initialiser run on any object). A private field is invisible to JSON,
 * `Object.keys`, `for…in`, spread and deep equality, leaves the object plain (its prototype is still
 * Object.prototype), can be read and written on a frozen object, and is added by an inline cache: a
 * record's tag used to be `Object.defineProperty` of a symbol, a runtime call per record (5% of the search's
 * profile), and the states' epochs a WeakMap, one entry per state the search forked (garbage collection). A
 * private field is never added to a frozen object here, only written.
 */

/** The epoch being written (0: none; objects made outside a write are owned by no state). */
let current = 0;
let nextEpoch = 1;

export function currentEpoch(): number {
  return current;
}

export function setCurrentEpoch(e: number): void {
  current = e;
}

/** Returns its argument as `this`: how the subclasses below add a private field to an existing object. */
class Stamp {
  constructor(o: object) {
    return o as Stamp;
  }
}

class OwnTag extends Stamp {
  #own = current;

  static owned(x: object): boolean {
    return #own in x && (x as OwnTag).#own === current;
  }
}

/** Epochs of states not built by `stateRecord` (from `JSON.parse`, say; maybe frozen: no field is added). */
const loose = new WeakMap<object, number>();

class StateEpoch extends Stamp {
  #epoch = 0;

  static epochOf(s: object): number {
    if (#epoch in s) {
      const x = s as StateEpoch;
      return x.#epoch || (x.#epoch = nextEpoch++);
    }
    let e = loose.get(s);
    if (e === undefined) loose.set(s, (e = nextEpoch++));
    return e;
  }

  static disown(s: object): void {
    if (#epoch in s) (s as StateEpoch).#epoch = nextEpoch++;
    else loose.set(s, nextEpoch++);
  }
}

/** Marks a new object (a record or card dictionary) as owned by the state being written. */
export function tag<T extends object>(x: T): T {
  new OwnTag(x);
  return x;
}

/** Whether the state being written owns `x` (may change it in place). An untagged object is no one's. */
export function owned(x: object): boolean {
  return OwnTag.owned(x);
}

/** Gives a new state record its epoch field (0: none yet; it takes one at its first write). */
export function epochField<T extends object>(s: T): T {
  new StateEpoch(s);
  return s;
}

/** The state's epoch: the tag of the objects it owns. */
export function epochOf(s: object): number {
  return StateEpoch.epochOf(s);
}

/** A new epoch for `s`: it no longer owns what it made so far. */
export function disown(s: object): void {
  StateEpoch.disown(s);
}
