/**
 * Random playouts for smoke tests: a uniformly random legal action (never concede; a declaration offer answered
 * by a uniformly random legal declaration) until the game ends.
 * Exercises every card that gets drawn through the real engine door (step), so a card the engine
 * cannot handle shows up as an internal error or a game that never ends.
 */
import { createGame, deciders, legalActions, makeRng, realise, step, type CardDef, type GameState, type Roster } from '@vroyale/engine';

export interface PlayoutResult {
  state: GameState;
  actions: number;
  /** Why the playout stopped early, if it did. */
  failure: string | null;
  /** Card definition ids that entered a stage or the stack at some point (what the game exercised). */
  played: Set<string>;
}

export interface PlayoutOptions {
  seed: string;
  pool: Record<string, CardDef>;
  rosters: { A: Roster; B: Roster };
  maxActions?: number;
  /** Skip roster legality (for playouts with the whole card pool). */
  unchecked?: boolean;
}

export function randomPlayout(o: PlayoutOptions): PlayoutResult {
  const created = createGame({ seed: o.seed, pool: o.pool, rosters: o.rosters, unchecked: o.unchecked });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const rnd = makeRng(o.seed);
  const played = new Set<string>();
  const max = o.maxActions ?? 5000;
  let n = 0;
  while (s.phase !== 'game-over') {
    if (n >= max) return { state: s, actions: n, failure: `no result after ${max} actions (turn ${s.turn}, phase ${s.phase})`, played };
    const who = deciders(s)[0];
    if (!who) return { state: s, actions: n, failure: `nobody to act in phase ${s.phase}`, played };
    const options = legalActions(s, who).filter((a) => a.type !== 'concede');
    if (options.length === 0) return { state: s, actions: n, failure: `no legal action for ${who} in phase ${s.phase}`, played };
    const action = realise(options[Math.floor(rnd() * options.length)]!, rnd);
    const r = step(s, action);
    if (!r.ok) return { state: s, actions: n, failure: `${r.code}: ${r.message} after ${JSON.stringify(action)}`, played };
    for (const e of r.events) if (e.t === 'move' && (e.to === 'main' || e.to === 'centre' || e.to === 'stack')) played.add(e.def);
    s = r.state;
    n++;
  }
  return { state: s, actions: n, failure: null, played };
}
