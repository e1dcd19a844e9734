/**
 * The puzzle page's service (issue 35 §2): one open attempt per user, today's puzzle, the next one at the
 * player's level, and the ratings (Glicko-2, ../ratings/glicko.ts: puzzle and player rated as one game, on the
 * player's first attempt of a puzzle only, as lichess) with the streak. Ratings of puzzles live here in memory
 * (read at start, written through); a player's row is read on their first request.
 */
import type { Action } from '@vroyale/engine';
import type { ErrorCode, PuzzleFrame, PuzzleHint, PuzzleState } from '@vroyale/protocol';
import { defaultRating, DEFAULT_RD, DEFAULT_VOLATILITY, isProvisional, rateGame, type Rating } from '../ratings/glicko.js';
import type { PuzzlePlayerRow, PuzzleStore } from '../storage/puzzle-store.js';
import { PuzzleAttempt } from './puzzle-attempt.js';
import type { PuzzleSet, ShippedPuzzle } from './puzzle-set.js';

type Fail = { ok: false; code: ErrorCode; message: string };
export type Answer<T> = ({ ok: true } & T) | Fail;

interface Player {
  row: PuzzlePlayerRow;
  /** Puzzles attempted: id → solved on the first attempt. */
  attempts: Map<string, boolean>;
  attempt: PuzzleAttempt | null;
}

/** Players kept in memory at most (least recently used go; their rows are in the store). */
const MAX_PLAYERS = 10_000;

export class PuzzleService {
  private readonly ratings = new Map<string, Rating & { plays: number }>();
  private readonly players = new Map<string, Player>();
  private readonly loading = new Map<string, Promise<Player>>();

  constructor(
    private readonly set: PuzzleSet,
    private readonly store: PuzzleStore,
    private readonly now: () => number,
    /** A fixed daily puzzle (config `puzzleDaily`, tests only). */
    private readonly fixedDaily: string | null = null,
  ) {}

  private started: Promise<void> | null = null;

  /** Reads the puzzles' ratings once, on the first request; a puzzle nobody played keeps its file's seed. */
  private start(): Promise<void> {
    this.started ??= this.store.ratings().then((rows) => {
      for (const p of this.set.list)
        this.ratings.set(p.puzzle.id, rows.get(p.puzzle.id) ?? { rating: p.puzzle.rating, rd: DEFAULT_RD, volatility: DEFAULT_VOLATILITY, plays: 0 });
    });
    // A failed read is tried again by the next request.
    this.started.catch(() => (this.started = null));
    return this.started;
  }

  async daily(userId: string): Promise<Answer<PuzzleState>> {
    const p = await this.player(userId);
    const today = (this.fixedDaily && this.set.byId.get(this.fixedDaily)) || this.set.daily(this.now());
    // Asking again (a reload, a resend) gives the attempt under way back; once it is over, the puzzle starts again
    // (a replay: not rated).
    const open = p.attempt;
    const at =
      open?.id === today.puzzle.id && open.daily && open.status === 'continue' ? open : new PuzzleAttempt(today, true, p.attempts.has(today.puzzle.id));
    p.attempt = at;
    return { ok: true, ...this.view(p, at, null) };
  }

  async next(userId: string): Promise<Answer<PuzzleState>> {
    const p = await this.player(userId);
    const shipped = this.set.next(p.row.rating, (id) => this.ratings.get(id)!.rating, p.attempts, p.attempt?.id ?? null);
    p.attempt = new PuzzleAttempt(shipped, false, p.attempts.has(shipped.puzzle.id));
    return { ok: true, ...this.view(p, p.attempt, null) };
  }

  async move(userId: string, puzzleId: string, seq: number, action: Action): Promise<Answer<PuzzleState>> {
    const p = await this.player(userId);
    const a = this.open(p, puzzleId);
    if (!a.ok) return a;
    const at = a.attempt;
    if (at.status === 'continue' && seq !== at.state.seq) return { ok: false, code: 'stale', message: 'The puzzle moved on: act on the position shown now' };
    const r = at.move(action);
    if (!r.ok) return r;
    const change = at.status === 'continue' ? null : await this.finish(userId, p, at);
    return { ok: true, ...this.view(p, at, change) };
  }

  /** The seat the user plays in their open attempt of this puzzle (null: none open). */
  async seatOf(userId: string, puzzleId: string): Promise<'A' | 'B' | null> {
    const p = await this.player(userId);
    return p.attempt?.id === puzzleId ? p.attempt.mover : null;
  }

  async hint(userId: string, puzzleId: string): Promise<Answer<{ hint: PuzzleHint }>> {
    const p = await this.player(userId);
    const a = this.open(p, puzzleId);
    if (!a.ok) return a;
    const hint = a.attempt.hint();
    return hint ? { ok: true, hint } : { ok: false, code: 'puzzle-over', message: 'No move of yours to hint at' };
  }

  /** The main line; asked before the attempt is solved, the attempt is over and counts as failed. */
  async solution(userId: string, puzzleId: string): Promise<Answer<{ frames: PuzzleFrame[]; state: PuzzleState }>> {
    const p = await this.player(userId);
    const a = this.open(p, puzzleId);
    if (!a.ok) return a;
    const at = a.attempt;
    let change: number | null = null;
    if (at.status === 'continue') {
      at.giveUp();
      change = await this.finish(userId, p, at);
    }
    return { ok: true, frames: at.solutionFrames(), state: this.view(p, at, change) };
  }

  private open(p: Player, puzzleId: string): { ok: true; attempt: PuzzleAttempt } | Fail {
    if (p.attempt?.id !== puzzleId)
      return { ok: false, code: 'puzzle-not-found', message: 'No attempt of this puzzle is open: ask for the daily or the next puzzle' };
    return { ok: true, attempt: p.attempt };
  }

  /** Records the ended attempt: the streak always, the ratings on a first attempt. Returns the rating change. */
  private async finish(userId: string, p: Player, at: PuzzleAttempt): Promise<number | null> {
    const solved = at.status === 'solved';
    const before = { rating: p.row.rating, rd: p.row.rd, volatility: p.row.volatility };
    const puzzle = this.ratings.get(at.id)!;
    const first = !p.attempts.has(at.id);
    const rated = first ? rateGame(before, puzzle, solved ? 1 : 0) : null;
    const streak = solved ? p.row.streak + 1 : 0;
    const bestStreak = Math.max(p.row.bestStreak, streak);
    // Marked before the write: a second ending of the same puzzle while this one is saved is not a first attempt.
    if (first) p.attempts.set(at.id, solved);
    const wrote = await this.store.record({
      userId,
      puzzleId: at.id,
      solved,
      at: this.now(),
      before,
      rated: rated ? { player: rated.a, puzzle: rated.b } : null,
      streak,
      bestStreak,
    });
    p.row = { ...(wrote && rated ? rated.a : before), streak, bestStreak };
    if (!(wrote && rated)) return null;
    this.ratings.set(at.id, { ...rated.b, plays: puzzle.plays + 1 });
    return Math.round(rated.a.rating) - Math.round(before.rating);
  }

  private view(p: Player, at: PuzzleAttempt, ratingChange: number | null): PuzzleState {
    const r = this.ratings.get(at.id)!;
    const pz = at.shipped.puzzle;
    return {
      puzzleId: pz.id,
      daily: at.daily,
      goal: pz.goal,
      toMove: pz.toMove,
      rating: Math.round(r.rating),
      plays: r.plays,
      tags: pz.tags,
      status: at.status,
      frame: at.frame(),
      player: {
        rating: Math.round(p.row.rating),
        rd: Math.round(p.row.rd),
        provisional: isProvisional(p.row),
        streak: p.row.streak,
        bestStreak: p.row.bestStreak,
      },
      ratingChange,
      replay: at.replay,
      hints: at.hints,
    };
  }

  private async player(userId: string): Promise<Player> {
    await this.start();
    const known = this.players.get(userId);
    if (known) {
      // Most recently used last: the map's order is the eviction order.
      this.players.delete(userId);
      this.players.set(userId, known);
      return known;
    }
    let loading = this.loading.get(userId);
    if (!loading) {
      loading = (async () => {
        const [row, attempts] = await Promise.all([this.store.player(userId), this.store.attempts(userId)]);
        const p: Player = { row: row ?? { ...defaultRating(), streak: 0, bestStreak: 0 }, attempts, attempt: null };
        this.players.set(userId, p);
        if (this.players.size > MAX_PLAYERS) this.players.delete(this.players.keys().next().value!);
        return p;
      })().finally(() => this.loading.delete(userId));
      this.loading.set(userId, loading);
    }
    return loading;
  }
}
