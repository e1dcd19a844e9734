/**
 * The top cut: single elimination among the best 4 or 8 active players of the final Swiss standings,
 * seeded so that the first and second seeds can meet only in the final (8: 1v8, 4v5, 2v7, 3v6; 4: 1v4, 2v3).
 * A cut match has a winner (see docs/rules.md, PR-21): a drawn result is refused.
 */
import { activeIn, openMatches, resultProblem } from './results.js';
import { standings } from './standings.js';
import type { MatchResult, Outcome, Pairing, PlayerId, Refusal, TournamentState } from './types.js';

const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });

/** Seed numbers (1-based) of the first cut round, match by match, in bracket order. */
export function bracketOrder(size: 4 | 8): [number, number][] {
  return size === 8
    ? [
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ]
    : [
        [1, 4],
        [2, 3],
      ];
}

export function startTopCut(state: TournamentState): Outcome<TournamentState> {
  const size = state.config.topCut;
  if (size === 0) return refuse('no-cut', 'This tournament has no top cut');
  if (state.cut) return refuse('cut-started', 'The top cut has already started');
  if (state.rounds.length < state.config.rounds || openMatches(state) > 0)
    return refuse('cut-not-ready', `The top cut starts after all ${state.config.rounds} Swiss rounds have results`);
  const next = state.rounds.length + 1;
  const eligible = new Set(state.players.filter((p) => activeIn(p, next)).map((p) => p.id));
  const seeds = standings(state)
    .filter((s) => eligible.has(s.id))
    .slice(0, size)
    .map((s) => s.id);
  if (seeds.length < size) return refuse('too-few-players', `A top cut of ${size} needs ${size} players who have not dropped; ${seeds.length} remain`);
  const pairings: Pairing[] = bracketOrder(size).map(([x, y], i) => ({ table: i + 1, a: seeds[x - 1]!, b: seeds[y - 1]! }));
  const out = structuredClone(state);
  out.cut = { size, seeds, rounds: [{ number: 1, pairings }] };
  return { ok: true, state: out };
}

const winnerOf = (m: Pairing): PlayerId | null => (!m.result || m.b === null ? null : m.result.winsA > m.result.winsB ? m.a : m.b);

/** Records a cut match's result; when the round is complete, the winners of neighbouring matches meet next. */
export function reportCutResult(state: TournamentState, table: number, result: MatchResult): Outcome<TournamentState> {
  const cut = state.cut;
  if (!cut) return refuse('no-cut', 'The top cut has not started');
  const round = cut.rounds[cut.rounds.length - 1]!;
  const m = round.pairings.find((p) => p.table === table);
  if (!m) return refuse('no-such-match', `There is no table ${table} in top-cut round ${round.number}`);
  if (m.result) return refuse('bad-result', `Table ${table} of top-cut round ${round.number} already has a result`);
  const problem = resultProblem(state.config.format, result, false);
  if (problem) return refuse('bad-result', problem);
  const out = structuredClone(state);
  const r = out.cut!.rounds[out.cut!.rounds.length - 1]!;
  r.pairings.find((p) => p.table === table)!.result = { ...result };
  advanceCut(out);
  return { ok: true, state: out };
}

/** Pairs the next cut round once every match of the current one has a winner. */
export function advanceCut(state: TournamentState): void {
  const cut = state.cut!;
  const round = cut.rounds[cut.rounds.length - 1]!;
  const winners = round.pairings.map(winnerOf);
  if (winners.length < 2 || winners.some((w) => w === null)) return;
  const pairings: Pairing[] = [];
  for (let i = 0; i + 1 < winners.length; i += 2) pairings.push({ table: pairings.length + 1, a: winners[i]!, b: winners[i + 1]! });
  cut.rounds.push({ number: round.number + 1, pairings });
}

/** The winner of the tournament: the final's winner, or the Swiss leader when there is no cut. */
export function champion(state: TournamentState): PlayerId | null {
  if (state.config.topCut === 0) return state.rounds.length === state.config.rounds && openMatches(state) === 0 ? (standings(state)[0]?.id ?? null) : null;
  const cut = state.cut;
  if (!cut) return null;
  const last = cut.rounds[cut.rounds.length - 1]!;
  return last.pairings.length === 1 ? winnerOf(last.pairings[0]!) : null;
}
