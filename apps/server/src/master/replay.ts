/**
 * Rebuilds a match from its log: `createGame` with the stored seed and rosters, then every stored action
 * through `step`. The engine is deterministic, so the result is the exact state (and state hash) the match
 * had when the last action was written. Given a `PublicLog`, it also rebuilds the match's public record.
 */
import { createGame, step, type CardDef, type GameState } from '@vroyale/engine';
import type { ActionRecord, MatchRecord } from '../storage/records.js';
import { isUntimed, type ClockConfig } from '@vroyale/protocol';
import type { PublicLog } from './public-log.js';
import { delayedKind, SpectatorDelay } from './spectator-delay.js';

export type ReplayResult = { ok: true; state: GameState; clientAcks: Map<string, number>; delay: SpectatorDelay | null } | { ok: false; message: string };

/**
 * `clock`: the room's, given for a kind whose spectators are delayed (ranked): the delay is rebuilt as the live
 * match had it. Replayed actions carry the clocks' initial values (the log keeps no per-action clocks, and the
 * stored ones would tell spectators how long the delayed turn has taken).
 */
export function replayMatch(
  match: MatchRecord,
  actions: readonly ActionRecord[],
  pool: Record<string, CardDef>,
  log?: PublicLog,
  clock?: ClockConfig,
): ReplayResult {
  const created = createGame({ seed: match.seed, pool, rosters: match.rosters, ...(match.chooser ? { chooser: match.chooser } : {}) });
  if (!created.ok) return { ok: false, message: `createGame: ${created.message}` };
  let state = created.state;
  const clientAcks = new Map<string, number>();
  const initial = clock && !isUntimed(clock) ? clock.initialMs : 0;
  const clocks = { A: initial, B: initial };
  const delay = clock && delayedKind(match.kind) ? new SpectatorDelay(state, clocks) : null;
  for (const a of actions) {
    const r = step(state, a.action);
    if (!r.ok) return { ok: false, message: `action seq ${a.seq} (${JSON.stringify(a.action)}): ${r.code}: ${r.message}` };
    if (r.state.seq !== a.seq) return { ok: false, message: `action seq ${a.seq} replayed to seq ${r.state.seq}` };
    state = r.state;
    log?.add(a.seq, r.events);
    delay?.record(a.seq, r.events, r.state, clocks);
    if (a.clientActionId !== null) clientAcks.set(a.clientActionId, a.seq);
  }
  if (match.result) delay?.revealAll();
  return { ok: true, state, clientAcks, delay };
}
