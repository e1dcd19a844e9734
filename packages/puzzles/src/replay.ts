/**
 * A finished match's replay (the JSON of the server's `GET /api/matches/:id/replay`) turned into the states the
 * miner reads: `createGame` with the replay's seed, rosters and chooser, then every action through `step`,
 * the state after each one in order (as `playMatch`'s `observe` gives them for self-play). Pure: the caller
 * reads the file or fetches the URL.
 */
import { createGame, step, type Action, type CardDef, type GameState, type ManagerId, type Roster } from '@vroyale/engine';

/** The fields of the replay endpoint's JSON the miner needs (the rest, seats, result, times, is ignored). */
export interface MatchReplay {
  matchId: string;
  seed: string;
  rosters: Record<ManagerId, Roster>;
  /** Who chose the order of play (a later game of a best-of-three); null or absent in game 1. */
  chooser?: ManagerId | null;
  actions: readonly { seq: number; actor?: string; action: Action; at?: number }[];
}

/** A replay that is not one or does not replay; the message names the match and the action's seq. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayError';
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The replay's shape checked (not its rules: `replayStates` does that), or a `ReplayError` naming the field. */
export function parseReplay(json: unknown, where = 'replay'): MatchReplay {
  if (!isObject(json)) throw new ReplayError(`${where}: not a replay object`);
  const { matchId, seed, rosters, chooser, actions } = json;
  if (typeof matchId !== 'string' || !matchId) throw new ReplayError(`${where}: matchId: a non-empty string is required`);
  if (typeof seed !== 'string') throw new ReplayError(`${where} (match ${matchId}): seed: a string is required`);
  if (!isObject(rosters) || !isObject(rosters.A) || !isObject(rosters.B)) throw new ReplayError(`${where} (match ${matchId}): rosters: { A, B } is required`);
  if (chooser !== undefined && chooser !== null && chooser !== 'A' && chooser !== 'B')
    throw new ReplayError(`${where} (match ${matchId}): chooser: A, B or null`);
  if (!Array.isArray(actions)) throw new ReplayError(`${where} (match ${matchId}): actions: an array is required`);
  actions.forEach((a, i) => {
    if (!isObject(a) || typeof a.seq !== 'number' || !isObject(a.action))
      throw new ReplayError(`${where} (match ${matchId}): actions[${i}]: { seq, action } is required`);
  });
  return json as unknown as MatchReplay;
}

/**
 * The state after each action of the replay, in order. Throws a `ReplayError` naming the action's seq when an
 * action is refused by the engine or replays to another seq (the replay is not this game's), or when the game
 * cannot be created from the seed and rosters.
 */
export function replayStates(replay: MatchReplay, pool: Record<string, CardDef> | readonly CardDef[]): GameState[] {
  const created = createGame({ seed: replay.seed, pool, rosters: replay.rosters, ...(replay.chooser ? { chooser: replay.chooser } : {}) });
  if (!created.ok) throw new ReplayError(`match ${replay.matchId}: createGame: ${created.message}`);
  let state = created.state;
  const out: GameState[] = [];
  for (const a of replay.actions) {
    const r = step(state, a.action);
    if (!r.ok) throw new ReplayError(`match ${replay.matchId}: action seq ${a.seq} (${JSON.stringify(a.action)}) does not replay: ${r.code}: ${r.message}`);
    if (r.state.seq !== a.seq) throw new ReplayError(`match ${replay.matchId}: action seq ${a.seq} replayed to seq ${r.state.seq}`);
    state = r.state;
    out.push(state);
  }
  return out;
}
