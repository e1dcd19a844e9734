/** Seeded RNG (sfc32) whose whole state lives in GameState.rng, so replays are exact. */
import type { GameState } from './types.js';

/** cyrb128: spreads a seed string over four 32-bit words. */
export function seedRng(seed: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const st: [number, number, number, number] = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  for (let i = 0; i < 15; i++) nextRaw(st);
  return st;
}

function nextRaw(st: [number, number, number, number]): number {
  // Indexed reads: destructuring goes through the array iterator, which showed up in playout profiles.
  let a = st[0] >>> 0,
    b = st[1] >>> 0,
    c = st[2] >>> 0,
    d = st[3] >>> 0;
  let t = (a + b) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  d = (d + 1) | 0;
  t = (t + d) | 0;
  c = (c + t) | 0;
  st[0] = a >>> 0;
  st[1] = b >>> 0;
  st[2] = c >>> 0;
  st[3] = d >>> 0;
  return t >>> 0;
}

/** A uniform integer in [0, n). Mutates the state's RNG. */
export function randInt(s: GameState, n: number): number {
  return Math.floor((nextRaw(s.rng) / 4294967296) * n);
}

export function shuffleInPlace<T>(s: GameState, xs: T[]): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randInt(s, i + 1);
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
}

/** A standalone generator for bots and tests (never the game's own RNG). */
export function makeRng(seed: string | number): () => number {
  const st = seedRng(String(seed));
  return () => nextRaw(st) / 4294967296;
}
