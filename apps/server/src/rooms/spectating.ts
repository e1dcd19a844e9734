/**
 * Rooms watched (`room:spectate`) per socket, counted per user and per address for the spectating caps. A socket
 * stops watching a room when it leaves it, says hello again or disconnects.
 */
export class Spectating {
  private readonly bySocket = new Map<string, { keys: string[]; rooms: Set<string> }>();
  private readonly counts = new Map<string, number>();

  watching(socketId: string, roomId: string): boolean {
    return this.bySocket.get(socketId)?.rooms.has(roomId) ?? false;
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** `keys` are what the socket is counted under (its user and its address); fixed for the socket's watch list. */
  add(socketId: string, keys: string[], roomId: string): void {
    let s = this.bySocket.get(socketId);
    if (!s) this.bySocket.set(socketId, (s = { keys, rooms: new Set() }));
    if (s.rooms.has(roomId)) return;
    s.rooms.add(roomId);
    for (const k of s.keys) this.counts.set(k, this.count(k) + 1);
  }

  remove(socketId: string, roomId: string): void {
    const s = this.bySocket.get(socketId);
    if (!s || !s.rooms.delete(roomId)) return;
    for (const k of s.keys) {
      const n = this.count(k) - 1;
      if (n > 0) this.counts.set(k, n);
      else this.counts.delete(k);
    }
    if (s.rooms.size === 0) this.bySocket.delete(socketId);
  }

  removeSocket(socketId: string): void {
    for (const roomId of [...(this.bySocket.get(socketId)?.rooms ?? [])]) this.remove(socketId, roomId);
  }
}
