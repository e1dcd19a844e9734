/**
 * Matches that change hands on this node: one whose log got ahead of its master (a COMMIT whose answer was lost)
 * is replayed from the log (`rebuild`), one another node took over (or this node stopped running: self-fenced)
 * is dropped without writing anything (`lost`), and a lease that became ours is replayed here (`takeOver`; in a
 * cluster cluster/cluster-rooms.ts does it and tells the other nodes).
 */
import type { ClusterRooms } from '../cluster/cluster-rooms.js';
import type { GameServerDeps } from '../game-deps.js';
import type { Conn } from '../net/conn.js';
import { restoreLiveRoom } from '../rooms/restore.js';
import type { RoomService } from '../rooms/room-service.js';

export interface RecoveryHost {
  conns: ReadonlyMap<string, Conn>;
  cluster(): ClusterRooms | null;
  shuttingDown(): boolean;
}

export class MatchRecovery {
  constructor(
    private readonly d: GameServerDeps,
    private readonly rooms: RoomService,
    private readonly h: RecoveryHost,
  ) {}

  /** Cluster takeover (cluster/ownership.ts scan): the lease of `matchId` is ours now; replay it here. */
  async takeOver(matchId: string): Promise<void> {
    const cluster = this.h.cluster();
    if (cluster) return cluster.takeOver(matchId);
    const { d, rooms } = this;
    // A single node (rebuild: a log ahead of its master): the room comes back from the log here, its managers' sockets attached.
    const match = await d.storage.match(matchId);
    if (!match || match.status !== 'active' || rooms.get(match.roomId)) return;
    const rec = (await d.storage.liveRooms()).find((r) => r.id === match.roomId);
    if (!rec || (await restoreLiveRoom(rooms.roomDeps, rooms.lobby, rec, 'held')) !== 'match') return;
    const room = rooms.get(match.roomId)!;
    rooms.userRooms.sync(room);
    d.log.info({ matchId, roomId: room.roomId, seq: room.master?.seq }, 'match replayed from its log');
    for (const o of [room.seats.A, room.seats.B])
      for (const id of o && !o.bot ? (d.users.get(o.userId)?.sockets ?? []) : []) {
        const conn = this.h.conns.get(id);
        if (conn && !conn.rooms.has(room.roomId)) rooms.attach(conn, room);
      }
  }

  /** A single node's match whose log is ahead of its master (a COMMIT whose answer was lost): replay it here. */
  async rebuild(matchId: string): Promise<void> {
    this.lost(matchId);
    // The database just answered, but may go away again before the replay: try again each second for a minute.
    for (let i = 0; i < 60 && !this.h.shuttingDown(); i++) {
      try {
        return await this.takeOver(matchId);
      } catch (e) {
        this.d.log.error({ err: e, matchId }, 'replaying a match from its log failed; trying again');
        await new Promise<void>((r) => this.d.clock.setTimeout(r, 1_000));
      }
    }
  }

  /**
   * Another node took over a match this node ran (our append was fenced, or our renewal found the lease gone), or
   * this node stopped running it (self-fenced: lease not renewed in time, or the database away): stop its master
   * without writing anything and forget the room here; the owner (after a replay) lists and runs it now.
   */
  lost(matchId: string): void {
    const room = [...this.rooms.lobby.rooms.values()].find((r) => r.master?.id === matchId);
    if (!room) return;
    room.master!.abandon();
    // A best-of-three running under this match's lease (its side-deck window) stops here too.
    if (room.series) this.rooms.series.lost(room.series);
    void room.close();
    // Its sockets are in no room here now: when this node takes the match back (a replay), they are attached again.
    for (const { socketId } of room.viewers()) this.h.conns.get(socketId)?.rooms.delete(room.roomId);
    // Until a node holds it again, a message about it is answered "moving, send it again", not "no such room".
    this.d.router?.heldLately(room.roomId);
    this.rooms.forget(room);
  }
}
