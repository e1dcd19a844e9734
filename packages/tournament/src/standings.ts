/**
 * Standings with Magic's tiebreakers (MTR 3.1 and appendix C), in this order: match points, opponents'
 * match-win %, game-win %, opponents' game-win %; each percentage is at least 0.33 (the MTR names the
 * number, not a third). A bye is a match win 2–0 (Bo1: 1–0) for the player's own figures and has no
 * opponent, so it is left out of the opponents' averages. Only reported results count; an organiser's
 * fix of a result changes the state, and the standings are recomputed from it, never kept.
 */
import { hash32 } from './rng.js';
import type { MatchFormat, MatchResult, PlayerId, Round, TournamentState } from './types.js';

export const PERCENT_FLOOR = 0.33;
export const MATCH_WIN = 3;
export const MATCH_DRAW = 1;
export const GAME_WIN = 3;
export const GAME_DRAW = 1;

export interface Standing {
  /** 1-based place. */
  rank: number;
  id: PlayerId;
  matchPoints: number;
  /** Wins (byes included), losses, draws of matches. */
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  /** Rounds with a reported result or a bye. */
  roundsPlayed: number;
  gamePoints: number;
  gamesPlayed: number;
  matchWinPct: number;
  gameWinPct: number;
  oppMatchWinPct: number;
  oppGameWinPct: number;
  dropped: boolean;
}

/** The games a bye is worth: the games needed to win the match, none lost. */
export function byeResult(format: MatchFormat): MatchResult {
  return { winsA: format === 'bo3' ? 2 : 1, winsB: 0, draws: 0 };
}

interface Tally {
  matchPoints: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  rounds: number;
  gamePoints: number;
  games: number;
  opponents: PlayerId[];
}

const floor = (x: number) => (x < PERCENT_FLOOR ? PERCENT_FLOOR : x);

/** Adds one side of a match to a tally. */
function addMatch(t: Tally, mine: number, theirs: number, draws: number): void {
  t.rounds++;
  t.games += mine + theirs + draws;
  t.gamePoints += mine * GAME_WIN + draws * GAME_DRAW;
  if (mine > theirs) {
    t.wins++;
    t.matchPoints += MATCH_WIN;
  } else if (mine < theirs) t.losses++;
  else {
    t.draws++;
    t.matchPoints += MATCH_DRAW;
  }
}

/** Tallies of every player over the given Swiss rounds (reported results and byes only). */
export function tallies(state: TournamentState, rounds: readonly Round[] = state.rounds): Map<PlayerId, Tally> {
  const out = new Map<PlayerId, Tally>();
  for (const p of state.players) out.set(p.id, { matchPoints: 0, wins: 0, losses: 0, draws: 0, byes: 0, rounds: 0, gamePoints: 0, games: 0, opponents: [] });
  const bye = byeResult(state.config.format);
  for (const round of rounds)
    for (const m of round.pairings) {
      const a = out.get(m.a)!;
      if (m.b === null) {
        a.byes++;
        addMatch(a, bye.winsA, bye.winsB, bye.draws);
        continue;
      }
      if (!m.result) continue;
      const b = out.get(m.b)!;
      addMatch(a, m.result.winsA, m.result.winsB, m.result.draws);
      addMatch(b, m.result.winsB, m.result.winsA, m.result.draws);
      a.opponents.push(m.b);
      b.opponents.push(m.a);
    }
  return out;
}

/** Within 1e-9 counts as equal: averages of the same fractions summed in another order differ in the last bits. */
const EPS = 1e-9;
function cmpDesc(x: number, y: number): number {
  return Math.abs(x - y) <= EPS ? 0 : y - x;
}

/**
 * The standings after the given Swiss rounds (all played rounds by default). Players tied on all four
 * figures are ordered by a seeded hash of their id: a fixed coin toss per event, as good as any other.
 */
export function standings(state: TournamentState, throughRound = state.rounds.length): Standing[] {
  const t = tallies(state, state.rounds.slice(0, throughRound));
  const mwp = new Map<PlayerId, number>();
  const gwp = new Map<PlayerId, number>();
  for (const [id, x] of t) {
    mwp.set(id, x.rounds === 0 ? PERCENT_FLOOR : floor(x.matchPoints / (MATCH_WIN * x.rounds)));
    gwp.set(id, x.games === 0 ? PERCENT_FLOOR : floor(x.gamePoints / (GAME_WIN * x.games)));
  }
  const avg = (ids: PlayerId[], of: Map<PlayerId, number>) => (ids.length === 0 ? PERCENT_FLOOR : ids.reduce((s, id) => s + of.get(id)!, 0) / ids.length);
  const rows = state.players.map((p) => {
    const x = t.get(p.id)!;
    return {
      rank: 0,
      id: p.id,
      matchPoints: x.matchPoints,
      wins: x.wins,
      losses: x.losses,
      draws: x.draws,
      byes: x.byes,
      roundsPlayed: x.rounds,
      gamePoints: x.gamePoints,
      gamesPlayed: x.games,
      matchWinPct: mwp.get(p.id)!,
      gameWinPct: gwp.get(p.id)!,
      oppMatchWinPct: avg(x.opponents, mwp),
      oppGameWinPct: avg(x.opponents, gwp),
      dropped: p.droppedAfterRound !== undefined && p.droppedAfterRound <= throughRound,
    } satisfies Standing;
  });
  const seed = state.config.seed;
  rows.sort(
    (a, b) =>
      b.matchPoints - a.matchPoints ||
      cmpDesc(a.oppMatchWinPct, b.oppMatchWinPct) ||
      cmpDesc(a.gameWinPct, b.gameWinPct) ||
      cmpDesc(a.oppGameWinPct, b.oppGameWinPct) ||
      hash32(a.id, seed) - hash32(b.id, seed) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  rows.forEach((r, i) => (r.rank = i + 1));
  return rows;
}
