/**
 * The best-of-three matches of this node (issue 34 §1; series.ts is one match): made when a room made for one
 * starts its first game, linked to each game's room, saved whole at each change, and read back at start-up after
 * the rooms (`restore`). Each next game is a new room with the same visibility, clock and kind. In a cluster a series
 * runs where the lease of its last game's match is (docs/decisions/0012): that lease is kept past the game's end
 * while the side-deck window is open, and the node taking that match over reads the series back (`takeOver`).
 */
import type { CardDef } from '@vroyale/engine';
import { ratingQueueOf, type MatchKind, type Seat } from '@vroyale/protocol';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger.js';
import { inBackground } from '../storage/background-write.js';
import type { Occupant, SeriesRecord } from '../storage/records.js';
import type { Store } from '../storage/store.js';
import type { Ownership } from '../cluster/ownership.js';
import type { Clock } from '../time/clock.js';
import type { Room } from './room.js';
import { Series, type SeriesHost } from './series.js';

/** A window whose deadline passed while the server was down gets this long once it is back. */
const RESUME_GRACE_MS = 30_000;

export interface SeriesServiceDeps {
  storage: Store;
  clock: Clock;
  log: Logger;
  pool: Record<string, CardDef>;
  /** The side-deck window (config `sideboardMs`: 3 minutes, about what MTG Arena and MTGO give). */
  sideboardMs: number;
  room(roomId: string): Room | undefined;
  /** The match is over: its first room and the score (tournaments record it). */
  decided(firstRoomId: string, score: { winsA: number; winsB: number; draws: number }): void;
  /** A new room made for a best-of-three. */
  newRoom(like: Pick<SeriesRecord, 'visibility' | 'clock' | 'kind'>): Room;
  /** In a cluster: the leases (a series runs under its last game's match's). */
  ownership?: Ownership | null;
}

export class SeriesService {
  private readonly byId = new Map<string, Series>();
  private readonly host: SeriesHost;

  constructor(private readonly d: SeriesServiceDeps) {
    this.host = {
      clock: d.clock,
      log: d.log,
      pool: d.pool,
      sideboardMs: d.sideboardMs,
      save: (rec) => {
        const write = d.storage.series.save(rec, d.clock.now());
        inBackground(d.log, write, 'saving a best-of-three failed', { seriesId: rec.id });
        const done = write.then(() => undefined);
        // Waited for by a swap's answer only: a save nobody waits for is logged above, not an unhandled rejection.
        done.catch(() => undefined);
        return done;
      },
      seatsOf: (roomId) => d.room(roomId)?.seats ?? null,
      changed: (roomId) => d.room(roomId)?.broadcastState(),
      openGame: (series, seats, chooser) => this.openGame(series, seats, chooser),
      decided: (series, score) => {
        this.rate(series, score);
        d.decided(series.rec.games[0]!.roomId, score);
      },
      mayRun: (roomId) => {
        const o = d.ownership;
        const matchId = d.room(roomId)?.master?.id;
        return !o || (matchId !== undefined && o.owns(matchId) && o.mayWrite(matchId));
      },
      settled: (roomId) => {
        const matchId = d.room(roomId)?.master?.id;
        if (matchId && d.ownership) void d.ownership.release([matchId]);
      },
    };
  }

  /** Series in memory (tests, metrics). */
  get size(): number {
    return this.byId.size;
  }

  /** The user's best-of-three not yet decided (its latest game's room), if any: they are in a match between its games too. */
  undecidedOf(userId: string): { roomId: string; seat: Seat; kind: MatchKind } | null {
    for (const s of this.byId.values()) {
      if (s.rec.status === 'done') continue;
      const seat = s.rec.seats.A.userId === userId ? 'A' : s.rec.seats.B.userId === userId ? 'B' : null;
      if (seat) return { roomId: s.rec.games[s.rec.games.length - 1]!.roomId, seat, kind: s.rec.kind };
    }
    return null;
  }

  /** `room`, made for a best-of-three, started its first game: the series begins with it. */
  started(room: Room): Series {
    const seats = { A: room.seats.A!, B: room.seats.B! };
    const deck = (s: Seat) => ({ roster: seats[s].roster, side: [...(seats[s].side ?? [])] });
    const rec: SeriesRecord = {
      id: `s_${randomBytes(9).toString('base64url')}`,
      format: 'bo3',
      status: 'playing',
      kind: room.kind,
      visibility: room.visibility,
      clock: room.clockConfig,
      seats,
      registered: { A: deck('A'), B: deck('B') },
      current: { A: deck('A'), B: deck('B') },
      games: [{ roomId: room.roomId, winner: null, chooser: null }],
      between: null,
      winner: null,
      createdAt: this.d.clock.now(),
    };
    const series = new Series(this.host, rec);
    this.byId.set(rec.id, series);
    this.host.save(rec);
    return series;
  }

  private openGame(series: Series, seats: Record<Seat, Occupant>, chooser: Seat): string {
    const room = this.d.newRoom(series.rec);
    room.series = series;
    // A tournament's best-of-three: every game's room belongs to the event.
    room.tournamentId = this.d.room(series.rec.games[0]!.roomId)?.tournamentId ?? null;
    room.chooser = chooser;
    series.addGame(room.roomId, chooser);
    // Bots sit under an id of the new room (as a rematch's do); the second seat starts the match.
    const copy = (o: Occupant): Occupant => ({ ...o, userId: o.bot ? `bot:${room.roomId}` : o.userId });
    const a = room.takeSeat(copy(seats.A), 'A');
    const b = room.takeSeat(copy(seats.B), 'B');
    if (!a.ok || !b.ok) throw new Error('a fresh room refused its best-of-three seats');
    return room.roomId;
  }

  /**
   * A ranked or casual best-of-three moves its own rating once, by the match's result (issue 34: the rating counts
   * the match, not its games; each game's room is 'bo3', so its own result rated nothing), recorded under the last
   * game's match. Rooms and challenges are unrated.
   */
  private rate(series: Series, score: { winsA: number; winsB: number }): void {
    const kind = series.rec.kind;
    if (kind !== 'ranked' && kind !== 'casual') return;
    const last = this.d.room(series.rec.games[series.rec.games.length - 1]!.roomId)?.master;
    if (!last) return void this.d.log.error({ seriesId: series.id }, 'a best-of-three was decided with its last game gone: not rated');
    const scoreA = score.winsA > score.winsB ? 1 : score.winsA < score.winsB ? 0 : 0.5;
    inBackground(this.d.log, this.d.storage.rateSeries(last.id, ratingQueueOf(kind, 'bo3'), scoreA, this.d.clock.now()), 'rating a best-of-three failed', {
      seriesId: series.id,
    });
  }

  /** Start-up, after the rooms came back: each series links its games' rooms and its window's timer runs again. */
  async restore(finishedSince: number): Promise<number> {
    let n = 0;
    for (const rec of await this.d.storage.series.load(finishedSince)) {
      const rooms = rec.games.map((g) => this.d.room(g.roomId));
      // Nothing left to show or to start: every room of it is gone and no window is open.
      if (rec.status !== 'between' && rooms.every((r) => !r)) continue;
      const series = new Series(this.host, rec);
      this.byId.set(rec.id, series);
      for (const r of rooms) if (r) r.series = series;
      series.resume(RESUME_GRACE_MS);
      // The last game ended but the series never heard (the server stopped between the game's commit and the
      // series' save): it hears it now, so the match goes on (or is decided and rated) instead of waiting forever.
      const last = rec.games[rec.games.length - 1]!;
      const master = rooms[rooms.length - 1]?.master;
      if (rec.status === 'playing' && last.winner === null && master?.matchResult)
        series.gameEnded(last.roomId, master.matchResult.winner, master.orderChooser);
      n++;
    }
    return n;
  }

  /**
   * In a cluster, this node took over the match of `room` (live, or a finished game whose lease the series kept):
   * if the room is its series' last game, the series continues here from its row: linked to the rooms here, its
   * window's timer again (a deadline that passed meanwhile gets RESUME_GRACE_MS), or the game's end heard now if
   * the series never heard it. False when there is nothing of a series to run here (the lease can go).
   */
  async takeOver(room: Room, read?: SeriesRecord): Promise<boolean> {
    const rec = read ?? (await this.d.storage.series.ofRoom(room.roomId));
    if (!rec || rec.status === 'done' || rec.games[rec.games.length - 1]!.roomId !== room.roomId) return false;
    const before = this.byId.get(rec.id);
    before?.halt(); // a copy this node ran before losing the lease is replaced by the row
    const series = new Series(this.host, rec);
    this.byId.set(rec.id, series);
    for (const g of rec.games) {
      const r = this.d.room(g.roomId);
      if (r) r.series = series;
    }
    series.resume(RESUME_GRACE_MS);
    const last = rec.games[rec.games.length - 1]!;
    const result = room.master?.matchResult;
    if (rec.status === 'playing' && last.winner === null && result) series.gameEnded(room.roomId, result.winner, room.master!.orderChooser);
    this.d.log.info({ seriesId: rec.id, roomId: room.roomId, status: series.rec.status, game: rec.games.length }, 'best-of-three taken over');
    return true;
  }

  /** Another node runs the series now (this node lost its last game's lease): it stops here. */
  lost(series: Series): void {
    series.halt();
    if (this.byId.get(series.id) === series) this.byId.delete(series.id);
  }

  /** The series whose first game is `firstRoomId`, if this node has it (a tournament table's result). */
  ofFirstRoom(firstRoomId: string): Series | undefined {
    for (const s of this.byId.values()) if (s.rec.games[0]?.roomId === firstRoomId) return s;
    return undefined;
  }

  /** A dropped room's series is forgotten once none of its rooms is left in memory. */
  forget(seriesId: string): void {
    const s = this.byId.get(seriesId);
    if (!s || s.rec.status === 'between' || s.rec.games.some((g) => this.d.room(g.roomId))) return;
    s.stop();
    this.byId.delete(seriesId);
  }

  close(): void {
    for (const s of this.byId.values()) s.stop();
  }
}
