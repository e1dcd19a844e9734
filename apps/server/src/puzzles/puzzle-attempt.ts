/**
 * One player's attempt at one puzzle, held by the server: the engine state (which knows the opponent's hand and
 * roster), the player's moves checked by the engine, the opponent answered by the main line while the player
 * follows it and by the solver's `bestDefence` once they leave it. Everything sent out is the mover's
 * projection (`frame`); nothing else of the state leaves this class.
 */
import { deciders, legalActions, project, projectEvents, step, type Action, type GameEvent, type GameState, type ManagerId } from '@vroyale/engine';
import { bestDefence, choiceKey, goalFrame, goalStatus, solve, type GoalFrame, type SolveResult } from '@vroyale/puzzles';
import type { ErrorCode, PuzzleFrame, PuzzleHint, PuzzleStatus } from '@vroyale/protocol';
import type { ShippedPuzzle } from './puzzle-set.js';

/** A long line of passes is still far below this; it only stops a runaway loop. */
const MAX_ANSWERS = 200;

export type MoveResult = { ok: true } | { ok: false; code: ErrorCode; message: string };

export class PuzzleAttempt {
  state: GameState;
  status: PuzzleStatus = 'continue';
  hints = 0;
  readonly mover: ManagerId;
  private readonly goal: GoalFrame;
  /** Where the player is on the main line; null once they left it (a different winning move). */
  private lineAt: number | null = 0;
  private pending: GameEvent[] = [];
  private judged: { seq: number; result: SolveResult } | null = null;

  constructor(
    readonly shipped: ShippedPuzzle,
    readonly daily: boolean,
    /** Whether this user had attempted the puzzle before: only a first attempt is rated. */
    readonly replay: boolean,
  ) {
    this.state = shipped.start;
    this.mover = shipped.puzzle.toMove;
    this.goal = goalFrame(shipped.puzzle.goal, this.mover, shipped.start);
  }

  get id(): string {
    return this.shipped.puzzle.id;
  }

  /** Solver steps for judging a move off the main line: a few times the shipped proof, so it stays milliseconds. */
  private get budget(): number {
    return Math.min(60_000, Math.max(5_000, this.shipped.puzzle.solution.nodes * 4));
  }

  /** The position for the player, with the events since the last frame (consumed). */
  frame(): PuzzleFrame {
    const s = this.state;
    const waiting = this.status === 'continue' ? deciders(s) : [];
    const events = projectEvents(this.pending, this.mover);
    this.pending = [];
    return { seq: s.seq, view: project(s, this.mover), legal: waiting[0] === this.mover ? legalActions(s, this.mover) : [], deciders: waiting, events };
  }

  /** The player's action: refused (nothing changes) unless the engine accepts it; then judged and answered. */
  move(input: Action): MoveResult {
    if (this.status !== 'continue') return { ok: false, code: 'puzzle-over', message: 'This puzzle is over: show the solution or take the next one' };
    const s = this.state;
    if (deciders(s)[0] !== this.mover) return { ok: false, code: 'out-of-turn', message: 'It is not your turn to act' };
    const r = step(s, input);
    if (!r.ok) return { ok: false, code: r.code, message: r.message };
    const lineMove = this.lineMove;
    const key = choiceKey(s, input);
    let wrong = false;
    if (lineMove && lineMove.manager === this.mover && choiceKey(s, lineMove) === key) this.lineAt!++;
    else {
      // Off the main line: another winning move keeps the attempt going (the solver says which win), as on lichess
      // an alternative mate is accepted; a move the solver proves losing ends it.
      const verdict = this.judge().firstMoves.find((f) => choiceKey(s, f.action) === key)?.verdict;
      wrong = verdict === 'fail';
      this.lineAt = null;
    }
    this.state = r.state;
    this.pending.push(...r.events);
    if (wrong) {
      this.status = 'failed';
      return { ok: true };
    }
    this.answer();
    return { ok: true };
  }

  /** The opponent's turns until the player must act or the goal is decided. */
  private answer(): void {
    for (let n = 0; n < MAX_ANSWERS; n++) {
      const g = goalStatus(this.goal, this.state);
      if (g !== 'open') {
        this.status = g === 'met' ? 'solved' : 'failed';
        return;
      }
      const who = deciders(this.state)[0];
      if (!who) break;
      if (who === this.mover) return;
      const lineMove = this.lineMove;
      const a = lineMove && lineMove.manager === who ? lineMove : bestDefence(this.state, this.goal, this.budget);
      if (a === lineMove) this.lineAt!++;
      else this.lineAt = null;
      const r = step(this.state, a);
      if (!r.ok) break;
      this.state = r.state;
      this.pending.push(...r.events);
    }
    // Nobody to act, or the engine refused its own answer: not the player's fault, but not a solve either.
    this.status = 'failed';
  }

  /** The solver's verdicts on the mover's choices here, computed once per position. */
  private judge(): SolveResult {
    if (this.judged?.seq !== this.state.seq)
      this.judged = { seq: this.state.seq, result: solve(this.state, this.shipped.puzzle.goal, this.mover, { budget: this.budget }) };
    return this.judged.result;
  }

  /** The next winning move: the main line's while on it, else the solver's. Null when the attempt is over. */
  hint(): PuzzleHint | null {
    if (this.status !== 'continue' || deciders(this.state)[0] !== this.mover) return null;
    const lineMove = this.lineMove;
    const a = lineMove?.manager === this.mover ? lineMove : this.judge().firstMoves.find((f) => f.verdict === 'win')?.action;
    if (!a) return null;
    this.hints++;
    return { type: a.type, card: ownCard(this.state, this.mover, a) };
  }

  /** The attempt ends as failed (the solution was asked for before it was solved). */
  giveUp(): void {
    if (this.status === 'continue') this.status = 'failed';
  }

  /** The main line from the first position, one frame per action, each the mover's projection. */
  solutionFrames(): PuzzleFrame[] {
    let s = this.shipped.start;
    const frames: PuzzleFrame[] = [{ seq: s.seq, view: project(s, this.mover), legal: [], deciders: [], events: [] }];
    for (const a of this.shipped.line) {
      const r = step(s, a);
      if (!r.ok) break;
      s = r.state;
      frames.push({ seq: s.seq, view: project(s, this.mover), legal: [], deciders: [], events: projectEvents(r.events, this.mover) });
    }
    return frames;
  }

  /** The main line's next action while the attempt follows it. */
  private get lineMove(): Action | undefined {
    return this.lineAt === null ? undefined : this.shipped.line[this.lineAt];
  }
}

/** The card a hint may name: one of the mover's own (a card the player can see), never the opponent's. */
function ownCard(s: GameState, mover: ManagerId, a: Action): string | null {
  const id = 'card' in a ? a.card : a.type === 'declare-attackers' ? a.attackers[0] : a.type === 'declare-blocks' ? a.blocks[0]?.blocker : undefined;
  return id && s.cards[id]?.owner === mover ? id : null;
}
