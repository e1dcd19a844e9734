/**
 * Rebuilds a match from its log: `createGame` with the stored seed and rosters, then every stored action
 * through `step`. The engine is deterministic, so the result is the exact state (and state hash) the match
 * had when the last action was written. Given a `PublicLog`, it also rebuilds the match's public record.
 */
import { createGame, step, type CardDef, type GameState } from '@vroyale/engine';
import type { ActionRecord, MatchRecord } from '../storage/records.js';
import type { PublicLog } from './public-log.js';

export type ReplayResult =
  | { ok: true; state: GameState; clientAcks: Map<string, number> }
  | { ok: false; message: string };

export function replayMatch(match: MatchRecord, actions: readonly ActionRecord[], pool: Record<string, CardDef>, log?: PublicLog): ReplayResult {
  const created = createGame({ seed: match.seed, pool, rosters: match.rosters });
  if (!created.ok) return { ok: false, message: `createGame: ${created.message}` };
  let state = created.state;
  const clientAcks = new Map<string, number>();
  for (const a of actions) {
    const r = step(state, a.action);
    if (!r.ok) return { ok: false, message: `action seq ${a.seq} (${JSON.stringify(a.action)}): ${r.code}: ${r.message}` };
    if (r.state.seq !== a.seq) return { ok: false, message: `action seq ${a.seq} replayed to seq ${r.state.seq}` };
    state = r.state;
    log?.add(a.seq, r.events);
    if (a.clientActionId !== null) clientAcks.set(a.clientActionId, a.seq);
  }
  return { ok: true, state, clientAcks };
}
