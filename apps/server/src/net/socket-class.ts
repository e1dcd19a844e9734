/**
 * What a socket is to the server, for admission control and its message limit (issue 36): a manager seated in
 * a live match is served first and has the full burst; a socket in a room (watching, or seated in a room whose
 * match has not started) next, also with the full burst; one that said hello but is in no room, then one that
 * has not said hello: these two start with a small burst that grows as they behave (flood-guard.ts).
 */
export const SOCKET_CLASSES = ['seated', 'watching', 'identified', 'new'] as const;
export type SocketClass = (typeof SOCKET_CLASSES)[number];

/** Served first → last. */
export const PRIORITY: Readonly<Record<SocketClass, number>> = { seated: 0, watching: 1, identified: 2, new: 3 };

/** Sockets in a room (seated or watching) have the full per-socket burst from the start. */
export const inRoom = (c: SocketClass): boolean => c === 'seated' || c === 'watching';

export interface ClassifiedConn {
  userId: string | null;
  rooms: ReadonlySet<string>;
  /** In a cluster: rooms another node holds that answered this socket (seated: it acted there). */
  elsewhere?: ReadonlyMap<string, 'seated' | 'watching'>;
}

export interface ClassifiedRoom {
  status: string;
  seatOf(userId: string): unknown;
}

/** The class of a connection: a look-up per room it is in (a handful), no walk over rooms or sockets. */
export function socketClass(conn: ClassifiedConn | undefined, room: (id: string) => ClassifiedRoom | undefined): SocketClass {
  if (!conn || conn.userId === null) return 'new';
  for (const id of conn.rooms) {
    const r = room(id);
    if (r && r.status === 'active' && r.seatOf(conn.userId)) return 'seated';
  }
  if (conn.elsewhere) for (const v of conn.elsewhere.values()) if (v === 'seated') return 'seated';
  return conn.rooms.size > 0 || (conn.elsewhere?.size ?? 0) > 0 ? 'watching' : 'identified';
}
