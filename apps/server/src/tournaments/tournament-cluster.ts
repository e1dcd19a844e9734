/**
 * A tournament in a cluster (docs/decisions/0013): one node runs it, under a lease like a match's (the same
 * Ownership, owner rows and fencing epochs: cluster/ownership.ts, storage/postgres/pg-leases.ts). That node runs its
 * ready checks, pairing, round timers and cut; its saves are fenced (a node that lost the lease writes nothing over
 * the row) and a refused one stops the event here. The other nodes forward requests about it to that node
 * (cluster/cluster-rooms.ts) and read the rows for what is read-only: the Events list, a finished event, which event
 * a table's room belongs to (its match may have moved to another node), the events a user plays in.
 * When the running node dies, another takes the lease once it ran out and continues from the row (`decided`: the
 * results of tables decided while nobody ran it).
 */
import type { MatchResult } from '@vroyale/tournament';
import type { Ownership } from '../cluster/ownership.js';
import type { Logger } from '../logger.js';
import type { TournamentRecord } from '../storage/records.js';
import { FencedError, type Store } from '../storage/store.js';
import type { Clock } from '../time/clock.js';
import { TIME_KIND, type TimeMessage } from './tournament-tables.js';

/** A tournament's id (`t_` and 12 characters); room ids are 16 characters and match ids begin `m_`. */
export const isTournamentId = (id: string): boolean => /^t_[A-Za-z0-9_-]{12}$/.test(id);

/** The node-link request that brings a table's result to the node running its event. */
export const RESULT_KIND = 'tournament-result';
export type ResultMessage = { tournamentId: string; roomId: string; score: MatchResult };

/** The rows are read again at most this often for the list and for results (ms). */
const ROWS_MS = 3_000;
/** A result whose event is moving (no node answers for it) is sent again each second, this many times. */
const RESULT_TRIES = 60;
/** The directory's word on an event is written again after this long while it changes (its key lives an hour). */
const PLACE_MS = 1_800_000;

export const isOver = (r: Pick<TournamentRecord, 'status'>): boolean => r.status === 'finished' || r.status === 'cancelled';

export interface TournamentClusterDeps {
  ownership: Ownership;
  storage: Store;
  clock: Clock;
  log: Logger;
  /** Finished events are listed this long (the rows read for the list reach back as far). */
  listedMs: number;
  /** The room directory names this node for the event (requests about it come here first). */
  place(tournamentId: string): void;
  /** A node's own request to the node running the event (the room directory's word): its answer, or undefined. */
  askHolder(tournamentId: string, kind: string, data: unknown): Promise<unknown>;
}

export class TournamentCluster {
  private cached: { at: number; rows: Promise<TournamentRecord[]> } | null = null;
  /** When this node last wrote each event it runs into the directory (performance.now()). */
  private readonly placed = new Map<string, number>();

  constructor(private readonly d: TournamentClusterDeps) {}

  /** A new event: its lease is this node's before its first save (a save without it is fenced). */
  async acquire(tournamentId: string): Promise<boolean> {
    const ok = await this.d.ownership.acquire(tournamentId, 'acquired');
    if (ok) this.placeNow(tournamentId);
    return ok;
  }

  /** This node runs the event from now on (created, or taken over): the directory says so. */
  placeNow(tournamentId: string): void {
    this.placed.set(tournamentId, performance.now());
    this.d.place(tournamentId);
  }

  owns(tournamentId: string): boolean {
    return this.d.ownership.owns(tournamentId);
  }

  /**
   * Saves the row unless this node may no longer write (self-fenced: the event stops here); a fenced save means
   * another node runs the event now: it stops here (`Ownership.lost` → the service's `lost`). An event that is over
   * gives its lease up once its last row is saved. Settles when the row committed (requests are acked after it).
   */
  save(rec: TournamentRecord): Promise<void> {
    const { ownership, log } = this.d;
    if (!ownership.mayWrite(rec.id)) return Promise.reject(new FencedError(rec.id));
    const over = isOver(rec);
    const at = this.placed.get(rec.id);
    if (over) this.placed.delete(rec.id);
    else if (at === undefined || performance.now() - at > PLACE_MS) this.placeNow(rec.id);
    const saved = this.d.storage.tournaments.save(rec, this.d.clock.now());
    saved.then(
      () => {
        if (over) void ownership.release([rec.id]);
      },
      (e: unknown) => {
        if (e instanceof FencedError) return ownership.lost(rec.id);
        // The row may be behind memory (or its COMMIT landed unanswered): the event stops here and comes back from
        // its row through the takeover scan (this node or another), as a match whose append failed does.
        log.error({ err: e, tournamentId: rec.id }, 'saving a tournament failed: it stops here until a takeover reads its row');
        ownership.giveBack(rec.id, 'a tournament save failed');
      },
    );
    return saved;
  }

  /** The events as PostgreSQL has them (not over, or over within `listedMs`), read at most every ROWS_MS unless `fresh`. */
  rows(fresh = false): Promise<TournamentRecord[]> {
    const now = performance.now();
    if (!fresh && this.cached && now - this.cached.at < ROWS_MS) return this.cached.rows;
    const rows = this.d.storage.tournaments.load(this.d.clock.now() - this.d.listedMs);
    this.cached = { at: now, rows };
    // A failed read is not kept: the next caller reads again.
    rows.catch(() => {
      if (this.cached?.rows === rows) this.cached = null;
    });
    return rows;
  }

  /** The user's running events other nodes run (`here`: this node's own), as the rows say. */
  async runningOf(userId: string, here: (id: string) => boolean): Promise<string[]> {
    return (await this.rows())
      .filter((r) => (r.status === 'running' || r.status === 'paused') && !here(r.id) && r.entrants.some((e) => e.userId === userId))
      .map((r) => r.id);
  }

  /**
   * A table's match was decided on this node but its event runs elsewhere (the match moved here in a takeover): the
   * result goes to the event's node, again each second while the event itself is moving (its new node also reads
   * decided tables when it takes over: `decided`).
   */
  async resultElsewhere(firstRoomId: string, score: MatchResult): Promise<void> {
    for (let i = 0; i < RESULT_TRIES; i++) {
      let rec: TournamentRecord | undefined;
      try {
        rec = (await this.rows(i > 0)).find((r) => !isOver(r) && Object.values(r.rooms).includes(firstRoomId));
      } catch (e) {
        this.d.log.warn({ err: e, roomId: firstRoomId }, 'reading tournaments for a result failed; trying again');
      }
      // Not found in rows read a moment ago: read once more (the room may be newer than them), then it is no event's.
      if (rec === undefined && i > 0) return;
      if (rec) {
        const msg: ResultMessage = { tournamentId: rec.id, roomId: firstRoomId, score };
        if ((await this.d.askHolder(rec.id, RESULT_KIND, msg)) === true) return;
      }
      await new Promise<void>((r) => this.d.clock.setTimeout(r, 1_000));
    }
    this.d.log.error({ roomId: firstRoomId }, 'a tournament result reached no node running its event');
  }

  /**
   * Round time (PR-20) for a table whose game runs on another node: that node is told (`TIME_KIND`) and answers the
   * game's turn (-1: no game running), asked again each second while the game moves and its table is open. The
   * game's room is the series' last for a best-of-three (its row), else the table's. `local`: the game came here.
   */
  async timeElsewhere(tournamentId: string, firstRoomId: string, open: () => boolean, local: (roomId: string) => number | null): Promise<number | null> {
    for (let i = 0; i < RESULT_TRIES && open(); i++) {
      try {
        const series = await this.d.storage.series.ofRoom(firstRoomId);
        const roomId = series?.games[series.games.length - 1]?.roomId ?? firstRoomId;
        const here = local(roomId);
        if (here !== null) return here;
        const msg: TimeMessage = { tournamentId, firstRoomId, roomId };
        const at = await this.d.askHolder(roomId, TIME_KIND, msg);
        if (typeof at === 'number') return at;
      } catch (e) {
        this.d.log.warn({ err: e, roomId: firstRoomId }, 'telling a table of round time failed; trying again');
      }
      await new Promise<void>((r) => this.d.clock.setTimeout(r, 1_000));
    }
    return null;
  }

  /** A table's game arrived here (a takeover): if its event's round time was called, the turn it recorded (or undefined). */
  async timeCalledFor(firstRoomId: string): Promise<{ turn: number | undefined } | null> {
    const rec = (await this.rows(true)).find((r) => !isOver(r) && Object.values(r.rooms).includes(firstRoomId));
    if (rec?.phase.kind !== 'playing' || !rec.phase.timeCalled) return null;
    return { turn: rec.turnsAtTime[firstRoomId] };
  }

  /** The scores of these tables (first rooms) of `rec` whose match is decided in PostgreSQL. */
  async decided(rec: TournamentRecord, firstRoomIds: readonly string[]): Promise<Map<string, MatchResult>> {
    const out = new Map<string, MatchResult>();
    if (firstRoomIds.length === 0) return out;
    const { storage } = this.d;
    if (rec.format === 'bo3') {
      for (const s of await storage.series.load(rec.createdAt)) {
        const first = s.games[0]?.roomId;
        if (s.status !== 'done' || !first || !firstRoomIds.includes(first)) continue;
        const n = (w: string) => s.games.filter((g) => g.winner === w).length;
        out.set(first, { winsA: n('A'), winsB: n('B'), draws: n('draw') });
      }
      return out;
    }
    const rooms = (await storage.finishedRoomsSince(rec.createdAt)).filter((r) => firstRoomIds.includes(r.id));
    for (const room of rooms) {
      const m = room.matchId ? await storage.match(room.matchId) : null;
      const w = m?.status === 'finished' ? m.result?.winner : undefined;
      if (w) out.set(room.id, { winsA: w === 'A' ? 1 : 0, winsB: w === 'B' ? 1 : 0, draws: w === 'draw' ? 1 : 0 });
    }
    return out;
  }
}
