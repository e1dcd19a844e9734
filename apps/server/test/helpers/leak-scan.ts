/**
 * What a viewer must never receive, worked out after the match from its replay: every id the other manager's
 * hand and roster held at any point (both managers' for a spectator), the seed and the RNG's words.
 * Scanning walks parsed JSON values, so an id matches only as a whole string, never as part of another.
 */
import { createGame, step, type GameState, type Roster, type Viewer } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import type { Received } from './test-client.js';

export interface Replay {
  seed: string;
  rosters: Record<'A' | 'B', Roster>;
  actions: { seq: number; actor: 'A' | 'B'; action: unknown }[];
}

export interface Secrets {
  ids: Set<string>;
  seed: string;
  rngWords: Set<number>;
}

/** Replays the match and returns every state in order (the first is the state after setup). */
export function replayStates(r: Replay): GameState[] {
  const created = createGame({ seed: r.seed, pool: cardPool, rosters: r.rosters });
  if (!created.ok) throw new Error(created.message);
  const states = [created.state];
  for (const a of r.actions) {
    const s = step(states[states.length - 1]!, a.action);
    if (!s.ok) throw new Error(`replay failed at seq ${a.seq}: ${s.message}`);
    states.push(s.state);
  }
  return states;
}

export function secretsFor(states: readonly GameState[], viewer: Viewer): Secrets {
  const ids = new Set<string>();
  const rngWords = new Set<number>();
  for (const s of states) {
    for (const m of ['A', 'B'] as const) {
      if (viewer === m) continue;
      for (const id of s.managers[m].hand) ids.add(id);
      for (const id of s.managers[m].roster) ids.add(id);
    }
    // Words below 10^7 could collide with clock readings; the rest are ~99.8% of a uniform 32-bit draw.
    for (const w of s.rng) if (w >= 10_000_000) rngWords.add(w);
  }
  return { ids, seed: states[0]!.seed, rngWords };
}

export interface Leak {
  event: string;
  path: string;
  value: string | number;
  why: string;
}

export function scanForLeaks(received: readonly Received[], secrets: Secrets): Leak[] {
  const leaks: Leak[] = [];
  const walk = (v: unknown, path: string, event: string) => {
    if (typeof v === 'string') {
      if (secrets.ids.has(v)) leaks.push({ event, path, value: v, why: 'hidden card id' });
      if (v.includes(secrets.seed)) leaks.push({ event, path, value: v, why: 'seed' });
    } else if (typeof v === 'number') {
      if (secrets.rngWords.has(v)) leaks.push({ event, path, value: v, why: 'rng word' });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`, event));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`, event);
  };
  for (const r of received) walk(r.payload, '', r.event);
  return leaks;
}
