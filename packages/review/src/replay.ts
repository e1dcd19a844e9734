/**
 * A recorded match (seed + rosters + action log, as the server stores it) replayed position by position through
 * the engine's door: `createGame`, then each logged action through `step` (apps/server/src/master/replay.ts does
 * the same to restore a match). The engine is deterministic, so every position is the one the match had.
 */
import { createGame, step, type Action, type CardDef, type GameState, type ManagerId, type Roster } from '@vroyale/engine';

export interface RecordedMatch {
  seed: string;
  rosters: Record<ManagerId, Roster>;
  actions: readonly Action[];
  /** Skip roster legality (small test rosters), as createGame allows. */
  unchecked?: boolean;
  /** A later game of a best-of-three: who chose the order (PR-18); absent or null: the coin. */
  chooser?: ManagerId | null;
}

export interface Position {
  /** The action's place in the log (0-based). */
  index: number;
  /** The state before the action (owned by the replay: read it, never change it). */
  state: GameState;
  action: Action;
}

/** Every position of the match with the action taken there; throws on a log the engine refuses. */
export function* positions(match: RecordedMatch, pool: Record<string, CardDef>): Generator<Position, GameState> {
  const created = createGame({
    seed: match.seed,
    pool,
    rosters: match.rosters,
    ...(match.unchecked ? { unchecked: true } : {}),
    ...(match.chooser ? { chooser: match.chooser } : {}),
  });
  if (!created.ok) throw new Error(`replay: createGame: ${created.message}`);
  let s = created.state;
  for (let index = 0; index < match.actions.length; index++) {
    const action = match.actions[index]!;
    yield { index, state: s, action };
    const r = step(s, action);
    if (!r.ok) throw new Error(`replay: action ${index} (${JSON.stringify(action)}): ${r.code}: ${r.message}`);
    s = r.state;
  }
  return s;
}
