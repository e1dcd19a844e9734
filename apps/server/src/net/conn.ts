/** One Socket.IO connection as the game server knows it (the gateway makes it; rooms, cluster and matchmaking read it). */
export interface Conn {
  id: string;
  userId: string | null;
  /** The remote address as Socket.IO sees it (the per-address caps). */
  address: string;
  /** Set when the socket is on another node (this node holds a room it forwarded to): that node's id. */
  remote?: string;
  /** The session token of the handshake (cookie or Bearer header): when valid, it decides who this socket is. */
  handshakeToken: string | null;
  /** The hash of the session this socket said hello with (sign-out of one session closes its sockets). */
  sessionHash: string | null;
  rooms: Set<string>;
  /** In a cluster: rooms other nodes hold that answered this socket's messages ok (its class: net/socket-class.ts). */
  elsewhere?: Map<string, 'seated' | 'watching'>;
}
