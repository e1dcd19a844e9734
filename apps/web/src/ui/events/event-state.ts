/**
 * Pure readings of a `TournamentView` for the Events pages and the app-wide ready-check banner: which round is on,
 * this user's table, whether the ready check waits for them, each player's matches, the time left to a deadline.
 * Nothing here decides anything the server decides: it finds in the view what the server put there. No i18n
 * (words.ts words these), so the banner's eager mount can read it without the pages' chunk.
 */
import type { TournamentPairing, TournamentRoundView, TournamentView } from '@vroyale/protocol';

/** Milliseconds left until `deadline` (server time) at local time `now`, for a view sent at `serverNow` and heard at `at`. */
export function timeLeft(deadline: number, serverNow: number, at: number, now: number): number {
  return Math.max(0, deadline - serverNow - (now - at));
}

/** The deadline the event is counting down to now, and what it is: registration's close, the ready check's, the round's end. */
export function deadlineOf(v: TournamentView): { at: number; kind: 'registration' | 'ready' | 'round' } | null {
  if (v.status === 'registration') return { at: v.registrationEndsAt, kind: 'registration' };
  if (v.phase.kind === 'ready-check') return { at: v.phase.deadline, kind: 'ready' };
  if (v.phase.kind === 'playing' && v.phase.endsAt !== null && !v.phase.timeCalled) return { at: v.phase.endsAt, kind: 'round' };
  return null;
}

/** The round being played, or about to be (a cut round is paired before its ready check); else the last one played. */
export function currentRound(v: TournamentView): TournamentRoundView | null {
  const p = v.phase;
  if (p.kind === 'playing' || p.kind === 'ready-check') {
    const r = v.history.find((x) => x.stage === p.stage && x.number === p.round);
    if (r) return r;
  }
  return v.history.at(-1) ?? null;
}

/** Whether `round` is the one in play now (its pairings live, not last round's results). */
export function isLive(v: TournamentView, round: TournamentRoundView): boolean {
  return v.phase.kind === 'playing' && v.phase.stage === round.stage && v.phase.round === round.number;
}

const seatedIn = (m: TournamentPairing, id: string) => m.a === id || m.b === id;

/** This user's table in the round in play, if they have one (a bye included). */
export function myPairing(v: TournamentView): TournamentPairing | null {
  const me = v.you?.playerId;
  const r = currentRound(v);
  if (!me || !r || !isLive(v, r)) return null;
  return r.pairings.find((m) => seatedIn(m, me)) ?? null;
}

/**
 * This user has dropped (or was dropped). Read from the shared player list as well as `you`: the server sends this
 * user's own part only when it changed since its last push, so `you` may lag behind what an ack said.
 */
export function youDropped(v: TournamentView): boolean {
  const you = v.you;
  return !!you && (you.dropped || v.players.find((p) => p.id === you.playerId)?.droppedAfterRound !== undefined);
}

/**
 * The ready check waits for this user: it is open, they play on, have not confirmed, and have a match in it
 * (before a Swiss round every active player; in the top cut, the players of its open matches, paired already).
 */
export function needsReady(v: TournamentView): boolean {
  const p = v.phase;
  const you = v.you;
  // The phase's own `ready` list decides, not `you.ready` (which may lag, see youDropped).
  if (p.kind !== 'ready-check' || !you || youDropped(v) || p.ready.includes(you.playerId)) return false;
  if (p.stage === 'swiss') return true;
  const cut = v.history.find((x) => x.stage === 'cut' && x.number === p.round);
  return !!cut?.pairings.some((m) => !m.result && seatedIn(m, you.playerId));
}

/** What the app-wide banner says about an event: confirm the ready check, or go to your match; null when nothing. */
export type Attention = { kind: 'ready'; deadline: number } | { kind: 'play'; roomId: string; round: number; stage: 'swiss' | 'cut' };

export function attentionOf(v: TournamentView): Attention | null {
  if (v.phase.kind === 'ready-check' && needsReady(v)) return { kind: 'ready', deadline: v.phase.deadline };
  const m = myPairing(v);
  if (v.phase.kind === 'playing' && m && m.b !== null && m.roomId && !m.result)
    return { kind: 'play', roomId: m.roomId, round: v.phase.round, stage: v.phase.stage };
  return null;
}

export type Outcome = 'win' | 'loss' | 'draw' | 'bye' | 'pending';

/** A match as `playerId` saw it: the opponent (null for a bye), the outcome and the games won each way. */
export interface PlayerMatch {
  stage: 'swiss' | 'cut';
  round: number;
  table: number;
  opponent: string | null;
  outcome: Outcome;
  /** Games: theirs, the opponent's, drawn. */
  games: [number, number, number] | null;
  roomId: string | null;
}

export function matchFor(m: TournamentPairing, playerId: string): Omit<PlayerMatch, 'stage' | 'round'> {
  const isA = m.a === playerId;
  const opponent = isA ? m.b : m.a;
  if (opponent === null) return { table: m.table, opponent: null, outcome: 'bye', games: null, roomId: null };
  if (!m.result) return { table: m.table, opponent, outcome: 'pending', games: null, roomId: m.roomId };
  const mine = isA ? m.result.winsA : m.result.winsB;
  const theirs = isA ? m.result.winsB : m.result.winsA;
  const outcome: Outcome = mine > theirs ? 'win' : mine < theirs ? 'loss' : 'draw';
  return { table: m.table, opponent, outcome, games: [mine, theirs, m.result.draws], roomId: m.roomId };
}

/** Every match of `playerId`, round by round (Swiss, then the cut). */
export function playerMatches(v: TournamentView, playerId: string): PlayerMatch[] {
  const out: PlayerMatch[] = [];
  for (const r of v.history) {
    const m = r.pairings.find((x) => seatedIn(x, playerId));
    if (m) out.push({ stage: r.stage, round: r.number, ...matchFor(m, playerId) });
  }
  return out;
}

/** How many players a cut round starts with: 8 → quarterfinals, 4 → semifinals, 2 → the final. */
export function cutPlayersLeft(cutSize: number, round: number): number {
  return Math.max(2, Math.floor(cutSize / 2 ** (round - 1)));
}

/** The winner of a decided pairing, or null (undecided, drawn, a bye counts as `a`'s win). */
export function winnerOf(m: TournamentPairing): string | null {
  if (m.b === null) return m.a;
  if (!m.result || m.result.winsA === m.result.winsB) return null;
  return m.result.winsA > m.result.winsB ? m.a : m.b;
}
