/**
 * The lobby list across nodes (issue 19 §2): what the lobby (rooms/lobby.ts) needs of it. Each node's rooms live
 * in its own memory (the room state machine, seats, member counts); PostgreSQL holds only what a restart needs.
 * So each node publishes its public rooms and merges the other nodes' (redis-lobby-feed.ts: one shared list in
 * Redis since issue 33; until then every node sent its whole list to every node through the adapter, which grew
 * with matches × nodes).
 *
 * Why not read live rooms from the store: the summaries carry what only the running node knows (who sits,
 * who is connected, the room's status as the state machine has it, spectator counts), and a query per list
 * push on every node would put the lobby's churn on PostgreSQL, the one shared component that does not scale
 * out.
 */
import type { LobbyRooms } from '@vroyale/protocol';

type Summary = LobbyRooms['rooms'][number];

export interface LobbyFeed {
  /** This node's public rooms now (replaces what it published before). */
  publish(rooms: Summary[]): void;
  /** The other nodes' rooms as they last published them (expired lists left out). */
  remoteRooms(): Summary[];
  /** Called when another node's list changed or expired. */
  onRemoteChange(f: () => void): void;
  close(): void;
}

/** The part of a Socket.IO server (with a cluster adapter) the feed uses. */
export interface ServerSideBus {
  serverSideEmit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
}
