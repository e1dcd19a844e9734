/**
 * A match of several games: a best-of-three (issue 34 §1). Each game is a room of its own (its match, log, replay
 * and spectators); this links them, as lichess splits a round into small services:
 * - a game ends (`gameEnded`): a manager with two wins has won the match; a drawn game counts for neither and
 *   another is played (PR-19). Otherwise the side-deck window opens for `sideboardMs`.
 * - in the window each manager sends one swap (`sideboard`, both lists empty to keep the deck): the engine's
 *   `validateSwap` checks it against that manager's deck as it stands (PR-22), and it stays hidden; the others
 *   learn only how many cards it exchanged, once sent.
 * - when both have sent theirs, or at the deadline (a manager who sent nothing keeps the deck), the next game's
 *   room opens with the same seats, the decks after the swaps, and the loser of the last game choosing who goes
 *   first (PR-18; after a drawn game, the same chooser again).
 * The record is saved whole at every change and read back at start-up (series-service.ts). In a cluster the series
 * runs on the node holding the lease of its last game's match, kept past that game's end while the window is open
 * (`mayRun`, `settled`; docs/decisions/0012): a takeover of that match brings the series along.
 */
import { applySwap, validateSwap, type CardDef, type Swap } from '@vroyale/engine';
import type { Seat, SeriesState } from '@vroyale/protocol';
import { matchDecided, nextChooser, type GameRecord } from '@vroyale/tournament';
import type { Logger } from '../logger.js';
import type { Occupant, SeriesRecord } from '../storage/records.js';
import type { Clock, TimerHandle } from '../time/clock.js';

export interface SeriesHost {
  clock: Clock;
  log: Logger;
  pool: Record<string, CardDef>;
  /** How long the side-deck window between two games stays open (ms). */
  sideboardMs: number;
  /** Resolves once the row is written (a swap is acknowledged only then); a failure is logged and rejects. */
  save(rec: SeriesRecord): Promise<void>;
  /** The seats of a game's room (a rename since reaches the next game), or null if the room is gone. */
  seatsOf(roomId: string): Record<Seat, Occupant | null> | null;
  /** Everyone in the room hears its state again (the series part changed). */
  changed(roomId: string): void;
  /** Opens the next game's room, linked to this series, and seats these managers (its match starts). */
  openGame(series: Series, seats: Record<Seat, Occupant>, chooser: Seat): string;
  /** The match is over: the score (a tournament records it under the first game's room). */
  decided(series: Series, score: { winsA: number; winsB: number; draws: number }): void;
  /** May this node still run the series, whose last game is `roomId` (in a cluster: it holds that match's lease)? */
  mayRun(roomId: string): boolean;
  /** The series no longer needs the lease of `roomId`'s match (the next game runs under its own, or it is decided). */
  settled(roomId: string): void;
}

/** `then`: tells the room and starts the next game if both are ready; the handler calls it after its ack. */
/**
 * `saved`: the swap's row was written (the manager is answered then: an acknowledged swap survives a crash);
 * `then` starts the next game when both have sent theirs. A failed save takes the swap back.
 */
export type SideboardResult =
  { ok: true; swapped: number; saved: Promise<void>; then: () => void } | { ok: false; code: 'not-between-games' | 'illegal-swap'; message: string };

const SEATS: readonly Seat[] = ['A', 'B'];
const toT = (s: Seat): 'a' | 'b' => (s === 'A' ? 'a' : 'b');
const fromT = (s: 'a' | 'b'): Seat => (s === 'a' ? 'A' : 'B');

export class Series {
  private timer: TimerHandle | null = null;
  /** Another node runs the series now (cluster): nothing more is saved, scheduled or opened here. */
  private halted = false;

  constructor(
    private readonly h: SeriesHost,
    readonly rec: SeriesRecord,
  ) {}

  get id(): string {
    return this.rec.id;
  }

  /** The games' outcomes as the tournament package counts them (PR-18, PR-19). */
  private records(): GameRecord[] {
    const out: GameRecord[] = [];
    for (const g of this.rec.games) {
      if (g.winner === null) break;
      // The first game's order was the coin winner's choice (after a drawn first game they choose again).
      out.push({ winner: g.winner === 'draw' ? 'draw' : toT(g.winner), chooser: toT(g.chooser ?? g.coin ?? 'A') });
    }
    return out;
  }

  wins(): Record<Seat, number> {
    const w = { A: 0, B: 0 };
    for (const g of this.rec.games) if (g.winner === 'A' || g.winner === 'B') w[g.winner]++;
    return w;
  }

  /** The game held by `roomId` ended; `orderChosenBy`: who chose the order of play in it (the coin's winner in game 1). */
  gameEnded(roomId: string, winner: Seat | 'draw', orderChosenBy: Seat | null): void {
    const game = this.rec.games.find((g) => g.roomId === roomId);
    if (!game || game.winner !== null) {
      // Heard already: its match's lease is needed only while this game's window is open.
      if (this.rec.status !== 'between' || this.lastRoomId() !== roomId) this.h.settled(roomId);
      return;
    }
    game.winner = winner;
    if (game.chooser === null) game.coin = orderChosenBy;
    const games = this.records();
    // After round time in a tournament's Swiss round no new game starts (PR-20): the score so far decides.
    if (matchDecided('bo3', games) || this.rec.timeCalled) return this.decide(roomId);
    const chooser = nextChooser(games)!;
    const seats = this.currentSeats();
    this.rec.status = 'between';
    this.rec.between = {
      deadline: this.h.clock.now() + this.h.sideboardMs,
      // A bot keeps its deck and is ready at once.
      ready: SEATS.filter((s) => seats[s].bot),
      swaps: { A: null, B: null },
      chooser: fromT(chooser),
    };
    this.commit(roomId);
    if (this.rec.between.ready.length === 2) return this.startNextSafely();
    this.schedule();
  }

  /** The match is over: by two wins, or at round time with the score so far (level: nobody won it). */
  private decide(roomId: string): void {
    this.stop();
    const w = this.wins();
    this.rec.status = 'done';
    this.rec.winner = w.A > w.B ? 'A' : w.B > w.A ? 'B' : null;
    this.rec.between = null;
    this.h.log.info({ seriesId: this.id, roomId, wins: w }, 'best-of-three decided');
    this.commit(roomId);
    // Issued after the save: the lease row goes once the row says 'done' (the write lane keeps issue order).
    this.h.settled(roomId);
    const draws = this.rec.games.filter((g) => g.winner === 'draw').length;
    this.h.decided(this, { winsA: w.A, winsB: w.B, draws });
  }

  /** `seat`'s swap for the next game (PR-22); sending it says ready. */
  sideboard(roomId: string, seat: Seat, swap: Swap): SideboardResult {
    const b = this.rec.between;
    if (!b || this.lastRoomId() !== roomId) return { ok: false, code: 'not-between-games', message: 'Decks can only change between two games of a match' };
    if (b.ready.includes(seat)) return { ok: false, code: 'not-between-games', message: 'You already sent your deck for the next game' };
    const deck = this.rec.current[seat];
    const problems = validateSwap(deck.roster, deck.side, swap, this.h.pool);
    if (problems.length > 0) return { ok: false, code: 'illegal-swap', message: problems.map((p) => p.message).join('; ') };
    b.swaps[seat] = { out: [...swap.out], in: [...swap.in] };
    b.ready.push(seat);
    const saved = this.commit(roomId).catch((e: unknown) => {
      if (this.rec.between === b && b.ready.includes(seat)) {
        b.swaps[seat] = null;
        b.ready.splice(b.ready.indexOf(seat), 1);
        this.h.changed(roomId);
      }
      throw e;
    });
    saved.catch(() => undefined);
    return {
      ok: true,
      swapped: swap.out.length,
      saved,
      then: () => {
        if (b.ready.length === 2 && this.rec.between === b) this.startNextSafely();
      },
    };
  }

  /** After a restart: the window's timer again (a deadline passed while the server was down gets a short grace). */
  resume(graceMs: number): void {
    const b = this.rec.between;
    if (!b) return;
    b.deadline = Math.max(b.deadline, this.h.clock.now() + graceMs);
    this.schedule();
  }

  stop(): void {
    if (this.timer) this.h.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** For good: another node runs the series now (this node lost its last game's lease). */
  halt(): void {
    this.halted = true;
    this.stop();
  }

  private schedule(): void {
    this.stop();
    const b = this.rec.between;
    if (!b) return;
    this.timer = this.h.clock.setTimeout(() => {
      this.timer = null;
      if (this.rec.between === b) this.startNextSafely();
    }, b.deadline - this.h.clock.now());
  }

  private lastRoomId(): string {
    return this.rec.games[this.rec.games.length - 1]!.roomId;
  }

  /** The managers as the last game's room has them now (names may have changed), else as first seated. */
  private currentSeats(): Record<Seat, Occupant> {
    const seats = this.h.seatsOf(this.lastRoomId());
    return { A: seats?.A ?? this.rec.seats.A, B: seats?.B ?? this.rec.seats.B };
  }

  /** A timer's or a handler's call: a failure is logged, never thrown (the window stays; a restart tries again). */
  private startNextSafely(): void {
    // A node that lost the lease (a pause, a partition) opens nothing: the node that took it runs the window.
    if (this.halted || !this.h.mayRun(this.lastRoomId())) return void this.h.log.warn({ seriesId: this.id }, 'best-of-three: not ours to run any more');
    try {
      this.startNext();
    } catch (e) {
      this.h.log.error({ err: e, seriesId: this.id }, 'best-of-three: the next game could not start');
    }
  }

  /** The window closes: the swaps are made and the next game starts. */
  private startNext(): void {
    const b = this.rec.between;
    if (!b) return;
    this.stop();
    const previous = this.lastRoomId();
    const decks = { ...this.rec.current };
    for (const s of SEATS) {
      const swap = b.swaps[s];
      if (swap && swap.out.length > 0) decks[s] = applySwap(decks[s].roster, decks[s].side, swap);
    }
    const seats = this.currentSeats();
    const next = (s: Seat): Occupant => ({ ...seats[s], roster: decks[s].roster, side: decks[s].side });
    // Opened first: if it fails, nothing of the series changed (the window stays as it was).
    const roomId = this.h.openGame(this, { A: next('A'), B: next('B') }, b.chooser);
    this.rec.current = decks;
    this.rec.between = null;
    this.rec.status = 'playing';
    this.h.log.info({ seriesId: this.id, roomId, game: this.rec.games.length }, 'best-of-three: next game');
    this.commit(previous);
    // The window's lease is let go once the row names the next game (which runs under its own match's lease).
    this.h.settled(previous);
  }

  /** Round time in a tournament (PR-20): the game in progress is the last one. */
  callTime(): void {
    if (this.rec.status === 'done') return;
    this.rec.timeCalled = true;
    // Between two games: the next one does not start; the score so far decides now.
    if (this.rec.status === 'between') return this.decide(this.lastRoomId());
    this.h.save(this.rec);
  }

  /** A new game's room, before its seats are taken (openGame calls it). */
  addGame(roomId: string, chooser: Seat | null): void {
    this.rec.games.push({ roomId, winner: null, chooser });
  }

  private commit(roomId: string): Promise<void> {
    const saved = this.halted ? Promise.reject(new Error('this node no longer runs the match')) : this.h.save(this.rec);
    if (!this.halted) this.h.changed(roomId);
    // Only a swap's answer waits for it; the host logs a failed save.
    saved.catch(() => undefined);
    return saved;
  }

  /** What the room `roomId` tells `yourSeat` about its match (only a manager's own deck, never the other's). */
  stateFor(roomId: string, yourSeat: Seat | null): SeriesState {
    const i = this.rec.games.findIndex((g) => g.roomId === roomId);
    const b = this.rec.between;
    const now = this.h.clock.now();
    const last = i === this.rec.games.length - 1;
    const deck = yourSeat ? this.rec.current[yourSeat] : null;
    return {
      seriesId: this.id,
      format: 'bo3',
      game: i + 1,
      games: this.rec.games.map((g) => ({ roomId: g.roomId, winner: g.winner, chooser: g.chooser })),
      wins: this.wins(),
      status: last ? this.rec.status : 'playing',
      winner: this.rec.winner,
      between:
        b && last
          ? {
              deadline: b.deadline,
              remainingMs: Math.max(0, b.deadline - now),
              ready: [...b.ready],
              swapped: { A: b.ready.includes('A') ? (b.swaps.A?.out.length ?? 0) : null, B: b.ready.includes('B') ? (b.swaps.B?.out.length ?? 0) : null },
              chooser: b.chooser,
            }
          : null,
      nextRoomId: last ? null : this.rec.games[i + 1]!.roomId,
      yours: deck ? { centre: deck.roster.centre, cards: [...deck.roster.cards], side: [...deck.side] } : null,
    };
  }
}
