/**
 * The lobby list across nodes (issue 19 §2). Each node's rooms live in its own memory (the room state machine,
 * seats, member counts); PostgreSQL holds only what a restart needs. So each node *publishes* its public rooms
 * through the Socket.IO adapter (`serverSideEmit`, one Redis message per coalesced change, as the lobby already
 * coalesces its pushes to 250 ms) and merges the lists the other nodes last published.
 *
 * Why not read live rooms from the store: the summaries carry what only the running node knows (who sits,
 * who is connected, the room's status as the state machine has it, spectator counts), and a query per list
 * push on every node would put the lobby's churn on PostgreSQL, the one shared component that does not scale
 * out; a Redis message per change burst is cheap and already ordered per node by the stream.
 *
 * Liveness: every node republishes its list every `HEARTBEAT_MS`, and a list not refreshed for `EXPIRE_MS` is
 * dropped (a node killed with -9 leaves the lobby within that); a node stopping publishes an empty list. A node
 * starting asks the others to republish at once (`lobby-hello`) so its first subscribers see every room.
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

const HEARTBEAT_MS = 5_000;
const EXPIRE_MS = 15_000;

interface LobbyMessage {
  node: string;
  rooms: Summary[];
}

export class AdapterLobbyFeed implements LobbyFeed {
  private readonly remote = new Map<string, { rooms: Summary[]; at: number }>();
  private mine: Summary[] = [];
  private listener: () => void = () => {};
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly bus: ServerSideBus,
    private readonly nodeId: string,
    private readonly now: () => number = Date.now,
  ) {
    bus.on('vroyale:lobby', ((msg: LobbyMessage) => this.received(msg)) as (...args: never[]) => void);
    bus.on('vroyale:lobby-hello', (() => this.send()) as (...args: never[]) => void);
    this.heartbeat = setInterval(() => {
      this.send();
      this.expire();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    bus.serverSideEmit('vroyale:lobby-hello');
  }

  publish(rooms: Summary[]): void {
    this.mine = rooms;
    this.send();
  }

  remoteRooms(): Summary[] {
    const cutoff = this.now() - EXPIRE_MS;
    const out: Summary[] = [];
    for (const { rooms, at } of this.remote.values()) if (at >= cutoff) out.push(...rooms);
    return out;
  }

  onRemoteChange(f: () => void): void {
    this.listener = f;
  }

  close(): void {
    if (this.closed) return;
    this.mine = [];
    this.send();
    this.closed = true;
    clearInterval(this.heartbeat);
  }

  private send(): void {
    if (this.closed) return;
    this.bus.serverSideEmit('vroyale:lobby', { node: this.nodeId, rooms: this.mine } satisfies LobbyMessage);
  }

  private received(msg: LobbyMessage): void {
    // Nodes share one Redis and trust each other; this only guards against a node of another version.
    if (!msg || typeof msg.node !== 'string' || !Array.isArray(msg.rooms) || msg.node === this.nodeId) return;
    const before = this.remote.get(msg.node);
    this.remote.set(msg.node, { rooms: msg.rooms, at: this.now() });
    if (!before || JSON.stringify(before.rooms) !== JSON.stringify(msg.rooms)) this.listener();
  }

  private expire(): void {
    const cutoff = this.now() - EXPIRE_MS;
    let dropped = false;
    for (const [node, { at }] of this.remote)
      if (at < cutoff) {
        this.remote.delete(node);
        dropped = true;
      }
    if (dropped) this.listener();
  }
}
