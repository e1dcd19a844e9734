/**
 * Sockets of this node that watch rooms another node holds (their `room:spectate` was forwarded and accepted
 * there). The holder keeps them as members only in its memory, so when it dies or hands the match over, the new
 * holder has no idea who was watching. It announces the room (`vroyale:room-here`), and each node asks it to
 * attach the sockets listed here again (`cluster:watch`): spectators keep getting views without watching again.
 *
 * Bounded by the spectating caps (a socket is listed only after the holder accepted it under them).
 */
export class RemoteWatches {
  private readonly bySocket = new Map<string, Set<string>>();
  private readonly byRoom = new Map<string, Set<string>>();

  add(socketId: string, roomId: string): void {
    let rooms = this.bySocket.get(socketId);
    if (!rooms) this.bySocket.set(socketId, (rooms = new Set()));
    rooms.add(roomId);
    let sockets = this.byRoom.get(roomId);
    if (!sockets) this.byRoom.set(roomId, (sockets = new Set()));
    sockets.add(socketId);
  }

  remove(socketId: string, roomId: string): void {
    const rooms = this.bySocket.get(socketId);
    if (rooms?.delete(roomId) && rooms.size === 0) this.bySocket.delete(socketId);
    const sockets = this.byRoom.get(roomId);
    if (sockets?.delete(socketId) && sockets.size === 0) this.byRoom.delete(roomId);
  }

  removeSocket(socketId: string): void {
    for (const roomId of [...(this.bySocket.get(socketId) ?? [])]) this.remove(socketId, roomId);
  }

  /** This node's sockets watching `roomId` elsewhere. */
  watchers(roomId: string): string[] {
    return [...(this.byRoom.get(roomId) ?? [])];
  }

  get size(): number {
    return this.bySocket.size;
  }
}
