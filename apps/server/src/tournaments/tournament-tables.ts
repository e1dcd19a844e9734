/**
 * The tables of this node's events (tournament-service.ts): each match's first room → its event, the rooms knowing
 * their event (its page, no rematch), a table's score once decided, and round time (PR-20): at time each running
 * game's turn is noted, and a game that began EXTRA_TURNS more turns after it is drawn by the server. In a cluster
 * a table's game may run on another node than its event (its match moved in a takeover): that node is told time
 * was called (`timeHere`, or from the row when the match arrives) and draws the game itself.
 */
import type { Roster } from '@vroyale/engine';
import type { ClockConfig } from '@vroyale/protocol';
import { EXTRA_TURNS, type MatchResult } from '@vroyale/tournament';
import type { Room } from '../rooms/room.js';
import type { TournamentEntrant, TournamentRecord } from '../storage/records.js';
import type { Tournament } from './tournament.js';

/** A player as a table's match seats them (the roster resolved again from the registered choice). */
export interface TournamentPlayer {
  userId: string;
  name: string;
  username: string;
  roster: Roster;
  side: string[];
  rosterLabel: string;
}

export interface TablesDeps {
  room(roomId: string): Room | undefined;
  resolve(choice: string): { ok: true; roster: Roster; side: string[]; label: string } | { ok: false; message: string };
  startMatch(clock: ClockConfig, format: 'bo1' | 'bo3', a: TournamentPlayer, b: TournamentPlayer): Promise<string>;
  save(rec: TournamentRecord): void;
  /** In a cluster: tells the node holding the table's game that time was called; its turn then, once it answered. */
  timeElsewhere?(t: Tournament, firstRoomId: string): Promise<number | null>;
}

/** The node-link request telling a table's node that round time was called (`TimeMessage`). */
export const TIME_KIND = 'tournament-time';
export type TimeMessage = { tournamentId: string; firstRoomId: string; roomId: string };

export class TournamentTables {
  /** The first room of each match of an event → the event. */
  private readonly byRoom = new Map<string, Tournament>();
  /** Tables whose event runs on another node, time called: first room → the game's turn at time (PR-20). */
  private readonly timeCalled = new Map<string, number>();

  constructor(private readonly d: TablesDeps) {}

  /** The event of the match that began in `firstRoomId`, if this node runs it. */
  eventOf(firstRoomId: string): Tournament | undefined {
    return this.byRoom.get(firstRoomId);
  }

  /** The match that began in `firstRoomId` is the event's. */
  add(t: Tournament, firstRoomId: string): void {
    this.byRoom.set(firstRoomId, t);
    this.link(t.id, firstRoomId);
  }

  /** The event no longer runs here. */
  forget(t: Tournament): void {
    for (const [roomId, x] of this.byRoom) if (x === t) this.byRoom.delete(roomId);
  }

  /** The match's rooms (a best-of-three's later games too) know their event: its page, and no rematch. */
  private link(tournamentId: string, firstRoomId: string): void {
    const first = this.d.room(firstRoomId);
    for (const g of first?.series?.rec.games ?? [{ roomId: firstRoomId }]) {
      const room = this.d.room(g.roomId);
      if (room && room.tournamentId !== tournamentId) {
        room.tournamentId = tournamentId;
        room.broadcastState();
      }
    }
  }

  /** The score of the match that began in `firstRoomId` if it is decided (its game over, or its series done). */
  decidedScore(firstRoomId: string): MatchResult | null {
    const room = this.d.room(firstRoomId);
    const series = room?.series;
    if (series) {
      if (series.rec.status !== 'done') return null;
      const w = series.wins();
      return { winsA: w.A, winsB: w.B, draws: series.rec.games.filter((g) => g.winner === 'draw').length };
    }
    const r = room?.master?.matchResult;
    return r ? { winsA: r.winner === 'A' ? 1 : 0, winsB: r.winner === 'B' ? 1 : 0, draws: r.winner === 'draw' ? 1 : 0 } : null;
  }

  /** The room of the game being played in the match that began in `firstRoomId` (a best-of-three moves on). */
  currentRoom(firstRoomId: string): string {
    const games = this.d.room(firstRoomId)?.series?.rec.games;
    return games?.[games.length - 1]?.roomId ?? firstRoomId;
  }

  async startMatch(t: Tournament, a: TournamentEntrant, b: TournamentEntrant): Promise<string> {
    const player = (e: TournamentEntrant) => {
      const r = this.d.resolve(e.roster);
      if (!r.ok) throw new Error(`the registered roster of ${e.playerId} no longer resolves: ${r.message}`);
      return { userId: e.userId, name: e.name, username: e.username, roster: r.roster, side: r.side, rosterLabel: r.label };
    };
    const roomId = await this.d.startMatch(t.rec.clock, t.rec.format, player(a), player(b));
    this.add(t, roomId);
    return roomId;
  }

  /** Round time (PR-20): each running game's turn now; it is drawn once EXTRA_TURNS more have begun (`turnMoved`). */
  callTime(t: Tournament, roomIds: string[]): void {
    for (const first of roomIds) {
      const room = this.d.room(first);
      room?.series?.callTime();
      const current = this.d.room(this.currentRoom(first));
      const turn = current?.master && !current.master.matchResult ? current.master.turn : null;
      if (turn !== null) t.rec.turnsAtTime[first] = turn;
      // The game runs on another node: that node notes its turn and draws it; the row keeps the turn it said.
      else if (!current && this.d.timeElsewhere)
        void this.d.timeElsewhere(t, first).then((at) => {
          if (at === null || at < 0 || t.rec.turnsAtTime[first] !== undefined) return;
          t.rec.turnsAtTime[first] = at;
          this.d.save(t.rec);
        });
    }
    this.d.save(t.rec);
  }

  /**
   * Round time was called for a table whose game is held here and whose event runs elsewhere (a node-link request,
   * or the row read when the game's match arrived here): its turn at time is noted (`atTurn`: the one the event
   * recorded) and a best-of-three starts no new game. The turn noted, or null if the game is not here.
   */
  timeHere(m: Pick<TimeMessage, 'firstRoomId' | 'roomId'>, atTurn?: number): number | null {
    const room = this.d.room(m.roomId);
    if (!room) return null;
    room.series?.callTime();
    const master = room.master;
    const turn = atTurn ?? this.timeCalled.get(m.firstRoomId) ?? (master && !master.matchResult ? master.turn : null);
    if (turn !== null) this.timeCalled.set(m.firstRoomId, turn);
    return turn ?? -1;
  }

  /** The match that began in `firstRoomId` is decided: nothing more to draw. */
  decided(firstRoomId: string): void {
    this.timeCalled.delete(firstRoomId);
  }

  /**
   * A live game's turn moved on (the master's progress hook): past round time, a game whose turn is more than
   * EXTRA_TURNS beyond the one at time is drawn. Queued on the match behind the unit that began that turn, so no
   * action of the new turn is applied first.
   */
  turnMoved(room: Room): void {
    const first = room.series?.rec.games[0]?.roomId ?? room.roomId;
    const t = this.byRoom.get(first);
    const atTime = t ? t.rec.turnsAtTime[first] : this.timeCalled.get(first);
    const master = room.master;
    if (atTime === undefined || !master || master.matchResult) return;
    if (master.turn - atTime > EXTRA_TURNS) void master.serverDraw('round-time');
  }
}
