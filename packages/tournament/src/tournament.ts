/**
 * The Swiss part of a tournament: create, pair the next round, report or fix a result, drop a player. Each
 * function returns a new state or a refusal with a specific message, and never changes its input.
 */
import { MAX_PLAYERS, pairEntrants, pairKey, type PairingInput } from './pairing.js';
import { standings } from './standings.js';
import { activeIn, openMatches, resultProblem } from './results.js';
import { advanceCut } from './top-cut.js';
import type { MatchResult, Outcome, PlayerId, Refusal, TournamentConfig, TournamentState } from './types.js';

/** The standard number of Swiss rounds: enough for one player to stay unbeaten, ⌈log₂ players⌉. */
export function standardRounds(players: number): number {
  if (players < 2) return 0;
  return Math.ceil(Math.log2(players) - 1e-12);
}

const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });
const clone = (s: TournamentState): TournamentState => structuredClone(s);

export function createTournament(config: TournamentConfig, playerIds: readonly PlayerId[]): Outcome<TournamentState> {
  const ids = [...playerIds];
  if (new Set(ids).size !== ids.length) return refuse('bad-players', 'A player is registered twice');
  if (ids.some((id) => typeof id !== 'string' || id === '')) return refuse('bad-players', 'Every player needs a non-empty id');
  if (ids.length < 2) return refuse('too-few-players', `A tournament needs at least 2 players; it has ${ids.length}`);
  if (ids.length > MAX_PLAYERS) return refuse('bad-players', `A tournament holds at most ${MAX_PLAYERS} players; it has ${ids.length}`);
  if (config.format !== 'bo1' && config.format !== 'bo3') return refuse('bad-config', `Unknown match format '${String(config.format)}'`);
  if (!Number.isInteger(config.rounds) || config.rounds < 1 || config.rounds > standardRounds(ids.length))
    return refuse('bad-config', `Swiss rounds must be between 1 and ${standardRounds(ids.length)} for ${ids.length} players (got ${config.rounds})`);
  if (config.topCut !== 0 && config.topCut !== 4 && config.topCut !== 8) return refuse('bad-config', 'The top cut is 0 (none), 4 or 8 players');
  if (config.topCut > ids.length) return refuse('bad-config', `A top cut of ${config.topCut} needs at least ${config.topCut} players`);
  if (!Number.isSafeInteger(config.seed)) return refuse('bad-config', 'The seed must be an integer');
  return { ok: true, state: { version: 1, config: { ...config }, players: ids.map((id) => ({ id })), rounds: [] } };
}

/** What the pairer is given for the next round: active players in standings order, byes had, pairs met. */
export function pairingInput(state: TournamentState): PairingInput {
  const number = state.rounds.length + 1;
  const active = new Set(state.players.filter((p) => activeIn(p, number)).map((p) => p.id));
  const byes = new Set<PlayerId>();
  const played = new Set<string>();
  for (const r of state.rounds)
    for (const m of r.pairings) {
      if (m.b === null) byes.add(m.a);
      else played.add(pairKey(m.a, m.b));
    }
  const entrants = standings(state)
    .filter((s) => active.has(s.id))
    .map((s) => ({ id: s.id, matchPoints: s.matchPoints, hadBye: byes.has(s.id) }));
  return { entrants, played, seed: (state.config.seed ^ Math.imul(number, 0x9e3779b1)) >>> 0 };
}

/** Pairs the next Swiss round from the current standings. The previous round must be complete. */
export function pairNextRound(state: TournamentState): Outcome<TournamentState> {
  const open = openMatches(state);
  if (open > 0) return refuse('round-open', `Round ${state.rounds.length} still has ${open} match${open === 1 ? '' : 'es'} without a result`);
  if (state.cut) return refuse('cut-started', 'The top cut has started; no more Swiss rounds');
  const number = state.rounds.length + 1;
  if (number > state.config.rounds) return refuse('no-more-rounds', `All ${state.config.rounds} Swiss rounds have been paired`);
  const input = pairingInput(state);
  const count = input.entrants.length;
  if (count < 2) return refuse('too-few-players', `Round ${number} would have ${count} player${count === 1 ? '' : 's'}`);
  const rank = new Map(input.entrants.map((e, i) => [e.id, i] as const));
  const { pairs, bye } = pairEntrants(input);
  // Tables in standings order of their better-ranked player; the better-ranked player is `a`.
  const ordered = pairs
    .map(([x, y]) => (rank.get(x)! < rank.get(y)! ? [x, y] : [y, x]) as [PlayerId, PlayerId])
    .sort((p, q) => rank.get(p[0])! - rank.get(q[0])!);
  const next = clone(state);
  next.rounds.push({
    number,
    pairings: [...ordered.map(([a, b], i) => ({ table: i + 1, a, b })), ...(bye ? [{ table: ordered.length + 1, a: bye, b: null }] : [])],
  });
  return { ok: true, state: next };
}

function setResult(state: TournamentState, round: number, table: number, result: MatchResult, fix: boolean): Outcome<TournamentState> {
  const r = state.rounds[round - 1];
  const m = r?.pairings.find((p) => p.table === table);
  if (!r || !m) return refuse('no-such-match', `There is no table ${table} in Swiss round ${round}`);
  if (m.b === null) return refuse('no-such-match', `Table ${table} of round ${round} is a bye; it has no result to report`);
  if (!fix && m.result) return refuse('bad-result', `Table ${table} of round ${round} already has a result; the organiser can fix it`);
  if (fix && !m.result) return refuse('bad-result', `Table ${table} of round ${round} has no result to fix yet`);
  const problem = resultProblem(state.config.format, result);
  if (problem) return refuse('bad-result', problem);
  const next = clone(state);
  next.rounds[round - 1]!.pairings.find((p) => p.table === table)!.result = { winsA: result.winsA, winsB: result.winsB, draws: result.draws };
  return { ok: true, state: next };
}

/** Records the result of a Swiss match (from the pairing's player a's side). */
export function reportResult(state: TournamentState, round: number, table: number, result: MatchResult): Outcome<TournamentState> {
  return setResult(state, round, table, result, false);
}

/** The organiser corrects a reported result, in any Swiss round; standings follow (they are never stored). */
export function fixResult(state: TournamentState, round: number, table: number, result: MatchResult): Outcome<TournamentState> {
  return setResult(state, round, table, result, true);
}

/** Drops a player: their results stay; they are paired in no round after the current one. */
export function dropPlayer(state: TournamentState, id: PlayerId): Outcome<TournamentState> {
  const i = state.players.findIndex((p) => p.id === id);
  if (i < 0) return refuse('unknown-player', `No player '${id}' in this tournament`);
  if (state.players[i]!.droppedAfterRound !== undefined) return refuse('already-dropped', `'${id}' has already dropped`);
  const next = clone(state);
  next.players[i]!.droppedAfterRound = state.rounds.length;
  // In the top cut a drop concedes the open match: the opponent goes through 2–0 (1–0).
  const cutRound = next.cut?.rounds[next.cut.rounds.length - 1];
  const open = cutRound?.pairings.find((m) => !m.result && (m.a === id || m.b === id));
  if (open) {
    const toWin = state.config.format === 'bo3' ? 2 : 1;
    open.result = open.a === id ? { winsA: 0, winsB: toWin, draws: 0 } : { winsA: toWin, winsB: 0, draws: 0 };
    advanceCut(next);
  }
  return { ok: true, state: next };
}
