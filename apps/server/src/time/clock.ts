/**
 * Time as a dependency: every deadline on the server (chess clocks, seat holds, bot delays)
 * goes through a `Clock`, so tests can move time by hand instead of sleeping.
 */
export type TimerHandle = { readonly id: number } | ReturnType<typeof setTimeout>;

export interface Clock {
  /** Milliseconds since the epoch (or any fixed origin: only differences matter, and the client gets it). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, Math.max(0, ms));
    // A pending deadline must never keep a stopping process alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => {
    const t = h as ReturnType<typeof setTimeout>;
    // Node frees an emptied timer list at once only for a ref'd timer: an unref'd one's list (one per distinct
    // duration) stays until its would-be expiry. Chess clocks and holds re-armed on every action left ~35 such
    // lists per live match (docs/performance.md). Ref'd just before it is cleared, the count of what keeps the
    // process alive is unchanged (a fired or cleared timer is not counted again).
    t.ref?.();
    clearTimeout(t);
  },
};
