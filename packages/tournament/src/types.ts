/**
 * The tournament's state: plain JSON, stored as it is and restored with JSON.parse. Every function of this
 * package takes a state and returns a new one (or a refusal); none keeps anything between calls.
 */
export type PlayerId = string;

export type MatchFormat = 'bo1' | 'bo3';

export interface TournamentConfig {
  format: MatchFormat;
  /** Swiss rounds to play (`standardRounds(players)` unless the organiser chose fewer). */
  rounds: number;
  /** 0 for none, or a single-elimination top cut of 4 or 8 seeded by the Swiss standings. */
  topCut: 0 | 4 | 8;
  /** Seeds the order within equal scores (pairing and last-resort standings ties): same seed, same event. */
  seed: number;
}

export interface Player {
  id: PlayerId;
  /** The last round the player was paired in before dropping; never paired after it. */
  droppedAfterRound?: number;
}

/** Games of one match from player a's side. A drawn game is replayed, so draws are not bounded by the format. */
export interface MatchResult {
  winsA: number;
  winsB: number;
  draws: number;
}

export interface Pairing {
  table: number;
  a: PlayerId;
  /** null: a bye for `a` (a match win, recorded 2–0 in Bo3 and 1–0 in Bo1). */
  b: PlayerId | null;
  result?: MatchResult;
}

export interface Round {
  number: number;
  pairings: Pairing[];
}

export interface TopCut {
  size: 4 | 8;
  /** Seeds in order (seed 1 first), fixed when the cut starts. */
  seeds: PlayerId[];
  rounds: Round[];
}

export interface TournamentState {
  version: 1;
  config: TournamentConfig;
  players: Player[];
  /** Swiss rounds, in order. */
  rounds: Round[];
  cut?: TopCut;
}

export type Refusal = { ok: false; code: RefusalCode; message: string };
export type Outcome<T> = { ok: true; state: T } | Refusal;
export type RefusalCode =
  | 'bad-config'
  | 'bad-players'
  | 'round-open'
  | 'no-more-rounds'
  | 'too-few-players'
  | 'no-such-match'
  | 'bad-result'
  | 'unknown-player'
  | 'already-dropped'
  | 'cut-not-ready'
  | 'cut-started'
  | 'no-cut';
